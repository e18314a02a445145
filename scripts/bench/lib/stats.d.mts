// Types of scripts/bench/lib/stats.mjs for the TypeScript test suite.
export interface Summary {
  count: number;
  p50: number | undefined;
  p99: number | undefined;
  max: number | undefined;
  mean: number | undefined;
}
export interface Latency {
  p50: number;
  p90?: number;
  p99: number;
  max: number;
  mean: number;
}
export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  bytes?: number;
  errors: Record<string, number>;
  latency: Latency;
  statuses: Record<string, number>;
  createdPerSecond?: number;
  cpuUsPerRequest?: number;
}
export interface CaseResult {
  id: string;
  label: string;
  stream?: boolean;
  sidecar: LoadResult;
  bare: LoadResult;
  baseline?: LoadResult;
  ratio: number | undefined;
  baselineRatio?: number;
  /** Medians of the rounds; pairedChange: the median of each round's sidecar/baseline − 1. */
  cpu?: { sidecar?: number; bare?: number; baseline?: number; pairedChange?: number };
  cpuRatio?: number;
  rssMb?: number;
  baselineRssMb?: number;
  p99Median?: number;
  /** The bare server's p99, median of its rounds. */
  bareP99Median?: number;
  rounds?: { sidecar?: number[]; bare?: number[]; p99?: number[]; bareP99?: number[]; steal?: (number | undefined)[]; bareSteal?: (number | undefined)[] };
}
export interface TargetResult {
  target: string;
  value: string;
  met: boolean;
  shortBy?: string;
}
export interface Bar {
  label: string;
  value: number | undefined;
  target?: number;
  higherIsBetter?: boolean;
}
export const TARGETS: { cachedReadRatio: number; handoffsPerSecond: number; p99Ms: number; bridgeSlowdown: number; rssMb: number; startupMs: number };
export const CACHED_READS: string[];
export interface CpuTicks {
  total: number;
  steal: number;
}
export function parseProcStat(text: string): CpuTicks | undefined;
export function stealPercent(before: CpuTicks | undefined, after: CpuTicks | undefined): number | undefined;
export function stealSummary(cases: CaseResult[], labelOf?: (c: CaseResult) => string): string;
export function percentile(sorted: number[], p: number): number | undefined;
export function summarize(samples: number[]): Summary;
export function parseWrkReport(stdout: string): LoadResult;
export function best<T extends { rps: number }>(rounds: T[]): T;
export function ratio(a: number | undefined, b: number | undefined): number | undefined;
export function evaluateTargets(results: Record<string, unknown>): TargetResult[];
export function p99Of(c: CaseResult): number;
export function pct(value: number | undefined): string;
export function fmtInt(value: number | undefined): string;
export function fmtMs(value: number | undefined): string;
export function markdownTable(header: string[], rows: string[][]): string;
export function medianChange<T>(after: T[], before: T[], field: keyof T): number | undefined;
export function comparisonTable(results: Record<string, unknown>): string;
export function resultsTable(results: Record<string, unknown>): string;
export function ratioChart(bars: Bar[], options?: { title?: string; subtitle?: string; width?: number }): string;
export function replaceSection(document: string, name: string, content: string): string;
