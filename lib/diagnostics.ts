/**
 * The diagnostics catalogue: every message of every contract code, defined once. The reflector
 * (`ToolDefinitionError`) and the compile-time plugin (a TypeScript diagnostic) both take their text
 * from here, so the same problem reads the same whichever of them finds it. A message says what is
 * wrong, then how to fix it; where it stands (tool, parameter, property) is added by the reporter.
 */

/** The contract's codes and what each means (CONTRACT, "Diagnostics"). */
export const CODES = {
  OLT002: 'A parameter or property type has no schema',
  OLT003: 'The declared return type is not supported, or the member cannot be a tool',
  OLT004: 'The method is generic (plugin only)',
  OLT006: 'A type refers to itself in a way no schema can write',
  OLT007: 'Two tools in one class (or one tool set) have the same name',
  OLT008: 'The tool name is not 1–64 ASCII letters, digits, _ or - (or there is none)',
  OLT009: 'More than one ToolContext or AbortSignal parameter',
  OLT012: 'No design metadata',
  OLT013: 'A DTO class shows no property, or cannot be constructed without arguments',
  OLT014: "A parameter's name cannot be read and none is given",
  OLT015: 'A hint contradicts the design type, or an option is invalid',
  OLT016: 'A DTO property whose type no source names: accepted as what class-validator enforces (a warning; an error under strictTypes and check --strict)',
} as const;

/** The diagnostic codes of the contract (shared with the compile-time plugin). */
export type ToolErrorCode = keyof typeof CODES;

/** One diagnosis: its code and its text. */
export interface Diagnosis {
  readonly code: ToolErrorCode;
  readonly text: string;
}

const quoted = (names: readonly string[]) => names.map((n) => `'${n}'`).join(', ');

const entry =
  <A extends unknown[]>(code: ToolErrorCode, text: (...args: A) => string) =>
  (...args: A): Diagnosis => ({ code, text: text(...args) });

/**
 * Types that name a runtime value with no JSON form: refused as a parameter or property type (OLT002),
 * by the reflector (a constructor of this name that is the global one) and by the plugin (a global
 * library type of this name).
 */
export const REFUSED_TYPES: ReadonlySet<string> = new Set(['Function', 'Symbol', 'Promise', 'WeakMap', 'WeakSet', 'WeakRef', 'RegExp', 'Error']);

/**
 * What `import type` does to a class in a decorated signature, and the two fixes. TypeScript records
 * `Function` for a class it may name only as a type (a full program: tsc, the Nest CLI) and `Object`
 * where each file is compiled alone (isolatedModules transpilers); the compiled code keeps no trace
 * of the type's name, so the text names the likely cause and its fixes.
 */
const TYPE_IMPORT_FIX =
  "Import the class as a value, not with `import type` (import { CreateOrderDto } from './create-order.dto', or from './create-order.dto.js' in an ES module project; for a context parameter, import { ToolContext } from 'tool-signatures'), or build with the plugin (tool-signatures/plugin: ts-patch, ts-jest, or nest-cli.json \"plugins\"), which reads the type from the source and needs no value import.";

/** The fix for each design type that erases what it holds. */
const ERASED_FIX = {
  Object: `Give the type as a hint: @Param({ type: ... }) or @Prop({ type: ... }) (interfaces, unions, type aliases and Partial<T> are erased: ObjectOf({ ... }) for an object type, AnyOf(...) for a union; any and unknown are JsonValue), or compile with the plugin, which reads them. A class imported with \`import type\` is erased to Object too when each file is compiled alone (isolatedModules): ${TYPE_IMPORT_FIX}`,
  Array:
    'Give the element type: @Param({ type: () => [Item] }) (or @Type(() => Item) on a property); any[] and unknown[] are JsonArray. A tuple ([string, number]) has no schema: take a class with named properties instead.',
  Set: 'Give the element type: SetOf(Item).',
  Map: 'Give the value type: RecordOf(Item).',
} as const;

const TOOL_NAME_FIX = "Give one: @Tool({ name: 'get_docket' }), or Tool.create(fn, { name: 'get_docket' }).";
/** What an MCP server serves besides tools. */
export type ServedKind = 'prompt' | 'resource' | 'resource template';

const ANOTHER_NAME = "Give one another name: @Tool({ name: '...' })";

/** Every message, by the situation it describes. */
export const DIAGNOSTICS = {
  // OLT002: a type has no schema
  erased: entry('OLT002', (what: keyof typeof ERASED_FIX) => `its type was erased to ${what}. ${ERASED_FIX[what]}`),
  typeImported: entry(
    'OLT002',
    () =>
      `its type was erased to Function, which TypeScript records for a class imported with \`import type\` (as a consistent-type-imports lint rule writes it), a ToolContext among them, and for a function type, which has no JSON Schema. ${TYPE_IMPORT_FIX}`,
  ),
  undefinedType: entry(
    'OLT002',
    () => 'its type is undefined (an import cycle leaves a design type undefined). Give the type as a lazy hint: @Param({ type: () => Item }).',
  ),
  arrayHintArity: entry(
    'OLT002',
    () =>
      'an array hint has exactly one element type, like [Item]. A tuple has no schema (an array hint would take any length and any order): take a class with named properties, or an ObjectOf shape, instead.',
  ),
  refusedType: entry('OLT002', (name: string) => `${name} has no JSON Schema and cannot be a tool parameter or property.`),
  runtimeOnly: entry('OLT002', (name: string) => `${name} is filled in by the runtime; it can only be a tool method's own parameter.`),
  enumMemberKinds: entry('OLT002', (found: string) => `an enum must have only string members or only numeric members (found ${found}).`),
  mixedEnum: entry('OLT002', (name: string) => `the enum ${name} mixes string and number members. Use only one kind.`),
  computedEnum: entry('OLT002', (name: string) => `the enum ${name} has a computed member; its values cannot be read.`),
  literalKinds: entry(
    'OLT002',
    (found: readonly string[]) => `a literal union must hold only strings, only numbers or only booleans (found ${found.join(' and ')}).`,
  ),
  restParameter: entry('OLT002', () => 'rest parameters are not supported. Take an array parameter instead.'),
  adHocWithoutTypes: entry(
    'OLT002',
    () =>
      'an ad-hoc function has no design types. Give the type in Tool.create options.params (by name, or an array in parameter order), or a literal default.',
  ),
  tuple: entry(
    'OLT002',
    () => 'tuples have no schema. An array would take any length and any order: take a class with named properties, or an ObjectOf shape, instead.',
  ),
  nonStringKeys: entry('OLT002', () => 'a map or record needs string keys (JSON object keys are strings).'),
  union: entry('OLT002', (written: string) => `the union ${written} has no schema. Use one type (T or T | null), a literal union, an enum, or JsonValue.`),
  typeParameter: entry('OLT002', (written: string) => `the type parameter ${written} has no schema.`),
  symbol: entry('OLT002', () => 'a symbol has no JSON Schema.'),
  noSchema: entry('OLT002', (written: string) => `the type ${written} has no schema.`),
  emptyArrayLiteral: entry('OLT002', () => 'its element type is unknown (an empty array literal). Annotate it: tags: string[] = [].'),
  genericClass: entry('OLT002', (name: string) => `${name} is generic: a generic class has no single schema. Declare a class for each use.`),
  function: entry('OLT002', () => 'a function has no JSON Schema.'),
  propertiesAndIndex: entry(
    'OLT002',
    (written: string) =>
      `the type ${written} has both named properties and an index signature, and a schema is either a closed object or a record. Declare only the named properties (an object), or only the index signature (a record: Record<string, T>).`,
  ),
  // v3.2: what the definition says of a DTO property no source types (a warning; an error under strictTypes).
  untypedProperty: entry(
    'OLT016',
    (as: 'any' | 'array' | 'object' | 'nested') =>
      `no source names its type (its design type was erased, and no hint, plugin type, class-validator type rule or @nestjs/swagger type names it), so it accepts ${as === 'any' ? 'any JSON value' : as === 'array' ? 'any array' : as === 'object' ? 'any object' : 'any object or array'}, as class-validator does. Name its type: a class-validator rule (${as === 'array' ? '@IsString({ each: true }), or @Type(() => Item)' : '@IsString(), @IsNumber(), @IsBoolean(), @IsEnum(E), or @ValidateNested() with @Type(() => Dto)'}), @Prop({ type: ... }), @ApiProperty({ type: ... }), or compile with the tool-signatures plugin.`,
  ),
  // v3.1: a DTO property whose design type was erased takes its type from its class-validator rules.
  erasedRulesDisagree: entry(
    'OLT002',
    (what: 'Object' | 'Array', rules: readonly string[]) =>
      `its type was erased to ${what}, and its class-validator rules name different types (${rules.join(', ')}), which no value passes together. Keep the one rule that names its type, or give the type as a hint: @Prop({ type: ... }).`,
  ),
  noRuntimeClass: entry('OLT002', (what: string) => `${what} has no runtime class to build a schema from. Declare it as a class (a DTO), or use JsonObject.`),

  // OLT003: the member cannot be a tool, or the return type is not supported
  staticMethod: entry(
    'OLT003',
    (owner: string, member: string) =>
      `a static method cannot be a tool. Make it an instance method, or use Tool.create(${owner}.${member}.bind(${owner}), { name: ... }).`,
  ),
  notAMethod: entry('OLT003', () => 'a getter, setter or field cannot be a tool. Decorate a method instead.'),
  returnType: entry(
    'OLT003',
    (how: 'declared' | 'inferred', reason: string) =>
      `the ${how} return type is not supported: ${reason}${how === 'declared' ? '' : ' No output schema is written; declare the return type to have one.'}`,
  ),
  notToolsetItem: entry('OLT003', () => 'ToolSet.add takes a tool definition or an instance of a class with @Tool methods.'),
  noToolMethods: entry(
    'OLT003',
    (name: string, orCreate: boolean) =>
      `${name} has no @Tool methods. Decorate its tool methods with @Tool()${orCreate ? ', or add a definition made by Tool.create' : ''}.`,
  ),
  notAnInstance: entry('OLT003', () => 'Tool.fromInstance takes an instance of a class with @Tool methods.'),
  notAToolMethod: entry('OLT003', (owner: string, member: string) => `${owner}.${member} is not a @Tool method. Decorate it with @Tool().`),
  jsonSchemaTool: entry('OLT015', (why: string) => `Tool.fromJsonSchema: ${why}`),
  createArguments: entry('OLT003', () => 'Tool.create takes a function, or an instance and the name of its @Tool method.'),

  servedStatic: entry('OLT003', (what: ServedKind) => `a static method cannot be a ${what}. Make it an instance method.`),
  servedNotAMethod: entry('OLT003', (what: ServedKind) => `a getter, setter or field cannot be a ${what}. Decorate a method instead.`),
  noServedMethods: entry('OLT003', (name: string) => `${name} has no @Tool, @Prompt, @Resource or @ResourceTemplate methods. Decorate the methods it serves.`),

  // OLT004: generic (plugin only)
  generic: entry(
    'OLT004',
    (what: 'method' | 'function') => `a generic ${what} cannot be a tool: its parameter types have no single schema. Give it concrete types.`,
  ),

  // OLT006: a type refers to itself
  selfReference: entry(
    'OLT006',
    (name: string) =>
      `${name} refers to itself (directly or through its members). Tool arguments are trees: flatten the type, or use JsonValue for the recursive part.`,
  ),
  taggedCycle: entry(
    'OLT006',
    (value: string) =>
      `the member '${value}' of a tagged union contains that same union. Use AnyOf for a union inside its own member, or move the recursion into a class property.`,
  ),
  selfReferentType: entry('OLT006', () => 'the type refers to itself.'),
  anonymousShapeCycle: entry(
    'OLT006',
    () =>
      "an ObjectOf shape without a name is on a cycle (it refers to itself, directly or through its members), and a recursive type is written once in $defs under its name. Name it: ObjectOf({ ... }, { name: 'Tree' }).",
  ),

  // OLT007: two tools with one name
  sameName: entry('OLT007', (name: string, first: string, second: string) => `two tools are named '${name}' (${first} and ${second}). ${ANOTHER_NAME}.`),
  sameNameInSet: entry('OLT007', (name: string) => `two tools are named '${name}' in one tool set. ${ANOTHER_NAME}.`),
  sameNameInApplication: entry(
    'OLT007',
    (name: string, first: string, second: string) =>
      `two tools are named '${name}' in the application: ${first} and ${second}. ${ANOTHER_NAME}, give the classes name prefixes (@Tools({ prefix: 'orders' }) on a class, or ToolsModule.forRoot({ prefix })), or provide the class in one module only.`,
  ),
  sameNameExported: entry(
    'OLT007',
    (name: string, first: string, second: string) =>
      `two tools are named '${name}' (${first} and ${second}). Give one another name (@Tool({ name: '...' }) or Tool.create(fn, { name: '...' })), or export only one of them.`,
  ),

  sameServed: entry(
    'OLT007',
    (what: ServedKind, key: string, first: string, second: string) =>
      `two ${what}s ${what === 'prompt' ? 'are named' : 'have the URI'} '${key}' (${first} and ${second}). Give one another ${what === 'prompt' ? 'name' : 'URI'}.`,
  ),
  sameServedInSet: entry(
    'OLT007',
    (what: ServedKind, key: string) =>
      `two ${what}s ${what === 'prompt' ? 'are named' : 'have the URI'} '${key}' in one tool set. Give one another ${what === 'prompt' ? 'name' : 'URI'}.`,
  ),

  // OLT008: the tool name
  badToolName: entry('OLT008', (name: string) => `the tool name '${name}' is not 1–64 ASCII letters, digits, '_' or '-'. ${TOOL_NAME_FIX}`),
  prefixedToolName: entry(
    'OLT008',
    (name: string, prefix: string) =>
      `the tool name '${name}' (with the prefix '${prefix}') is longer than 64 characters. Give a shorter name or prefix: @Tool({ name: '...' }), @Tools({ prefix: '...' }).`,
  ),
  anonymousFunction: entry('OLT008', () => `an anonymous function has no name. ${TOOL_NAME_FIX}`),
  symbolName: entry('OLT008', () => 'a symbol-named method has no tool name. Give one: @Tool({ name: "..." }).'),

  symbolServed: entry(
    'OLT008',
    (decorator: string) => `a symbol-named method has no name. Give one: @${decorator}(${decorator === 'Prompt' ? '' : "'uri', "}{ name: "..." }).`,
  ),

  // OLT009: runtime-filled parameters
  atMostOne: entry('OLT009', (runtime: 'ToolContext' | 'AbortSignal') => `a tool takes at most one ${runtime} parameter.`),

  // OLT012: no design metadata
  noDesignMetadata: entry(
    'OLT012',
    () =>
      'there is no design metadata: emitDecoratorMetadata is off, the build tool does not emit it (esbuild, tsx, Vite, SWC without decoratorMetadata), or reflect-metadata is not loaded. Set "experimentalDecorators" and "emitDecoratorMetadata" in tsconfig.json and import \'reflect-metadata\' first, give the type as a hint, or import the module that `tool-signatures generate` writes.',
  ),
  // The reflector also needs emitDecoratorMetadata; under the plugin, experimentalDecorators is enough.
  standardDecorator: entry(
    'OLT012',
    (decorator: string) =>
      `@${decorator} was compiled as a TC39 standard decorator, which records no design metadata. Set "experimentalDecorators": true and "emitDecoratorMetadata": true in tsconfig.json, or use the tool-signatures plugin's generated module.`,
  ),
  standardDecorators: entry(
    'OLT012',
    () =>
      'the decorators are compiled as TC39 standard decorators, which cannot decorate parameters nor record design metadata. Set "experimentalDecorators": true in tsconfig.json.',
  ),
  classNotExported: entry(
    'OLT012',
    (name: string) => `${name} is not exported, so the generated module cannot reach it. Export it, or compile with the transformer.`,
  ),
  // Only the parameters whose types options.params does not give are named: a warning about given ones would be noise.
  functionNotExported: entry(
    'OLT012',
    (missing: readonly string[]) =>
      `the function given to Tool.create is not exported, so the generated module cannot reach it. Export it, give the types of ${quoted(missing)} in Tool.create options.params, or compile with the transformer.`,
  ),
  functionNotNamed: entry(
    'OLT012',
    (missing: readonly string[]) =>
      `the generated module can only describe a named, exported function given to Tool.create; give the types of ${quoted(missing)} in options.params, or compile with the transformer.`,
  ),
  // The generated module imports the tool modules to reach their classes, so their bodies run before its own.
  toolsAtTopLevel: entry(
    'OLT012',
    (specifier: string) =>
      `this module builds tools at its top level, which runs before the generated module registers its metadata (the generated module imports this one). Import the generated module first in this module: import '${specifier}';`,
  ),
  generatedImportedFirst: entry(
    'OLT012',
    (modules: readonly string[]) =>
      `importing the generated module before ${modules.join(', ')} runs it first: it imports ${modules.length > 1 ? 'them' : 'that module'}, whose top-level tools are then built before the metadata is registered. Import ${modules.join(', ')} before it here, or leave this import out (a module that builds tools at its top level imports the generated module first itself).`,
  ),
  staleGenerated: entry(
    'OLT012',
    (module: string, changed: readonly string[], regenerate: string) =>
      `${module} is stale: ${changed.join(', ')} changed after it was generated, so its schemas would be the old ones. Run \`${regenerate}\` again (or keep \`${regenerate} --watch\` running).`,
  ),

  // OLT013: DTO classes
  // At run time only decorated properties can be seen; the plugin sees the declaration.
  noPropertySeen: entry(
    'OLT013',
    (name: string) =>
      `${name} shows no property. Decorate its properties (@Prop(), @Description, or class-validator / class-transformer decorators) so that the reflector can see them.`,
  ),
  notElicitable: entry(
    'OLT002',
    (name: string, why: string) =>
      `property '${name}' cannot be asked through MCP elicitation (${why}): a form takes only strings, numbers, integers, booleans and string enums, without nesting. Ask for a flatter DTO.`,
  ),
  badChoiceTitles: entry(
    'OLT002',
    (name: string, why: string) =>
      `the titles given for '${name}' cannot be sent (${why}): titles go to a field whose values are a string enum, or an array of string enum items, one title per value of the enum.`,
  ),
  noProperty: entry('OLT013', (name: string) => `${name} shows no property. A DTO needs at least one public instance property.`),
  notConstructible: entry(
    'OLT013',
    (name: string, cause?: string) =>
      `${name} cannot be constructed without arguments${cause !== undefined ? ` (${cause})` : ''}. A DTO needs a constructor that takes none (or only optional parameters).`,
  ),

  // OLT014: parameter names
  unreadableName: entry(
    'OLT014',
    () =>
      'its name cannot be read from the source (destructured other than as Tool.create\'s flat object input, minified, bound or native). Give it: @Param({ name: "..." }), or, for Tool.create, options.params as an array in parameter order: [{ name: "input", type: ... }].',
  ),
  destructured: entry('OLT014', () => 'a destructured parameter has no name. Give it: @Param({ name: "..." }), or take a DTO class instead.'),

  // OLT015: a hint contradicts the design type, or an option is invalid
  badResourceUri: entry(
    'OLT015',
    (uri: string) => `the resource URI '${uri}' is not a URI: write a scheme, a colon and the rest ('docs://readme'), at most 2048 characters.`,
  ),
  badUriTemplate: entry(
    'OLT015',
    (template: string, why: string) =>
      `the URI template '${template}' is not an RFC 6570 level-1 template: ${why}. Write each variable as {name} (letters, digits and _), with text between two variables.`,
  ),
  templateVariables: entry(
    'OLT015',
    (template: string, detail: string) =>
      `the URI template '${template}' does not match the method's parameters: ${detail}. Each variable names a parameter, and each parameter is a variable.`,
  ),
  resourceArguments: entry(
    'OLT015',
    (uri: string, names: readonly string[]) =>
      `the resource '${uri}' has a fixed URI and takes no arguments, but its method has ${names.map((n) => `'${n}'`).join(', ')}. Make it a @ResourceTemplate('...{${names[0]}}...'), or remove the parameters.`,
  ),
  contradiction: entry('OLT015', (hint: string, declared: string) => `the type hint (${hint}) contradicts the declared type ${declared}.`),
  // A warning of the plugin and `check`: the hint wins at run time, so the schema takes more than the type allows.
  looserHint: entry(
    'OLT015',
    (hint: string, declared: string, exact: string) =>
      `the type hint ${hint} is looser than the declared type ${declared}: the schema would accept values the type does not. Remove the hint (the plugin reads the type), or give the exact one: ${exact}.`,
  ),
  memberWithoutType: entry(
    'OLT015',
    (given: readonly string[]) =>
      `an AnyOf member given as options (${given.length > 0 ? given.join(', ') : 'none'}) names no type. Give the member's type: AnyOf({ type: String, minLength: 1 }, [String]).`,
  ),
  unionArity: entry('OLT015', (count: number) => `AnyOf takes two or more member types (found ${count}). For one type, give the type itself.`),
  taggedMember: entry(
    'OLT015',
    (value: string) =>
      `the member '${value}' of a tagged union is not a DTO class or an ObjectOf shape. Discriminated(tag, { ${value}: SomeClass }) takes classes and ObjectOf shapes only.`,
  ),
  defaultNotJson: entry(
    'OLT015',
    (given: string) =>
      `its default (${given}) has no JSON form to write. Give a string, number, boolean, enum member, Date, or an array or plain object made of them.`,
  ),
  invalidDefault: entry(
    'OLT015',
    (json: string, keyword: string) => `its default ${json} is not valid for its own schema (it fails '${keyword}'). Give a default that the slot accepts.`,
  ),
  taggedEmpty: entry('OLT015', () => "a tagged union needs a tag property name and at least one member: Discriminated('kind', { circle: Circle })."),
  thunkChain: entry('OLT015', () => 'a type hint thunk returns another thunk too many times.'),
  notAHint: entry(
    'OLT015',
    (given: string) =>
      `${given} is not a type hint. Give a constructor, a token such as Int32, [T], SetOf(T), RecordOf(T), Nullable(T), EnumOf(E), AnyOf(A, B), Discriminated(tag, { value: Class }), ObjectOf({ property: T }) or () => T.`,
  ),
  inverted: entry('OLT015', (lo: string, a: string, hi: string, b: string) => `${lo} ${a} is greater than ${hi} ${b}.`),
  pattern: entry(
    'OLT015',
    (written: string) => `pattern ${written} has flags or does not compile in Unicode (u) mode. Write it without flags, valid with the u flag.`,
  ),
  nonLinearPattern: entry(
    'OLT015',
    (written: string, why: string) =>
      `pattern ${written} cannot be matched in linear time (${why}). Write it without backreferences, lookbehind or negative lookahead (positive lookaheads right after ^ are matched in linear time).`,
  ),
  unboundedPattern: entry(
    'OLT015',
    (written: string) =>
      `@Matches pattern ${written} uses lookaround or a backreference, which cannot be matched in linear time, and its value has no maxLength: class-validator would run it on input of any length. Give the value a maxLength (@MaxLength(n), @Length(min, max) or the maxLength option), so that it runs only on values that short, or write the pattern without backreferences, lookbehind or negative lookahead.`,
  ),
  protoProperty: entry(
    'OLT015',
    () =>
      "an ObjectOf shape cannot have a property named '__proto__': JSON Schema validators ignore that name, so no value could ever be accepted for it. Rename it.",
  ),
  notApplicable: entry('OLT015', (option: string, kind: string) => `${option} does not apply to a value of JSON type ${kind}.`),
  unknownFormat: entry(
    'OLT015',
    (given: string, known: readonly string[]) =>
      `format '${given}' is not one the invoker checks (an unknown format would be written and never enforced). Use one of: ${known.join(', ')}; or a pattern.`,
  ),
  formatTaken: entry(
    'OLT015',
    (given: string, has: string) =>
      `format '${given}' cannot stand on a type whose format is already '${has}'. Remove the option, or give the slot the type String.`,
  ),
  outsideType: entry(
    'OLT015',
    (option: string, value: string, type: string, lo: string, hi: string) =>
      `${option} ${value} is outside the range of ${type} (${lo} to ${hi}). Give a bound inside it, or a wider type.`,
  ),
  eachTarget: entry(
    'OLT015',
    (kind: string) =>
      `each applies to the elements of an array or a Set, or the values of a record, not to a value of JSON type ${kind}. Write these options on the slot itself.`,
  ),
  eachEnum: entry(
    'OLT015',
    (kind: string) => `each.enum does not fit elements of type ${kind}: string values need string elements, numbers (or a numeric enum) number elements.`,
  ),
  enumBesideType: entry(
    'OLT015',
    (hint: string, listed: string) =>
      `the option enum (${listed}) does not fit the type hint ${hint}: an enum stands beside type String (string values), Number (numbers, or a numeric enum) or Boolean only. Give the enum alone ({ enum: [...] }, or type: EnumOf([...])); for the elements of an array, each: { enum: [...] }.`,
  ),
  eachOption: entry(
    'OLT015',
    (key: string, known: readonly string[]) => `each takes only the options of one element (${known.join(', ')}); '${key}' is not one of them.`,
  ),
  eachRuleOnRecord: entry(
    'OLT015',
    (rule: string) =>
      `class-validator checks a rule with { each: true } (${rule}) on the items of an array, a Set or a Map; on a plain-object record it checks the object itself. Declare the property as a Map, or write the element's options in @Prop({ each }).`,
  ),
  runtimeOptions: entry(
    'OLT015',
    (runtime: string, options: readonly string[]) =>
      `${/^[AEIOU]/.test(runtime) ? 'an' : 'a'} ${runtime} parameter is filled in by the runtime and never appears in the schema, so ${options.join(', ')} would have no effect. Remove ${options.length === 1 ? 'it' : 'them'}.`,
  ),
  unknownParamsKey: entry(
    'OLT015',
    (key: string, names: readonly string[]) =>
      `Tool.create options.params names '${key}', which is not a parameter of the function (${names.length > 0 ? `its parameters: ${names.join(', ')}` : 'it has none whose name can be read'}). Key the types by the parameter names, or give an array in parameter order.`,
  ),
  dtoInputSignature: entry(
    'OLT015',
    (found: string) =>
      `input: 'dto' takes a tool whose one argument parameter (a ToolContext and an AbortSignal aside) is a DTO class; this one has ${found}. Remove the option, or take the arguments as one DTO.`,
  ),
  dtoInputRecursive: entry(
    'OLT015',
    (name: string) =>
      `input: 'dto' cannot take ${name} as the whole input: it refers to itself, and an input schema's root must be a plain object. Take it as a parameter (input: 'parameters').`,
  ),
  inputOption: entry('OLT015', (given: string) => `the option input is ${given}; it is 'parameters' or 'dto'.`),
  taskOption: entry(
    'OLT015',
    (given: string) => `the option task is ${given}; it is 'optional', 'required', or { mode: 'optional' | 'required', start?: 'call' | 'detach' }.`,
  ),
  prefixOption: entry('OLT015', (given: string) => `the name prefix ${given} is not 1–63 ASCII letters, digits, '_' or '-'.`),
  unknownOption: entry(
    'OLT015',
    (decorator: string, key: string, known: readonly string[]) => `${decorator} has no option '${key}'. Its options are: ${known.join(', ')}.`,
  ),
  notPositive: entry('OLT015', (option: string, value: string) => `${option} ${value} is not a positive finite number.`),
  notFinite: entry('OLT015', (option: string, value: string, integer: boolean) => `${option} ${value} is not a finite ${integer ? 'integer' : 'number'}.`),
  tagValue: entry(
    'OLT015',
    (tag: string, value: string) => `the doc tag ${tag} ${value} is not JSON. Write a JSON value (a string slot takes the text as written).`,
  ),
  notNonNegative: entry('OLT015', (option: string, value: string) => `${option} must be a non-negative integer, not ${value}.`),
  timeout: entry('OLT015', (value: string) => `timeoutSeconds must be a finite number of seconds, 0 or more (0 means none), not ${value}.`),
  notBoolean: entry('OLT015', (option: string) => `${option} must be true or false.`),
  descriptionType: entry('OLT015', () => 'description must be a string.'),
  examplesShape: entry('OLT015', (tool: boolean) =>
    tool
      ? "examples must be an array of argument objects: @Tool({ examples: [{ city: 'Oslo' }] })."
      : "examples must be an array of values: @Param({ examples: ['Oslo'] }) or @Prop({ examples: ['Oslo'] }).",
  ),
  exampleNotJson: entry(
    'OLT015',
    (index: number, why: string) =>
      `example ${index} is not a JSON value: ${why}. Write examples as JSON (strings, finite numbers, booleans, null, arrays and plain objects; a bigint only within ±2^53, as a JSON number cannot hold more).`,
  ),
  exampleRefused: entry(
    'OLT015',
    (index: number, text: string) => `example ${index} is refused by the tool's own invoker: ${text} Fix the example, or the type it should fit.`,
  ),
  approvalType: entry('OLT015', () => 'requiresApproval must be true, false, or a function (args, ctx) => boolean.'),
  paramOnConstructor: entry('OLT015', () => '@Param decorates the parameters of a tool method, not of a constructor.'),
  propTarget: entry('OLT015', () => '@Prop decorates instance properties with string names.'),
  rangeTarget: entry('OLT015', () => '@Range decorates a tool parameter or a DTO property.'),
  descriptionText: entry('OLT015', () => '@Description takes a string.'),
  descriptionTarget: entry('OLT015', () => '@Description decorates a class, a method, a parameter or a property.'),
} as const;

/**
 * Definition warnings (`ToolDefinition.warnings`) that the schema layer writes about a DTO property:
 * what the schema leaves out so that it accepts only what class-validator accepts.
 */
export const WARNINGS = {
  nullRefused: (property: string, rules: readonly string[]) =>
    `property ${property}: its type allows null, but its class-validator rules (${rules.join(', ')}) refuse null and there is no @IsOptional() or @ValidateIf(): the schema does not offer null. Add @IsOptional() to accept null.`,
  untyped: (property: string, as: 'any' | 'array' | 'object' | 'nested') => `OLT016: property ${property}: ${DIAGNOSTICS.untypedProperty(as).text}`,
  typesDisagree: (property: string, winner: string, loser: string) =>
    `property ${property}: ${winner} and ${loser} name different types; the first stands, as the earlier source (a hint, the plugin's type, class-validator's rules, then @nestjs/swagger). Make them agree.`,
  swaggerExample: (property: string, example: string, type: string) =>
    `property ${property}: the @nestjs/swagger example ${example} is not a value of its type (${type}) and is not written. Fix the example.`,
  dateWithoutType: (property: string) =>
    `property ${property}: @IsDate() without @Type(() => Date): class-transformer leaves the JSON string a string, so class-validator on its own (a NestJS ValidationPipe) would refuse every JSON value here ("must be a Date instance"). This tool converts the date-time string to a Date and accepts it. Add @Type(() => Date) so that both accept it.`,
} as const;

const MCP_STATELESS_CANNOT_ASK =
  'this MCP endpoint is stateless, and a stateless endpoint cannot send requests to the client (an elicitation, an approval question): the answer would come back as another HTTP request, which no session ties to this call. ' +
  'To ask the user, serve the endpoint with sessions (the option `sessions: true` of serveMcpHttp and createMcpHttpHandler, or of ToolsModule.forRoot({ mcp })), or over stdio; ' +
  'a client of the 2026-07-28 protocol, which this endpoint also serves, is asked without sessions.';

/**
 * What the MCP server (lib/mcp) says when a call cannot reach its client, or a request cannot be
 * honoured: said once here, so that a refusal over MCP reads the same wherever it is met.
 */
export const MCP_TEXTS = {
  /** The 403 of a request whose Host header names a host the endpoint does not admit (DNS rebinding), with the options that admit one. */
  hostRefused: (host: string) =>
    `Forbidden: Host header not allowed ('${host}'). If this host name is served on purpose (a reverse proxy that forwards the Host header), admit it with the endpoint option allowedHosts: ['${host}'], or give the public URL's origin as publicOrigin (options of serveMcpHttp, createMcpHttpHandler and ToolsModule.forRoot({ mcp })).`,
  /** The 403 of a request from a browser page of an origin the endpoint does not admit, with the option that admits one. */
  originRefused: (origin: string) =>
    `Forbidden: Origin not allowed ('${origin}'). If pages of this origin are your own web client, admit it with the endpoint option allowedOrigins: ['${origin}'] (or publicOrigin, when it is the endpoint's own public origin).`,
  /** The 405 of an `OPTIONS` request (a browser's CORS preflight) to an endpoint without the `cors` option, with the option that answers it. */
  corsOff: () =>
    "Method Not Allowed: OPTIONS (a browser's CORS preflight) is answered only with the endpoint option cors: true, which admits the origins that allowedOrigins or publicOrigin admit (options of serveMcpHttp, createMcpHttpHandler and ToolsModule.forRoot({ mcp })).",
  /**
   * ToolsModule's warning when `forRoot({ mcp })` meets no HTTP platform (an application context);
   * the CLI, which builds one on purpose to call a tool, leaves it out.
   */
  nestNoHttpAdapter: (path: string) => `mcp: no HTTP adapter (an application context?): the MCP endpoint ${path} is not served.`,
  /** A `publicOrigin` option that is not an origin (thrown when the endpoint is made). */
  publicOriginInvalid: (given: string) =>
    `publicOrigin must be an http or https origin without a path, such as 'https://mcp.example.com' (got '${given.slice(0, 200)}').`,
  /** A `requestStateKey` too short (thrown when the endpoint or the stdio server is made, and by `ToolsModule.forRoot({ mcp })`). */
  requestStateKeyTooShort: (index: string, bytes: number, min: number) =>
    `requestStateKey${index} must be at least ${min} bytes (got ${bytes}): it signs the MCP 2026-07-28 requestState with HMAC-SHA256; give ${min} random bytes or more (the same on every replica).`,
  /** A `requestStateKey` given as an empty list. */
  requestStateKeyEmpty: 'requestStateKey must hold at least one key (a list while keys rotate: the first signs, every one verifies).',
  /** Why a call on a stateless endpoint cannot ask the client anything (ctx.elicit, an approval question). */
  statelessCannotAsk: () => MCP_STATELESS_CANNOT_ASK,
  /** Why a 2026-07-28 request's client cannot be asked (ctx.elicit, ctx.sample, ctx.roots): it did not declare the capability. */
  modernUndeclared: (capability: string) =>
    `the client did not declare the '${capability}' capability on this request (MCP 2026-07-28: the request's _meta 'io.modelcontextprotocol/clientCapabilities').`,
  /** The -32021 refusal of a 2026-07-28 call that failed for want of capabilities its client did not declare. */
  modernMissingCapability: (capabilities: readonly string[]) => `The request needs client capabilities it did not declare: ${capabilities.join(', ')}.`,
  /** An approval refused because the client did not declare elicitation. */
  approvalClientCannotAsk: () => "it needs the user's approval, and this MCP connection cannot ask the user (the client did not declare elicitation on it)",
  /** An approval refused because the endpoint is stateless (the reason ends without a full stop: the refusal adds it). */
  approvalStateless: () => `it needs the user's approval, and ${MCP_STATELESS_CANNOT_ASK.replace(/\.$/, '')}`,
  /** A tool call refused by the server's per-caller rate limit (`rateLimit`): a tool result the model reads. */
  rateLimited: (tool: string, calls: number, perSeconds: number, retryInSeconds: number) =>
    `Tool '${tool}' was not run: too many calls from this caller (limit ${calls} per ${perSeconds} s); try again in ${retryInSeconds} s.`,
  /** A tool call refused because the rate limit's store could not answer (`rateLimit.store`, fail closed). */
  rateLimitUnavailable: (tool: string) => `Tool '${tool}' was not run: the rate limit cannot be checked right now; try again shortly.`,
  /** A `rateLimit` option out of range (thrown by `createMcpServer`). */
  rateLimitInvalid: (given: string) => `rateLimit needs calls >= 1, perSeconds > 0 and an integer maxCallers >= 1 (got ${given.slice(0, 200)})`,
  /** `ctx.sample` with `tools` where the client did not declare `sampling.tools`. */
  samplingToolsUndeclared: () =>
    "the client's model cannot be given tools here: the client did not declare sampling with tools (`sampling.tools`). Sample without `tools`, or use a client that declares it.",
  /** A 2026-07-28 retry whose `requestState` was issued for another request (lib/mcp/modern/). */
  stateOfAnotherRequest: () => 'Invalid requestState: it was issued for another request (method, name or arguments differ).',
  /** A 2026-07-28 `requestState` that carried an accepted approval, sent again after a request used it. */
  requestStateSpent: () =>
    'Invalid requestState: it carried an approval that a request has already used (one approval runs one call); start the request again.',
  /** A 2026-07-28 request that asked for input more rounds than allowed. */
  tooManyInputRounds: (max: number) => `The request asked for input ${max} times, the most it may; it is not run again.`,
  /** A 2026-07-28 `subscriptions/listen` naming more resource URIs than a stream may watch. */
  tooManyListenResources: (named: number, max: number) => `Invalid params: the listen names ${named} resource URIs; a listen stream may name at most ${max}.`,
  /** A 2026-07-28 request whose answers so far no longer fit in a requestState. */
  requestStateTooLarge: (max: number) => `The answers so far take more than ${max} characters; the request is not run again.`,
  /** MCP tasks (lib/mcp/tasks): a `tasks/*` request naming a task that is unknown, expired or another caller's (-32602). */
  taskNotFound: () => 'Failed to retrieve task: Task not found (it does not exist, it expired, or it belongs to another caller).',
  /** MCP tasks: a `tasks/*` request, or a call of a tool that runs only as a task, from a client that did not declare the extension (-32021). */
  taskExtensionUndeclared: (what: string) =>
    `${what} needs the client capability 'io.modelcontextprotocol/tasks' (declare it in the request's _meta 'io.modelcontextprotocol/clientCapabilities'.extensions).`,
  /** MCP tasks: a call not made a task because its caller has too many unfinished ones (a tool result the model reads). */
  tooManyTasks: (tool: string, max: number) =>
    `Tool '${tool}' was not run: this caller has ${max} unfinished tasks, the most it may; wait for one to finish or cancel one.`,
  /** MCP tasks: what a failed task says when its runner stopped renewing its lease (the process died). */
  taskRunnerLost: () => 'The task failed: the server process that ran it stopped (its lease ran out).',
  /** MCP tasks: what a task says when its time to live ran out before it finished. */
  taskExpired: () => 'The task was stopped: its time to live ran out.',
  /** An MCP `tasks` option out of range (thrown when the endpoint is made). */
  tasksOptionInvalid: (given: string) =>
    `tasks needs ttlMs, pollIntervalMs and leaseMs as positive integers and maxActiveTasksPerCaller an integer >= 1; each tools entry 'optional', 'required' or { mode, start: 'call' | 'detach' } (got ${given.slice(0, 200)})`,
  /** `tracing` asked of a server where the optional peer is not installed. */
  tracingPeerMissing: (loadError: string) =>
    `tool-signatures/mcp option 'tracing' needs @opentelemetry/api (^1.9.0), an optional peer dependency of tool-signatures, and it could not be loaded (${loadError.split('\n')[0]}). Install it: npm install @opentelemetry/api`,
} as const;
