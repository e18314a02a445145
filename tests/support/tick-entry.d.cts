/** A real entry of process.nextTick's queue (tick-entry.cjs). */
export declare function realTickEntry(): object;
