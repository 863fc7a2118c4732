import { DIAGNOSTICS as D, type ServedKind } from '../diagnostics';
import { refuse } from '../errors';
import { PROMPT_OPTION_NAMES, RESOURCE_OPTION_NAMES, type PromptOptions, type ResourceOptions } from '../metadata/options';
import { recordOf, type ServedRecord } from '../metadata/storage';
import { className, refuseStandardDecorators } from './site';
import { MAX_URI_LENGTH, parseUriTemplate } from './uri-template';

/**
 * Marks an instance method as an MCP prompt. Its parameters are the prompt's arguments, read as a
 * tool's parameters are (names, types, descriptions, optional when defaulted); arguments arrive as
 * text and are converted to the declared types by the tool invoker. It returns text, a `Part` (or a
 * list of them: each a user message), or a list of messages `{ role: 'user' | 'assistant', content }`
 * whose content is text or a `Part`.
 *
 * @example
 * class Reviews {
 *   @Prompt({ description: 'Review a pull request' })
 *   reviewPr(@Param({ description: 'PR number' }) pr: number, focus: 'security' | 'style' = 'style') {
 *     return `Review PR #${pr} for ${focus}.`;
 *   }
 * }
 */
export function Prompt(options: PromptOptions = {}): MethodDecorator {
  return served('Prompt', 'prompt', options, PROMPT_OPTION_NAMES, (source) => ({ kind: 'prompt', options: { ...options }, source }));
}

/**
 * Marks an instance method as the MCP resource at a fixed URI; it takes no arguments (an
 * `AbortSignal` at most) and returns text, bytes (`Uint8Array` or `Buffer`: a base64 blob), or any
 * other value (JSON text).
 *
 * @example
 * @Resource('docs://readme', { mimeType: 'text/markdown' })
 * readme() { return readFileSync('README.md', 'utf8'); }
 */
export function Resource(uri: string, options: ResourceOptions = {}): MethodDecorator {
  return served('Resource', 'resource', options, RESOURCE_OPTION_NAMES, (source, site) => {
    if (typeof uri !== 'string' || uri.length > MAX_URI_LENGTH || !/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(uri)) {
      throw refuse(D.badResourceUri(String(uri)), site);
    }
    return { kind: 'resource', uri, options: { ...options }, source };
  });
}

/**
 * Marks an instance method as an MCP resource template (RFC 6570 level 1: `{name}` variables). Each
 * variable is one of the method's parameters, typed and validated as a tool's arguments are.
 *
 * @example
 * @ResourceTemplate('users://{id}/profile', { mimeType: 'application/json' })
 * profile(@Param({ type: Int32 }) id: number) { return this.users.get(id); }
 */
export function ResourceTemplate(uriTemplate: string, options: ResourceOptions = {}): MethodDecorator {
  return served('ResourceTemplate', 'resource template', options, RESOURCE_OPTION_NAMES, (source, site) => {
    const parsed = parseUriTemplate(String(uriTemplate));
    if ('problem' in parsed) throw refuse(D.badUriTemplate(String(uriTemplate), parsed.problem), site);
    return { kind: 'template', uri: uriTemplate, options: { ...options }, source };
  });
}

function served(
  decorator: string,
  what: ServedKind,
  options: object,
  known: ReadonlySet<string>,
  record: (source: Function, site: { className: string; member: string }) => ServedRecord,
): MethodDecorator {
  return (...args: unknown[]) => {
    refuseStandardDecorators(decorator, args);
    const [target, key, descriptor] = args as [object, PropertyKey, PropertyDescriptor | undefined];
    const site = { className: className(target), member: String(key) };
    if (typeof target === 'function') throw refuse(D.servedStatic(what), site);
    if (descriptor === undefined || typeof descriptor.value !== 'function') throw refuse(D.servedNotAMethod(what), site);
    for (const option of Object.keys(options)) if (!known.has(option)) throw refuse(D.unknownOption(`@${decorator}`, option, [...known]), site);
    if (typeof key === 'symbol' && (options as { name?: unknown }).name === undefined) throw refuse(D.symbolServed(decorator), site);
    const written = Object.getOwnPropertyDescriptor(target, key)?.value;
    const source = typeof written === 'function' ? written : descriptor.value;
    recordOf(target.constructor).served.set(key, record(source, site));
  };
}
