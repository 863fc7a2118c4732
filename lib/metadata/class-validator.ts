import { lineage } from './storage';
import { cachedBy } from '../cache';
import type { EmulatedRule, ValidationPlan } from '../types/node';

/**
 * The one place that reads class-validator's storage. class-validator keeps it on the global object,
 * so every copy of the package in the process shares it.
 */

export interface ValidatorRule {
  /** class-validator's name for the rule (`isInt`, `min`, `isOptional`, ...). */
  readonly name: string;
  readonly constraints: readonly unknown[];
  readonly each: boolean;
  /**
   * A custom constraint (`@Validate(Constraint)`, `registerDecorator`): its name and its
   * `defaultMessage`, read when asked (`$property` and `$constraintN` filled in).
   */
  readonly constraint?: { readonly name: string; message(): string | undefined };
  /**
   * The rule's own `message` option, when it is text: `$property` and `$constraintN` filled in
   * (`$value` is filled in with the value refused).
   */
  readonly message?: string;
}

interface RawMetadata {
  type: string;
  name?: string;
  target: Function | string;
  propertyName: string;
  constraints?: unknown[];
  each?: boolean;
  groups?: string[];
  always?: boolean;
  validateIf?: unknown;
  constraintCls?: Function;
  message?: unknown;
}

interface RawConstraint {
  name?: string;
  instance: { validate(value: unknown, args: object): unknown; defaultMessage?(args: object): unknown };
}

interface RawStorage {
  validationMetadatas: Map<Function | string, RawMetadata[]> | RawMetadata[];
  getTargetValidatorConstraints?(target: Function): RawConstraint[];
}

let loaded: RawStorage | null | undefined;

function storage(): RawStorage | null {
  if (loaded === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      loaded = (require('class-validator') as { getMetadataStorage(): RawStorage }).getMetadataStorage();
    } catch {
      loaded = null;
    }
  }
  return loaded;
}

function ownMetadatas(cls: Function): readonly RawMetadata[] {
  const s = storage();
  if (s === null) return [];
  const all = s.validationMetadatas;
  if (all instanceof Map) return all.get(cls) ?? [];
  return all.filter((m) => m.target === cls);
}

// class-validator's metadata types: every decorator built on ValidateBy is 'customValidation' with a
// name; the others carry their meaning in the type itself.
const NAMED_TYPES: Readonly<Record<string, string>> = {
  nestedValidation: 'validateNested',
  isDefined: 'isDefined',
  whitelistValidation: 'allow',
  promiseValidation: 'validatePromise',
};

/** The rules on one property of a class and its bases, base first. */
export function validatorRules(cls: Function, key: string): ValidatorRule[] {
  const rules: ValidatorRule[] = [];
  for (const c of lineage(cls)) {
    for (const m of ownMetadatas(c)) {
      if (m.propertyName !== key) continue;
      // `@IsOptional()` and `@ValidateIf()` share a metadata type; only the former has a name.
      const name =
        m.type === 'customValidation'
          ? (m.name ?? 'custom')
          : m.type === 'conditionalValidation'
            ? m.name === 'isOptional'
              ? 'isOptional'
              : 'validateIf'
            : (NAMED_TYPES[m.type] ?? m.type);
      const constraint = m.type === 'customValidation' ? constraintOf(m, key) : undefined;
      const message = typeof m.message === 'string' && m.message !== '' ? filledMessage(m.message, key, m.constraints ?? []) : undefined;
      rules.push({
        name,
        constraints: m.constraints ?? [],
        each: m.each === true,
        ...(constraint !== undefined ? { constraint } : {}),
        ...(message !== undefined ? { message } : {}),
      });
    }
  }
  return rules;
}

/** A message's tokens as class-validator fills them in (`$value` waits for the value). */
function filledMessage(text: string, key: string, constraints: readonly unknown[]): string {
  return text.replace(/\$property/g, key).replace(/\$constraint(\d+)/g, (_, i: string) => String(constraints[Number(i) - 1]));
}

function constraintOf(m: RawMetadata, key: string): ValidatorRule['constraint'] {
  const found = m.constraintCls !== undefined ? storage()?.getTargetValidatorConstraints?.(m.constraintCls) : undefined;
  const c = found?.[0];
  if (c === undefined) return undefined;
  const constraints = m.constraints ?? [];
  return {
    name: m.name ?? c.name ?? m.constraintCls!.name,
    message: () => {
      try {
        const text = c.instance.defaultMessage?.({ value: undefined, constraints, targetName: '', object: {}, property: key });
        if (typeof text !== 'string' || text === '' || /\$value/.test(text)) return undefined;
        const filled = text.replace(/\$property/g, key).replace(/\$constraint(\d+)/g, (_, i: string) => String(constraints[Number(i) - 1]));
        // A message that reads a value not given (the argument, a constraint from an environment
        // variable that is not set) would say `undefined`: the rule is named instead.
        return /\b(undefined|NaN)\b|\[object Object\]/.test(filled) ? undefined : filled;
      } catch {
        return undefined;
      }
    },
  };
}

/** Property keys with class-validator rules, own class only, in registration order. */
export function validatedKeys(cls: Function): string[] {
  return [
    ...new Set(
      ownMetadatas(cls)
        .map((m) => m.propertyName)
        .filter((k) => typeof k === 'string'),
    ),
  ];
}

/** Whether any class of the chain has class-validator rules. */
export function hasValidatorRules(cls: Function): boolean {
  return lineage(cls).some((c) => ownMetadatas(c).length > 0);
}

// ---- what the invoker can check itself ------------------------------------------------------

const EMULATED = new Set<string>([
  'isLength',
  'minLength',
  'maxLength',
  'isInt',
  'min',
  'max',
  'arrayMinSize',
  'arrayMaxSize',
  'arrayNotEmpty',
  'isIn',
  'isEnum',
  'isObject',
]);
const NONE: ValidationPlan = Object.freeze({ kind: 'none' });
const FULL: ValidationPlan = Object.freeze({ kind: 'full' });
/**
 * The class's validation plan (types/node.ts), computed from the same metadata list that
 * `validate()` reads (inherited rules merged, group-only rules left out), once per class.
 */
export const validationPlan: (cls: Function) => ValidationPlan = cachedBy(planOf);

/**
 * The metadata list class-validator's `getTargetValidationMetadatas` gives `validate(instance)` (no
 * groups, `always` and `strictGroups` false: every rule applies, group-limited ones included): the
 * class's own rules, then its bases' rules, less those whose property and type the class's own
 * rules already have. Read from the prototype chain, where class-validator tests every class in its
 * storage with `instanceof` (which costs a build O(classes declared) per DTO).
 */
function targetMetadatas(cls: Function): RawMetadata[] {
  const own = ownMetadatas(cls).filter((m) => m.target === cls);
  const inherited: RawMetadata[] = [];
  for (let p = Object.getPrototypeOf(cls.prototype) as object | null; p !== null; p = Object.getPrototypeOf(p) as object | null) {
    const base = Object.prototype.hasOwnProperty.call(p, 'constructor') ? (p as { constructor: unknown }).constructor : undefined;
    if (typeof base !== 'function' || base.prototype !== p || base === cls) continue;
    for (const m of ownMetadatas(base)) {
      if (typeof m.target === 'string' || m.target === cls) continue;
      if (m.target instanceof Function && !(cls.prototype instanceof m.target)) continue;
      inherited.push(m);
    }
  }
  return own.concat(inherited.filter((i) => !own.some((o) => o.propertyName === i.propertyName && o.type === i.type)));
}

function planOf(cls: Function): ValidationPlan {
  const s = storage();
  if (s === null) return NONE;
  const metas = targetMetadatas(cls);
  if (metas.length === 0) return NONE;
  const byKey = new Map<string, { optional: boolean; nested: boolean; rules: EmulatedRule[] }>();
  for (const m of metas) {
    if (typeof m.propertyName !== 'string') return FULL;
    let p = byKey.get(m.propertyName);
    if (p === undefined) {
      p = { optional: false, nested: false, rules: [] };
      byKey.set(m.propertyName, p);
    }
    if (m.type === 'whitelistValidation') continue;
    if (m.type === 'conditionalValidation' && m.name === 'isOptional') {
      p.optional = true;
      continue;
    }
    if (m.type === 'nestedValidation') {
      p.nested = true;
      continue;
    }
    if (m.type !== 'customValidation' || m.validateIf !== undefined || typeof m.name !== 'string') return FULL;
    const constraints = m.constraints ?? [];
    if (EMULATED.has(m.name)) {
      p.rules.push({ name: m.name as EmulatedRule['name'], constraints, each: m.each === true });
    } else if (m.name === 'arrayUnique') {
      // Its identifier function lives in a closure, not in the metadata: class-validator's own check runs.
      const found = m.constraintCls !== undefined ? s.getTargetValidatorConstraints?.(m.constraintCls) : undefined;
      if (found === undefined || found.length !== 1) return FULL;
      const c = found[0]!;
      p.rules.push({ name: 'arrayUnique', constraints, each: m.each === true, check: (value, args) => c.instance.validate(value, args) });
    } else {
      return FULL;
    }
  }
  return Object.freeze({ kind: 'emulated', properties: [...byKey].map(([key, p]) => Object.freeze({ key, ...p })) });
}
