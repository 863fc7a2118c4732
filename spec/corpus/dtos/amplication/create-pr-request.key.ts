// Source: https://github.com/amplication/amplication libs/schema-registry/src/lib/create-pr-request/key.ts @ d533515daf0845d82cd7edbe0e5c5f927cf2388a
import { IsString } from "class-validator";

export class Key {
  @IsString()
  resourceRepositoryId!: string;

  @IsString()
  resourceId!: string | null;
}
