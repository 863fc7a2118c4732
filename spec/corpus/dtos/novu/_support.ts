// Stand-ins for the modules novu's DTOs import that are not here:
// - ChannelTypeEnum (packages/shared/src/types/channel/index.ts) and the types named only as types;
// - IsImageUrl (apps/api/src/app/shared/validators/image.validator.ts), copied;
// - Constructor and CursorPaginationParams (apps/api/src/app/shared/types.ts), copied;
// - BadRequestException of @nestjs/common (an ES module that jest's CommonJS runtime cannot load):
//   a class of the same name and message.
// Source: https://github.com/novuhq/novu @ 74a2e9a6a295cd5a17aa9806914b4574fecce737
import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';

export enum ChannelTypeEnum {
  IN_APP = 'in_app',
  EMAIL = 'email',
  SMS = 'sms',
  CHAT = 'chat',
  PUSH = 'push',
}

export type TenantCustomData = Record<string, unknown>;
export interface IUpdateTenantDto { identifier?: string; name?: string; data?: TenantCustomData }
export interface IUpdateUserProfile { firstName?: string; lastName?: string; profilePicture?: string }
export interface NotificationFilter { tags?: string[]; read?: boolean; archived?: boolean }

export type Constructor<I> = new (...args: any[]) => I;

export type CursorPaginationParams = {
  limit: number;
  after?: string;
  offset: number;
};

export class BadRequestException extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadRequestException';
  }
}

export function IsImageUrl(validationOptions?: ValidationOptions) {
  return function (object: object, propertyName: string) {
    registerDecorator({
      name: 'isImageUrl',
      target: object.constructor,
      propertyName,
      options: validationOptions,
      validator: {
        validate(value: any, args: ValidationArguments) {
          void args;
          const validExtensions = ['jpg', 'jpeg', 'png', 'gif', 'svg'];
          const extension = value.split('.').pop();
          if (!extension) return false;

          return validExtensions.indexOf(extension) !== -1;
        },
      },
    });
  };
}
