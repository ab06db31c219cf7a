/** @module §4.5–§4.8 scope: records listed or read belong to the entity and project of the path. */
import type { CheckContext } from '../../src/core/check.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { excerpt } from '../../src/core/describe.js';
import { readJsonl } from '../../src/kit/streams.js';
import {
  evidenceOf,
  listPath,
  openListing,
  readHead,
  readListing,
  recordId,
  recordKey,
  seedTag,
  showKey,
} from './listing.js';
import type { RecordKind } from '../../src/core/record-kinds.js';
import { is2xx, isJsonObject, jsonOrUndefined } from '../../src/core/values.js';
import { RECORD_URI_CONVENTION, recordScopeBreach, recordScopeShown } from '../../src/rules/records.js';
import type { RecordRow } from './record-check.js';
import { readRecord } from './read.checks.js';
import { failAnswer } from '../chat-completions/chat-exchange.js';

/** Lines read from a listing that should be empty: enough to see a leak. */
const LEAK_PROBE = 50;

export const scopeRows: readonly RecordRow[] = [
  {
    id: { predictions: 'predictions.records-belong-to-project', scores: 'scores.records-belong-to-project' },
    judges: 'listing',
    level: 'SHOULD',
    convention: RECORD_URI_CONVENTION,
    requirement: (kind) =>
      `Every ${kind.title} listed under /v2/{entity}/{project} belongs there: its ${kind.uriField} URI names that entity and project.`,
    run: recordsBelongToProject,
  },
  {
    id: {
      predictions: 'predictions.unknown-project-yields-no-foreign-records',
      scores: 'scores.unknown-project-yields-no-foreign-records',
    },
    judges: 'listing',
    level: 'MUST',
    requirement: (kind) =>
      `Listing ${kind.name} of an entity/project that does not exist never answers another project's records: a 4xx, or a listing with no record (${kind.listSection}: records are listed inside a project that belongs to an entity).`,
    run: unknownProjectYieldsNoForeignRecords,
  },
  // An id the configured project listed, read through a made-up entity and project (decisions/0002).
  {
    id: { predictions: 'predictions.known-id-not-found-elsewhere', scores: 'scores.known-id-not-found-elsewhere' },
    judges: 'read',
    level: 'MUST',
    requirement: (kind) =>
      `Reading a ${kind.title} by an id listed under /v2/{entity}/{project} through another entity, or another project, never answers that record (§1, ${kind.readSection}: records are read inside the project that holds them).`,
    run: knownIdNotFoundElsewhere,
    schedule: { maxRequests: () => 3 },
  },
];

async function recordsBelongToProject(ctx: CheckContext, kind: RecordKind): Promise<CheckOutcome> {
  const { entity, project } = ctx.target;
  let judged = 0;
  let bad: { key: string; why: string } | undefined;
  const r = await readListing(ctx, kind, {}, (rec) => {
    if (!recordScopeShown(kind, rec)) return;
    judged++;
    const why = recordScopeBreach(kind, rec, entity, project);
    if (why) bad = { key: recordKey(kind, rec), why };
    return bad ? 'stop' : undefined;
  });
  if (!r.ok) return r.failure;
  if (bad) {
    return fail({
      expected: `${kind.uriField} URIs naming ${entity}/${project}, the entity and project listed`,
      actual: `${showKey(bad.key)}: ${bad.why}`,
      ...r.evidence,
    });
  }
  if (judged === 0) return skip(`no ${kind.title} read carries a ${kind.uriField} URI: nothing names its project`);
  return pass([`${judged} ${kind.uriField} URI(s) name ${entity}/${project}`, ...r.notes]);
}

async function unknownProjectYieldsNoForeignRecords(ctx: CheckContext, kind: RecordKind): Promise<CheckOutcome> {
  const tag = seedTag(ctx.seed);
  const probes = [
    { entity: ctx.target.entity, project: `conformance-missing-project-${tag}` },
    { entity: `conformance-missing-entity-${tag}`, project: ctx.target.project },
  ];
  const notes: string[] = [];
  const unjudged: string[] = [];
  for (const where of probes) {
    const stream = await openListing(ctx, kind, where);
    const label = `GET ${listPath(ctx, kind, where)}`;
    if (stream.status < 200 || stream.status >= 300) {
      const head = await readHead(stream, 256);
      notes.push(
        `${label}: HTTP ${stream.status}${stream.status >= 500 ? ` (a server error: ${excerpt(head, 120)})` : ''}`,
      );
      continue;
    }
    let leaked: Record<string, unknown> | undefined;
    let unreadable: string | undefined;
    let lines = 0;
    const end = await readJsonl(stream, (line) => {
      if (++lines > LEAK_PROBE) return 'stop';
      if (line.text.trim() === '') return;
      const value = jsonOrUndefined(line.text);
      if (value === undefined) {
        // A line that is not JSON may hide records: the leak cannot be ruled out (judged below).
        unreadable ??= `line ${line.number} is not JSON: ${excerpt(line.text, 80)}`;
        return;
      }
      // A record is an object carrying any field of §2.1/§2.2 (in a JSON array too, as §4.5/§4.7 illustrate).
      const leak = (Array.isArray(value) ? value : [value]).find(
        (v) => isJsonObject(v) && kind.fields.some((f) => f in v),
      );
      if (leak !== undefined) {
        leaked = leak as Record<string, unknown>;
        return 'stop';
      }
    });
    if (leaked) {
      return fail({
        expected: `no ${kind.title} records for ${label}, a project that does not exist`,
        actual: `HTTP ${stream.status} with a record: ${showKey(recordKey(kind, leaked))}${typeof leaked[kind.uriField] === 'string' ? ` (${kind.uriField} ${excerpt(String(leaked[kind.uriField]), 120)})` : ''}`,
        ...evidenceOf(stream, end.firstBytes),
      });
    }
    if (unreadable !== undefined)
      unjudged.push(`${label} answered HTTP ${stream.status} with a body that is not JSONL (${unreadable})`);
    else notes.push(`${label}: HTTP ${stream.status} with no records`);
  }
  // A 2xx that is not JSONL can neither be shown to leak nor to hold no record: SKIP, not pass.
  if (unjudged.length)
    return skip(
      `${unjudged.join('; ')}: whether it leaks another project's records cannot be judged${notes.length ? ` (${notes.join('; ')})` : ''}`,
    );
  return pass(notes);
}

async function knownIdNotFoundElsewhere(ctx: CheckContext, kind: RecordKind): Promise<CheckOutcome> {
  let id: string | undefined;
  const listing = await readListing(ctx, kind, { max: Math.min(20, ctx.target.listReadCap) }, (rec) => {
    id = recordId(kind, rec);
    return id === undefined ? undefined : 'stop';
  });
  if (!listing.ok) return listing.failure;
  if (id === undefined)
    return skip(
      `no listed ${kind.title} carries a string ${kind.idField} (${kind.fieldsSection} does not say it is required): no known id to read elsewhere`,
    );
  const tag = seedTag(ctx.seed);
  const elsewhere = [
    { what: 'another entity', entity: `conformance-other-entity-${tag}`, project: ctx.target.project },
    { what: 'another project', entity: ctx.target.entity, project: `conformance-other-project-${tag}` },
  ];
  const notes: string[] = [];
  for (const where of elsewhere) {
    const ex = await readRecord(ctx, kind, id, { entity: where.entity, project: where.project });
    const status = ex.response.status;
    const body = ex.json;
    const returned =
      is2xx(status) && isJsonObject(body) && (body[kind.idField] === id || kind.fields.some((f) => f in body));
    if (returned)
      return failAnswer(
        ex,
        `no ${kind.title} when ${id} (listed under ${ctx.target.entity}/${ctx.target.project}) is read through ${where.what} (${where.entity}/${where.project})`,
      );
    notes.push(`${id} through ${where.what}: HTTP ${status}`);
  }
  return pass(notes);
}
