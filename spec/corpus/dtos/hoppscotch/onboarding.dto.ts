// Source: https://github.com/hoppscotch/hoppscotch packages/hoppscotch-backend/src/infra-config/dto/onboarding.dto.ts @ afc2cf181c16e56647b099e5d18cfe55710c6cdd
// @nestjs/swagger decorators stripped with their import: @nestjs/swagger is not installed here.
// Imports of 'src/...' point into this folder or to ./_support.
import { Expose } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { InfraConfigEnum } from './InfraConfig';

export class GetOnboardingStatusResponse {
  @Expose()
  onboardingCompleted: boolean;
  @Expose()
  canReRunOnboarding: boolean;
}

export class SaveOnboardingConfigRequest {
  @IsString()
  @IsNotEmpty()
  [InfraConfigEnum.VITE_ALLOWED_AUTH_PROVIDERS]: string;

  @IsOptional()
  @IsString()
  [InfraConfigEnum.GOOGLE_CLIENT_ID]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.GOOGLE_CLIENT_SECRET]: string;
  @IsOptional()
  [InfraConfigEnum.GOOGLE_CALLBACK_URL]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.GOOGLE_SCOPE]: string;

  @IsOptional()
  @IsString()
  [InfraConfigEnum.GITHUB_CLIENT_ID]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.GITHUB_CLIENT_SECRET]: string;
  @IsOptional()
  [InfraConfigEnum.GITHUB_CALLBACK_URL]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.GITHUB_SCOPE]: string;

  @IsOptional()
  @IsString()
  [InfraConfigEnum.MICROSOFT_CLIENT_ID]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MICROSOFT_CLIENT_SECRET]: string;
  @IsOptional()
  [InfraConfigEnum.MICROSOFT_CALLBACK_URL]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MICROSOFT_SCOPE]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MICROSOFT_TENANT]: string;

  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_SMTP_ENABLE]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_USE_CUSTOM_CONFIGS]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_ADDRESS_FROM]: string;

  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_SMTP_URL]: string;

  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_SMTP_HOST]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_SMTP_PORT]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_SMTP_SECURE]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_SMTP_USER]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_SMTP_PASSWORD]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_TLS_REJECT_UNAUTHORIZED]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_SMTP_IGNORE_TLS]: string;

  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_SMTP_AUTH_TYPE]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_SMTP_OAUTH2_USER]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_SMTP_OAUTH2_CLIENT_ID]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_SMTP_OAUTH2_CLIENT_SECRET]: string;
  @IsOptional()
  @IsString()
  [InfraConfigEnum.MAILER_SMTP_OAUTH2_REFRESH_TOKEN]: string;
  @IsOptional()
  [InfraConfigEnum.MAILER_SMTP_OAUTH2_ACCESS_URL]: string;
}

export class SaveOnboardingConfigResponse {
  @Expose()
  token: string;
}

export class GetOnboardingConfigResponse {
  @Expose()
  [InfraConfigEnum.VITE_ALLOWED_AUTH_PROVIDERS]: string;

  @Expose()
  [InfraConfigEnum.GOOGLE_CLIENT_ID]: string;
  @Expose()
  [InfraConfigEnum.GOOGLE_CLIENT_SECRET]: string;
  @Expose()
  [InfraConfigEnum.GOOGLE_CALLBACK_URL]: string;
  @Expose()
  [InfraConfigEnum.GOOGLE_SCOPE]: string;

  @Expose()
  [InfraConfigEnum.GITHUB_CLIENT_ID]: string;
  @Expose()
  [InfraConfigEnum.GITHUB_CLIENT_SECRET]: string;
  @Expose()
  [InfraConfigEnum.GITHUB_CALLBACK_URL]: string;
  @Expose()
  [InfraConfigEnum.GITHUB_SCOPE]: string;

  @Expose()
  [InfraConfigEnum.MICROSOFT_CLIENT_ID]: string;
  @Expose()
  [InfraConfigEnum.MICROSOFT_CLIENT_SECRET]: string;
  @Expose()
  [InfraConfigEnum.MICROSOFT_CALLBACK_URL]: string;
  @Expose()
  [InfraConfigEnum.MICROSOFT_SCOPE]: string;
  @Expose()
  [InfraConfigEnum.MICROSOFT_TENANT]: string;

  @Expose()
  [InfraConfigEnum.MAILER_SMTP_ENABLE]: string;
  @Expose()
  [InfraConfigEnum.MAILER_USE_CUSTOM_CONFIGS]: string;
  @Expose()
  [InfraConfigEnum.MAILER_ADDRESS_FROM]: string;

  @Expose()
  [InfraConfigEnum.MAILER_SMTP_URL]: string;

  @Expose()
  [InfraConfigEnum.MAILER_SMTP_HOST]: string;
  @Expose()
  [InfraConfigEnum.MAILER_SMTP_PORT]: string;
  @Expose()
  [InfraConfigEnum.MAILER_SMTP_SECURE]: string;
  @Expose()
  [InfraConfigEnum.MAILER_SMTP_USER]: string;
  @Expose()
  [InfraConfigEnum.MAILER_SMTP_PASSWORD]: string;
  @Expose()
  [InfraConfigEnum.MAILER_TLS_REJECT_UNAUTHORIZED]: string;
  @Expose()
  [InfraConfigEnum.MAILER_SMTP_IGNORE_TLS]: string;

  @Expose()
  [InfraConfigEnum.MAILER_SMTP_AUTH_TYPE]: string;
  @Expose()
  [InfraConfigEnum.MAILER_SMTP_OAUTH2_USER]: string;
  @Expose()
  [InfraConfigEnum.MAILER_SMTP_OAUTH2_CLIENT_ID]: string;
  @Expose()
  [InfraConfigEnum.MAILER_SMTP_OAUTH2_CLIENT_SECRET]: string;
  @Expose()
  [InfraConfigEnum.MAILER_SMTP_OAUTH2_REFRESH_TOKEN]: string;
  @Expose()
  [InfraConfigEnum.MAILER_SMTP_OAUTH2_ACCESS_URL]: string;
}
