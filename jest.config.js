/** Jest runs the TypeScript specs through ts-jest (transpile only; `npm test` type-checks first). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/spec'],
  testMatch: ['**/*.spec.ts'],
  // TypeScript sources win over any stray compiled .js beside them.
  moduleFileExtensions: ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs', 'json', 'node'],
  coverageProvider: 'v8',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  moduleNameMapper: {
    '^tool-signatures$': '<rootDir>/lib/index.ts',
    '^tool-signatures/(.*)$': '<rootDir>/lib/$1',
  },
  testTimeout: 30000,
};
