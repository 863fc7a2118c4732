import 'reflect-metadata';
import { IsOptional } from 'class-validator';
import { Description, Discriminated, EnumOf, Int32, Nullable, ObjectOf, Param, Prop, RecordOf, SetOf, Tool, type Hint } from 'tool-signatures';
import { definitionError, expectMetaValid, inputText, outputText, paramText } from '../helpers/schema';

/**
 * `ObjectOf`: an object type with no class (what the plugin writes for interfaces, type aliases and
 * inline object types, and usable by hand) is the same closed object a DTO class gives, its
 * properties read exactly as `@Prop` properties are.
 */

/** A tool whose parameters are the given names and hints, in order (its function's source names them). */
function one(params: Record<string, Hint>, options: { returns?: Hint } = {}) {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const fn = new Function(...Object.keys(params), "return 'ok';") as (...args: unknown[]) => string;
  return Tool.create(fn, { name: 't', params, ...options });
}

describe('ObjectOf: the schema', () => {
  it('a flat shape is the closed object of its properties, in the order given, exactly as the equivalent DTO class', () => {
    class ContactDto {
      @Prop() name!: string;
      @Prop({ type: Int32 }) age!: number;
      @Prop({ optional: true }) nickname?: string;
      @Prop({ type: Nullable(String) }) email!: string | null;
      @Prop() when!: Date;
    }
    const Contact = ObjectOf(
      { name: String, age: Int32, nickname: { type: String, optional: true }, email: Nullable(String), when: Date },
      { name: 'Contact' },
    );
    const expected =
      '{"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer","minimum":-2147483648,"maximum":2147483647},"nickname":{"type":"string"},' +
      '"email":{"type":["string","null"]},"when":{"type":"string","format":"date-time"}},"required":["name","age","email","when"],"additionalProperties":false}';
    expect(paramText(one({ contact: Contact }), 'contact')).toBe(expected);
    expect(paramText(one({ contact: ContactDto }), 'contact')).toBe(expected);
  });

  it("each property's options apply as @Prop's do: description, optional, nullable, bounds, pattern, enum, items", () => {
    enum Level {
      Low = 'low',
      High = 'high',
    }
    const Query = ObjectOf({
      text: { type: String, description: 'What to find', minLength: 1, maxLength: 40, pattern: '^[a-z ]+$' },
      level: { type: EnumOf(Level), optional: true },
      tags: { type: SetOf(String), minItems: 1, maxItems: 3 },
      limit: { type: Int32, nullable: true, optional: true },
      scores: RecordOf(Number),
    });
    expect(paramText(one({ q: Query }), 'q')).toBe(
      '{"type":"object","properties":{"text":{"type":"string","description":"What to find","minLength":1,"maxLength":40,"pattern":"^[a-z ]+$"},' +
        '"level":{"type":"string","enum":["low","high"]},"tags":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":3,"uniqueItems":true},' +
        '"limit":{"type":["integer","null"],"minimum":-2147483648,"maximum":2147483647},"scores":{"type":"object","additionalProperties":{"type":"number"}}},' +
        '"required":["text","tags","scores"],"additionalProperties":false}',
    );
  });

  it("nested shapes and classes inline; a shape's description is what a class's @Description is: the fallback of each slot that uses it, and its own on an item (v3.1)", () => {
    @Description('A postal address')
    class Address {
      @Prop() street!: string;
      @IsOptional() @Prop() zip?: string;
    }
    const Phone = ObjectOf({ number: String }, { name: 'Phone', description: 'A phone number' });
    const Person = ObjectOf(
      { home: Address, phone: Phone, work: { type: Phone, description: 'At work', optional: true }, phones: [Phone] },
      { name: 'Person' },
    );
    expect(paramText(one({ person: Person }), 'person')).toBe(
      '{"type":"object","properties":{' +
        '"home":{"type":"object","description":"A postal address","properties":{"street":{"type":"string"},"zip":{"type":"string"}},"required":["street"],"additionalProperties":false},' +
        '"phone":{"type":"object","description":"A phone number","properties":{"number":{"type":"string"}},"required":["number"],"additionalProperties":false},' +
        '"work":{"type":"object","description":"At work","properties":{"number":{"type":"string"}},"required":["number"],"additionalProperties":false},' +
        '"phones":{"type":"array","items":{"type":"object","description":"A phone number","properties":{"number":{"type":"string"}},"required":["number"],"additionalProperties":false}}},' +
        '"required":["home","phone","phones"],"additionalProperties":false}',
    );
  });

  it('a shape is a hint anywhere a hint is: @Param, @Prop, Nullable, arrays, records, the declared result', () => {
    const Point = ObjectOf({ x: Number, y: Number }, { name: 'Point' });
    const point = '{"type":"object","properties":{"x":{"type":"number"},"y":{"type":"number"}},"required":["x","y"],"additionalProperties":false}';
    class Route {
      @Prop({ type: () => [Point] }) stops!: object[];
    }
    class Maps {
      @Tool()
      near(
        @Param({ type: Point }) at: { x: number; y: number },
        @Param({ type: Nullable(Point) }) from: object | null,
        @Param({ type: RecordOf(Point) }) named: object,
        route: Route,
      ) {
        return [at, from, named, route];
      }
    }
    const [near] = Tool.fromInstance(new Maps());
    expect(inputText(near!)).toBe(
      `{"type":"object","properties":{"at":${point},"from":{"type":["object","null"],"properties":{"x":{"type":"number"},"y":{"type":"number"}},"required":["x","y"],"additionalProperties":false},` +
        `"named":{"type":"object","additionalProperties":${point}},"route":{"type":"object","properties":{"stops":{"type":"array","items":${point}}},"required":["stops"],"additionalProperties":false}},` +
        '"required":["at","from","named","route"],"additionalProperties":false}',
    );
    expect(outputText(one({}, { returns: Point }))).toBe(point);
  });

  it('an empty shape is the closed empty object', () => {
    expect(paramText(one({ nothing: ObjectOf({}) }), 'nothing')).toBe('{"type":"object","properties":{},"additionalProperties":false}');
  });

  it('a property whose own name is `type` is a property, not an option (options hold a hint in `type`)', () => {
    const Kinded = ObjectOf({ type: String, kind: { type: EnumOf(['a', 'b']) } });
    expect(paramText(one({ k: Kinded }), 'k')).toBe(
      '{"type":"object","properties":{"type":{"type":"string"},"kind":{"type":"string","enum":["a","b"]}},"required":["type","kind"],"additionalProperties":false}',
    );
  });
});

describe('ObjectOf: recursion', () => {
  it('a shape on a cycle through itself is written once in $defs under its name; one hint object is one type', () => {
    const Tree: Hint = ObjectOf(
      { label: String, children: { type: () => [Tree], optional: true }, parent: { type: () => Nullable(Tree), optional: true } },
      { name: 'Tree' },
    );
    const tool = one({ tree: Tree, other: Tree });
    expect(inputText(tool)).toBe(
      '{"type":"object","properties":{"tree":{"$ref":"#/$defs/Tree"},"other":{"$ref":"#/$defs/Tree"}},"required":["tree","other"],"additionalProperties":false,' +
        '"$defs":{"Tree":{"type":"object","properties":{"label":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Tree"}},"parent":{"anyOf":[{"$ref":"#/$defs/Tree"},{"type":"null"}]}},' +
        '"required":["label"],"additionalProperties":false}}}',
    );
  });

  it('a cycle through a class and a shape puts both in $defs; a different type of the same name gets _2; types off the cycle stay inlined', () => {
    class Folder {
      @Prop() name!: string;
      @Prop({ type: () => [File] }) files!: object[];
    }
    const File: Hint = ObjectOf({ name: String, folder: () => Folder }, { name: 'File' });
    const OtherFile: Hint = ObjectOf({ path: String, next: { type: () => OtherFile, optional: true } }, { name: 'File' });
    const Leaf = ObjectOf({ size: Number }, { name: 'Leaf' });
    const tool = one({ root: Folder, other: OtherFile, leaf: Leaf, leaves: [Leaf] });
    expect(inputText(tool)).toBe(
      '{"type":"object","properties":{"root":{"$ref":"#/$defs/Folder"},"other":{"$ref":"#/$defs/File_2"},' +
        '"leaf":{"type":"object","properties":{"size":{"type":"number"}},"required":["size"],"additionalProperties":false},' +
        '"leaves":{"type":"array","items":{"type":"object","properties":{"size":{"type":"number"}},"required":["size"],"additionalProperties":false}}},' +
        '"required":["root","other","leaf","leaves"],"additionalProperties":false,"$defs":{' +
        '"Folder":{"type":"object","properties":{"name":{"type":"string"},"files":{"type":"array","items":{"$ref":"#/$defs/File"}}},"required":["name","files"],"additionalProperties":false},' +
        '"File":{"type":"object","properties":{"name":{"type":"string"},"folder":{"$ref":"#/$defs/Folder"}},"required":["name","folder"],"additionalProperties":false},' +
        '"File_2":{"type":"object","properties":{"path":{"type":"string"},"next":{"$ref":"#/$defs/File_2"}},"required":["path"],"additionalProperties":false}}}',
    );
  });

  it('a name that is not a plain identifier is the $defs key with other characters as _ (messages keep the name)', () => {
    const Page: Hint = ObjectOf({ next: { type: () => Page, optional: true } }, { name: 'Page<User>' });
    const Path: Hint = ObjectOf({ next: { type: () => Path, optional: true } }, { name: 'a/b 50%' });
    expect(inputText(one({ page: Page, path: Path }))).toBe(
      '{"type":"object","properties":{"page":{"$ref":"#/$defs/Page_User_"},"path":{"$ref":"#/$defs/a_b_50_"}},"required":["page","path"],"additionalProperties":false,' +
        '"$defs":{"Page_User_":{"type":"object","properties":{"next":{"$ref":"#/$defs/Page_User_"}},"additionalProperties":false},' +
        '"a_b_50_":{"type":"object","properties":{"next":{"$ref":"#/$defs/a_b_50_"}},"additionalProperties":false}}}',
    );
  });

  it('an anonymous shape on a cycle is a definition error that says how to fix it (OLT006)', () => {
    const Loop: Hint = ObjectOf({ next: { type: () => Loop, optional: true } });
    const e = definitionError(() => one({ loop: Loop }).inputSchema);
    expect(e.code).toBe('OLT006');
    expect(e.message).toBe(
      "OLT006: Cannot build tool 't' (function anonymous), parameter #0 'loop', property next: an ObjectOf shape without a name is on a cycle (it refers to itself, directly or through its members), and a recursive type is written once in $defs under its name. Name it: ObjectOf({ ... }, { name: 'Tree' }).",
    );
    // An empty name is no name.
    const Empty: Hint = ObjectOf({ next: { type: () => Empty, optional: true } }, { name: '' });
    expect(definitionError(() => one({ loop: Empty }).inputSchema).code).toBe('OLT006');
    // Named, the same shape builds.
    const Named: Hint = ObjectOf({ next: { type: () => Named, optional: true } }, { name: 'Loop' });
    expect(inputText(one({ loop: Named }))).toContain('"$defs":{"Loop":');
  });
});

describe('ObjectOf: tagged unions', () => {
  it('shapes (and classes) as Discriminated members: the tag enum first, a declared tag replaced', () => {
    class Square {
      @Prop() side!: number;
    }
    const Circle = ObjectOf({ radius: Number }, { name: 'Circle' });
    const Text = ObjectOf({ body: String, kind: EnumOf(['text']) }, { name: 'Text' });
    expect(paramText(one({ shape: Discriminated('kind', { circle: Circle, square: Square, text: Text }) }), 'shape')).toBe(
      '{"anyOf":[' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["circle"]},"radius":{"type":"number"}},"required":["kind","radius"],"additionalProperties":false},' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["square"]},"side":{"type":"number"}},"required":["kind","side"],"additionalProperties":false},' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["text"]},"body":{"type":"string"}},"required":["kind","body"],"additionalProperties":false}]}',
    );
  });

  it('a recursive shape as a member is inlined there and referenced below', () => {
    const Group: Hint = ObjectOf({ items: () => [Group] }, { name: 'Group' });
    const Dot = ObjectOf({ at: Number }, { name: 'Dot' });
    const tool = one({ shape: Discriminated('type', { group: Group, dot: Dot }) });
    expect(inputText(tool)).toBe(
      '{"type":"object","properties":{"shape":{"anyOf":[' +
        '{"type":"object","properties":{"type":{"type":"string","enum":["group"]},"items":{"type":"array","items":{"$ref":"#/$defs/Group"}}},"required":["type","items"],"additionalProperties":false},' +
        '{"type":"object","properties":{"type":{"type":"string","enum":["dot"]},"at":{"type":"number"}},"required":["type","at"],"additionalProperties":false}]}},' +
        '"required":["shape"],"additionalProperties":false,"$defs":{"Group":{"type":"object","properties":{"items":{"type":"array","items":{"$ref":"#/$defs/Group"}}},"required":["items"],"additionalProperties":false}}}',
    );
  });

  it('a member that is neither a class nor a shape is refused with the fix', () => {
    const e = definitionError(() => one({ shape: Discriminated('kind', { circle: String as never, dot: ObjectOf({ at: Number }) }) }).inputSchema);
    expect(e.code).toBe('OLT015');
    expect(e.message).toContain(
      "the member 'circle' of a tagged union is not a DTO class or an ObjectOf shape. Discriminated(tag, { circle: SomeClass }) takes classes and ObjectOf shapes only.",
    );
  });
});

describe('ObjectOf: definition errors name the property', () => {
  it('a property without a schema: the shape and the property', () => {
    const Bad = ObjectOf({ ok: String, bad: Object }, { name: 'Bad' });
    const e = definitionError(() => one({ b: Bad }).inputSchema);
    expect(e.code).toBe('OLT002');
    expect(e.message).toMatch(/^OLT002: Cannot build tool 't' \(function anonymous\), parameter #0 'b', property Bad\.bad: its type was erased to Object\./);
    const anonymous = definitionError(() => one({ b: ObjectOf({ inner: ObjectOf({ bad: Object }) }) }).inputSchema);
    expect(anonymous.message).toMatch(/^OLT002: Cannot build tool 't' \(function anonymous\), parameter #0 'b', property inner\.bad: /);
  });

  it('a misspelt option (or one a property does not have) is refused, not read as an enum', () => {
    const e = definitionError(() => one({ b: ObjectOf({ n: { type: Number, optinal: true } as never }, { name: 'Bad' }) }).inputSchema);
    expect(e.code).toBe('OLT015');
    expect(e.message).toBe(
      "OLT015: Cannot build tool 't' (function anonymous), parameter #0 'b', property Bad.n: ObjectOf has no option 'optinal'. Its options are: type, nullable, description, enum, minLength, maxLength, pattern, format, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, minItems, maxItems, each, examples, optional, default.",
    );
    expect(definitionError(() => one({ b: ObjectOf({ n: { type: String, name: 'x' } as never }) }).inputSchema).message).toContain(
      "ObjectOf has no option 'name'.",
    );
  });

  it('an option that does not apply to the property type', () => {
    const e = definitionError(() => one({ b: ObjectOf({ n: { type: Number, minLength: 2 } }, { name: 'Bad' }) }).inputSchema);
    expect(e.code).toBe('OLT015');
    expect(e.message).toBe(
      "OLT015: Cannot build tool 't' (function anonymous), parameter #0 'b', property Bad.n: minLength does not apply to a value of JSON type number.",
    );
  });

  it('the schemas are valid JSON Schema 2020-12', () => {
    const Tree: Hint = ObjectOf({ kids: () => [Tree] }, { name: 'Tree' });
    const tool = one({ t: Tree, u: Discriminated('k', { a: ObjectOf({ x: Nullable(Tree) }) }) }, { returns: Tree });
    expectMetaValid(tool.inputSchema);
    expectMetaValid(tool.outputSchema);
  });
});
