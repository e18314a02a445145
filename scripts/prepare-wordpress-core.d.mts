export const CACHE_DIR: string;
/** The release the stack runs by default (e.g. 7.1). */
export const CURRENT_RELEASE: string;
/** The oldest release the plugin supports, as readme.txt's "Requires at least" names it. */
export const OLDEST_RELEASE: string;
export function wordpressVersion(coreDir: string): string | undefined;
export function prepareWordPressCore(options?: { release?: string; log?: (message: string) => void }): { dir: string; version: string };
