// Source: https://github.com/novuhq/novu apps/api/src/app/user/dtos/update-profile-request.dto.ts @ 74a2e9a6a295cd5a17aa9806914b4574fecce737
// Imports of novu modules (@novu/shared, shared validators and types) and @nestjs/common point to ./_support or into this folder.
// @nestjs/swagger decorators (@ApiProperty...) stripped: @nestjs/swagger is not installed here.
import { IsOptional, IsUrl } from 'class-validator';
import type { IUpdateUserProfile } from './_support';

import { IsImageUrl } from './_support';

const protocols = process.env.NODE_ENV === 'production' ? ['https'] : ['http', 'https'];

export class UpdateProfileRequestDto implements IUpdateUserProfile {
  firstName: string;

  lastName: string;

  @IsUrl({
    require_protocol: true,
    protocols,
    require_tld: false,
  })
  @IsImageUrl({
    message: 'Logo must be a valid image URL with one of the following extensions: jpg, jpeg, png, gif, svg',
  })
  @IsOptional()
  profilePicture?: string;
}
