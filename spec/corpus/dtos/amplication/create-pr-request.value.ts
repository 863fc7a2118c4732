// Source: https://github.com/amplication/amplication libs/schema-registry/src/lib/create-pr-request/value.ts @ d533515daf0845d82cd7edbe0e5c5f927cf2388a
// Imports of amplication libraries point to ./_support (stand-ins, named there).
import {
  EnumGitProvider,
  GitProviderProperties,
  GitResourceMeta,
} from "./_support";
import {
  IsBoolean,
  IsEnum,
  IsOptional,
  IsString,
  ValidateNested,
} from "class-validator";

class Commit {
  @IsString()
  title!: string;
  @IsString()
  body!: string;
}

export class Value {
  @IsString()
  resourceId!: string;
  @IsString()
  resourceName!: string;
  @IsString()
  @IsOptional()
  oldBuildId?: string | undefined;
  @IsString()
  newBuildId!: string;
  @IsEnum(EnumGitProvider)
  gitProvider!: EnumGitProvider;
  @ValidateNested()
  gitProviderProperties!: GitProviderProperties;
  @IsString()
  gitOrganizationName!: string;
  @IsString()
  gitRepositoryName!: string;
  @IsString()
  @IsOptional()
  repositoryGroupName?: string;
  @ValidateNested()
  commit!: Commit;
  @ValidateNested()
  gitResourceMeta!: GitResourceMeta;
  @IsString()
  @IsOptional()
  baseBranchName?: string;
  @IsBoolean()
  isBranchPerResource!: boolean;
  @IsBoolean()
  overrideCustomizableFilesInGit!: boolean;
}
