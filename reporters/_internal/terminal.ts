/** @module Terminal output: text made safe to print, and ANSI colour only when asked. */
import { showControls } from './controls.js';

/** Text safe to print on a terminal: the target's escape sequences cannot reach it. */
export const terminalSafe: (text: string) => string = showControls;

export type Colour = 'red' | 'green' | 'yellow' | 'magenta' | 'cyan' | 'dim' | 'bold';

const CODES: Record<Colour, [number, number]> = {
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  magenta: [35, 39],
  cyan: [36, 39],
  dim: [2, 22],
  bold: [1, 22],
};

export function painter(enabled: boolean): (colour: Colour, text: string) => string {
  return (colour, text) => (enabled && text ? `\u001b[${CODES[colour][0]}m${text}\u001b[${CODES[colour][1]}m` : text);
}
