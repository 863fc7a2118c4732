// Source: https://github.com/amplication/amplication libs/schema-registry/src/lib/code-generation-failure/value.ts @ d533515daf0845d82cd7edbe0e5c5f927cf2388a
import { IsString } from "class-validator";

export class Value {
  @IsString()
  buildId!: string;

  errorMessage?: string;
}
