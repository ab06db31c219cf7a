/**
 * @module The interface's parts, as they are deployed apart (§1): the chat server, the training API
 * and the evaluation-record service. `--serves` names what a deployment serves, by part or by
 * operation id; an operation outside it is out of the run's scope.
 */
import { ConformanceError } from './errors.js';
import { OPERATIONS, type OperationId } from './operations.js';

export const PARTS = {
  chat: ['chat.create'],
  training: ['training-jobs.create', 'training-jobs.get', 'trajectories.log'],
  records: ['predictions.list', 'predictions.read', 'scores.list', 'scores.read'],
} as const satisfies Readonly<Record<string, readonly OperationId[]>>;

export type Part = keyof typeof PARTS;

/**
 * The operations `--serves` names (`chat`, `chat,records`, `chat.create,predictions.list`).
 *
 * @throws ConformanceError `CTS_BAD_FLAG` for a word that is neither a part nor an operation id.
 */
export function servedOperations(words: readonly string[], where = '--serves'): OperationId[] {
  const ops = new Set<OperationId>();
  for (const word of words.flatMap((w) => w.split(',')).map((w) => w.trim())) {
    if (word in PARTS) for (const op of PARTS[word as Part]) ops.add(op);
    else if (OPERATIONS.some((o) => o.id === word)) ops.add(word as OperationId);
    else
      throw new ConformanceError(
        'CTS_BAD_FLAG',
        `${where} ${word}: not a part (${Object.keys(PARTS).join(', ')}) nor an operation id (${OPERATIONS.map((o) => o.id).join(', ')})`,
      );
  }
  return OPERATIONS.filter((o) => ops.has(o.id)).map((o) => o.id);
}

/** The operations as `--serves` words: a part's name for each part served whole, else the operation ids. */
export function servesWords(ops: readonly OperationId[]): string {
  const words: string[] = [];
  for (const [part, own] of Object.entries(PARTS) as [Part, readonly OperationId[]][]) {
    if (own.every((op) => ops.includes(op))) words.push(part);
    else words.push(...own.filter((op) => ops.includes(op)));
  }
  return words.join(',');
}
