import * as ts from 'typescript';
import { DIAGNOSTICS as D } from '../diagnostics';
import { TOOL_NAME, toolNameOf } from '../schema/names';
import { diagnostic, SlotError, type PluginDiagnostic } from './diagnostics';
import { compilesInUnicode, paramDocOf, summaryOf, tagOptions } from './docs';
import { refsOf, type ClassIR, type CreateIR, type GlobalName, type HintIR, type MethodIR, type ParamIR, type PropIR } from './hints';
import { decoratorsOf, finalSymbol, objectArg, ourName, TOKEN_NAMES, type DecoratorUse } from './recognize';
import { designOf, TypeReader } from './types';

/** The decorators whose methods serve MCP prompts and resources: their parameters are read as tool parameters. */
const SERVED_DECORATORS: ReadonlySet<string> = new Set(['Prompt', 'Resource', 'ResourceTemplate']);

/**
 * Reads a whole program once: every class with `@Tool` methods, every DTO class reachable from
 * them (and every class with tool-signatures property decorators), every `Tool.create` call, and the
 * diagnostics of all of them. Cached per Program.
 */
export interface Analysis {
  readonly classes: ReadonlyMap<ts.ClassDeclaration, ClassIR>;
  readonly creates: ReadonlyMap<ts.CallExpression, CreateIR>;
  readonly diagnostics: readonly PluginDiagnostic[];
  readonly program: ts.Program;
}

const cache = new WeakMap<ts.Program, Analysis>();

export function analyze(program: ts.Program): Analysis {
  let a = cache.get(program);
  if (a === undefined) {
    a = new Analyzer(program).run();
    cache.set(program, a);
  }
  return a;
}

/** class-validator rules that name a type: with them the reflector reads the type from the rule. */
const TYPE_RULES = new Set(['IsInt', 'IsEnum', 'IsIn', 'IsUUID']);
const GLOBAL_DESIGN: Readonly<Record<string, GlobalName>> = {
  Number: 'Number',
  String: 'String',
  Boolean: 'Boolean',
  BigInt: 'BigInt',
  Date: 'Date',
  URL: 'URL',
  Uint8Array: 'Uint8Array',
  Buffer: 'Buffer',
  Map: 'Map',
  Set: 'Set',
  Array: 'Array',
};

/**
 * class-validator decorators and the slot options they stand for: with one of them on a property, the
 * property's doc tag for that option is not read (an explicit decorator wins over a tag).
 */
const RULE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  Min: ['minimum'],
  Max: ['maximum'],
  MinLength: ['minLength'],
  MaxLength: ['maxLength'],
  Length: ['minLength', 'maxLength'],
  ArrayMinSize: ['minItems'],
  ArrayMaxSize: ['maxItems'],
  ArrayNotEmpty: ['minItems'],
  Matches: ['pattern'],
  IsEmail: ['format'],
  IsUrl: ['format'],
  IsPositive: ['exclusiveMinimum'],
  IsNegative: ['exclusiveMaximum'],
  IsDivisibleBy: ['multipleOf'],
};

/** What the decorators of a parameter say (or, for `Tool.create`, its options). */
interface SlotOptions {
  readonly explicit: boolean;
  readonly explicitHint?: ts.Expression;
  readonly name?: string;
  readonly range?: readonly ts.Expression[];
  readonly pattern?: ts.Expression;
  /** The options an explicit decorator gives: the doc tags for them are not read. */
  readonly given?: ReadonlySet<string>;
}

function isInNodeModules(sf: ts.SourceFile): boolean {
  return /[\\/]node_modules[\\/]/.test(sf.fileName);
}

/** A class declares an instance property: a field that is not static, or a constructor parameter property. */
function declaresInstanceProperty(c: ts.ClassDeclaration): boolean {
  return c.members.some(
    (m) =>
      (ts.isPropertyDeclaration(m) && !(ts.getCombinedModifierFlags(m) & ts.ModifierFlags.Static)) ||
      (ts.isConstructorDeclaration(m) && m.parameters.some((p) => ts.getCombinedModifierFlags(p) & ts.ModifierFlags.ParameterPropertyModifier)),
  );
}

function memberName(m: ts.ClassElement): string | undefined {
  const n = m.name;
  if (n === undefined) return undefined;
  if (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isNumericLiteral(n)) return n.text;
  return undefined;
}

class Analyzer {
  private readonly checker: ts.TypeChecker;
  private readonly reader: TypeReader;
  private readonly classes = new Map<ts.ClassDeclaration, ClassIR>();
  private readonly creates = new Map<ts.CallExpression, CreateIR>();
  private readonly diagnostics: PluginDiagnostic[] = [];
  private readonly dtoQueue: ts.ClassDeclaration[] = [];
  private readonly allClasses: ts.ClassDeclaration[] = [];
  private readonly toolMethods = new Map<ts.ClassDeclaration, Set<string>>();

  constructor(private readonly program: ts.Program) {
    this.checker = program.getTypeChecker();
    this.reader = new TypeReader(program, this.checker, (d) => this.report(d));
  }

  run(): Analysis {
    const files = this.program.getSourceFiles().filter((f) => !f.isDeclarationFile && !isInNodeModules(f));
    const calls: ts.CallExpression[] = [];
    for (const sf of files) {
      const visit = (n: ts.Node): void => {
        if (ts.isClassDeclaration(n)) this.allClasses.push(n);
        else if (ts.isCallExpression(n) && this.isToolCreate(n)) calls.push(n);
        ts.forEachChild(n, visit);
      };
      visit(sf);
    }
    for (const c of this.allClasses) this.findTools(c);
    for (const c of this.allClasses) this.toolClass(c);
    for (const c of this.allClasses) if (this.hasOwnPropertyDecorators(c)) this.dtoQueue.push(c);
    for (const call of calls) this.create(call);
    while (this.dtoQueue.length > 0) this.dto(this.dtoQueue.shift()!);
    return { classes: this.classes, creates: this.creates, diagnostics: this.diagnostics, program: this.program };
  }

  private report(d: PluginDiagnostic): void {
    this.diagnostics.push(d);
  }

  private isToolCreate(call: ts.CallExpression): boolean {
    const e = call.expression;
    if (!ts.isPropertyAccessExpression(e) || e.name.text !== 'create') return false;
    return ourName(this.checker, e.expression) === 'Tool';
  }

  // ---- tool classes ------------------------------------------------------------------------------

  private toolDecorator(m: ts.Node): DecoratorUse | undefined {
    return decoratorsOf(this.checker, m).find((d) => d.lib === 'ours' && d.name === 'Tool');
  }

  /** `@Prompt`, `@Resource`, `@ResourceTemplate`: methods whose parameters are read as a tool's (issue 23). */
  private servedDecorator(m: ts.Node): DecoratorUse | undefined {
    return decoratorsOf(this.checker, m).find((d) => d.lib === 'ours' && SERVED_DECORATORS.has(d.name));
  }

  private findTools(c: ts.ClassDeclaration): void {
    const names = new Set<string>();
    for (const m of c.members) {
      const served = this.toolDecorator(m) === undefined ? this.servedDecorator(m) : undefined;
      if (served !== undefined && ts.isMethodDeclaration(m) && !(ts.getCombinedModifierFlags(m as ts.Declaration) & ts.ModifierFlags.Static)) {
        // Its static types are recorded as a tool's; the run time checks the rest (names, URIs).
        const key = memberName(m);
        if (key !== undefined) names.add(key);
        continue;
      }
      const tool = this.toolDecorator(m);
      if (tool === undefined) continue;
      if (!this.program.getCompilerOptions().experimentalDecorators) {
        this.report(diagnostic(D.standardDecorators(), tool.node));
      }
      const static_ = ts.getCombinedModifierFlags(m as ts.Declaration) & ts.ModifierFlags.Static;
      if (static_) {
        this.report(diagnostic(D.staticMethod(c.name?.text ?? 'Class', memberName(m) ?? 'method'), m));
        continue;
      }
      if (!ts.isMethodDeclaration(m)) {
        this.report(diagnostic(D.notAMethod(), m));
        continue;
      }
      const name = memberName(m);
      if (name === undefined) {
        if (!objectArg(tool.args[0]).has('name')) this.report(diagnostic(D.symbolName(), m.name));
        continue;
      }
      names.add(name);
    }
    if (names.size > 0) this.toolMethods.set(c, names);
  }

  private baseClasses(c: ts.ClassDeclaration): ts.ClassDeclaration[] {
    const out: ts.ClassDeclaration[] = [];
    let cur: ts.ClassDeclaration | undefined = c;
    for (let i = 0; cur !== undefined && i < 64; i++) {
      const ext = cur.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
      if (ext === undefined) break;
      const sym = finalSymbol(this.checker, this.checker.getSymbolAtLocation(ext.expression));
      cur = sym?.declarations?.find(ts.isClassDeclaration);
      if (cur !== undefined) out.push(cur);
    }
    return out;
  }

  private toolClass(c: ts.ClassDeclaration): void {
    const own = this.toolMethods.get(c) ?? new Set<string>();
    const bases = this.baseClasses(c);
    const inherited = new Set<string>();
    for (const b of bases) for (const n of this.toolMethods.get(b) ?? []) inherited.add(n);
    const methods = new Map<string, MethodIR>();
    for (const m of c.members) {
      if (!ts.isMethodDeclaration(m) || m.body === undefined) continue;
      const name = memberName(m);
      if (name === undefined || !(own.has(name) || inherited.has(name))) continue;
      if (ts.getCombinedModifierFlags(m) & ts.ModifierFlags.Static) continue;
      const ir = this.method(m, decoratorsOf(this.checker, m));
      if (ir !== undefined) methods.set(name, ir);
    }
    if (own.size > 0) this.names(c, bases);
    if (methods.size > 0) for (const [k, v] of methods) this.classIR(c).methods.set(k, v);
  }

  private classIR(c: ts.ClassDeclaration): ClassIR {
    let ir = this.classes.get(c);
    if (ir === undefined) {
      ir = { decl: c, methods: new Map() };
      this.classes.set(c, ir);
    }
    return ir;
  }

  /** OLT007 and OLT008: the names of the tools of a class and its bases. */
  private names(c: ts.ClassDeclaration, bases: ts.ClassDeclaration[]): void {
    const seen = new Map<string, string>();
    const prefix = this.prefixOf([c, ...bases]);
    if (prefix !== undefined) this.classIR(c).prefix = prefix;
    for (const k of [...bases].reverse().concat(c)) {
      for (const m of k.members) {
        const tool = this.toolDecorator(m);
        const key = memberName(m);
        if (tool === undefined || key === undefined || !ts.isMethodDeclaration(m)) continue;
        const given = objectArg(tool.args[0]).get('name');
        const name = given !== undefined && ts.isStringLiteralLike(given) ? given.text : given === undefined ? toolNameOf(key) : undefined;
        if (name === undefined) continue;
        if (!TOOL_NAME.test(name)) {
          if (k === c) this.report(diagnostic(D.badToolName(name), m.name));
          continue;
        }
        if (prefix !== undefined && name !== '' && !TOOL_NAME.test(`${prefix}_${name}`)) {
          if (k === c) this.report(diagnostic(D.prefixedToolName(`${prefix}_${name}`, prefix), m.name));
          continue;
        }
        const clash = seen.get(name);
        if (clash !== undefined && clash !== key && k === c) {
          this.report(diagnostic(D.sameName(name, `${c.name?.text ?? 'Class'}.${clash}`, `${c.name?.text ?? 'Class'}.${key}`), m.name));
        }
        seen.set(name, key);
      }
    }
  }

  /** The name prefix of `@Tools({ prefix: '...' })` on the class, else on its nearest base that gives one (a literal only). */
  private prefixOf(chain: readonly ts.ClassDeclaration[]): string | undefined {
    for (const k of chain) {
      const tools = decoratorsOf(this.checker, k).find((d) => d.lib === 'ours' && d.name === 'Tools');
      const given = objectArg(tools?.args[0]).get('prefix');
      if (given !== undefined) return ts.isStringLiteralLike(given) ? given.text : undefined;
    }
    return undefined;
  }

  private method(m: ts.MethodDeclaration, decorators: DecoratorUse[]): MethodIR | undefined {
    if (m.typeParameters !== undefined && m.typeParameters.length > 0) {
      this.report(diagnostic(D.generic('method'), m.name));
      return undefined;
    }
    const tool = decorators.find((d) => d.lib === 'ours' && d.name === 'Tool');
    const explicitReturns = objectArg(tool?.args[0]).has('returns');
    const params = this.params(m.parameters, (p) => this.paramOptions(p));
    // A prompt's or a resource's value is shaped into messages or contents: no output schema is read.
    const returns = tool !== undefined ? this.returns(m, explicitReturns) : undefined;
    const description = summaryOf(m);
    return { params, ...(returns !== undefined ? { returns } : {}), ...(description !== undefined ? { description } : {}) };
  }

  private returns(fn: ts.SignatureDeclaration, explicit: boolean): HintIR | undefined {
    const sig = this.checker.getSignatureFromDeclaration(fn);
    if (sig === undefined) return undefined;
    try {
      const h = this.reader.returns(fn.type, sig.getReturnType());
      for (const r of refsOf(h)) if (ts.isClassDeclaration(r)) this.dtoQueue.push(r);
      return h;
    } catch (e) {
      if (!(e instanceof SlotError) || explicit) return undefined;
      const declared = fn.type !== undefined;
      this.report(
        diagnostic(
          D.returnType(declared ? 'declared' : 'inferred', e.message),
          fn.type ?? fn.name ?? fn,
          declared ? ts.DiagnosticCategory.Error : ts.DiagnosticCategory.Warning,
        ),
      );
      return undefined;
    }
  }

  /** What `@Param(...)`, `@Description`, `@Range` say about a parameter. */
  private paramOptions(p: ts.ParameterDeclaration): SlotOptions {
    let explicit = false;
    const given = new Set<string>();
    let explicitHint: ts.Expression | undefined;
    let name: string | undefined;
    let range: readonly ts.Expression[] | undefined;
    let pattern: ts.Expression | undefined;
    for (const d of decoratorsOf(this.checker, p)) {
      if (d.lib !== 'ours') continue;
      if (d.name === 'Param') {
        const o = objectArg(d.args[0]);
        for (const k of o.keys()) given.add(k);
        if (o.has('type') || o.has('enum')) explicit = true;
        explicitHint = o.get('type') ?? explicitHint;
        const n = o.get('name');
        if (n !== undefined && ts.isStringLiteralLike(n)) name = n.text;
        pattern = o.get('pattern') ?? pattern;
      } else if (d.name === 'Range') {
        range = d.args;
        given.add('minimum').add('maximum');
      }
    }
    return {
      explicit,
      given,
      ...(explicitHint ? { explicitHint } : {}),
      ...(name !== undefined ? { name } : {}),
      ...(range ? { range } : {}),
      ...(pattern ? { pattern } : {}),
    };
  }

  private params(list: readonly ts.ParameterDeclaration[], optionsOf: (p: ts.ParameterDeclaration) => SlotOptions): ParamIR[] {
    const out: ParamIR[] = [];
    let contexts = 0;
    let signals = 0;
    for (const p of list) {
      if (ts.isIdentifier(p.name) && p.name.text === 'this') continue;
      const o = optionsOf(p);
      const name = ts.isIdentifier(p.name) ? p.name.text : o.name;
      const at = p.name;
      if (p.dotDotDotToken !== undefined) {
        this.report(diagnostic(D.restParameter(), p));
        out.push({ ...(name !== undefined ? { name } : {}) });
        continue;
      }
      let slot;
      try {
        slot = this.reader.slot(p.type, this.checker.getTypeAtLocation(p));
      } catch (e) {
        if (!(e instanceof SlotError)) throw e;
        if (!o.explicit) this.report(diagnostic(e.diagnosis, p.type ?? at, undefined, `parameter '${name ?? '?'}': `));
      }
      const runtime =
        slot?.hint.k === 'lib' && slot.hint.name === 'ToolContext'
          ? 'ToolContext'
          : slot?.hint.k === 'global' && slot.hint.name === 'AbortSignal'
            ? 'AbortSignal'
            : undefined;
      if (runtime !== undefined) {
        if ((runtime === 'ToolContext' ? ++contexts : ++signals) === 2) this.report(diagnostic(D.atMostOne(runtime), p));
        out.push({ ...(name !== undefined ? { name } : {}), type: slot!.hint, ...(p.questionToken ? { optional: true } : {}) });
        continue;
      }
      if (name === undefined) {
        this.report(diagnostic(D.destructured(), p.name));
      }
      if (slot !== undefined) this.checkExplicit(o.explicitHint, slot.design, p);
      // An `enum` beside the hint narrows it to the enum: nothing is looser.
      if (slot !== undefined && o.given?.has('enum') !== true) this.checkLooser(o.explicitHint, slot.hint, p.type, `parameter '${name ?? '?'}': `);
      this.checkRange(o.range, p);
      this.checkPattern(o.pattern);
      const description = paramDocOf(p) ?? summaryOf(p);
      const tags = tagOptions(p, slot?.hint, slot?.nullable === true, o.given, (d) => this.report(d));
      out.push({
        ...(name !== undefined ? { name } : {}),
        ...(slot !== undefined ? { type: slot.hint } : {}),
        ...(p.questionToken || slot?.optional ? { optional: true } : {}),
        ...(slot?.nullable ? { nullable: true } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(slot?.design !== undefined ? { design: slot.design } : {}),
        ...(tags !== undefined ? { tags } : {}),
      });
      for (const r of refsOf(slot?.hint)) if (ts.isClassDeclaration(r)) this.dtoQueue.push(r);
    }
    return out;
  }

  /** OLT015: a hint that contradicts the declared type (read only where the hint is a plain name). */
  private checkExplicit(hint: ts.Expression | undefined, design: GlobalName | undefined, at: ts.Node): void {
    if (hint === undefined || design === undefined) return;
    const nameOf = ourName(this.checker, hint);
    let hinted: GlobalName | undefined;
    if (nameOf !== undefined && TOKEN_NAMES.has(nameOf)) hinted = designOf({ k: 'lib', name: nameOf });
    else if (ts.isIdentifier(hint) && GLOBAL_DESIGN[hint.text] !== undefined) hinted = GLOBAL_DESIGN[hint.text];
    else if (ts.isArrayLiteralExpression(hint)) hinted = 'Array';
    if (hinted !== undefined && hinted !== design) {
      this.report(diagnostic(D.contradiction(hint.getText(), design), hint));
    }
  }

  /**
   * OLT015 as a warning: a plain `String`, `Number` or `Boolean` hint on a slot whose declared type
   * is a literal union or an enum of that kind: the hint wins, and its schema takes values the
   * declared type does not.
   */
  private checkLooser(hint: ts.Expression | undefined, declared: HintIR, written: ts.TypeNode | undefined, prefix: string): void {
    if (hint === undefined || written === undefined || !ts.isIdentifier(hint)) return;
    const kind = ({ String: 'string', Number: 'number', Boolean: 'boolean' } as Record<string, string>)[hint.text];
    if (kind === undefined || GLOBAL_DESIGN[hint.text] === undefined) return;
    const symbol = finalSymbol(this.checker, this.checker.getSymbolAtLocation(hint));
    if (symbol?.declarations?.some((d) => !d.getSourceFile().isDeclarationFile) === true) return;
    let fix: string | undefined;
    if (declared.k === 'enumLiterals' && declared.values.every((v) => typeof v === kind)) {
      fix = `EnumOf([${declared.values.map((v) => (typeof v === 'string' ? `'${v.replace(/['\\]/g, '\\$&')}'` : String(v))).join(', ')}])`;
    } else if (declared.k === 'enumRef' && declared.decl.name !== undefined) {
      const values = declared.decl.members.map((m) => (m.initializer !== undefined && ts.isStringLiteral(m.initializer) ? 'string' : 'number'));
      if (kind !== 'boolean' && values.every((v) => v === kind)) fix = `EnumOf(${declared.decl.name.text})`;
    }
    if (fix === undefined) return;
    this.report({ ...diagnostic(D.looserHint(hint.text, written.getText(), fix), hint, ts.DiagnosticCategory.Warning, prefix), looser: true });
  }

  private checkRange(args: readonly ts.Expression[] | undefined, at: ts.Node): void {
    if (args === undefined || args.length !== 2) return;
    const num = (e: ts.Expression): number | undefined => {
      if (ts.isNumericLiteral(e)) return Number(e.text);
      if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(e.operand)) return -Number(e.operand.text);
      return undefined;
    };
    const [a, b] = [num(args[0]!), num(args[1]!)];
    if (a !== undefined && b !== undefined && a > b) this.report(diagnostic(D.inverted('minimum', String(a), 'maximum', String(b)), at));
  }

  private checkPattern(p: ts.Expression | undefined): void {
    if (p === undefined) return;
    let source: string | undefined;
    let flags = '';
    if (ts.isRegularExpressionLiteral(p)) {
      const m = /^\/(.*)\/([a-z]*)$/s.exec(p.text);
      if (m === null) return;
      source = m[1]!;
      flags = m[2]!;
    } else if (ts.isStringLiteralLike(p)) {
      source = p.text;
    } else {
      return;
    }
    if (flags !== '' || !compilesInUnicode(source)) this.report(diagnostic(D.pattern(p.getText()), p));
  }

  // ---- Tool.create ------------------------------------------------------------------------------

  private create(call: ts.CallExpression): void {
    const fn = call.arguments[0];
    const second = call.arguments[1];
    if (fn === undefined || (second !== undefined && (ts.isStringLiteralLike(second) || (!ts.isObjectLiteralExpression(second) && this.isStringy(second)))))
      return;
    let decl: ts.SignatureDeclaration | undefined;
    let fnDecl: ts.FunctionDeclaration | ts.VariableDeclaration | undefined;
    if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) {
      decl = fn;
    } else {
      const sym = finalSymbol(this.checker, this.checker.getSymbolAtLocation(ts.isPropertyAccessExpression(fn) ? fn.name : fn));
      const d = sym?.valueDeclaration;
      if (d !== undefined && ts.isFunctionDeclaration(d)) {
        decl = d;
        if (ts.isIdentifier(fn)) fnDecl = d;
      } else if (
        d !== undefined &&
        ts.isVariableDeclaration(d) &&
        d.initializer !== undefined &&
        (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))
      ) {
        decl = d.initializer;
        if (ts.isIdentifier(fn)) fnDecl = d;
      } else if (d !== undefined && ts.isMethodDeclaration(d)) {
        decl = d;
      } else {
        const sig = this.checker.getTypeAtLocation(fn).getCallSignatures()[0];
        const sd = sig?.getDeclaration();
        if (sd !== undefined && ts.isFunctionLike(sd)) decl = sd;
      }
    }
    if (decl === undefined) return;
    if (decl.typeParameters !== undefined && decl.typeParameters.length > 0) {
      this.report(diagnostic(D.generic('function'), fn));
      return;
    }
    const given = objectArg(second);
    const givenParams = given.get('params');
    const explicitNames = new Set(objectArg(givenParams).keys());
    const arrayParams = givenParams !== undefined && ts.isArrayLiteralExpression(givenParams);
    const [first, ...others] = decl.parameters;
    const input = first !== undefined && !arrayParams ? this.objectInput(first, (key) => explicitNames.has(key)) : undefined;
    const params = [
      ...(input ?? []),
      ...this.params(input !== undefined ? others : decl.parameters, (p) => ({
        explicit: arrayParams || (ts.isIdentifier(p.name) && explicitNames.has(p.name.text)),
      })),
    ];
    const returns = this.returns(decl, given.has('returns'));
    const description = summaryOf(decl);
    this.creates.set(call, {
      call,
      method: { params, ...(returns !== undefined ? { returns } : {}), ...(description !== undefined ? { description } : {}) },
      ...(fnDecl ? { fnDecl } : {}),
    });
  }

  /**
   * A `Tool.create` function's first parameter written as a flat object pattern (`{ city, days = 3 }`):
   * its properties, each typed from the parameter's type, are the tool's arguments (as at run time,
   * `Tool.create`'s object input). Undefined for any other parameter.
   */
  private objectInput(p: ts.ParameterDeclaration, explicit: (key: string) => boolean): ParamIR[] | undefined {
    if (!ts.isObjectBindingPattern(p.name) || p.dotDotDotToken !== undefined) return undefined;
    const keys: [string, ts.BindingElement][] = [];
    for (const el of p.name.elements) {
      const key =
        el.propertyName === undefined
          ? ts.isIdentifier(el.name)
            ? el.name.text
            : undefined
          : ts.isIdentifier(el.propertyName) || ts.isStringLiteral(el.propertyName)
            ? el.propertyName.text
            : undefined;
      if (el.dotDotDotToken !== undefined || !ts.isIdentifier(el.name) || key === undefined) return undefined;
      keys.push([key, el]);
    }
    const type = this.checker.getTypeAtLocation(p);
    return keys.map(([key, el]) => {
      const prop = type.getProperty(key);
      const decl = prop?.valueDeclaration;
      const node = decl !== undefined && (ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl)) ? decl.type : undefined;
      let slot;
      try {
        slot = this.reader.slot(node, prop !== undefined ? this.checker.getTypeOfSymbolAtLocation(prop, el) : this.checker.getTypeAtLocation(el));
      } catch (e) {
        if (!(e instanceof SlotError)) throw e;
        if (!explicit(key)) this.report(diagnostic(e.diagnosis, node ?? el, undefined, `parameter '${key}': `));
      }
      const optional = el.initializer !== undefined || (prop !== undefined && (prop.flags & ts.SymbolFlags.Optional) !== 0) || slot?.optional === true;
      const description = decl !== undefined ? summaryOf(decl) : undefined;
      for (const r of refsOf(slot?.hint)) if (ts.isClassDeclaration(r)) this.dtoQueue.push(r);
      return {
        name: key,
        ...(slot !== undefined ? { type: slot.hint } : {}),
        ...(optional ? { optional: true } : {}),
        ...(slot?.nullable ? { nullable: true } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(slot?.design !== undefined ? { design: slot.design } : {}),
      };
    });
  }

  private isStringy(e: ts.Expression): boolean {
    const t = this.checker.getTypeAtLocation(e);
    return (t.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.ESSymbolLike)) !== 0;
  }

  // ---- DTO classes --------------------------------------------------------------------------------

  private hasOwnPropertyDecorators(c: ts.ClassDeclaration): boolean {
    return c.members.some((m) => ts.isPropertyDeclaration(m) && decoratorsOf(this.checker, m).some((d) => d.lib === 'ours'));
  }

  private dto(c: ts.ClassDeclaration): void {
    if (c.getSourceFile().isDeclarationFile || isInNodeModules(c.getSourceFile())) return;
    const ir = this.classIR(c);
    if (ir.properties !== undefined) return;
    ir.properties = [];
    for (const b of this.baseClasses(c).slice(0, 1)) this.dtoQueue.push(b);
    const ctor = c.members.find(ts.isConstructorDeclaration);
    if (ctor !== undefined && ctor.parameters.some((p) => p.questionToken === undefined && p.initializer === undefined && p.dotDotDotToken === undefined)) {
      this.report(diagnostic(D.notConstructible(c.name?.text ?? 'the class'), ctor));
    }
    for (const m of c.members) {
      if (!ts.isPropertyDeclaration(m)) continue;
      const flags = ts.getCombinedModifierFlags(m);
      if (flags & (ts.ModifierFlags.Static | ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
      const key = memberName(m);
      if (key === undefined) continue;
      const prop = this.property(m, key);
      ir.properties.push(prop);
      for (const r of refsOf(prop.type)) if (ts.isClassDeclaration(r)) this.dtoQueue.push(r);
    }
    const hasBaseProps = this.baseClasses(c).some((b) => b.members.some((m) => ts.isPropertyDeclaration(m)));
    // v3: a class that declares no instance property at all (nor do its bases) is the closed empty
    // object; one that declares only properties that cannot be public ones stays OLT013.
    if (ir.properties.length === 0 && !hasBaseProps && [c, ...this.baseClasses(c)].some(declaresInstanceProperty)) {
      this.report(diagnostic(D.noProperty(c.name?.text ?? 'the class'), c.name ?? c));
    }
  }

  private property(m: ts.PropertyDeclaration, key: string): PropIR {
    const decorators = decoratorsOf(this.checker, m);
    let explicit = false;
    let typeRule = false;
    let explicitHint: ts.Expression | undefined;
    let range: readonly ts.Expression[] | undefined;
    let pattern: ts.Expression | undefined;
    const given = new Set<string>();
    for (const d of decorators) {
      if (d.lib === 'class-validator') for (const k of RULE_OPTIONS[d.name] ?? []) given.add(k);
      if (d.lib === 'ours' && d.name === 'Prop') {
        const o = objectArg(d.args[0]);
        for (const k of o.keys()) given.add(k);
        if (o.has('type') || o.has('enum')) explicit = true;
        explicitHint = o.get('type') ?? explicitHint;
        pattern = o.get('pattern') ?? pattern;
      } else if (d.lib === 'ours' && d.name === 'Range') {
        range = d.args;
        given.add('minimum').add('maximum');
      } else if (d.lib === 'class-transformer' && d.name === 'Type') {
        explicit = true;
      } else if (d.lib === 'class-validator' && TYPE_RULES.has(d.name)) {
        typeRule = true;
      }
    }
    let slot;
    try {
      slot = this.reader.slot(m.type, this.checker.getTypeAtLocation(m));
    } catch (e) {
      if (!(e instanceof SlotError)) throw e;
      if (!explicit && !typeRule) this.report(diagnostic(e.diagnosis, m.type ?? m.name, undefined, `property '${key}': `));
    }
    if (slot !== undefined) this.checkExplicit(explicitHint, slot.design, m);
    if (slot !== undefined && !given.has('enum')) this.checkLooser(explicitHint, slot.hint, m.type, `property '${key}': `);
    this.checkRange(range, m);
    this.checkPattern(pattern);
    const description = summaryOf(m);
    const tags = tagOptions(m, slot?.hint, slot?.nullable === true, given, (d) => this.report(d));
    // With a class-validator type rule (@IsInt on a number), the rule gives the type: record only the design.
    const type = typeRule && !explicit ? undefined : slot?.hint;
    const design = slot !== undefined && this.erasedByTsc(m.type) ? 'Object' : slot?.design;
    return {
      key,
      ...(type !== undefined ? { type } : {}),
      ...(m.questionToken || slot?.optional ? { optional: true } : {}),
      ...(slot?.nullable ? { nullable: true } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(design !== undefined ? { design } : {}),
      ...(tags !== undefined ? { tags } : {}),
    };
  }

  /**
   * Whether plain tsc records `Object` as the design type of a property written `T | null` or
   * `T | undefined` (under strictNullChecks it erases such a union). The reflector then reads the
   * type from the rules and, under @IsOptional(), adds null (v3.1): recorded so that the plugin's
   * build writes the same schema.
   */
  private erasedByTsc(node: ts.TypeNode | undefined): boolean {
    const o = this.program.getCompilerOptions();
    if (node === undefined || !(o.strictNullChecks ?? o.strict ?? false)) return false;
    let n = node;
    while (ts.isParenthesizedTypeNode(n)) n = n.type;
    return (
      ts.isUnionTypeNode(n) &&
      n.types.some((t) => t.kind === ts.SyntaxKind.UndefinedKeyword || (ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword))
    );
  }
}
