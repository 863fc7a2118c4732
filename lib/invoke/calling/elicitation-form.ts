import type { JsonSchema } from '../../tool-description';
import { DIAGNOSTICS as D } from '../../diagnostics';
import { refuse } from '../../errors';

/**
 * MCP's elicitation form takes a flat object: each field a string (with `minLength`, `maxLength`
 * and the formats email, uri, date, date-time), a number or integer (`minimum`, `maximum`), a
 * boolean, a string enum, or an array of string-enum items (a multiple choice). One row per field
 * type: the keywords it may carry. Anything else cannot be sent as it is, so it is refused rather
 * than silently dropped by the client.
 */
const FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set(['type', 'format', 'description', 'enum', 'minLength', 'maxLength', 'default']),
  number: new Set(['type', 'description', 'minimum', 'maximum', 'default']),
  integer: new Set(['type', 'description', 'minimum', 'maximum', 'default']),
  boolean: new Set(['type', 'description', 'default']),
  array: new Set(['type', 'description', 'items', 'minItems', 'maxItems', 'default']),
};

const FORMATS = new Set(['email', 'uri', 'date', 'date-time']);

/** An elicitation's form (`requestedSchema`): a flat object schema. */
export interface ElicitationForm {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, object>>;
  readonly required?: readonly string[];
}

/** Why a field's fragment does not fit the form, or undefined when it does. */
function misfit(fragment: JsonSchema): string | undefined {
  const type = fragment.type;
  if (typeof type !== 'string' || FIELDS[type] === undefined) {
    return Array.isArray(type) ? 'a nullable field' : 'a nested object, a union or an open value';
  }
  const extra = Object.keys(fragment).find((k) => !FIELDS[type]!.has(k));
  if (extra !== undefined) return `the keyword '${extra}'`;
  if (fragment.format !== undefined && !FORMATS.has(fragment.format as string)) return `the format '${String(fragment.format)}'`;
  if (fragment.enum !== undefined && !(fragment.enum as unknown[]).every((v) => typeof v === 'string')) return 'an enum of other than strings';
  if (type === 'array') {
    const items = fragment.items as JsonSchema | undefined;
    const ok = items !== undefined && items.type === 'string' && Array.isArray(items.enum) && Object.keys(items).every((k) => k === 'type' || k === 'enum');
    if (!ok) return 'an array that is not a multiple choice of strings';
  }
  return undefined;
}

/** The requested schema of an elicitation for a DTO's (or shape's) object fragment; throws OLT002 for one that does not fit. */
export function elicitationForm(owner: string, fragment: JsonSchema): ElicitationForm {
  const properties = (fragment.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, field] of Object.entries(properties)) {
    const why = misfit(field);
    if (why !== undefined) {
      throw refuse(D.notElicitable(name, why), { className: owner, member: 'elicit' });
    }
  }
  const required = fragment.required as readonly string[] | undefined;
  return Object.freeze({ type: 'object' as const, properties, ...(required !== undefined ? { required } : {}) });
}

/**
 * The form with titled choices (`ElicitOptions.titles`): a string enum field becomes
 * `{ type: 'string', oneOf: [{ const, title }, …] }` (or keeps `enum` and gains `enumNames` when the
 * field is listed in `enumNames`), an array of string enum items `{ type: 'array', items: { anyOf:
 * [{ const, title }, …] } }`, as MCP 2025-11-25 writes titled single and multiple choices. A value
 * without a title shows as itself. Throws OLT002 for titles of another field, or of values not in the enum.
 */
export function titledForm(
  form: ElicitationForm,
  titles: Readonly<Record<string, Readonly<Record<string, string>>>> | undefined,
  enumNames: readonly string[] | undefined,
): ElicitationForm {
  if (titles === undefined || Object.keys(titles).length === 0) return form;
  const properties: Record<string, object> = { ...form.properties };
  for (const [name, given] of Object.entries(titles)) {
    if (!Object.prototype.hasOwnProperty.call(properties, name)) throw refuse(D.badChoiceTitles(name, 'the form has no such field'));
    const field = properties[name] as JsonSchema;
    const many = field.type === 'array';
    const values = (many ? (field.items as JsonSchema | undefined)?.enum : field.enum) as unknown[] | undefined;
    if (!Array.isArray(values) || !values.every((v) => typeof v === 'string')) throw refuse(D.badChoiceTitles(name, 'it is not a string enum'));
    if (typeof given !== 'object' || given === null) throw refuse(D.badChoiceTitles(name, 'they are not an object of value → title'));
    const stray = Object.keys(given).find((v) => !values.includes(v) || typeof given[v] !== 'string');
    if (stray !== undefined) throw refuse(D.badChoiceTitles(name, `'${stray}' is not one of its values, or its title is not a string`));
    const title = (v: string): string => (Object.prototype.hasOwnProperty.call(given, v) ? given[v]! : v);
    const choices = (values as string[]).map((v) => ({ const: v, title: title(v) }));
    const { enum: _enum, items: _items, ...rest } = field;
    if (many) {
      properties[name] = { ...rest, items: { anyOf: choices } };
    } else if (enumNames?.includes(name) === true) {
      properties[name] = { ...rest, enum: values, enumNames: (values as string[]).map(title) };
    } else {
      properties[name] = { ...rest, oneOf: choices };
    }
  }
  return Object.freeze({ ...form, properties });
}
