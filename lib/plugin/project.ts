import * as path from 'path';
import * as ts from 'typescript';

/** A tsconfig.json that cannot be read (a usage problem: exit status 2). */
export class ProjectError extends Error {
  override readonly name = 'ProjectError';
  readonly code = 'PROJECT';
}

/** Reads a tsconfig.json as tsc does (`extends`, `include`, `files`). */
export function readProject(project: string): ts.ParsedCommandLine {
  const file = path.resolve(project);
  if (!ts.sys.fileExists(file)) throw new ProjectError(`cannot find ${project} (looked for ${file}).`);
  const parsed = ts.getParsedCommandLineOfConfigFile(
    file,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new ProjectError(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (parsed === undefined) throw new ProjectError(`cannot read ${project}`);
  return parsed;
}
