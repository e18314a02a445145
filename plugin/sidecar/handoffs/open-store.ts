import path from 'node:path';
import type { ServiceConfig } from '../core/config.js';
import { MysqlHandoffStore, redactDatabaseUrl } from './mysql-store.js';
import { SQLITE_FILE_NAME, SqliteHandoffStore } from './sqlite-store.js';
import type { HandoffStore } from './store.js';

/** The store the configuration names: MariaDB/MySQL when MANUFACTURER_AGENT_DATABASE_URL is set, else the SQLite file. */
export async function openHandoffStore(config: Pick<ServiceConfig, 'databaseUrl' | 'tablePrefix' | 'dataDir'>): Promise<HandoffStore> {
  if (config.databaseUrl) return MysqlHandoffStore.open({ url: config.databaseUrl, tablePrefix: config.tablePrefix });
  return new SqliteHandoffStore(config.dataDir);
}

/** Where handoffs are kept, for the start-up log line; never shows a password. */
export function describeStore(config: Pick<ServiceConfig, 'databaseUrl' | 'tablePrefix' | 'dataDir'>): string {
  if (config.databaseUrl) return `MariaDB/MySQL ${redactDatabaseUrl(config.databaseUrl)}, tables ${config.tablePrefix}manufacturer_agent_*`;
  return `SQLite ${path.join(config.dataDir, SQLITE_FILE_NAME)}`;
}
