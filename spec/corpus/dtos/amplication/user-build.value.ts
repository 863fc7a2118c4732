// Source: https://github.com/amplication/amplication libs/schema-registry/src/lib/user-build/value.ts @ d533515daf0845d82cd7edbe0e5c5f927cf2388a
import { IsNumber, IsString } from "class-validator";

export class Value {
  @IsString()
  buildId!: string;

  @IsString()
  externalId!: string;

  @IsString()
  commitId!: string;

  @IsString()
  commitMessage!: string;

  @IsString()
  projectId!: string;

  @IsString()
  resourceId!: string;

  @IsString()
  resourceName!: string;

  @IsString()
  workspaceId!: string;

  @IsString()
  projectName!: string;

  @IsNumber()
  createdAt!: number;
}
