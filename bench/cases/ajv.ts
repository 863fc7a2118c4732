import Ajv2020 from 'ajv/dist/2020';
import { isDateTime } from '../dates';
import { Address, BulkLine, OrderLine, type Orders, type Priority } from '../domain';
import { fail, ok, thrown, type BenchResult, type Case } from './result';

/**
 * ajv (2020-12, strict mode) with the strict `date-time` check registered as its format, compiled
 * once; then hydration by hand from the validated data (plain constructors, the date parsed once).
 * The schemas are written here by hand; the equivalence spec checks that they are, as JSON text,
 * the input schemas ours publishes.
 */

const line = {
  type: 'object',
  properties: { sku: { type: 'string', minLength: 1, maxLength: 32 }, qty: { type: 'integer', minimum: 1, maximum: 1000 } },
  required: ['sku', 'qty'],
  additionalProperties: false,
};
const address = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1, maxLength: 64 }, postcode: { type: 'string', minLength: 1, maxLength: 16 } },
  required: ['city', 'postcode'],
  additionalProperties: false,
};
const bulkLine = {
  type: 'object',
  properties: { sku: { type: 'string', minLength: 1, maxLength: 32 }, qty: { type: 'integer', minimum: 1, maximum: 1000 }, shipTo: address },
  required: ['sku', 'qty', 'shipTo'],
  additionalProperties: false,
};

function argsSchema(item: object): object {
  return {
    type: 'object',
    properties: {
      docketId: { type: 'string', minLength: 1, maxLength: 32 },
      items: { type: 'array', items: item },
      priority: { type: 'string', enum: ['Low', 'High'] },
      due: { type: 'string', format: 'date-time' },
    },
    required: ['docketId', 'items', 'priority', 'due'],
    additionalProperties: false,
  };
}

export const SMALL_SCHEMA = argsSchema(line);
export const LARGE_SCHEMA = argsSchema(bulkLine);

/** A new ajv with the strict date-time format (the bench also times compiling with it). */
export function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  return ajv;
}

interface Valid<L> {
  docketId: string;
  items: L[];
  priority: Priority;
  due: string;
}

function message(errors: readonly { instancePath: string; message?: string }[] | null | undefined): string {
  const e = errors?.[0];
  return e === undefined ? 'Invalid arguments.' : `Argument '${e.instancePath}' ${e.message ?? 'is invalid'}.`;
}

export function ajvCase(service: Orders): Case {
  const ajv = newAjv();
  const small = ajv.compile<Valid<{ sku: string; qty: number }>>(SMALL_SCHEMA);
  const large = ajv.compile<Valid<{ sku: string; qty: number; shipTo: { city: string; postcode: string } }>>(LARGE_SCHEMA);
  return {
    key: 'ajv',
    title: 'ajv 2020 (strict, strict date-time format) + hand-written hydration',
    async small(a: unknown): Promise<BenchResult> {
      if (!small(a)) return fail(message(small.errors));
      const raw = a.items;
      const items: OrderLine[] = new Array(raw.length);
      for (let i = 0; i < raw.length; i++) {
        const r = raw[i]!;
        const l = new OrderLine();
        l.sku = r.sku;
        l.qty = r.qty;
        items[i] = l;
      }
      const due = new Date(a.due);
      try {
        return ok(await service.placeOrder(a.docketId, items, a.priority, due));
      } catch (e) {
        return thrown(e);
      }
    },
    async large(a: unknown): Promise<BenchResult> {
      if (!large(a)) return fail(message(large.errors));
      const raw = a.items;
      const items: BulkLine[] = new Array(raw.length);
      for (let i = 0; i < raw.length; i++) {
        const r = raw[i]!;
        const s = new Address();
        s.city = r.shipTo.city;
        s.postcode = r.shipTo.postcode;
        const l = new BulkLine();
        l.sku = r.sku;
        l.qty = r.qty;
        l.shipTo = s;
        items[i] = l;
      }
      const due = new Date(a.due);
      try {
        return ok(await service.placeBulkOrder(a.docketId, items, a.priority, due));
      } catch (e) {
        return thrown(e);
      }
    },
  };
}
