// Source: https://github.com/amplication/amplication libs/schema-registry/src/lib/user-action-log/value.ts @ d533515daf0845d82cd7edbe0e5c5f927cf2388a
// Imports of amplication libraries point to ./_support (stand-ins, named there).
import { EnumActionStepStatus } from "./_support";
import { LogEntry } from "./_support";
import { IsBoolean, IsEnum, IsString } from "class-validator";

export class Value implements LogEntry {
  @IsString()
  stepId!: string;

  @IsString()
  level!: string;

  @IsString()
  message!: string;

  @IsEnum(EnumActionStepStatus)
  status!: EnumActionStepStatus;

  @IsBoolean()
  isCompleted!: boolean;

  [key: string]: any;
}
