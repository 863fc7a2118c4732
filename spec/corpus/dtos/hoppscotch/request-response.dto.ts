// Source: https://github.com/hoppscotch/hoppscotch packages/hoppscotch-backend/src/infra-token/request-response.dto.ts @ afc2cf181c16e56647b099e5d18cfe55710c6cdd
// @nestjs/swagger decorators stripped with their import: @nestjs/swagger is not installed here.
// Imports of 'src/...' point into this folder or to ./_support.
import { Expose, Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsOptional,
  IsString,
  MinLength,
} from 'class-validator';
import { TeamAccessRole } from './_support';
import { OffsetPaginationArgs } from './input-types.args';

// POST v1/infra/user-invitations
export class CreateUserInvitationRequest {
  @IsEmail()
  @Type(() => String)
  inviteeEmail: string;
}
export class CreateUserInvitationResponse {
  @Expose()
  invitationLink: string;
}

// GET v1/infra/user-invitations
export class GetUserInvitationResponse {
  @Expose()
  inviteeEmail: string;

  @Expose()
  invitedOn: Date;
}

// DELETE v1/infra/user-invitations
export class DeleteUserInvitationRequest {
  @IsArray()
  @ArrayMinSize(1)
  @IsEmail({}, { each: true })
  @Type(() => String)
  inviteeEmails: string[];
}
export class DeleteUserInvitationResponse {
  @Expose()
  message: string;
}

// POST v1/infra/users
export class GetUsersRequestQuery extends OffsetPaginationArgs {
  @IsString()
  @IsOptional()
  @MinLength(1)
  searchString: string;
}
export class GetUserResponse {
  @Expose()
  uid: string;

  @Expose()
  displayName: string;

  @Expose()
  email: string;

  @Expose()
  photoURL: string;

  @Expose()
  isAdmin: boolean;

  @Expose()
  lastLoggedOn: Date;

  @Expose()
  lastActiveOn: Date;
}

// PATCH v1/infra/users/:uid
export class UpdateUserRequest {
  @IsOptional()
  @IsString()
  @MinLength(1)
  displayName: string;
}

// PATCH v1/infra/users/:uid/admin-status
export class UpdateUserAdminStatusRequest {
  @IsBoolean()
  isAdmin: boolean;
}
export class UpdateUserAdminStatusResponse {
  @Expose()
  message: string;
}

// Used for Swagger doc only, in codebase throwHTTPErr function is used to throw errors
export class ExceptionResponse {
  @Expose()
  message: string;

  @Expose()
  statusCode: number;
}

// Delete v1/infra/users/:uid
export class DeleteUserResponse {
  @Expose()
  message: string;
}

// GET v1/infra/users/:uid/workspaces
export class GetUserWorkspacesResponse {
  @Expose()
  id: string;

  @Expose()
  name: string;

  @Expose()
  role: string;

  @Expose()
  owner_count: number;

  @Expose()
  editor_count: number;

  @Expose()
  viewer_count: number;

  @Expose()
  member_count: number;
}
