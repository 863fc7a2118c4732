/**
 * The functions of the optional peers that the invoker calls: class-validator's `validate` (and
 * `validateSync`, for examples) and
 * class-transformer's `instanceToPlain`. Reading their metadata storages is `metadata/`'s alone; the
 * facts read there reach the invoker through the tool spec's type tree.
 *
 * Each is looked up once: `require` resolves the specifier again on every call (path searches,
 * package.json reads), which cost a third of a whole invoke.
 */

export interface ValidatorModule {
  validate(object: object, options?: object): Promise<ValidationErrorLike[]>;
  validateSync(object: object, options?: object): ValidationErrorLike[];
}

export interface ValidationErrorLike {
  property: string;
  value?: unknown;
  constraints?: Record<string, string>;
  children?: ValidationErrorLike[];
}

let validatorLoaded: ValidatorModule | null | undefined;

/** class-validator's `validate`, when the package is present. */
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

let toPlain: ((v: object) => unknown) | null | undefined;

/** class-transformer's `instanceToPlain`, when the package is present; the value itself otherwise. */
export function instanceToPlain(value: object): unknown {
  if (toPlain === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const m = require('class-transformer') as { instanceToPlain(v: object): unknown };
      toPlain = (v) => m.instanceToPlain(v);
    } catch {
      toPlain = null;
    }
  }
  if (toPlain === null) return value;
  try {
    return toPlain(value);
  } catch {
    return value;
  }
}
