import type { JsonSchema, ToolAnnotations } from '../../lib/tool-description';
import type { ToolDefinition } from '../../lib/invoke/tools/bound-tool';

/** A deep-frozen copy of a schema, as the reflector hands it over. */
export function frozen(schema: object): JsonSchema {
  const copy = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  const freeze = (value: unknown): void => {
    if (typeof value === 'object' && value !== null) {
      Object.values(value).forEach(freeze);
      Object.freeze(value);
    }
  };
  freeze(copy);
  return copy;
}

/** A hand-built ToolDefinition around a frozen schema, with an invoke that is never called. */
export function toolOf(
  name: string,
  inputSchema: object,
  extra: {
    description?: string;
    outputSchema?: object;
    annotations?: ToolAnnotations;
  } = {},
): ToolDefinition {
  return Object.freeze({
    name,
    description: extra.description ?? '',
    inputSchema: frozen(inputSchema),
    ...(extra.outputSchema ? { outputSchema: frozen(extra.outputSchema) } : {}),
    ...(extra.annotations ? { annotations: Object.freeze({ ...extra.annotations }) } : {}),
    endsLoop: false,
    requiresApproval: false,
    parallelSafe: true,
    timeoutSeconds: 0,
    warnings: [],
    invoke: () => Promise.reject(new Error('not invoked in provider specs')),
  }) as ToolDefinition;
}

/** The contract's order tool, exactly as the contract writes it. */
export const ORDER_SCHEMA = {
  type: 'object',
  properties: {
    docketId: { type: 'string', minLength: 1, maxLength: 32 },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { sku: { type: 'string', minLength: 1, maxLength: 32 }, qty: { type: 'integer', minimum: 1, maximum: 1000 } },
        required: ['sku', 'qty'],
        additionalProperties: false,
      },
      minItems: 1,
    },
    priority: { type: 'string', enum: ['Low', 'High'] },
    due: { type: 'string', format: 'date-time' },
    days: { type: 'integer', minimum: -2147483648, maximum: 2147483647, default: 3 },
  },
  required: ['docketId', 'items', 'priority', 'due'],
  additionalProperties: false,
};

/** Every keyword the contract writes, in a schema that strict modes can still take (no open objects). */
export const EVERY_KEYWORD_SCHEMA = {
  type: 'object',
  properties: {
    site: { type: 'string', format: 'uri', description: 'Home page' },
    id: { type: 'string', format: 'uuid' },
    email: { type: ['string', 'null'], format: 'email' },
    day: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'time' },
    code: { type: 'string', description: 'Short code.', minLength: 2, maxLength: 8, pattern: '^[a-z]+$' },
    twice: { type: 'string', pattern: '^(ab)\\1$' },
    blob: { type: 'string', contentEncoding: 'base64' },
    tags: { type: 'array', items: { type: 'string', maxLength: 1 }, minItems: 2, maxItems: 5, uniqueItems: true },
    level: { type: ['string', 'null'], enum: ['Low', 'High', null] },
    size: { type: 'integer', enum: [1, 2, 3] },
    mode: { type: 'string', enum: ['fast', 'slow'], default: 'fast' },
    ratio: { type: 'number', minimum: 0, maximum: 1, default: 0.5 },
    count: { type: ['integer', 'null'], minimum: 0, maximum: 255 },
    labels: { type: 'array', items: { type: 'string' }, minItems: 1, default: [] },
    address: {
      type: 'object',
      properties: { city: { type: 'string' }, zip: { type: 'string', pattern: '^\\d{5}$' } },
      required: ['city'],
      additionalProperties: false,
    },
  },
  required: ['site', 'id', 'email', 'day', 'at', 'code', 'twice', 'blob', 'tags', 'level', 'size'],
  additionalProperties: false,
};

/** A Record property (additionalProperties is a schema) beside plain ones. */
export const RECORD_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 10 },
    counts: { type: 'object', additionalProperties: { type: 'integer', minimum: 0, maximum: 255 } },
  },
  required: ['name', 'counts'],
  additionalProperties: false,
};

/** JsonValue, JsonObject and JsonArray parameters. */
export const OPEN_SCHEMA = {
  type: 'object',
  properties: {
    anything: {},
    bag: { type: 'object' },
    list: { type: 'array' },
  },
  required: ['anything', 'bag', 'list'],
  additionalProperties: false,
};

export const orderTool = (): ToolDefinition => toolOf('create_order', ORDER_SCHEMA, { description: 'Create an order.' });
export const everyTool = (): ToolDefinition => toolOf('every_keyword', EVERY_KEYWORD_SCHEMA, { description: 'Uses every keyword.' });
export const recordTool = (): ToolDefinition => toolOf('tally', RECORD_SCHEMA);
export const openTool = (): ToolDefinition => toolOf('store', OPEN_SCHEMA);
