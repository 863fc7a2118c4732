import { lineage } from './storage';

/**
 * The one place that reads class-validator's storage. class-validator keeps it on the global object,
 * so every copy of the package in the process shares it.
 */

export interface ValidatorRule {
  /** class-validator's name for the rule (`isInt`, `min`, `isOptional`, ...). */
  readonly name: string;
  readonly constraints: readonly unknown[];
  readonly each: boolean;
  /** Rules limited to groups do not describe the schema (they hold only for those groups). */
  readonly grouped: boolean;
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
}

interface RawStorage {
  validationMetadatas: Map<Function | string, RawMetadata[]> | RawMetadata[];
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
  conditionalValidation: 'isOptional',
  nestedValidation: 'validateNested',
  isDefined: 'isDefined',
  whitelist: 'allow',
  promiseValidation: 'validatePromise',
};

/** The rules on one property of a class and its bases, base first. */
export function validatorRules(cls: Function, key: string): ValidatorRule[] {
  const rules: ValidatorRule[] = [];
  for (const c of lineage(cls)) {
    for (const m of ownMetadatas(c)) {
      if (m.propertyName !== key) continue;
      const name = m.type === 'customValidation' ? (m.name ?? 'custom') : (NAMED_TYPES[m.type] ?? m.type);
      rules.push({ name, constraints: m.constraints ?? [], each: m.each === true, grouped: (m.groups?.length ?? 0) > 0 && m.always !== true });
    }
  }
  return rules;
}

/** Property keys with class-validator rules, own class only, in registration order. */
export function validatedKeys(cls: Function): string[] {
  return [...new Set(ownMetadatas(cls).map((m) => m.propertyName).filter((k) => typeof k === 'string'))];
}

/** Whether any class of the chain has class-validator rules. */
export function hasValidatorRules(cls: Function): boolean {
  return lineage(cls).some((c) => ownMetadatas(c).length > 0);
}

export interface ValidatorModule {
  validate(object: object, options?: object): Promise<ValidationErrorLike[]>;
}

let validatorLoaded: ValidatorModule | null | undefined;

/**
 * class-validator's `validate`, when the package is present. Looked up once: `require` resolves
 * the specifier again on every call (path searches, package.json reads), which cost a third of a
 * whole invoke.
 */
export function validatorModule(): ValidatorModule | null {
  if (validatorLoaded === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      validatorLoaded = require('class-validator') as ValidatorModule;
    } catch {
      validatorLoaded = null;
    }
  }
  return validatorLoaded;
}

export interface ValidationErrorLike {
  property: string;
  value?: unknown;
  constraints?: Record<string, string>;
  children?: ValidationErrorLike[];
}
