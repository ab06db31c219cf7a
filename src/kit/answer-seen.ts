/**
 * @module The `exchange` slot's evidence of one exchange (src/rules/evidence.ts), its body parsed and
 * validated once, when a rule first asks.
 */
import { describeSchemaErrors, excerpt } from '../core/describe.js';
import { is2xx, jsonOrUndefined } from '../core/values.js';
import type { ExchangeSeen, RequestSeen } from '../rules/evidence.js';

/** The exchange slot's evidence, its body parsed and validated once, when a rule first asks. */
export class AnswerSeen implements ExchangeSeen {
  private parsed: { value: unknown } | undefined;
  private validated: { problem: string | undefined } | undefined;
  constructor(
    readonly request: RequestSeen,
    readonly status: number,
    readonly headers: Readonly<Record<string, string>>,
    readonly text: string | undefined,
    readonly cut: boolean,
    readonly framing: ExchangeSeen['framing'],
  ) {}
  get json(): unknown {
    this.parsed ??= { value: this.cut ? undefined : jsonOrUndefined(this.text) };
    return this.parsed.value;
  }
  get schemaProblem(): string | undefined {
    const schema = this.request.op.responseSchema;
    if (!schema || !is2xx(this.status) || this.framing !== 'json' || this.text === undefined || this.cut)
      return undefined;
    if (!this.validated) {
      const value = this.json;
      if (value === undefined)
        this.validated = { problem: `a body that is not JSON: ${excerpt(this.text, 160) || '(empty)'}` };
      else {
        const v = this.request.settings.tools.schemas.validate(schema, value);
        this.validated = {
          problem: v.ok ? undefined : `${describeSchemaErrors(v.errors)}: ${excerpt(this.text, 160)}`,
        };
      }
    }
    return this.validated.problem;
  }
}
