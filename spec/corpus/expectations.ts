/**
 * What contract v3.1 ("DTOs as real projects write them") expects of the corpus, DTO by DTO.
 * Written from the contract, not from a run: where the library does otherwise, dtos.spec.ts fails.
 */

/**
 * DTOs the contract allows to be refused: a `@Matches` pattern RE2 cannot run on a value with no
 * maxLength, OLT015 (`code`). The message names the property. (Since v3.2 nothing that a
 * ValidationPipe takes is refused for want of a type: see EXPECTED_UNTYPED.)
 */
export const EXPECTED_REFUSED: Readonly<Record<string, { readonly property: string; readonly why: string; readonly code: 'OLT015' }>> = {
  // v3.1, "Patterns RE2 cannot run": only leading positive lookaheads after `^` run in linear time; any
  // other lookaround is enforced by class-validator "only within a length bound the definition states
  // (the slot's maxLength, else OLT015 with that fix)". These values have no maxLength.
  'auth-app-nestjs/CreatePasswordDto': {
    property: 'newPassword',
    code: 'OLT015',
    why: '@Matches(/(?=.*\\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[a-zA-Z]).{8,}/) is not anchored by ^ (so not the leading-lookahead idiom), and newPassword has no @MaxLength',
  },
  'postiz/RedditSettingsDtoInner': { property: 'url', code: 'OLT015', why: "a negative lookahead `(?!www)` in url's @Matches, and url has no @MaxLength" },
  'postiz/RedditSettingsValueDto': { property: 'url', code: 'OLT015', why: 'holds RedditSettingsDtoInner' },
  'postiz/RedditSettingsDto': { property: 'url', code: 'OLT015', why: 'holds RedditSettingsValueDto' },
};

/**
 * v3.2, "Nothing that a ValidationPipe takes is refused": the DTO properties that no source types (an
 * erased design type, and no hint, class-validator type rule or swagger type names it; this corpus
 * has its `@ApiProperty` decorators stripped), each accepted as what class-validator enforces and
 * named by an OLT016 warning, `Owner.property`, DTO by DTO.
 */
export const EXPECTED_UNTYPED: Readonly<Record<string, readonly string[]>> = {
  // @ValidateNested() on a union type alias, no @Type: an object or an array, as class-validator takes it.
  'amplication/create-pr-request.value:Value': ['Value.gitProviderProperties', 'Value.gitResourceMeta'],
  // A custom @IsJSONValue() and @IsOptional() on type aliases (erased): any JSON value.
  'amplication-generated/PluginCreateInput': ['PluginCreateInput.categories', 'PluginCreateInput.taggedVersions'],
  'amplication-generated/PluginUpdateInput': ['PluginUpdateInput.categories', 'PluginUpdateInput.taggedVersions'],
  'amplication-generated/PluginVersionCreateInput': ['PluginVersionCreateInput.configurations', 'PluginVersionCreateInput.settings'],
  'amplication-generated/PluginVersionUpdateInput': ['PluginVersionUpdateInput.configurations', 'PluginVersionUpdateInput.settings'],
  // `photo?: FileDto | null` with only @IsOptional(); `firstName: string | null` with only @IsNotEmpty() (their @ApiProperty stripped).
  'brocoders/AuthUpdateDto': ['AuthUpdateDto.photo'],
  'brocoders/CreateUserDto': ['CreateUserDto.firstName', 'CreateUserDto.lastName', 'CreateUserDto.photo'],
  'brocoders/UpdateUserDto': ['UpdateUserDto.firstName', 'UpdateUserDto.lastName', 'UpdateUserDto.photo'],
  // `T[]` of an interface with only @IsArray(): any array.
  'ghostfolio/CreateAccessDto': ['CreateAccessDto.filters'],
  'ghostfolio/CreateAccountWithBalancesDto': ['CreateAccountWithBalancesDto.balances'],
  'ghostfolio/CreateAssetProfileWithMarketDataDto': ['CreateAssetProfileWithMarketDataDto.marketData'],
  'ghostfolio/ImportDataDto': ['CreateAccountWithBalancesDto.balances', 'CreateAssetProfileWithMarketDataDto.marketData'],
  'ghostfolio/UpdateAccessDto': ['UpdateAccessDto.filters'],
  'ghostfolio/UpdateHoldingTagsDto': ['UpdateHoldingTagsDto.tags'],
  // `'filters.accounts'?: string[] | null` with only @IsArray(), and `xRayRules?: XRayRulesSettings` with only @IsOptional().
  'ghostfolio/UpdateUserSettingDto': [
    'UpdateUserSettingDto.filters.accounts',
    'UpdateUserSettingDto.filters.assetClasses',
    'UpdateUserSettingDto.filters.tags',
    'UpdateUserSettingDto.xRayRules',
  ],
  // `data?: TenantCustomData` (a Record alias) with only @IsOptional().
  'novu/UpdateTenantRequestDto': ['UpdateTenantRequestDto.data'],
};

/**
 * Departures that hold anywhere, each a contract line, so not listed per DTO:
 * - `schema-phrase`: the schema accepts what a rule with no keyword refuses, and that rule is a
 *   phrase in the property's description and a warning ("Rules the schema cannot say", v3).
 * - `null-as-absent`: the schema does not offer `null` on an optional property that is not nullable,
 *   and the invoker takes an explicit `null` there as absence ("Null and absence").
 * - `safe-integer`: `@IsInt()` means `Int`, the safe range (Types table); class-validator takes any
 *   integral number, 2^53 included.
 */
export const DEPARTURES_ANYWHERE = ['schema-phrase', 'null-as-absent', 'safe-integer'] as const;

/**
 * The departures of v3.1 ("Departures kept") that each DTO may show, and why. A DTO that is not
 * listed here (and is accepted) must agree with class-validator and with its own schema on every
 * argument, except by the departures that hold anywhere.
 *
 * - `ts-type`: the TypeScript type is part of the contract: a property whose rules check no JSON
 *   type (only `@IsNotEmpty`, `@Allow`, `@IsOptional`, or rules under a `@ValidateIf` that skips them)
 *   still refuses a value of another type.
 * - `nested-without-ValidateNested`: a nested DTO is validated with or without `@ValidateNested`
 *   (and when a `@ValidateIf` skips the property).
 * - `unknown-key-at-depth`: unknown keys are refused at every depth.
 * - `parse-transform`: a `@Transform` that parses text into another JSON type is not served (the
 *   definition warns).
 * - `primitive-type-conversion`: the same parse idiom written as `@Type(() => Number)` (or
 *   `String`, `Boolean`): class-transformer turns `true` into `1`, the model must send the number.
 *   (Not named by the contract in these words; the judge counts it with `parse-transform`.)
 */
export const ALLOWED_DEPARTURES: Readonly<Record<string, readonly string[]>> = {
  // @IsNotEmpty() alone, or @Allow(): the TypeScript type decides the JSON type.
  'brocoders/AuthAppleLoginDto': ['ts-type'],
  'brocoders/AuthConfirmEmailDto': ['ts-type'],
  'brocoders/AuthEmailLoginDto': ['ts-type'],
  'brocoders/AuthGoogleLoginDto': ['ts-type'],
  'brocoders/AuthRegisterLoginDto': ['ts-type'],
  'brocoders/AuthResetPasswordDto': ['ts-type'],
  'realworld/CreateUserDto': ['ts-type'],
  'realworld/LoginUserDto': ['ts-type'],
  'nestjs-prisma-starter/CreatePostInput': ['ts-type'],
  'nestjs-prisma-starter/LoginInput': ['ts-type'],
  'nestjs-prisma-starter/SignupInput': ['ts-type'],
  'nestjs-prisma-starter/ChangePasswordInput': ['ts-type'],
  'hoppscotch/SaveOnboardingConfigRequest': ['ts-type'],
  // @ValidateIf: class-validator skips the rules, the type still holds.
  'ghostfolio/CreateAccountDto': ['ts-type'],
  'hoppscotch/CreateAccessTokenDto': ['ts-type'],
  'postiz/AddTeamMemberDto': ['ts-type'],
  'postiz/CreateOrgUserDto': ['ts-type'],
  'postiz/LoginUserDto': ['ts-type'],
  'postiz/ForgotReturnPasswordDto': ['ts-type'],
  'postiz/SaveMediaInformationDto': ['ts-type'],
  'postiz/RedditSettingsDtoInner': ['ts-type', 'nested-without-ValidateNested', 'unknown-key-at-depth'],
  'postiz/RedditSettingsValueDto': ['ts-type', 'nested-without-ValidateNested', 'unknown-key-at-depth'],
  'postiz/RedditSettingsDto': ['ts-type', 'nested-without-ValidateNested', 'unknown-key-at-depth'],
  // v3.2 accepts them (their untyped slots are OLT016 warnings): the other brocoders DTOs' departures, and
  // role/status (`@Type(() => RoleDto)` without @ValidateNested).
  'brocoders/AuthUpdateDto': ['ts-type'],
  'brocoders/CreateUserDto': ['ts-type', 'nested-without-ValidateNested', 'unknown-key-at-depth'],
  'brocoders/UpdateUserDto': ['ts-type', 'nested-without-ValidateNested', 'unknown-key-at-depth'],
  // @Type(() => UpdateMarketDataDto) without @ValidateNested.
  'ghostfolio/UpdateBulkMarketDataDto': ['nested-without-ValidateNested', 'unknown-key-at-depth'],
  // @Transform that parses JSON text (query-string idioms).
  'brocoders/QueryUserDto': ['parse-transform', 'primitive-type-conversion'],
  'novu/GetNotificationsCountRequestDto': ['parse-transform'],
  'novu/GetNotificationsRequestDto': ['parse-transform', 'primitive-type-conversion'],
  // `@Transform(({ value }) => value === 'true')`: the query-string boolean (a JSON `true` becomes `false`).
  'ghostfolio/GetPerformanceDto': ['parse-transform'],
  'ghostfolio/GetBenchmarkMarketDataDto': ['parse-transform'],
  // @Type(() => Number) / @Type(() => String) on a primitive.
  'brocoders/SortUserDto': ['primitive-type-conversion'],
  'hoppscotch/PaginationArgs': ['primitive-type-conversion'],
  'hoppscotch/OffsetPaginationArgs': ['primitive-type-conversion'],
  'hoppscotch/GetUsersRequestQuery': ['primitive-type-conversion'],
  'hoppscotch/CreateUserInvitationRequest': ['primitive-type-conversion'],
  'hoppscotch/DeleteUserInvitationRequest': ['primitive-type-conversion'],
};

/**
 * Where class-validator's verdict cannot be the judge, and why. Kept apart so that each one is a
 * visible decision, not a silent pass.
 */
export const JUDGE_EXCEPTIONS: Readonly<Record<string, { readonly kinds: readonly string[]; readonly why: string }>> = {
  'amplication/create-pr-request.value:Value': {
    kinds: ['unexplained-invoker-accepts'],
    why:
      "@ValidateNested() over a type alias with no @Type leaves a plain object, which the judge's class-validator (forbidUnknownValues at its default, true) " +
      'refuses as an unknown value; the contract runs class-validator with forbidUnknownValues: false ("Hydration": unknown keys are already refused), ' +
      'so the invoker takes the object that the OLT016 warning names',
  },
  'amplication/code-generation-failure.value:Value': {
    kinds: ['unexplained-invoker-accepts'],
    why:
      'an undecorated field (`errorMessage?: string`) compiled with class fields (ES2022) is an own property of every instance, ' +
      'so forbidNonWhitelisted refuses every object; the reflector shows decorated properties only',
  },
};

/** The share of DTOs accepted, of those that carry type information (the contract's goal: 95%). */
export const ACCEPTED_GOAL = 0.95;

/**
 * The swagger corpus (projects whose nest-cli.json names the @nestjs/swagger plugin, compiled with
 * the real plugin: spec/corpus/swagger-plugin.spec.ts): the departures each DTO may show beyond
 * DEPARTURES_ANYWHERE, and why.
 */
export const SWAGGER_ALLOWED_DEPARTURES: Readonly<Record<string, readonly string[]>> = {
  // `customerId: string | null` under @IsNotEmpty() alone: the plugin's metadata names String, the TypeScript type, which is the contract.
  'swagger-plugin/CreateOrderDto': ['ts-type'],
  // `city?: string | null` under @IsOptional() alone (ts-type); `${value}`.trim() on password makes any value text (parse-transform, warned).
  'swagger-plugin/CreateUserDto': ['ts-type', 'parse-transform'],
  'swagger-plugin/UpdateUserDto': ['ts-type', 'parse-transform'],
  // `@Type(() => Number)` on page and limit: the query-string parse idiom (primitive-type-conversion).
  'swagger-plugin/ListOrdersDto': ['primitive-type-conversion'],
};
