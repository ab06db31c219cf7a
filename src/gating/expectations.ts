/**
 * @module The expectations file (`--expect FILE`): known failures, each a check id with a reason.
 * A listed check that fails does not fail the gate; a listed check that passes is reported so the
 * list shrinks; a failure not listed fails the gate (undici's WPT `expectation.json`, per check).
 * The file's shape is `schemas/report/expectations.json`.
 */
import { readFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { ConformanceError } from '../core/errors.js';
import type { CheckResult } from '../core/result.js';
import { legacyIds } from '../rules/legacy-ids.js';
import { registry } from '../schemas/registry.js';

/** One known failure. */
interface ExpectedFailureEntry {
  /** A check id (`<area>.<rule>`). */
  readonly id: string;
  /** Why the target fails it; shown next to the known failure in every report. */
  readonly reason: string;
}

/** A parsed, valid expectations file. */
export interface Expectations {
  readonly version: 1;
  readonly expectedFailures: readonly ExpectedFailureEntry[];
}

/** What applying the expectations to a run gives. */
export interface AppliedExpectations {
  /** The results, with `expectedFailure` set on each listed check that failed (and only those). */
  readonly results: CheckResult[];
  /** Listed ids whose every result passed: remove them from the file. In file order. */
  readonly unexpectedPasses: string[];
  /** Listed ids no check has (a typo, or a check that was renamed or removed). In file order. */
  readonly unknownIds: string[];
}

export interface ApplyExpectationsOptions {
  /**
   * Every check id of the catalogue. Without it, an id is unknown when no result has it, which
   * also flags checks left out by `--only` or `--shard`.
   */
  readonly knownIds?: Iterable<string>;
}

const SCHEMA = 'report/expectations';

/**
 * Parses and validates the text of an expectations file.
 *
 * @param source - named in error messages (the file's path).
 * @throws ConformanceError `CTS_BAD_CONFIG` when the text is not JSON, breaks the schema or lists an id twice.
 */
export function parseExpectations(text: string, source = 'expectations file'): Expectations {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ConformanceError('CTS_BAD_CONFIG', `${source}: not valid JSON (${(err as Error).message})`, {
      cause: err,
    });
  }
  const version = (data as { version?: unknown } | null)?.version;
  if (typeof data === 'object' && data !== null && !Array.isArray(data) && version !== undefined && version !== 1) {
    throw new ConformanceError(
      'CTS_BAD_CONFIG',
      `${source}: unsupported version ${JSON.stringify(version)} (this suite reads version 1)`,
    );
  }
  const outcome = registry().validate(SCHEMA, data);
  if (!outcome.ok) {
    const issues = outcome.errors.slice(0, 5).map(describeIssue);
    const more = outcome.errors.length > 5 ? `; and ${outcome.errors.length - 5} more` : '';
    throw new ConformanceError(
      'CTS_BAD_CONFIG',
      `${source}: ${issues.join('; ')}${more} (expected {"version": 1, "expectedFailures": [{"id": "<check id>", "reason": "…"}]})`,
    );
  }
  const expectations = data as Expectations;
  const seen = new Set<string>();
  for (const entry of expectations.expectedFailures) {
    if (seen.has(entry.id)) throw new ConformanceError('CTS_BAD_CONFIG', `${source}: lists ${entry.id} twice`);
    seen.add(entry.id);
  }
  return expectations;
}

/**
 * Reads and validates an expectations file.
 *
 * @throws ConformanceError `CTS_BAD_CONFIG` when the file cannot be read or is not valid.
 */
export function loadExpectations(file: string): Expectations {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConformanceError(
      'CTS_BAD_CONFIG',
      `expectations file ${file}: cannot read it (${code ?? (err as Error).message})`,
      { cause: err },
    );
  }
  return parseExpectations(text, `expectations file ${file}`);
}

/**
 * Marks known failures in a run's results. Only a `fail` is excused: an `error` on a listed check
 * still gates, because the suite could not judge the check at all (a timeout is not the failure
 * the list describes). Results are not mutated.
 *
 * @example
 * ```ts
 * const applied = applyExpectations(results, loadExpectations('expect.json'), { knownIds: CATALOGUE.map((c) => c.id) });
 * const summary = summarize(applied.results, 'must', applied.unexpectedPasses);
 * ```
 */
export function applyExpectations(
  results: readonly CheckResult[],
  expectations: Expectations,
  options: ApplyExpectationsOptions = {},
): AppliedExpectations {
  // A proxy result id of before (`server.<name>.<op>`) stands for the check ids that report its rule now.
  const entries = expectations.expectedFailures.flatMap((e) =>
    (legacyIds(e.id) ?? [e.id]).map((id) => ({ id, reason: e.reason })),
  );
  const reasons = new Map(entries.map((e) => [e.id, e.reason]));
  const marked = results.map((r): CheckResult => {
    const { expectedFailure: _previous, ...rest } = r;
    const reason = reasons.get(r.id);
    return reason !== undefined && r.status === 'fail' ? { ...rest, expectedFailure: { reason } } : rest;
  });
  const known = new Set(options.knownIds ?? results.map((r) => r.id));
  const unexpectedPasses: string[] = [];
  const unknownIds: string[] = [];
  for (const { id } of entries) {
    if (!known.has(id)) unknownIds.push(id);
    const own = results.filter((r) => r.id === id);
    if (own.length > 0 && own.every((r) => r.status === 'pass')) unexpectedPasses.push(id);
  }
  return { results: marked, unexpectedPasses, unknownIds };
}

function describeIssue(e: ErrorObject): string {
  const at = e.instancePath || '(top level)';
  switch (e.keyword) {
    case 'additionalProperties':
      return `${at}: unknown field "${String(e.params.additionalProperty)}"`;
    case 'required':
      return `${at}: missing "${String(e.params.missingProperty)}"`;
    case 'pattern':
      return `${at}: not a check id (<area>.<rule>, kebab-case; see \`conformance list\`)`;
    default:
      return `${at}: ${e.message ?? e.keyword}`;
  }
}
