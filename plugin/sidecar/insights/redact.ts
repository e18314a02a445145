import { findPersonalData } from '../handoffs/personal-data.js';

/** What stands where contact data was. */
export const REDACTED = '[…]';
/** Spans of contact data removed from one question; a question holding more is not kept at all. */
const MAX_SPANS = 8;

/**
 * The question with its contact data removed, by the same filter the handoff body refuses it with
 * (handoffs/personal-data.ts), or undefined when it cannot be cleaned (too many spans).
 *
 * The filter says whether a text holds contact data, not where; the span is found by halving on words:
 * the shortest run of leading words that holds it, then the shortest tail of that run that still does.
 * That run is replaced and the rest checked again. Each span costs O(log n) runs of the filter.
 */
export function withoutPersonalData(question: string): string | undefined {
  let words = question.split(/\s+/u).filter(Boolean);
  const holds = (from: number, to: number) => findPersonalData(words.slice(from, to).join(' ')) !== undefined;
  for (let spans = 0; spans <= MAX_SPANS; spans++) {
    if (!holds(0, words.length)) return words.join(' ');
    if (spans === MAX_SPANS) return undefined;
    // Shortest prefix [0, end) that holds contact data.
    let lo = 1;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (holds(0, mid)) hi = mid;
      else lo = mid + 1;
    }
    const end = lo;
    // Latest start such that [start, end) still holds it.
    let a = 0;
    let b = end - 1;
    while (a < b) {
      const mid = (a + b + 1) >> 1;
      if (holds(mid, end)) a = mid;
      else b = mid - 1;
    }
    words = [...words.slice(0, a), REDACTED, ...words.slice(end)];
  }
  return undefined;
}
