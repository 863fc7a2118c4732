// Source: https://github.com/amplication/amplication libs/schema-registry/src/lib/tech-debt/value.ts @ d533515daf0845d82cd7edbe0e5c5f927cf2388a
// Imports of amplication libraries point to ./_support (stand-ins, named there).
import { EnumResourceType } from "./_support";
import { IsNumber, IsString } from "class-validator";

export class Value {
  @IsString()
  techDebtId!: string;

  @IsString()
  externalId!: string;

  @IsString()
  projectId!: string;

  @IsString()
  resourceId!: string;

  @IsString()
  resourceName!: string;

  @IsString()
  workspaceId!: string;

  @IsString()
  envBaseUrl!: string;

  @IsString()
  projectName!: string;

  @IsString()
  resourceType!: EnumResourceType;

  @IsString()
  alertType!: EnumOutdatedVersionAlertType;

  @IsNumber()
  createdAt!: number;
}

export enum EnumOutdatedVersionAlertType {
  TemplateVersion = "TemplateVersion",
  PluginVersion = "PluginVersion",
  CodeEngineVersion = "CodeEngineVersion",
}
