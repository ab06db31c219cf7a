/**
 * @module The catalogue's releases: the check ids each release added (`fixtures/catalogue/releases.json`,
 * frozen once released), the release that added a check, and the `--requirements` value that names one
 * (src/gating/requirements.ts scores a report against it).
 */
import { ConformanceError } from '../core/errors.js';
import { packageFile } from '../core/package-root.js';

type Releases = Readonly<Record<string, readonly string[]>>;

let releases: Releases | undefined;
/** The releases in order, each with the check ids it added. */
export function catalogueReleases(): Releases {
  if (!releases) {
    const text = packageFile('fixtures', 'catalogue', 'releases.json');
    const { $comment: _c, ...data } = JSON.parse(text) as Record<string, string[]>;
    releases = data;
  }
  return releases;
}

/** `0.10.0` after `0.9.1`. */
export const compareReleases = (a: string, b: string): number => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return x![i]! - y![i]!;
  return 0;
};

/** The release that added a check: the first that lists it, else the newest (a check added since). */
export function sinceOf(id: string): string {
  const all = Object.entries(catalogueReleases());
  return all.find(([, ids]) => ids.includes(id))?.[0] ?? all[all.length - 1]![0];
}

/** The newest release: the set a run scores without `--requirements`. */
export const latestRelease = (): string => Object.keys(catalogueReleases()).at(-1)!;

/**
 * A `--requirements` value checked against the releases.
 *
 * @throws ConformanceError `CTS_BAD_FLAG` for a release the catalogue does not have.
 */
export function parseRequirements(value: string, where = '--requirements'): string {
  const known = Object.keys(catalogueReleases());
  if (!known.includes(value))
    throw new ConformanceError(
      'CTS_BAD_FLAG',
      `${where} ${value}: not a catalogue release (one of ${known.join(', ')})`,
    );
  return value;
}
