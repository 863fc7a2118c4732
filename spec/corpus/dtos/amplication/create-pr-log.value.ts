// Source: https://github.com/amplication/amplication libs/schema-registry/src/lib/create-pr-log/value.ts @ d533515daf0845d82cd7edbe0e5c5f927cf2388a
// Imports of amplication libraries point to ./_support (stand-ins, named there).
import { LogEntry } from "./_support";
import { IsString } from "class-validator";

export class Value implements LogEntry {
  [optionName: string]: unknown;
  @IsString()
  buildId!: string;

  @IsString()
  level!: string;

  @IsString()
  message!: string;
}
