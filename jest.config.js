/**
 * Jest runs the TypeScript specs through ts-jest (transpile only; `npm test` type-checks first), in
 * five lanes (Jest projects; scripts/test.js picks them, `npx jest --selectProjects fast` does too):
 *
 * - `conformance`: the official MCP conformance suite (spec/mcp/conformance.spec.ts and spec/scripts/conformance.spec.ts).
 * - `toolchain`: the specs listed in TOOLCHAIN, which cross a process boundary to run the build
 *   toolchains (TypeScript with the plugin through ts-patch, tsx, esbuild, the Nest CLI, `check`
 *   loading what they emitted) or the test runner itself. What they judge is what the toolchain
 *   wrote and the CommonJS it emitted, which the Node line does not change: scripts/test.js runs
 *   them on the machine's Node only.
 * - `integration`: the specs listed in INTEGRATION, the ones that cross a process or socket
 *   boundary: they spawn a program (a compiled sample or program, the CLI, `npm pack`, the
 *   Inspector, a stdio server, a NestJS ESM app), serve on a port (HTTP endpoints, clusters), or
 *   load compiled projects through Node's module loader (`check`).
 * - `compiler`: the specs listed in COMPILER, in-process but slow: they compile whole projects with
 *   the TypeScript compiler (`ts.createProgram`, or spec/helpers/virtual-program's `compileProgram`:
 *   the plugin's diagnostics and entries, `generate`, the diagnostics catalogue, the corpus of real
 *   DTOs, a decorated signature built as one program).
 * - `fast`: every other spec: in-process, the lane to run while changing a rule.
 *
 * spec/architecture/lanes.spec.ts holds the lists to that rule, read from each spec's text.
 */
const INTEGRATION = [
  'spec/ai-sdk/ai-sdk.spec.ts',
  'spec/mcp/session-registry.spec.ts',
  'spec/corpus/swagger-plugin.spec.ts',
  'spec/cli/cli.spec.ts',
  'spec/invoke/toolset-inversify.spec.ts',
  'spec/cli/hostile-output.spec.ts',
  'spec/mcp/stdio-hostile.spec.ts',
  'spec/nestjs/bad-request-transform.spec.ts',
  'spec/ai-sdk/approvals-and-links.spec.ts',
  'spec/mcp/approval-question.spec.ts',
  'spec/mcp/bearer.spec.ts',
  'spec/nestjs/guard-request.spec.ts',
  'spec/mcp/session-requests.spec.ts',
  'spec/mcp/sessions.spec.ts',
  'spec/mcp/transport-bounds.spec.ts',
  'spec/nestjs/prefix.spec.ts',
  'spec/mcp/prefix-and-ids.spec.ts',
  'spec/nestjs/served.spec.ts',
  'spec/mcp/prompts-resources.spec.ts',
  'spec/nestjs/sessions.spec.ts',
  'spec/mcp/stateless.spec.ts',
  'spec/mcp/modern-direct.spec.ts',
  'spec/mcp/approvals.spec.ts',
  'spec/mcp/hidden.spec.ts',
  'spec/mcp/listen.spec.ts',
  'spec/mcp/principal.spec.ts',
  'spec/mcp/sampling-visible-tools.spec.ts',
  'spec/mcp/template-variables.spec.ts',
  'spec/mcp/http-deployment.spec.ts',
  'spec/nestjs/esm-app.spec.ts',
  'spec/nestjs/deployment.spec.ts',
  'spec/mcp/capabilities.spec.ts',
  'spec/mcp/context.spec.ts',
  'spec/mcp/http.spec.ts',
  'spec/mcp/inspector.spec.ts',
  'spec/mcp/modern-caching.spec.ts',
  'spec/mcp/modern-client-answers.spec.ts',
  'spec/mcp/modern-input.spec.ts',
  'spec/mcp/tasks/http.spec.ts',
  'spec/mcp/modern-listen.spec.ts',
  'spec/mcp/modern-param-headers.spec.ts',
  'spec/mcp/modern.spec.ts',
  'spec/mcp/npm-run-mcp.spec.ts',
  'spec/mcp/observability.spec.ts',
  'spec/mcp/real-clients.spec.ts',
  'spec/mcp/sampling-tools.spec.ts',
  'spec/mcp/scale-out.spec.ts',
  'spec/mcp/server.spec.ts',
  'spec/mcp/session-get-stream.spec.ts',
  'spec/mcp/state-key-rotation.spec.ts',
  'spec/mcp/stdio.spec.ts',
  'spec/mcp/stream-resume.spec.ts',
  'spec/redis/optional-peer.spec.ts',
  'spec/redis/replicas.spec.ts',
  'spec/redis/stores.spec.ts',
  'spec/redis/task-store.spec.ts',
  'spec/mcp/without-server-sdk.spec.ts',
  'spec/nestjs/dto-input.spec.ts',
  'spec/nestjs/guards.spec.ts',
  'spec/nestjs/nest-app.spec.ts',
  'spec/nestjs/nestjs.spec.ts',
  'spec/nestjs/options.spec.ts',
  'spec/package/pack.spec.ts',
  'spec/package/quickstart.spec.ts',
  'spec/package/shipped.spec.ts',
  'spec/samples/samples.spec.ts',
  'spec/schema/swagger.spec.ts',
];
const TOOLCHAIN = [
  'spec/plugin/check.spec.ts',
  'spec/plugin/parity.spec.ts',
  'spec/plugin/shapes.spec.ts',
  'spec/plugin/nestjs-sample.spec.ts',
  'spec/cli/check.spec.ts',
  'spec/package/builds.spec.ts',
  'spec/scripts/test.spec.ts',
];
const COMPILER = [
  'spec/architecture/diagnostics.spec.ts',
  'spec/corpus/dtos.spec.ts',
  'spec/plugin/definition-errors.spec.ts',
  'spec/plugin/generate-layout.spec.ts',
  'spec/plugin/diagnostics.spec.ts',
  'spec/plugin/entries.spec.ts',
  'spec/plugin/generate.spec.ts',
  'spec/plugin/tags.spec.ts',
  'spec/schema/destructured.spec.ts',
  'spec/schema/import-type.spec.ts',
  'spec/schema/enum-beside-type.spec.ts',
];
const CONFORMANCE = ['spec/mcp/conformance.spec.ts', 'spec/scripts/conformance.spec.ts'];

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const conformanceRegex = '/spec/(mcp|scripts)/conformance\\.spec\\.ts$';

const shared = {
  testEnvironment: 'node',
  roots: ['<rootDir>/spec'],
  // TypeScript sources win over any stray compiled .js beside them.
  moduleFileExtensions: ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs', 'json', 'node'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  moduleNameMapper: {
    '^tool-signatures$': '<rootDir>/lib/index.ts',
    '^tool-signatures/(.*)$': '<rootDir>/lib/$1',
  },
};

module.exports = {
  coverageProvider: 'v8',
  testTimeout: 30000,
  projects: [
    {
      ...shared,
      displayName: 'fast',
      testMatch: ['<rootDir>/spec/**/*.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', conformanceRegex, ...[...INTEGRATION, ...TOOLCHAIN, ...COMPILER].map((file) => `/${escapeRegExp(file)}$`)],
    },
    { ...shared, displayName: 'compiler', testMatch: COMPILER.map((file) => `<rootDir>/${file}`) },
    // The programs their specs run, compiled once before the workers start (scripts/compiled-setup.js).
    { ...shared, displayName: 'toolchain', testMatch: TOOLCHAIN.map((file) => `<rootDir>/${file}`), globalSetup: '<rootDir>/scripts/compiled-setup.js' },
    { ...shared, displayName: 'integration', testMatch: INTEGRATION.map((file) => `<rootDir>/${file}`), globalSetup: '<rootDir>/scripts/compiled-setup.js' },
    { ...shared, displayName: 'conformance', testMatch: CONFORMANCE.map((glob) => `<rootDir>/${glob}`) },
  ],
};
