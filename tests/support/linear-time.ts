/**
 * Whether a piece of work grows linearly with its input: timed at two sizes (the best of a few runs, so a
 * busy 2-core host's pauses do not count), the larger must cost at most a few times the smaller (linear is
 * twice; quadratic four times, cubic eight) and stay within an absolute budget per kilobyte.
 */
import { performance } from 'node:perf_hooks';

/** Every whitespace class a `\s` matches that an attacker would send. */
export const WHITESPACE_CLASSES: Record<string, string> = {
  space: ' ',
  tab: '\t',
  newline: '\n',
  'no-break space U+00A0': '\u00a0',
  ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`U+${(0x2000 + i).toString(16).toUpperCase()}`, String.fromCharCode(0x2000 + i)])),
  'ideographic space U+3000': '\u3000',
};

/** `part` repeated to `bytes` UTF-16 code units (about that many bytes for ASCII). */
export function runOf(part: string, bytes: number): string {
  return part.repeat(Math.ceil(bytes / part.length)).slice(0, bytes);
}

function bestOf(runs: number, work: () => void): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

export interface LinearityFigure {
  label: string;
  smallMs: number;
  largeMs: number;
  msPerKb: number;
}

/**
 * Times `work(input(kb))` at `kb` and `2 * kb` kilobytes. Below `floorMs` a time is noise and passes; above
 * it, doubling the input may at most triple the time (quadratic quadruples it) and the larger run must
 * stay under `msPerKb` per kilobyte.
 */
export function linearity(label: string, input: (bytes: number) => string, work: (text: string) => unknown, kb = 25, runs = 3): LinearityFigure {
  const small = input(kb * 1024);
  const large = input(2 * kb * 1024);
  const smallMs = bestOf(runs, () => work(small));
  const largeMs = bestOf(runs, () => work(large));
  return { label, smallMs, largeMs, msPerKb: largeMs / (2 * kb) };
}

/** The failures among `figures`: growth beyond `maxRatio` when above `floorMs`, or more than `budgetMsPerKb`. */
export function nonLinear(figures: LinearityFigure[], { floorMs = 5, maxRatio = 3, budgetMsPerKb = 2 } = {}): string[] {
  return figures.flatMap((f) => {
    const problems: string[] = [];
    if (f.largeMs > floorMs && f.largeMs > maxRatio * Math.max(f.smallMs, floorMs / maxRatio)) {
      problems.push(`${f.label}: ${f.smallMs.toFixed(1)} ms → ${f.largeMs.toFixed(1)} ms when the input doubled`);
    }
    if (f.msPerKb > budgetMsPerKb) problems.push(`${f.label}: ${f.msPerKb.toFixed(2)} ms per KB (budget ${budgetMsPerKb})`);
    return problems;
  });
}
