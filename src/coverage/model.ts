/**
 * @module The coverage model: every part of the interface a run should exercise, per operation,
 * derived from the schemas and the operation table (never listed by hand, so a field added to a
 * schema shows up here as not yet exercised):
 * - request fields sent in a request the target accepted (chat: in each mode, streamed and not);
 * - request fields with a constraint beyond their type sent breaking it, in a request the target
 *   rejected; every value a schema names sent and accepted; every documented bound sent at the
 *   bound (accepted) and beyond it (rejected);
 * - chat: every cross-field rule (§7 and the conventions' vLLM rules, judged by vllm-rules.ts)
 *   broken alone in a request the target rejected, in each mode the rule applies in;
 * - response fields observed in a 2xx answer (chat: the response, and the chunks when streamed);
 * - auth: every presentation that must be rejected (§5), per operation;
 * - scoping: every record read and listing tried through another entity and another project.
 * Items the interface gives no way to exercise are kept apart with the reason (`notApplicable`).
 */
import { OPERATIONS, type OperationId } from '../core/operations.js';
import type { SchemaName, SchemaRegistry } from '../schemas/registry.js';
import { RULE_CASES } from '../generation/rule-cases.js';
import { STATED_GAPS } from './stated-gaps.js';
import type { CoverageItem, Mode, ScopeProbe } from './item.js';
import { PRESENTATION_LABELS, rejectedPresentations } from '../core/presentations.js';
import { schemaFields, type SchemaField } from '../schemas/fields.js';

interface NotApplicableItem extends CoverageItem {
  /** Why the interface gives no way to exercise it. */
  readonly reason: string;
}

export interface CoverageModel {
  readonly items: readonly CoverageItem[];
  readonly notApplicable: readonly NotApplicableItem[];
}

/** The schemas whose fields an operation's answers carry, per mode (`undefined`: the one mode). */
export function responseSchemasOf(op: OperationId): { schema: SchemaName; mode?: Mode }[] {
  const o = OPERATIONS.find((x) => x.id === op)!;
  if (op === 'chat.create')
    return [
      { schema: 'chat/chat-completion-response', mode: 'non-streamed' },
      { schema: 'chat/chat-completion-chunk', mode: 'streamed' },
    ];
  return o.responseSchema ? [{ schema: o.responseSchema }] : [];
}

/** The modes an operation's requests are exercised in. */
export function modesOf(op: OperationId): readonly (Mode | undefined)[] {
  return op === 'chat.create' ? ['non-streamed', 'streamed'] : [undefined];
}

const inMode = (mode: Mode | undefined): string => (mode ? ` (${mode})` : '');

/** Path parameters naming where records live: scoping probes change one of them. */
const SCOPE_PARAMS: Record<ScopeProbe, string> = { 'other-entity': 'entity', 'other-project': 'project' };

function requestItems(op: OperationId, fields: readonly SchemaField[]): CoverageItem[] {
  const out: CoverageItem[] = [];
  for (const f of fields) {
    for (const mode of modesOf(op)) {
      out.push({
        id: `${op} request-accepted ${f.path}${inMode(mode)}`,
        operation: op,
        kind: 'request-accepted',
        path: f.path,
        ...(mode ? { mode } : {}),
        description: `\`${f.path}\` sent in a request the target accepted${inMode(mode)}`,
      });
    }
    if (f.constrained)
      out.push({
        id: `${op} request-rejected ${f.path}`,
        operation: op,
        kind: 'request-rejected',
        path: f.path,
        description: `\`${f.path}\` sent breaking its schema, in a request the target rejected`,
      });
    for (const value of f.values)
      out.push({
        id: `${op} request-value ${f.path}=${JSON.stringify(value)}`,
        operation: op,
        kind: 'request-value',
        path: f.path,
        value,
        description: `\`${f.path}\` sent as ${JSON.stringify(value)} in a request the target accepted`,
      });
    for (const which of ['minimum', 'maximum'] as const) {
      const limit = f[which];
      if (limit === undefined) continue;
      const beyond = which === 'minimum' ? 'below' : 'above';
      out.push({
        id: `${op} request-bound ${f.path} at ${which}`,
        operation: op,
        kind: 'request-bound',
        path: f.path,
        bound: { which, side: 'at', limit },
        description: `\`${f.path}\` sent at its ${which} ${limit} in a request the target accepted`,
      });
      out.push({
        id: `${op} request-bound ${f.path} ${beyond} ${which}`,
        operation: op,
        kind: 'request-bound',
        path: f.path,
        bound: { which, side: 'beyond', limit },
        description: `\`${f.path}\` sent ${beyond} its ${which} ${limit} in a request the target rejected`,
      });
    }
  }
  return out;
}

/** Derives the model from the schemas of the registry. */
export function coverageModel(schemas: SchemaRegistry): CoverageModel {
  const all: CoverageItem[] = [];
  for (const o of OPERATIONS) {
    if (o.requestSchema) all.push(...requestItems(o.id, schemaFields(schemas, o.requestSchema)));
    if (o.id === 'chat.create') {
      for (const c of RULE_CASES) {
        for (const mode of c.modes)
          all.push({
            id: `${o.id} rule-rejected ${c.rule} (${mode})`,
            operation: o.id,
            kind: 'rule-rejected',
            rule: c.rule,
            mode,
            description: `the rule ${c.rule} (${c.section}) broken alone, in a request the target rejected (${mode})`,
          });
      }
    }
    for (const { schema, mode } of responseSchemasOf(o.id)) {
      for (const f of schemaFields(schemas, schema)) {
        all.push({
          id: `${o.id} response ${f.path}${inMode(mode)}`,
          operation: o.id,
          kind: 'response',
          path: f.path,
          ...(mode ? { mode } : {}),
          description: `\`${f.path}\` observed in a 2xx answer${inMode(mode)}`,
        });
      }
    }
    for (const p of rejectedPresentations(o.auth)) {
      all.push({
        id: `${o.id} auth ${p}`,
        operation: o.id,
        kind: 'auth',
        presentation: p,
        description: `sent with ${PRESENTATION_LABELS[p]}`,
      });
    }
    const params = [...o.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const scope of Object.keys(SCOPE_PARAMS) as ScopeProbe[]) {
      if (!params.includes(SCOPE_PARAMS[scope])) continue;
      const what = params.length > 2 ? 'a record known by its id read' : 'listed';
      all.push({
        id: `${o.id} scope ${scope}`,
        operation: o.id,
        kind: 'scope',
        scope,
        description: `${what} through ${scope === 'other-entity' ? 'another entity' : 'another project'}`,
      });
    }
  }
  const items: CoverageItem[] = [];
  const notApplicable: NotApplicableItem[] = [];
  for (const item of all) {
    const gap = STATED_GAPS.find((g) => g.applies(item));
    if (gap) notApplicable.push({ ...item, reason: gap.reason });
    else items.push(item);
  }
  return { items, notApplicable };
}
