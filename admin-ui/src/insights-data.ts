// The Insights tab's figures, shaped for its charts, tables and CSV files: pure functions of the report
// the admin route returns (Insights_Routes.php, from the sidecar's insights/report.ts).

import type { InsightsReport } from '../../plugin/sidecar/insights/report.js';

export type { InsightsReport };
export type InsightsRequestRow = InsightsReport['requests'][number];
export type InsightsQuestion = InsightsReport['questions'][number];
export type InsightsSettings = InsightsReport['settings'];

/** Where a question the data could not answer can take its words: the customers' words, or a need's words. */
export type WordsTarget = 'synonym' | 'need';

/** A question's words on their way into the configuration, in the language of the field they go to. */
export interface QuestionWords {
  words: string;
  language: 'de' | 'en';
}

/** The question's words for the German or the English field (a question in neither language: English). */
export function questionWords(words: string, language: string): QuestionWords {
  return { words, language: language === 'de' ? 'de' : 'en' };
}

/** A comma-separated word list with more words at its end. */
export function withWords(list: string, words: string): string {
  const trimmed = list.trim();
  const kept = trimmed.endsWith(',') ? trimmed.slice(0, -1).trimEnd() : trimmed;
  return kept ? `${kept}, ${words}` : words;
}

/** Every day of the period, oldest first (UTC, as the counters are kept). */
export function periodDays(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && days.length < 366; t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** One series per value of the dimension, a count per day; the largest `top` series, the rest added up as `rest`. */
export function dailySeries(
  rows: InsightsRequestRow[],
  days: string[],
  dimension: 'channel' | 'family',
  top = 8,
  rest = 'other',
): { key: string; counts: number[]; total: number }[] {
  const index = new Map(days.map((d, i) => [d, i]));
  const byKey = new Map<string, number[]>();
  for (const row of rows) {
    const i = index.get(row.date);
    if (i === undefined) continue;
    const key = row[dimension];
    let counts = byKey.get(key);
    if (!counts) byKey.set(key, (counts = days.map(() => 0)));
    counts[i]! += row.count;
  }
  const series = [...byKey.entries()].map(([key, counts]) => ({ key, counts, total: counts.reduce((a, b) => a + b, 0) })).sort((a, b) => b.total - a.total);
  if (series.length <= top) return series;
  const kept = series.slice(0, top - 1);
  const counts = days.map((_, i) => series.slice(top - 1).reduce((n, s) => n + s.counts[i]!, 0));
  return [...kept, { key: rest, counts, total: counts.reduce((a, b) => a + b, 0) }];
}

/** A share as a whole percentage, or null where nothing was there to share. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 100) : null;
}

/** RFC 4180 CSV: every field quoted where it needs it; a leading =, +, - or @ is defused for spreadsheets. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const field = (value: string | number | null) => {
    let text = value === null ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
