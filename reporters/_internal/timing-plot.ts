/** @module A distribution drawn as a small inline SVG: the sketch's counts in columns on a logarithmic axis. */
import type { SketchData } from '../../src/core/timing.js';

const WIDTH = 160;
const HEIGHT = 28;
const COLUMNS = 32;

/** The SVG of a sketch's distribution; `label` is its accessible title (escaped by the caller). */
export function distributionSvg(sketch: SketchData, label: string): string {
  const gamma = (1 + sketch.accuracy) / (1 - sketch.accuracy);
  const lo = Math.log(Math.max(sketch.min, 1e-3));
  const hi = Math.log(Math.max(sketch.max, 1e-3));
  const span = hi - lo;
  const columns = new Array<number>(COLUMNS).fill(0);
  columns[0] = sketch.zeros;
  for (const [index, count] of sketch.bins) {
    // The bin's middle, on the log axis; one value (span 0) fills the first column.
    const at = (index - 0.5) * Math.log(gamma);
    const col = span > 0 ? Math.floor(((at - lo) / span) * COLUMNS) : 0;
    columns[Math.min(COLUMNS - 1, Math.max(0, col))]! += count;
  }
  const most = Math.max(1, ...columns);
  const w = WIDTH / COLUMNS;
  const bars = columns
    .map((c, i) => {
      if (c === 0) return '';
      const h = Math.max(1, Math.round((c / most) * (HEIGHT - 2)));
      return `<rect x="${(i * w).toFixed(1)}" y="${HEIGHT - h}" width="${(w - 1).toFixed(1)}" height="${h}"/>`;
    })
    .join('');
  return `<svg class="dist" role="img" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><title>${label}</title><line x1="0" y1="${HEIGHT - 0.5}" x2="${WIDTH}" y2="${HEIGHT - 0.5}"/>${bars}</svg>`;
}
