// The V8 settings the sidecar runs with, wherever it is started: `npm start` (package.json), the plugin
// zip's `npm start` (scripts/plugin-zip.mjs), the systemd unit in README.md, the local stack and the
// benchmark. tests/unit/node-flags.test.ts holds the copies that cannot import this file to it.
//
// Why (BENCHMARKS.md, measured with scripts/bench/ab.mjs --flags): by default V8 lets the young
// generation grow to 2 × 16 MB and the old one to about three times the live heap before collecting,
// so under load the sidecar's RSS reached 150–190 MB for a live heap of ~25 MB. A young generation of at
// most 2 × 8 MB and an old one collected at 50 % growth keep it at 105–120 MB. At 30 % growth it stayed
// 2 MB lower, but V8 began full collections so early that they came every 0.7 s under MCP load and set
// the p99 (BENCHMARKS.md, third session, step 5).
export const SIDECAR_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];
