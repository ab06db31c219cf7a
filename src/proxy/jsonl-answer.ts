/**
 * @module A JSONL listing (§4.5, §4.7) read line by line as it passes: each valid record handed on as
 * it comes, the listing summed up once whole; the first bad line ends the reading.
 */
import type { RecordKind } from '../core/record-kinds.js';
import type { ListingSeen } from '../rules/evidence.js';
import { judgeListingLine } from '../rules/records.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import { type JsonlLine, JsonlSplitter } from '../transport/jsonl.js';

/** Ids kept of one listing for the listing pairs; a longer listing keeps none. */
const MAX_IDS = 5_000;

export class ListingReader {
  private readonly splitter = new JsonlSplitter();
  private problem: string | undefined;
  private lines = 0;
  private records = 0;
  private ids: { id: string; run: unknown }[] | undefined = [];

  constructor(
    private readonly kind: RecordKind,
    private readonly status: number,
    private readonly schemas: Pick<SchemaRegistry, 'validate'>,
    /** Each valid record, with its line number and length, as it comes. */
    private readonly onRecord: (record: Record<string, unknown>, line: number, bytes: number) => void,
  ) {}

  push(chunk: Buffer): void {
    for (const line of this.splitter.push(chunk)) this.line(line);
  }

  /** The body ended: the listing as read. */
  finish(): Omit<ListingSeen, 'exchange' | 'kind'> {
    for (const line of this.splitter.end()) this.line(line);
    return { records: this.records, lines: this.lines, problem: this.problem, ids: this.ids };
  }

  private line(line: JsonlLine): void {
    if (this.problem !== undefined || line.text.trim() === '') return;
    this.lines++;
    const judged = judgeListingLine(this.kind, line, this.status, this.schemas);
    if ('problem' in judged) {
      this.problem = judged.problem;
      return;
    }
    const record = judged.record;
    this.records++;
    if (this.ids) {
      const id = record[this.kind.idField];
      if (typeof id === 'string' && this.ids.length < MAX_IDS) this.ids.push({ id, run: record.evaluation_run_id });
      else this.ids = undefined;
    }
    this.onRecord(record, line.number, line.text.length);
  }
}
