/** @module The in-memory training-job store (§4.2/§4.3), bounded: beyond the cap the oldest job is evicted. */

export interface TrainingJob {
  /** §2.3: a UUID. */
  id: string;
}

const DEFAULT_JOB_CAP = 10_000;

export class JobStore {
  readonly #jobs = new Map<string, TrainingJob>();
  constructor(readonly cap: number = DEFAULT_JOB_CAP) {}

  add(job: TrainingJob): void {
    this.#jobs.set(job.id, job);
    // A Map iterates in insertion order: the first key is the oldest job.
    while (this.#jobs.size > this.cap) this.#jobs.delete(this.#jobs.keys().next().value as string);
  }

  get(id: string): TrainingJob | undefined {
    return this.#jobs.get(id);
  }

  clear(): void {
    this.#jobs.clear();
  }

  get size(): number {
    return this.#jobs.size;
  }
}
