import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { AnyOf, Discriminated, Int32, Nullable, Param, Prop, Tool, Uuid } from 'tool-signatures';
import { Drawing, Filter } from '../fixtures/unions';
import { definitionError, inputText, outputText, paramText } from '../helpers/schema';

function fragmentOf(type: unknown, options: object = {}): string {
  class A {
    @Tool() run(@Param({ type: type as never, ...options }) v: unknown) {
      return v;
    }
  }
  return paramText(Tool.fromInstance(new A())[0]!, 'v');
}

describe('Unions (v3)', () => {
  it('AnyOf: members in the order given, each its own fragment, the description before anyOf', () => {
    expect(fragmentOf(AnyOf(String, [String]), { description: 'Where.' })).toBe(
      '{"description":"Where.","anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}',
    );
  });

  it('AnyOf: nothing merged, flattened or reordered (tokens, nested unions, duplicates)', () => {
    expect(fragmentOf(AnyOf(Int32, AnyOf(Uuid, Boolean), Number))).toBe(
      '{"anyOf":[{"type":"integer","minimum":-2147483648,"maximum":2147483647},{"anyOf":[{"type":"string","format":"uuid"},{"type":"boolean"}]},{"type":"number"}]}',
    );
  });

  it('Nullable(AnyOf(...)) adds {"type":"null"} as the last member', () => {
    expect(fragmentOf(Nullable(AnyOf(String, Number)))).toBe('{"anyOf":[{"type":"string"},{"type":"number"},{"type":"null"}]}');
  });

  it('AnyOf with fewer than two members is OLT015', () => {
    const e = definitionError(() => fragmentOf(AnyOf(String)));
    expect([e.code, e.message]).toEqual(['OLT015', expect.stringContaining('AnyOf takes two or more member types (found 1).')]);
  });

  it('Discriminated: each member its closed object, the tag first in properties (a one-value enum) and first in required; declared tags replaced, others added', () => {
    class Circle {
      @Prop() radius!: number;
      @Prop() kind!: string;
    }
    class Square {
      @Prop() side!: number;
    }
    expect(fragmentOf(Discriminated('kind', { circle: Circle, square: Square }))).toBe(
      '{"anyOf":[' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["circle"]},"radius":{"type":"number"}},"required":["kind","radius"],"additionalProperties":false},' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["square"]},"side":{"type":"number"}},"required":["kind","side"],"additionalProperties":false}]}',
    );
  });

  it('Discriminated with a member that is not a class is OLT015', () => {
    const e = definitionError(() => fragmentOf(Discriminated('kind', { circle: String })));
    expect(e.code).toBe('OLT015');
  });

  it('class-transformer @Type(() => Base, { discriminator }) is read as a tagged union', () => {
    class Base {
      @Prop() kind!: string;
    }
    class Cat extends Base {
      @Prop() lives!: number;
    }
    class Dog extends Base {
      @Prop() good!: boolean;
    }
    class Owner {
      @Type(() => Base, {
        discriminator: {
          property: 'kind',
          subTypes: [
            { name: 'cat', value: Cat },
            { name: 'dog', value: Dog },
          ],
        },
      })
      pet!: Base;
    }
    expect(fragmentOf(Owner)).toBe(
      '{"type":"object","properties":{"pet":{"anyOf":[' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["cat"]},"lives":{"type":"number"}},"required":["kind","lives"],"additionalProperties":false},' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["dog"]},"good":{"type":"boolean"}},"required":["kind","good"],"additionalProperties":false}]}},' +
        '"required":["pet"],"additionalProperties":false}',
    );
  });

  it('the fixture tool: a tagged union of three classes, one holding an array of another tagged union', () => {
    expect(inputText(Tool.fromInstance(new Drawing())[0]!)).toBe(
      '{"type":"object","properties":{"shapes":{"type":"array","items":{"anyOf":[' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["circle"]},"radius":{"type":"number","minimum":0,"maximum":1000}},"required":["kind","radius"],"additionalProperties":false},' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["square"]},"side":{"type":"integer","minimum":1,"maximum":100}},"required":["kind","side"],"additionalProperties":false},' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["group"]},"items":{"type":"array","items":{"anyOf":[' +
        '{"type":"object","properties":{"type":{"type":"string","enum":["note"]},"text":{"type":"string","minLength":1}},"required":["type","text"],"additionalProperties":false},' +
        '{"type":"object","properties":{"type":{"type":"string","enum":["pin"]},"lat":{"type":"number"},"lng":{"type":"number"}},"required":["type","lat","lng"],"additionalProperties":false}]},"maxItems":3},' +
        '"label":{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}},"required":["kind","items"],"additionalProperties":false}]}},' +
        '"environment":{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}},"required":["shapes","environment"],"additionalProperties":false}',
    );
  });
});

describe('Recursive classes (v3)', () => {
  it('written once in $defs at the root; every slot of the class is a $ref with its own description beside it', () => {
    expect(inputText(Tool.fromInstance(new Drawing())[1]!)).toBe(
      '{"type":"object","properties":{"where":{"$ref":"#/$defs/Filter","description":"What the records must match."},"limit":{"type":"integer","minimum":-2147483648,"maximum":2147483647}},"required":["where"],"additionalProperties":false,' +
        '"$defs":{"Filter":{"type":"object","properties":{"field":{"type":"string"},"equals":{"anyOf":[{"type":"string"},{"type":"number"}]},' +
        '"and":{"type":"array","description":"All of these hold.","items":{"$ref":"#/$defs/Filter","description":"A condition on a field, or a combination of conditions."}},"or":{"type":"array","description":"Any of these holds.","items":{"$ref":"#/$defs/Filter","description":"A condition on a field, or a combination of conditions."}},' +
        '"not":{"$ref":"#/$defs/Filter","description":"A condition on a field, or a combination of conditions."}},"additionalProperties":false}}}',
    );
  });

  it('only classes on a cycle go to $defs: a class used by a recursive one stays inlined', () => {
    class Leaf {
      @Prop() value!: string;
    }
    class TreeNode {
      @Prop() leaf!: Leaf;
      @Prop({ type: () => [TreeNode] }) children!: TreeNode[];
    }
    class T {
      @Tool() grow(@Param({ type: () => TreeNode }) root: TreeNode, @Param() leaf: Leaf) {
        return root ?? leaf;
      }
    }
    expect(inputText(Tool.fromInstance(new T())[0]!)).toBe(
      '{"type":"object","properties":{"root":{"$ref":"#/$defs/TreeNode"},"leaf":{"type":"object","properties":{"value":{"type":"string"}},"required":["value"],"additionalProperties":false}},"required":["root","leaf"],"additionalProperties":false,' +
        '"$defs":{"TreeNode":{"type":"object","properties":{"leaf":{"type":"object","properties":{"value":{"type":"string"}},"required":["value"],"additionalProperties":false},"children":{"type":"array","items":{"$ref":"#/$defs/TreeNode"}}},"required":["leaf","children"],"additionalProperties":false}}}',
    );
  });

  it('a cycle through two classes puts both in $defs, in order of first use', () => {
    class Folder {
      @IsOptional() @Prop({ type: () => [File] }) files?: unknown[];
    }
    class File {
      @Prop() name!: string;
      @IsOptional() @Prop({ type: () => Folder }) parent?: Folder;
    }
    class T {
      @Tool() list(@Param({ type: () => Folder }) root: Folder) {
        return root;
      }
    }
    expect(inputText(Tool.fromInstance(new T())[0]!)).toBe(
      '{"type":"object","properties":{"root":{"$ref":"#/$defs/Folder"}},"required":["root"],"additionalProperties":false,' +
        '"$defs":{"Folder":{"type":"object","properties":{"files":{"type":"array","items":{"$ref":"#/$defs/File"}}},"additionalProperties":false},' +
        '"File":{"type":"object","properties":{"name":{"type":"string"},"parent":{"$ref":"#/$defs/Folder"}},"required":["name"],"additionalProperties":false}}}',
    );
  });

  it('a second, different class of the same name gets _2; a nullable slot is anyOf of the $ref and null', () => {
    const make = () => {
      class Node {
        @IsOptional() @Prop({ type: () => Nullable(Node) }) next?: unknown;
        @Prop() v!: string;
      }
      return Node;
    };
    const A = make();
    const B = make();
    class T {
      @Tool() link(@Param({ type: () => A }) a: unknown, @Param({ type: () => B, description: 'Other.' }) b: unknown) {
        return [a, b];
      }
    }
    expect(inputText(Tool.fromInstance(new T())[0]!)).toBe(
      '{"type":"object","properties":{"a":{"$ref":"#/$defs/Node"},"b":{"$ref":"#/$defs/Node_2","description":"Other."}},"required":["a","b"],"additionalProperties":false,' +
        '"$defs":{"Node":{"type":"object","properties":{"next":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}]},"v":{"type":"string"}},"required":["v"],"additionalProperties":false},' +
        '"Node_2":{"type":"object","properties":{"next":{"anyOf":[{"$ref":"#/$defs/Node_2"},{"type":"null"}]},"v":{"type":"string"}},"required":["v"],"additionalProperties":false}}}',
    );
  });

  it('an output schema of a recursive class has its own $defs at its root', () => {
    class Tree {
      @Prop({ type: () => [Tree] }) kids!: Tree[];
    }
    class T {
      @Tool({ returns: () => Tree, endsLoop: true }) plant(n: number) {
        return n;
      }
    }
    expect(outputText(Tool.fromInstance(new T())[0]!)).toBe(
      '{"$ref":"#/$defs/Tree","$defs":{"Tree":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/Tree"}}},"required":["kids"],"additionalProperties":false}}}',
    );
  });

  it('a tagged union inside its own member is OLT006 (use AnyOf, or recursion through a property)', () => {
    class Expr {
      @Prop() kind!: string;
      @Prop({ type: () => [Discriminated('kind', { expr: Expr })] }) args!: unknown[];
    }
    class T {
      @Tool() run(@Param({ type: () => Expr }) e: Expr) {
        return e;
      }
    }
    expect(definitionError(() => Tool.fromInstance(new T())).code).toBe('OLT006');
  });

  it('Filter is built once and cached: a second tool gets the same text', () => {
    class T2 {
      @Tool() count(@Param({ type: () => Filter }) where: Filter) {
        return where;
      }
    }
    expect(inputText(Tool.fromInstance(new T2())[0]!)).toContain(
      '"where":{"$ref":"#/$defs/Filter","description":"A condition on a field, or a combination of conditions."}',
    );
  });
});
