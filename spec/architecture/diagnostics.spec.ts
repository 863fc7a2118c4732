import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import * as os from 'os';
import 'reflect-metadata';
import { Tool } from 'tool-signatures';
import { diagnose } from '../../lib/plugin';
import { definitionError } from '../helpers/schema';
import { compilerOptions } from '../plugin/harness';

/**
 * One source for every diagnostic text (ARCHITECTURE.md): the reflector (`ToolDefinitionError`) and
 * the plugin (`diagnostic`, `SlotError`) take their messages from lib/diagnostics.ts, never from a
 * literal of their own.
 */

const LIB = path.resolve(__dirname, '../../lib');

function libFiles(dir = LIB): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? libFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

const REPORTERS = /(^|\.)(ToolDefinitionError|SlotError|diagnostic)$/;

/** Calls of a reporter given a message of its own (a string or template literal where the text goes). */
function ownTexts(file: string): string[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if ((ts.isNewExpression(n) || ts.isCallExpression(n)) && REPORTERS.test(n.expression.getText(sf))) {
      // new ToolDefinitionError(code, text, site); diagnostic(diagnosis, node, ...); new SlotError(diagnosis)
      const text = n.arguments?.[n.expression.getText(sf).endsWith('ToolDefinitionError') ? 1 : 0];
      if (text !== undefined && (ts.isStringLiteralLike(text) || ts.isTemplateExpression(text))) {
        out.push(`${path.relative(LIB, file)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe('Diagnostics catalogue (lib/diagnostics.ts)', () => {
  it('no module reports a diagnostic with a text of its own', () => {
    const found = libFiles().flatMap(ownTexts);
    expect(found).toEqual([]);
  });

  it('the reflector and the plugin refuse a type of the list with the same text', () => {
    class Shop {
      @Tool() find(pattern: RegExp) {
        return String(pattern);
      }
    }
    const reflector = definitionError(() => Tool.fromInstance(new Shop()));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-refused-'));
    try {
      const file = path.join(dir, 'shop.ts');
      fs.writeFileSync(file, "import { Tool } from 'tool-signatures';\nexport class Shop { @Tool() find(pattern: RegExp) { return String(pattern); } }\n");
      const plugin = diagnose(ts.createProgram([file], compilerOptions({ noEmit: true }))).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(reflector.message).toBe(
        "OLT002: Cannot build tool 'find' (Shop.find), parameter #0 'pattern': RegExp has no JSON Schema and cannot be a tool parameter or property.",
      );
      expect(plugin).toEqual(["OLT002: parameter 'pattern': RegExp has no JSON Schema and cannot be a tool parameter or property."]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
