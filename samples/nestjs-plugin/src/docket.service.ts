import { Injectable } from '@nestjs/common';
import { Tool, type Int32 } from 'tool-signatures';
import { Court, DocketEntry, DocketQuery } from './docket.dto';

/** Where the entries come from: injected by Nest. */
@Injectable()
export class DocketStore {
  entries(court: Court): DocketEntry[] {
    return [{ id: '6f1c2b4e-0c1d-4b8e-9a7f-2d3e4f5a6b7c', filed: '2026-01-05', title: `Complaint (${court})`, pages: 12 }];
  }
}

@Injectable()
export class DocketService {
  constructor(private readonly store: DocketStore) {}

  /**
   * Fetch the latest entries of a case's docket.
   * @param caseNumber The case, as printed on filings
   * @param limit How many entries, newest first
   */
  @Tool()
  async getDocketAsync(caseNumber: string, limit: Int32 = 10, court: Court = Court.District): Promise<DocketEntry[]> {
    return this.store
      .entries(court)
      .slice(0, limit)
      .map((e) => ({ ...e, title: `${caseNumber}: ${e.title}` }));
  }

  /** Search docket entries. */
  @Tool({ requiresApproval: false })
  search(query: DocketQuery, courts?: Set<Court>): string {
    return `${query.text} in ${[...(courts ?? [query.court])].join(', ')}`;
  }
}
