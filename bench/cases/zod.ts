import { z } from 'zod';
import { Priority, type Orders } from '../domain';
import { fail, ok, thrown, type BenchResult, type Case } from './result';

/**
 * zod 4, as AI SDK and MCP SDK users write a tool's input: strict objects at every level, the same
 * bounds, the enum, and `z.iso.datetime({ offset: true })` transformed into a `Date`. The lines
 * stay plain objects (zod has no classes to build); only the date is hydrated.
 */

const sku = z.string().min(1).max(32);
const qty = z.int().min(1).max(1000);
const line = z.strictObject({ sku, qty });
const address = z.strictObject({ city: z.string().min(1).max(64), postcode: z.string().min(1).max(16) });
const bulkLine = z.strictObject({ sku, qty, shipTo: address });

function argsSchema<L extends z.ZodType>(item: L) {
  return z.strictObject({
    docketId: z.string().min(1).max(32),
    items: z.array(item),
    priority: z.enum(Priority),
    due: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
  });
}

export const smallSchema = argsSchema(line);
export const largeSchema = argsSchema(bulkLine);

function message(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue === undefined ? 'Invalid arguments.' : `Argument '${issue.path.join('.')}' ${issue.message}.`;
}

export function zodCase(service: Orders): Case {
  return {
    key: 'zod',
    title: 'zod 4 safeParse (strict objects, iso datetime → Date)',
    async small(a: unknown): Promise<BenchResult> {
      const r = smallSchema.safeParse(a);
      if (!r.success) return fail(message(r.error));
      const v = r.data;
      try {
        return ok(await service.placeOrder(v.docketId, v.items, v.priority, v.due));
      } catch (e) {
        return thrown(e);
      }
    },
    async large(a: unknown): Promise<BenchResult> {
      const r = largeSchema.safeParse(a);
      if (!r.success) return fail(message(r.error));
      const v = r.data;
      try {
        return ok(await service.placeBulkOrder(v.docketId, v.items, v.priority, v.due));
      } catch (e) {
        return thrown(e);
      }
    },
  };
}
