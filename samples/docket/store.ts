/** An in-memory docket store and freight desk with fixed data and a fixed clock (so runs repeat exactly). */
import { DocketStatus, Priority, type Carrier, type DocketLine } from './model';

export interface DocketRecord {
  id: string;
  customer: string;
  status: DocketStatus;
  priority: Priority;
  lines: { sku: string; qty: number }[];
  createdAt: Date;
  deliverBy: string | null;
  note: string | null;
}

export class DocketStore {
  private next = 104;
  readonly dockets: DocketRecord[] = [
    record('5f0c1d2e-0000-4000-8000-000000000101', 'ACME-001', DocketStatus.Open, Priority.Normal, [{ sku: 'BOLT-M8', qty: 40 }], '2026-02-23T10:15:00Z'),
    record('5f0c1d2e-0000-4000-8000-000000000102', 'ACME-001', DocketStatus.Shipped, Priority.Low, [{ sku: 'WASHER-M8', qty: 500 }], '2026-02-02T08:00:00Z'),
    record('5f0c1d2e-0000-4000-8000-000000000103', 'BRISK-77', DocketStatus.Open, Priority.Urgent, [{ sku: 'NUT-M10', qty: 120 }], '2026-02-27T16:40:00Z'),
  ];

  constructor(readonly now: () => Date = () => new Date('2026-03-02T09:30:00Z')) {}

  find(id: string): DocketRecord | undefined {
    return this.dockets.find((d) => d.id === id);
  }

  add(customer: string, priority: Priority, lines: readonly DocketLine[], deliverBy: string | null, note: string | null): DocketRecord {
    const id = `5f0c1d2e-0000-4000-8000-${String(this.next++).padStart(12, '0')}`;
    const r: DocketRecord = {
      id,
      customer,
      status: DocketStatus.Open,
      priority,
      lines: lines.map((l) => ({ sku: l.sku, qty: l.qty })),
      createdAt: this.now(),
      deliverBy,
      note,
    };
    this.dockets.push(r);
    return r;
  }
}

function record(
  id: string,
  customer: string,
  status: DocketStatus,
  priority: Priority,
  lines: { sku: string; qty: number }[],
  createdAt: string,
): DocketRecord {
  return { id, customer, status, priority, lines, createdAt: new Date(createdAt), deliverBy: null, note: null };
}

/** Carriers answer after a while; DHL's rate service is slow today. */
export class FreightDesk {
  constructor(private readonly latencyMs: Readonly<Record<Carrier, number>> = { ups: 20, dhl: 3000, freightline: 40 }) {}

  async quote(carrier: Carrier, units: number, signal: AbortSignal): Promise<{ carrier: Carrier; price: number; currency: string; days: number }> {
    await delay(this.latencyMs[carrier], signal);
    const base = { ups: 18, dhl: 21, freightline: 12 }[carrier];
    return { carrier, price: Math.round((base + units * 0.04) * 100) / 100, currency: 'EUR', days: carrier === 'freightline' ? 4 : 2 };
  }
}

/** Waits, or stops early (rejecting with the signal's reason) when the signal aborts. */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
