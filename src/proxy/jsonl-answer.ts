/**
 * @module A JSONL listing judged line by line as it passes (§4.5, §4.7): its media type (src/rules),
 * then each line a JSON object valid against the record schema, never an error object or a truncated
 * line. The first bad line is the finding; the rest is not read.
 */
import type { Operation } from '../core/operations.js';
import { RECORD_KINDS, type RecordKind } from '../core/record-kinds.js';
import { isJsonObject } from '../core/values.js';
import { describeSchemaErrors, excerpt } from '../kit/describe.js';
import { isErrorObject } from '../rules/error-shape.js';
import { isJsonlMediaType, JSONL_MEDIA_TYPES } from '../rules/media-types.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import { type JsonlLine, JsonlSplitter } from '../transport/jsonl.js';
import { RULES } from './rules.js';
import { parseJson, type Verdicts } from './verdicts.js';

export class JsonlAnswerJudge {
  private readonly splitter = new JsonlSplitter();
  private readonly kind: RecordKind;
  private problem: string | undefined;
  private lines = 0;

  /** Judges the media type at once; the lines as they come. */
  constructor(
    private readonly op: Operation,
    private readonly status: number,
    contentType: string | undefined,
    private readonly schemas: Pick<SchemaRegistry, 'validate'>,
    v: Verdicts,
  ) {
    this.kind = RECORD_KINDS.find((k) => k.listOp === op.id)!;
    v.judged(RULES.jsonlContentType);
    if (!isJsonlMediaType(contentType))
      v.breach(
        RULES.jsonlContentType,
        `Content-Type one of ${JSONL_MEDIA_TYPES.join(', ')}`,
        `Content-Type: ${contentType ?? '(none)'}`,
      );
  }

  push(chunk: Buffer): void {
    for (const line of this.splitter.push(chunk)) this.line(line);
  }

  /** The body ended (`cut`: it broke off, with the reason). */
  finish(v: Verdicts, cut?: { readonly message: string }): void {
    for (const line of this.splitter.end()) this.line(line);
    v.judged(RULES.jsonlRecords);
    if (this.problem)
      v.breach(
        RULES.jsonlRecords,
        `JSONL of ${this.kind.title} records (${this.op.section}, ${this.kind.fieldsSection})`,
        this.problem,
      );
    else if (cut)
      v.breach(
        RULES.jsonlRecords,
        `a complete JSONL listing (${this.op.section})`,
        `the body broke off after ${this.lines} line(s): ${cut.message}`,
      );
  }

  private line(line: JsonlLine): void {
    if (this.problem !== undefined || line.text.trim() === '') return;
    this.lines++;
    const kind = this.kind;
    const parsed = parseJson(line.text);
    if (!parsed.ok) {
      this.problem = line.unterminated
        ? `the last line (${line.number}) ends without a newline and is not complete JSON, a truncated line: ${excerpt(line.text, 160)}`
        : `line ${line.number} is not JSON: ${excerpt(line.text, 160)}`;
      return;
    }
    const value = parsed.value;
    if (!isJsonObject(value)) {
      this.problem = `line ${line.number} is ${Array.isArray(value) ? 'a JSON array' : `the JSON ${value === null ? 'null' : typeof value}`}, not a ${kind.title} object: ${excerpt(line.text, 160)}`;
      return;
    }
    if (isErrorObject(kind, value)) {
      this.problem = `line ${line.number} is an error object after HTTP ${this.status}: ${excerpt(line.text, 160)}`;
      return;
    }
    const v = this.schemas.validate(kind.schema, value);
    if (!v.ok)
      this.problem = `line ${line.number} is not a valid ${kind.title} (${kind.fieldsSection}): ${describeSchemaErrors(v.errors)}: ${excerpt(line.text, 160)}`;
  }
}
