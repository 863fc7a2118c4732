import { dateTimeMs, withinCodePoints } from '../dates';
import { Address, BulkLine, OrderLine, type Orders, type Priority } from '../domain';
import { fail, ok, thrown, type BenchResult, type Case } from './result';

/**
 * The floor: a validator and a hydrator written by hand for exactly these two shapes (one pass,
 * plain constructors, the date parsed once into `new Date(ms)`), called through an async function
 * that calls the method and returns the result. The least any invoker must do for the same rules.
 * On the first problem it stops with one error line (ours lists them all; only the valid path is
 * timed).
 */

type Rec = Record<string, unknown>;

let problem = '';
function bad(text: string): undefined {
  problem = text;
  return undefined;
}

function isRec(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `where` names the argument, with `#` for the line's index (filled in only on a problem). */
function text(v: unknown, min: number, max: number, where: string, i: number): string | undefined {
  if (typeof v !== 'string') return bad(`Argument '${where.replace('#', String(i))}' must be a string.`);
  if (!withinCodePoints(v, min, max)) return bad(`Argument '${where.replace('#', String(i))}' must have ${min} to ${max} characters.`);
  return v;
}

function quantity(v: unknown, i: number): number | undefined {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 1000) return bad(`Argument 'items[${i}].qty' must be an integer from 1 to 1000.`);
  return v;
}

function orderLine(v: unknown, i: number): OrderLine | undefined {
  if (!isRec(v)) return bad(`Argument 'items[${i}]' must be an object.`);
  for (const k in v) if (k !== 'sku' && k !== 'qty') return bad(`Argument 'items[${i}].${k}' is not a property of OrderLine.`);
  const sku = text(v.sku, 1, 32, 'items[#].sku', i);
  if (sku === undefined) return undefined;
  const qty = quantity(v.qty, i);
  if (qty === undefined) return undefined;
  const line = new OrderLine();
  line.sku = sku;
  line.qty = qty;
  return line;
}

function address(v: unknown, i: number): Address | undefined {
  if (!isRec(v)) return bad(`Argument 'items[${i}].shipTo' must be an object.`);
  for (const k in v) if (k !== 'city' && k !== 'postcode') return bad(`Argument 'items[${i}].shipTo.${k}' is not a property of Address.`);
  const city = text(v.city, 1, 64, 'items[#].shipTo.city', i);
  if (city === undefined) return undefined;
  const postcode = text(v.postcode, 1, 16, 'items[#].shipTo.postcode', i);
  if (postcode === undefined) return undefined;
  const a = new Address();
  a.city = city;
  a.postcode = postcode;
  return a;
}

function bulkLine(v: unknown, i: number): BulkLine | undefined {
  if (!isRec(v)) return bad(`Argument 'items[${i}]' must be an object.`);
  for (const k in v) if (k !== 'sku' && k !== 'qty' && k !== 'shipTo') return bad(`Argument 'items[${i}].${k}' is not a property of BulkLine.`);
  const sku = text(v.sku, 1, 32, 'items[#].sku', i);
  if (sku === undefined) return undefined;
  const qty = quantity(v.qty, i);
  if (qty === undefined) return undefined;
  const shipTo = address(v.shipTo, i);
  if (shipTo === undefined) return undefined;
  const line = new BulkLine();
  line.sku = sku;
  line.qty = qty;
  line.shipTo = shipTo;
  return line;
}

interface Hydrated<L> {
  docketId: string;
  items: L[];
  priority: Priority;
  due: Date;
}

function args<L>(a: unknown, line: (v: unknown, i: number) => L | undefined): Hydrated<L> | undefined {
  if (!isRec(a)) return bad('The arguments must be a JSON object.');
  for (const k in a) if (k !== 'docketId' && k !== 'items' && k !== 'priority' && k !== 'due') return bad(`Argument '${k}' is not a parameter of this tool.`);
  const docketId = text(a.docketId, 1, 32, 'docketId', 0);
  if (docketId === undefined) return undefined;
  const raw = a.items;
  if (!Array.isArray(raw)) return bad(`Argument 'items' must be an array.`);
  const items: L[] = new Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const l = line(raw[i], i);
    if (l === undefined) return undefined;
    items[i] = l;
  }
  const priority = a.priority;
  if (priority !== 'Low' && priority !== 'High') return bad(`Argument 'priority' must be one of: Low, High.`);
  const due = a.due;
  if (typeof due !== 'string') return bad(`Argument 'due' must be a string.`);
  const ms = dateTimeMs(due);
  if (ms !== ms) return bad(`Argument 'due' must be a date-time.`);
  return { docketId, items, priority: priority as Priority, due: new Date(ms) };
}

export function floorCase(service: Orders): Case {
  return {
    key: 'floor',
    title: 'floor: hand-written validator + hand-written hydration',
    async small(a: unknown): Promise<BenchResult> {
      const h = args(a, orderLine);
      if (h === undefined) return fail(problem);
      try {
        return ok(await service.placeOrder(h.docketId, h.items, h.priority, h.due));
      } catch (e) {
        return thrown(e);
      }
    },
    async large(a: unknown): Promise<BenchResult> {
      const h = args(a, bulkLine);
      if (h === undefined) return fail(problem);
      try {
        return ok(await service.placeBulkOrder(h.docketId, h.items, h.priority, h.due));
      } catch (e) {
        return thrown(e);
      }
    },
  };
}
