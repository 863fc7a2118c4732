// Stand-ins for the modules of amplication's generated plugin API (packages/amplication-plugin-api) that these
// DTOs import: IsJSONValue (src/validators/is-json-value-validator.ts), copied; InputJsonValue (src/types.ts),
// written without type-fest.
// Source: https://github.com/amplication/amplication @ d533515daf0845d82cd7edbe0e5c5f927cf2388a
import {
  ValidationArguments,
  registerDecorator,
  ValidationOptions,
} from "class-validator";
import isJSONValidator from "validator/lib/isJSON";

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type InputJsonValue = Omit<JsonValue, "null">;

// eslint-disable-next-line @typescript-eslint/naming-convention
export function IsJSONValue(validationOptions?: ValidationOptions) {
  return function (object: Record<string, any>, propertyName: string) {
    registerDecorator({
      name: "IsJSONValue",
      target: object.constructor,
      propertyName: propertyName,
      options: validationOptions,
      validator: {
        validate(value: any, args: ValidationArguments) {
          void args;
          if (typeof value === "string") {
            return isJSONValidator(value);
          }

          return isJSONValidator(JSON.stringify(value));
        },
        defaultMessage(args: ValidationArguments): string {
          return `${args.property} must be a valid json`;
        },
      },
    });
  };
}
