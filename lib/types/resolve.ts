import { DIAGNOSTICS as D, REFUSED_TYPES } from '../diagnostics';
import { refuse } from '../errors';
import { enumNode } from './enums';
import { hintKind, isThunk, type CompositeHint, type Hint, type ObjectHint, type TaggedMember, type TokenHint, type TokenName } from './hints';
import { incompleteNodes, node, type TypeNode } from './node';

/**
 * What the schema layer supplies to this table: the node of a DTO class or of an `ObjectOf` shape
 * (their properties are slots, read as `@Prop` slots are), and the node of an `AnyOf` member given as
 * a slot's options (annotated as a slot is). This table does neither.
 */
export interface DtoResolver {
  readonly dto: (source: Function | ObjectHint) => TypeNode;
  /** A union member that is a plain object: its node when it is a slot's options, else undefined (an enum object). */
  readonly member: (value: object) => TypeNode | undefined;
}

const TIMESPAN = '^-?(\\d+\\.)?\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,7})?$';

const int = (token: TokenName, minimum: number, maximum: number) => node('integer', { minimum, maximum, token });

/** One row per token. */
const TOKENS: Readonly<Record<TokenName, TypeNode>> = {
  Int8: int('Int8', -128, 127),
  UInt8: int('UInt8', 0, 255),
  Int16: int('Int16', -32768, 32767),
  UInt16: int('UInt16', 0, 65535),
  Int32: int('Int32', -2147483648, 2147483647),
  UInt32: int('UInt32', 0, 4294967295),
  Int: int('Int', -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
  Int64: node('bigint', { minimum: -(2n ** 63n), maximum: 2n ** 63n - 1n, token: 'Int64' }),
  UInt64: node('bigint', { minimum: 0n, maximum: 2n ** 64n - 1n, token: 'UInt64' }),
  Char: node('string', { minLength: 1, maxLength: 1, stringKind: 'char' }),
  Uuid: node('string', { format: 'uuid', stringKind: 'uuid' }),
  DateOnly: node('string', { format: 'date', stringKind: 'date' }),
  TimeOnly: node('string', { format: 'time', stringKind: 'time' }),
  TimeSpan: node('string', { pattern: TIMESPAN, stringKind: 'timespan' }),
  JsonValue: node('any'),
  JsonObject: node('object'),
  JsonArray: node('array'),
};

export function tokenNode(name: TokenName): TypeNode {
  return TOKENS[name];
}

/** One row per built-in constructor that a design type or a hint can name. */
const CONSTRUCTORS = new Map<unknown, () => TypeNode>([
  [Boolean, () => node('boolean')],
  [Number, () => node('number')],
  [String, () => node('string', { stringKind: 'plain' })],
  [BigInt, () => TOKENS.Int64],
  [Date, () => node('date', { format: 'date-time' })],
  [URL, () => node('url', { format: 'uri', stringKind: 'uri' })],
  [Uint8Array, () => node('bytes', { contentEncoding: 'base64', bytes: 'Uint8Array' })],
  [
    Object,
    () => {
      throw refuse(D.erased('Object'));
    },
  ],
  [
    Array,
    () => {
      throw refuse(D.erased('Array'));
    },
  ],
  [
    Set,
    () => {
      throw refuse(D.erased('Set'));
    },
  ],
  [
    Map,
    () => {
      throw refuse(D.erased('Map'));
    },
  ],
]);
if (typeof Buffer === 'function') CONSTRUCTORS.set(Buffer, () => node('bytes', { contentEncoding: 'base64', bytes: 'Buffer' }));

/** Runtime-filled parameter types, recognised by brand across copies of the package. */
export function isContextType(t: unknown): boolean {
  return typeof t === 'function' && (t as unknown as Record<symbol, unknown>)[Symbol.for('tool-signatures.context')] === true;
}

export function isSignalType(t: unknown): boolean {
  return typeof AbortSignal === 'function' && t === AbortSignal;
}

/** Resolves a hint (or a design type) to its node. Thunks are called here, lazily. */
export function resolveHint(hint: Hint | undefined, dto: DtoResolver): TypeNode {
  let h: unknown = hint;
  for (let i = 0; isThunk(h); i++) {
    if (i > 16) throw refuse(D.thunkChain());
    h = (h as () => Hint)();
  }
  if (h === undefined || h === null) {
    throw refuse(D.undefinedType());
  }
  if (Array.isArray(h)) {
    if (h.length !== 1) throw refuse(D.arrayHintArity());
    return node('array', { items: resolveHint(h[0] as Hint, dto) });
  }
  const kind = hintKind(h);
  if (kind === 'token') return TOKENS[(h as TokenHint).token];
  if (kind !== undefined) return composite(h as CompositeHint, dto);
  if (typeof h === 'function') return constructorNode(h, dto);
  if (typeof h === 'object') return enumNode(h as Record<string, string | number>);
  throw refuse(D.notAHint(String(h)));
}

function composite(h: CompositeHint, dto: DtoResolver): TypeNode {
  const [, kind] = [h, hintKind(h)];
  switch (kind) {
    case 'set':
      return node('array', { items: resolveHint(h.of as Hint, dto), uniqueItems: true, set: true });
    case 'record':
      return node('record', { values: resolveHint(h.of as Hint, dto) });
    case 'nullable':
      return { ...resolveHint(h.of as Hint, dto), nullable: true };
    case 'anyOf': {
      const members = h.of as readonly Hint[];
      if (members.length < 2) throw refuse(D.unionArity(members.length));
      return node('union', { members: members.map((m) => memberNode(m, dto)) });
    }
    case 'discriminated':
      return taggedUnion(h.of as { tag: string; members: Record<string, TaggedMember> }, dto);
    case 'object':
      return dto.dto(h as ObjectHint);
    default:
      return enumNode(h.of as Record<string, string>);
  }
}

/**
 * A tagged union: each member is its class's (or `ObjectOf` shape's) closed object with the tag first
 * in `properties` (as the one-value enum of its name) and first in `required`. A member that declares
 * the tag property has it replaced; a class that does not has it added, and the instance never
 * receives it; a shape always receives it (its plain object has no class to tell the member).
 */
function taggedUnion(of: { tag: string; members: Record<string, TaggedMember> }, dto: DtoResolver): TypeNode {
  const values = Object.keys(of.members);
  if (typeof of.tag !== 'string' || of.tag === '' || values.length === 0) throw refuse(D.taggedEmpty());
  const members = values.map((value) => {
    const { type: m, description } = taggedMemberOptions(of.members[value]);
    const n =
      typeof m === 'function' && hintKind(m) === undefined && !isThunk(m)
        ? constructorNode(m, dto)
        : hintKind(m) === 'object'
          ? dto.dto(m as ObjectHint)
          : undefined;
    if (n === undefined || n.kind !== 'dto') throw refuse(D.taggedMember(value));
    // A member whose class is still being built (the union is inside its own member) has no properties yet.
    if (incompleteNodes.has(n)) throw refuse(D.taggedCycle(value));
    const declared = (n.properties ?? []).find((p) => p.name === of.tag);
    const tagNode = node('enum', { enum: [value], enumType: 'string' });
    const tagProperty =
      declared !== undefined
        ? { ...declared, required: true, node: tagNode }
        : { key: of.tag, name: of.tag, required: true, node: tagNode, ...(n.cls !== undefined ? { tagOnly: true } : {}) };
    const rest = (n.properties ?? []).filter((p) => p !== declared);
    const { recursive: _recursive, ...plain } = n;
    return { ...plain, ...(description !== undefined ? { description } : {}), properties: [tagProperty, ...rest] } as TypeNode;
  });
  return node('union', { members, tag: { property: of.tag, values } });
}

/** The options a tagged member may carry (v3.1): its class or shape as `type`, and its own `description`. */
const TAGGED_MEMBER_OPTIONS = ['type', 'description'];

/** A tagged member as given: a class or shape, or `{ type, description }` (any other key is OLT015). */
function taggedMemberOptions(m: TaggedMember | undefined): { type: unknown; description?: string } {
  if (typeof m !== 'object' || m === null || hintKind(m) !== undefined) return { type: m };
  const unknown = Object.keys(m).find((k) => !TAGGED_MEMBER_OPTIONS.includes(k));
  if (unknown !== undefined) throw refuse(D.unknownOption('A Discriminated member', unknown, TAGGED_MEMBER_OPTIONS));
  const { type, description } = m as { type?: unknown; description?: unknown };
  if (description !== undefined && typeof description !== 'string') throw refuse(D.descriptionText());
  return { type, ...(description !== undefined ? { description: description as string } : {}) };
}

/** An `AnyOf` member: a hint, or a slot's options (a plain object that is no hint), read by the schema layer. */
function memberNode(m: unknown, dto: DtoResolver): TypeNode {
  if (typeof m === 'object' && m !== null && !Array.isArray(m) && hintKind(m) === undefined) {
    const read = dto.member(m);
    if (read !== undefined) return read;
  }
  return resolveHint(m as Hint, dto);
}

function constructorNode(ctor: Function, dto: DtoResolver): TypeNode {
  const row = CONSTRUCTORS.get(ctor);
  if (row !== undefined) return row();
  if (REFUSED_TYPES.has(ctor.name) && (globalThis as Record<string, unknown>)[ctor.name] === ctor) throw refuse(D.refusedType(ctor.name));
  if (isContextType(ctor) || isSignalType(ctor)) throw refuse(D.runtimeOnly(ctor.name));
  return dto.dto(ctor);
}

/**
 * Whether a hint's node may stand for a value of the given design type. Design types of Object (or
 * none) say nothing; otherwise the hint must refine the design type, not contradict it.
 */
export function fitsDesignType(n: TypeNode, design: unknown): boolean {
  if (design === undefined || design === Object) return true;
  const fits: Readonly<Record<string, (x: TypeNode) => boolean>> = {
    Number: (x) =>
      x.kind === 'number' || x.kind === 'integer' || (x.kind === 'enum' && (x.numericEnum === true || x.enumType === 'integer' || x.enumType === 'number')),
    String: (x) => x.kind === 'string' || (x.kind === 'enum' && x.enumType === 'string' && x.numericEnum !== true),
    Boolean: (x) => x.kind === 'boolean' || (x.kind === 'enum' && x.enumType === 'boolean'),
    BigInt: (x) => x.kind === 'bigint',
    Array: (x) => x.kind === 'array' && x.set !== true,
    Set: (x) => x.kind === 'array' && x.set === true,
    Map: (x) => x.kind === 'record',
    Date: (x) => x.kind === 'date',
    URL: (x) => x.kind === 'url',
    Uint8Array: (x) => x.kind === 'bytes',
    Buffer: (x) => x.kind === 'bytes',
  };
  const name = typeof design === 'function' ? design.name : '';
  const rule = (globalThis as Record<string, unknown>)[name] === design || name === 'Buffer' ? fits[name] : undefined;
  if (rule !== undefined) return n.kind === 'any' || rule(n);
  if (n.kind === 'union') return (n.members ?? []).every((m) => fitsDesignType(m, design));
  // A class: the hint names it, a subclass of it, or any JSON.
  if (typeof design === 'function') return n.kind === 'any' || (n.kind === 'dto' && (n.cls === design || n.cls?.prototype instanceof design));
  return true;
}
