/** @module The coverage model: what a run should exercise, derived from the schemas and operations. */
import { OPERATIONS, type OperationId } from '../core/operations.js';
import type { SchemaName, SchemaRegistry } from '../schemas/registry.js';
import { RULE_CASES } from '../generation/rule-cases.js';
import { STATED_GAPS } from './stated-gaps.js';
import type { CoverageItem, Mode, ScopeProbe } from './item.js';
import type { CoverageKind } from '../core/coverage.js';
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

export function modesOf(op: OperationId): readonly (Mode | undefined)[] {
  return op === 'chat.create' ? ['non-streamed', 'streamed'] : [undefined];
}

const inMode = (mode: Mode | undefined): string => (mode ? ` (${mode})` : '');

/** Path parameters naming where records live: scoping probes change one of them. */
const SCOPE_PARAMS: Record<ScopeProbe, string> = { 'other-entity': 'entity', 'other-project': 'project' };

/** An item `<op> <kind> <name>`, its fields in the order the model has always written them. */
function item(
  operation: OperationId,
  kind: CoverageKind,
  name: string,
  description: string,
  fields: Partial<CoverageItem> = {},
): CoverageItem {
  return { id: `${operation} ${kind} ${name}`, operation, kind, ...fields, description };
}

const ACCEPTED = 'in a request the target accepted';
const REJECTED = 'in a request the target rejected';

function requestItems(op: OperationId, fields: readonly SchemaField[]): CoverageItem[] {
  const out: CoverageItem[] = [];
  for (const { path, constrained, values, ...bounds } of fields) {
    const sent = `\`${path}\` sent`;
    for (const mode of modesOf(op)) {
      const m = inMode(mode);
      out.push(item(op, 'request-accepted', path + m, `${sent} ${ACCEPTED}${m}`, { path, ...(mode ? { mode } : {}) }));
    }
    if (constrained) out.push(item(op, 'request-rejected', path, `${sent} breaking its schema, ${REJECTED}`, { path }));
    for (const value of values) {
      const text = JSON.stringify(value);
      out.push(item(op, 'request-value', `${path}=${text}`, `${sent} as ${text} ${ACCEPTED}`, { path, value }));
    }
    for (const which of ['minimum', 'maximum'] as const) {
      const limit = bounds[which];
      if (limit === undefined) continue;
      const beyond = which === 'minimum' ? 'below' : 'above';
      const its = `its ${which} ${limit}`;
      const at = { path, bound: { which, side: 'at', limit } } as const;
      const past = { path, bound: { which, side: 'beyond', limit } } as const;
      out.push(item(op, 'request-bound', `${path} at ${which}`, `${sent} at ${its} ${ACCEPTED}`, at));
      out.push(item(op, 'request-bound', `${path} ${beyond} ${which}`, `${sent} ${beyond} ${its} ${REJECTED}`, past));
    }
  }
  return out;
}

export function coverageModel(schemas: SchemaRegistry): CoverageModel {
  const all: CoverageItem[] = [];
  for (const o of OPERATIONS) {
    if (o.requestSchema) all.push(...requestItems(o.id, schemaFields(schemas, o.requestSchema)));
    if (o.id === 'chat.create')
      for (const { rule, section, modes } of RULE_CASES)
        for (const mode of modes) {
          const description = `the rule ${rule} (${section}) broken alone, ${REJECTED} (${mode})`;
          all.push(item(o.id, 'rule-rejected', `${rule} (${mode})`, description, { rule, mode }));
        }
    for (const { schema, mode } of responseSchemasOf(o.id))
      for (const { path } of schemaFields(schemas, schema)) {
        const m = inMode(mode);
        all.push(
          item(o.id, 'response', path + m, `\`${path}\` observed in a 2xx answer${m}`, {
            path,
            ...(mode ? { mode } : {}),
          }),
        );
      }
    for (const p of rejectedPresentations(o.auth))
      all.push(item(o.id, 'auth', p, `sent with ${PRESENTATION_LABELS[p]}`, { presentation: p }));
    const params = [...o.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const scope of Object.keys(SCOPE_PARAMS) as ScopeProbe[]) {
      if (!params.includes(SCOPE_PARAMS[scope])) continue;
      const what = params.length > 2 ? 'a record known by its id read' : 'listed';
      const through = scope === 'other-entity' ? 'another entity' : 'another project';
      all.push(item(o.id, 'scope', scope, `${what} through ${through}`, { scope }));
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
