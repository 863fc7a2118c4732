// The `PartialType` of @nestjs/swagger over the create DTO, as the swagger CLI plugin's documentation tells teams to write it.
import { PartialType } from '@nestjs/swagger';
import { CreateUserDto } from './create-user.dto';

export class UpdateUserDto extends PartialType(CreateUserDto) {}
