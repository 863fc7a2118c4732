// Source: https://github.com/notiz-dev/nestjs-prisma-starter src/posts/dto/createPost.input.ts @ 225e5a906865df237a681c1ad228a3ecf2909326
// @nestjs/graphql decorators (@InputType, @ArgsType, @Field) stripped with their imports: @nestjs/graphql is not installed here.
import { IsNotEmpty } from 'class-validator';

export class CreatePostInput {
  @IsNotEmpty()
  content: string;

  @IsNotEmpty()
  title: string;
}
