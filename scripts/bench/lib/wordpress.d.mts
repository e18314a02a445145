// Types of scripts/bench/lib/wordpress.mjs for the TypeScript test suite.
export interface WordPressSite {
  url: string;
  port: number;
  database: string;
  /** The site's folder (wp-load.php lives there). */
  site: string;
  php: string;
  wordpress: string;
  stop(): Promise<void>;
}
export function ensurePackages(log: (message: string) => void): string[];
export function startWordPress(options: {
  workDir: string;
  pluginDir: string;
  sidecarUrl: string;
  token: string;
  body: string;
  fpmChildren?: number;
  log: (message: string) => void;
  constants?: Record<string, string>;
}): Promise<WordPressSite>;
