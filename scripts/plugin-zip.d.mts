export function buildProductionSidecar(): Promise<{ code: Uint8Array; manifest: Record<string, unknown> }>;
export function pluginZip(options?: { out?: string; runBuild?: boolean }): Promise<{ file: string; entries: string[]; bytes: number }>;
