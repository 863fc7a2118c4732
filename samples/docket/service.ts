/**
 * The docket service: a realistic class whose methods are tools. DTO parameters, enums, dates,
 * a cost line, a timeout, a tool that needs approval and one that ends the model's loop.
 */
import { DateOnly, Description, Int32, Param, Range, TimeOnly, Tool, ToolContext, ToolResult, Uuid } from 'tool-signatures';
import { CARRIERS, DeliverySlot, DocketStatus, DocketView, NewDocket, Priority, ShiftReport, type Carrier } from './model';
import { DocketStore, FreightDesk, type DocketRecord } from './store';

export class DocketService {
  constructor(
    private readonly store = new DocketStore(),
    private readonly freight = new FreightDesk(),
  ) {}

  @Tool({ description: 'Find dockets, newest first.', returns: () => [DocketView], annotations: { readOnlyHint: true } })
  searchDockets(
    @Description('Only dockets in this status.') @Param({ enum: DocketStatus, optional: true }) status?: DocketStatus,
    @Description('Only dockets of this priority.') @Param({ enum: Priority, optional: true }) priority?: Priority,
    @Description('Only dockets created at or after this instant.') @Param({ optional: true }) since?: Date,
    @Range(1, 50) @Param({ type: Int32 }) limit: number = 10,
  ): DocketView[] {
    return this.store.dockets
      .filter(
        (d) =>
          (status === undefined || d.status === status) && (priority === undefined || d.priority === priority) && (since === undefined || d.createdAt >= since),
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, limit)
      .map(view);
  }

  @Tool({ description: 'Get one docket by its id.', returns: () => DocketView, annotations: { readOnlyHint: true } })
  getDocket(@Param({ type: Uuid }) id: string): DocketView | ToolResult {
    const d = this.store.find(id);
    return d === undefined ? ToolResult.error(`No docket has the id ${id}. Search for it with search_dockets.`) : view(d);
  }

  @Tool({ description: 'Open a new docket for a customer. Returns the new docket.', returns: () => DocketView, parallelSafe: false })
  createDocket(docket: NewDocket, ctx: ToolContext): DocketView {
    ctx.addCost({ label: 'warehouse API call', amount: 0.002, unit: 'EUR' });
    return view(this.store.add(docket.customer, docket.priority, docket.lines, docket.deliverBy ?? null, docket.note ?? null));
  }

  @Tool({ description: 'Book a delivery slot for a docket (no deliveries on Sundays).', returns: () => DeliverySlot, parallelSafe: false })
  scheduleDelivery(
    @Param({ type: Uuid }) id: string,
    @Description('Delivery day.') @Param({ type: DateOnly }) date: string,
    @Description('Earliest time of day.') @Param({ type: TimeOnly }) after: string = '08:00:00',
  ): DeliverySlot {
    const d = this.mustFind(id);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0) throw new RangeError(`${date} is a Sunday; the depot is closed.`);
    d.status = DocketStatus.Scheduled;
    d.deliverBy = date;
    return Object.assign(new DeliverySlot(), { date, from: after, to: addHours(after, 4) });
  }

  @Tool({ description: 'Quote freight for a docket from one carrier.', timeoutSeconds: 1, annotations: { openWorldHint: true } })
  async quoteFreight(@Param({ type: Uuid }) id: string, @Param({ enum: CARRIERS }) carrier: Carrier, signal: AbortSignal) {
    const units = this.mustFind(id).lines.reduce((n, l) => n + l.qty, 0);
    return this.freight.quote(carrier, units, signal);
  }

  @Tool({ description: 'Cancel a docket. A dispatcher must approve.', requiresApproval: true, parallelSafe: false, annotations: { destructiveHint: true } })
  cancelDocket(@Param({ type: Uuid }) id: string, @Param({ minLength: 3, maxLength: 200 }) reason: string): string {
    const d = this.mustFind(id);
    d.status = DocketStatus.Cancelled;
    d.note = reason;
    return `Docket ${id} is cancelled.`;
  }

  @Tool({ description: 'Report to the user what was done. Call it last: it ends the turn.', endsLoop: true, returns: () => ShiftReport })
  submitReport(report: ShiftReport): ShiftReport {
    return report;
  }

  private mustFind(id: string): DocketRecord {
    const d = this.store.find(id);
    if (d === undefined) throw new Error(`No docket has the id ${id}.`);
    return d;
  }
}

function view(d: DocketRecord): DocketView {
  return Object.assign(new DocketView(), {
    id: d.id,
    customer: d.customer,
    status: d.status,
    priority: d.priority,
    lines: d.lines,
    createdAt: d.createdAt,
    deliverBy: d.deliverBy,
  });
}

function addHours(time: string, hours: number): string {
  const [h, rest] = [Number(time.slice(0, 2)), time.slice(2, 8)];
  return `${String(Math.min(23, h + hours)).padStart(2, '0')}${rest}`;
}
