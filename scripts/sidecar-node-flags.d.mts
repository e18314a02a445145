// Types of scripts/sidecar-node-flags.mjs for the TypeScript test suite.
export declare const SIDECAR_NODE_FLAGS: string[];
