// Stand-ins for the modules brocoders/nestjs-boilerplate's DTOs import that are not here:
// - lowerCaseTransformer (src/utils/transformers/lower-case.transformer.ts), copied;
// - User (src/users/domain/user.ts), only as a type;
// - PartialType of @nestjs/swagger (@nestjs/mapped-types): a subclass whose inherited class-validator
//   properties are all @IsOptional(), as mapped-types makes them.
// Source: https://github.com/brocoders/nestjs-boilerplate @ 9620f159eefe38f47747d02ab162852367c5472c
import { TransformFnParams } from 'class-transformer';
import { getMetadataStorage, IsOptional } from 'class-validator';

export type MaybeType<T> = T | undefined;

export const lowerCaseTransformer = (
  params: TransformFnParams,
): MaybeType<string> => params.value?.toLowerCase().trim();

export interface User {
  id: number | string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

export function PartialType<T>(classRef: new () => T): new () => Partial<T> {
  abstract class PartialClassType {}
  const Partial = class extends (classRef as unknown as new () => object) {};
  void PartialClassType;
  const names = new Set(getMetadataStorage().getTargetValidationMetadatas(classRef, '', true, false).map((m) => m.propertyName));
  for (const name of names) IsOptional()(Partial.prototype, name);
  return Partial as unknown as new () => Partial<T>;
}
