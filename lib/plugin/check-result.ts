/** What `tool-signatures check` finds: the result's types, shared by the check, its loader and its report. */
import type * as ts from 'typescript';

/** Options of `tool-signatures check`. */
export interface CheckOptions {
  /** The tsconfig.json of the project. */
  readonly project: string;
}

/** One slot where the full static type says more than the reflector sees at run time. */
export interface SlotLoss {
  /** `file:line` of the tool (the class method's class, or the `Tool.create` call). */
  readonly at: string;
  readonly tool: string;
  /** The argument's path in the input schema: `cabin`, `contact.nickname`, `items[]`. */
  readonly slot: string;
  /** `type`: the schema of the slot differs; `optional`: the full type lets it be left out, the runtime requires it. */
  readonly kind: 'type' | 'optional' | 'required';
  /** The slot's schema (or `optional` / `required`) from the full types. */
  readonly full: string;
  /** ... and from what the reflector sees at run time. */
  readonly runtime: string;
  /** The hint that makes the runtime path write the full schema. */
  readonly fix: string;
}

/** A class or tool that the runtime path cannot build at all (a definition error at load: not silent, but broken). */
export interface CheckFailure {
  readonly at: string;
  readonly tool?: string;
  /** The error's message: one problem's, or `3 problems in class DocketService:` and a line per problem. */
  readonly message: string;
  /** Each problem's message (`OLT002: Cannot build tool 'find' (DocketService.find), parameter #0 'q': ...`). */
  readonly problems: readonly string[];
  /** How many tools it leaves unbuilt: those its problems name (1 when they name none). */
  readonly broken: number;
}

export interface CheckResult {
  /**
   * Tools checked: built both ways and compared, and those of a class or call the runtime path
   * cannot build (in a project that compiles with the plugin, also those only its path can build).
   */
  readonly tools: number;
  readonly losses: readonly SlotLoss[];
  readonly failures: readonly CheckFailure[];
  /** Where tools are built that loading the modules does not reach (inside a function): not checked. */
  readonly unreached: readonly string[];
  /**
   * Hints looser than the declared type (`@Param({ type: String }) level: 'low' | 'high'`): the hint
   * wins with or without the plugin, so the schema takes values the type does not (OLT015, a warning).
   */
  readonly looser: readonly { readonly at: string; readonly message: string }[];
  /** The plugin's own diagnostics for the program (its definition errors). */
  readonly diagnostics: readonly ts.Diagnostic[];
  /**
   * Where the project's build runs the plugin (`tsconfig.json "plugins"` with ts-patch, `nest-cli.json`
   * `plugins`, a module `generate` wrote in the program, whatever its `--out`), if it does: then its tools get the
   * full types at run time, and the losses and failures above are what a build without the plugin
   * would have (not counted against the project).
   */
  readonly plugin?: string;
  /** Tools that the plugin's path itself cannot build (what a plugin project gets at run time). */
  readonly pluginFailures: readonly CheckFailure[];
  /**
   * DTO properties that no source types in the build the project runs (v3.2): each accepted as what
   * class-validator enforces, with its OLT016 warning. `check --strict` counts them against the project.
   */
  readonly untyped: readonly { readonly at: string; readonly tool: string; readonly message: string }[];
}
