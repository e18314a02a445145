export const SIDECAR_EXTERNAL: string[];
export const SIDECAR_BUNDLE_OPTIONS: import('esbuild').BuildOptions & { entryPoints: string[] };
export function latin1Only(code: string): string;
