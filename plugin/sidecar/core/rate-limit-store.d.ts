// @fastify/rate-limit ships its in-memory store without types; the part client-limit.ts uses.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  class LocalStore {
    constructor(continueExceeding?: boolean, exponentialBackoff?: boolean, cache?: number);
    incr(key: string, callback: (error: Error | null, state: { current: number; ttl: number }) => void, timeWindow: number, max: number): void;
  }
  export = LocalStore;
}
