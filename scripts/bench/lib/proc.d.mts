// Types of the parts of scripts/bench/lib/proc.mjs the TypeScript test suite uses.
export function freePort(): Promise<number>;
