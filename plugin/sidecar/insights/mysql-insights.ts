import type { Pool, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import {
  OVERFLOW,
  type DailyRequests,
  type FunnelStep,
  type InsightsSettings,
  type InsightsStore,
  type QuestionCount,
  type QuestionSummary,
  type RequestCount,
} from './store.js';

/** The insights tables' names beside the handoff store's (handoffs/mysql-store.ts: mysqlTableNames). */
export function mysqlInsightsTableNames(prefix: string) {
  return {
    insightsRequests: `${prefix}manufacturer_agent_insights_requests`,
    insightsQuestions: `${prefix}manufacturer_agent_insights_questions`,
    insightsDismissed: `${prefix}manufacturer_agent_insights_dismissed`,
    insightsSettings: `${prefix}manufacturer_agent_insights_settings`,
  };
}
type InsightsTables = ReturnType<typeof mysqlInsightsTableNames> & { handoffs: string };

/** One migration of handoffs/mysql-store.ts: the insights tables (re-runnable, IF NOT EXISTS). */
export function mysqlInsightsMigration(t: InsightsTables): string[] {
  const options = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin';
  return [
    `CREATE TABLE IF NOT EXISTS \`${t.insightsRequests}\` (
       hour INT UNSIGNED NOT NULL,
       channel VARCHAR(100) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
       family VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
       outcome VARCHAR(8) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
       count BIGINT UNSIGNED NOT NULL,
       PRIMARY KEY (hour, channel, family, outcome)
     ) ${options}`,
    `CREATE TABLE IF NOT EXISTS \`${t.insightsQuestions}\` (
       hour INT UNSIGNED NOT NULL,
       qkey CHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
       text_key CHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
       question TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
       language VARCHAR(8) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
       kind VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
       materials VARCHAR(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
       count BIGINT UNSIGNED NOT NULL,
       PRIMARY KEY (hour, qkey),
       KEY insights_questions_text (text_key)
     ) ${options}`,
    `CREATE TABLE IF NOT EXISTS \`${t.insightsDismissed}\` (
       text_key CHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
       dismissed_at BIGINT NOT NULL,
       PRIMARY KEY (text_key)
     ) ${options}`,
    `CREATE TABLE IF NOT EXISTS \`${t.insightsSettings}\` (
       name VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
       value TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
       PRIMARY KEY (name)
     ) ${options}`,
  ];
}

const SETTINGS_ROW = 'settings';

/**
 * The insights in the shared MariaDB/MySQL database: every sidecar adds its batches to the same rows
 * (INSERT … ON DUPLICATE KEY UPDATE count = count + …), so the figures are the whole site's.
 */
export class MysqlInsightsStore implements InsightsStore {
  constructor(
    private readonly pool: Pool,
    private readonly t: InsightsTables,
  ) {}

  async addRequests(rows: RequestCount[]): Promise<void> {
    if (!rows.length) return;
    await this.pool.query(
      `INSERT INTO \`${this.t.insightsRequests}\` (hour, channel, family, outcome, count) VALUES ?
       ON DUPLICATE KEY UPDATE count = count + VALUES(count)`,
      [rows.map((r) => [r.hour, r.channel, r.family, r.outcome, r.count])],
    );
  }

  async addQuestions(rows: QuestionCount[], capPerHour: number): Promise<void> {
    if (!rows.length) return;
    const conn = await this.pool.getConnection();
    try {
      await conn.beginTransaction();
      const inHour = new Map<number, number>();
      for (const q of rows) {
        const [updated] = await conn.query<ResultSetHeader>(`UPDATE \`${this.t.insightsQuestions}\` SET count = count + ? WHERE hour = ? AND qkey = ?`, [
          q.count,
          q.hour,
          q.key,
        ]);
        if (updated.affectedRows) continue;
        let n = inHour.get(q.hour);
        if (n === undefined) {
          const [[row]] = await conn.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM \`${this.t.insightsQuestions}\` WHERE hour = ?`, [q.hour]);
          n = Number(row.n);
        }
        const kept = n < capPerHour - 1;
        const values = kept
          ? [q.hour, q.key, q.textKey, q.question, q.language, q.kind, q.materials, q.count]
          : [q.hour, OVERFLOW.key, OVERFLOW.key, '', '', OVERFLOW.kind, '', q.count];
        await conn.query(
          `INSERT INTO \`${this.t.insightsQuestions}\` (hour, qkey, text_key, question, language, kind, materials, count) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON DUPLICATE KEY UPDATE count = count + VALUES(count)`,
          values,
        );
        inHour.set(q.hour, kept ? n + 1 : capPerHour);
      }
      await conn.commit();
    } catch (error) {
      await conn.rollback().catch(() => {});
      throw error;
    } finally {
      conn.release();
    }
  }

  async requestsByDay(fromHour: number): Promise<DailyRequests[]> {
    const [rows] = await this.pool.query<RowDataPacket[]>(
      `SELECT FLOOR(hour / 24) AS day, channel, family, outcome, SUM(count) AS count FROM \`${this.t.insightsRequests}\`
        WHERE hour >= ? GROUP BY FLOOR(hour / 24), channel, family, outcome ORDER BY day`,
      [fromHour],
    );
    return rows.map((r) => ({ day: Number(r.day), channel: String(r.channel), family: String(r.family), outcome: String(r.outcome), count: Number(r.count) }));
  }

  async topQuestions(fromHour: number, limit: number, kind?: string): Promise<QuestionSummary[]> {
    const [rows] = await this.pool.query<RowDataPacket[]>(
      `SELECT q.text_key, MAX(q.question) AS question, MAX(q.language) AS language, MAX(q.kind) AS kind, MAX(q.materials) AS materials,
              SUM(q.count) AS count, MAX(q.hour) AS last_hour, MAX(d.text_key IS NOT NULL) AS dismissed
         FROM \`${this.t.insightsQuestions}\` q LEFT JOIN \`${this.t.insightsDismissed}\` d ON d.text_key = q.text_key
        WHERE q.hour >= ? AND (? IS NULL OR q.kind = ?)
        GROUP BY q.text_key ORDER BY count DESC, last_hour DESC LIMIT ?`,
      [fromHour, kind ?? null, kind ?? null, limit],
    );
    return rows.map((r) => ({
      text_key: String(r.text_key),
      question: String(r.question),
      language: String(r.language),
      kind: String(r.kind),
      materials: String(r.materials),
      count: Number(r.count),
      last_hour: Number(r.last_hour),
      dismissed: Boolean(Number(r.dismissed)),
    }));
  }

  async funnel(createdFrom: string): Promise<FunnelStep[]> {
    const [rows] = await this.pool.query<RowDataPacket[]>(
      `SELECT next_step, COUNT(*) AS created,
              SUM(CASE WHEN opened_at IS NOT NULL OR submitted_at IS NOT NULL THEN 1 ELSE 0 END) AS opened,
              SUM(CASE WHEN submitted_at IS NOT NULL THEN 1 ELSE 0 END) AS submitted
         FROM \`${this.t.handoffs}\` WHERE created_at >= ? GROUP BY next_step ORDER BY next_step`,
      [createdFrom],
    );
    return rows.map((r) => ({ next_step: String(r.next_step), created: Number(r.created), opened: Number(r.opened), submitted: Number(r.submitted) }));
  }

  async dismiss(textKey: string, dismissed: boolean): Promise<void> {
    if (dismissed) {
      await this.pool.query(`REPLACE INTO \`${this.t.insightsDismissed}\` (text_key, dismissed_at) VALUES (?, ?)`, [textKey, Date.now()]);
    } else {
      await this.pool.query(`DELETE FROM \`${this.t.insightsDismissed}\` WHERE text_key = ?`, [textKey]);
    }
  }

  async settings(): Promise<InsightsSettings | undefined> {
    const [rows] = await this.pool.query<RowDataPacket[]>(`SELECT value FROM \`${this.t.insightsSettings}\` WHERE name = ?`, [SETTINGS_ROW]);
    return rows.length ? (JSON.parse(String(rows[0].value)) as InsightsSettings) : undefined;
  }

  async saveSettings(settings: InsightsSettings): Promise<void> {
    await this.pool.query(`REPLACE INTO \`${this.t.insightsSettings}\` (name, value) VALUES (?, ?)`, [SETTINGS_ROW, JSON.stringify(settings)]);
  }

  async purge(questionsBeforeHour: number, requestsBeforeHour: number): Promise<number> {
    const [q] = await this.pool.query<ResultSetHeader>(`DELETE FROM \`${this.t.insightsQuestions}\` WHERE hour < ?`, [questionsBeforeHour]);
    const [r] = await this.pool.query<ResultSetHeader>(`DELETE FROM \`${this.t.insightsRequests}\` WHERE hour < ?`, [requestsBeforeHour]);
    return q.affectedRows + r.affectedRows;
  }

  async rowsInHour(hour: number): Promise<{ requests: number; questions: number }> {
    const [[r]] = await this.pool.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM \`${this.t.insightsRequests}\` WHERE hour = ?`, [hour]);
    const [[q]] = await this.pool.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM \`${this.t.insightsQuestions}\` WHERE hour = ?`, [hour]);
    return { requests: Number(r.n), questions: Number(q.n) };
  }
}
