export interface Latency {
  n: number;
  p50: number;
  p95: number;
  max: number;
}
export function measureLatency(options: { wordpressUrl: string; sidecarUrl: string; requests?: number }): Promise<{ wordpress: Latency; sidecar: Latency }>;
export function formatLatency(figures: { wordpress: Latency; sidecar: Latency }): string[];
