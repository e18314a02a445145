import type Database from 'better-sqlite3';
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

/** The insights tables in the SQLite store: one migration of handoffs/sqlite-store.ts. */
export const SQLITE_INSIGHTS_MIGRATION = `CREATE TABLE insights_requests (
     hour INTEGER NOT NULL,
     channel TEXT NOT NULL,
     family TEXT NOT NULL,
     outcome TEXT NOT NULL,
     count INTEGER NOT NULL,
     PRIMARY KEY (hour, channel, family, outcome)
   );
   CREATE TABLE insights_questions (
     hour INTEGER NOT NULL,
     qkey TEXT NOT NULL,
     text_key TEXT NOT NULL,
     question TEXT NOT NULL,
     language TEXT NOT NULL,
     kind TEXT NOT NULL,
     materials TEXT NOT NULL,
     count INTEGER NOT NULL,
     PRIMARY KEY (hour, qkey)
   );
   CREATE INDEX insights_questions_text ON insights_questions (text_key);
   CREATE TABLE insights_dismissed (
     text_key TEXT PRIMARY KEY,
     dismissed_at INTEGER NOT NULL
   );
   CREATE TABLE insights_settings (
     name TEXT PRIMARY KEY,
     value TEXT NOT NULL
   );`;

const SETTINGS_ROW = 'settings';

export class SqliteInsightsStore implements InsightsStore {
  readonly #db: Database.Database;
  readonly #addRequests: (rows: RequestCount[]) => void;
  readonly #addQuestions: (rows: QuestionCount[], cap: number) => void;

  constructor(db: Database.Database) {
    this.#db = db;
    const upsertRequest = db.prepare(
      `INSERT INTO insights_requests (hour, channel, family, outcome, count) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (hour, channel, family, outcome) DO UPDATE SET count = count + excluded.count`,
    );
    const addToQuestion = db.prepare('UPDATE insights_questions SET count = count + ? WHERE hour = ? AND qkey = ?');
    const countInHour = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM insights_questions WHERE hour = ?');
    const insertQuestion = db.prepare(
      `INSERT INTO insights_questions (hour, qkey, text_key, question, language, kind, materials, count) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (hour, qkey) DO UPDATE SET count = count + excluded.count`,
    );
    this.#addRequests = db.transaction((rows: RequestCount[]) => {
      for (const r of rows) upsertRequest.run(r.hour, r.channel, r.family, r.outcome, r.count);
    }).immediate;
    this.#addQuestions = db.transaction((rows: QuestionCount[], cap: number) => {
      const inHour = new Map<number, number>();
      for (const q of rows) {
        if (addToQuestion.run(q.count, q.hour, q.key).changes) continue;
        const n = inHour.get(q.hour) ?? countInHour.get(q.hour)!.n;
        // The overflow row is one of the hour's rows: the cap leaves room for it.
        if (n < cap - 1) {
          insertQuestion.run(q.hour, q.key, q.textKey, q.question, q.language, q.kind, q.materials, q.count);
          inHour.set(q.hour, n + 1);
        } else {
          insertQuestion.run(q.hour, OVERFLOW.key, OVERFLOW.key, '', '', OVERFLOW.kind, '', q.count);
          inHour.set(q.hour, cap);
        }
      }
    }).immediate;
  }

  async addRequests(rows: RequestCount[]): Promise<void> {
    if (rows.length) this.#addRequests(rows);
  }

  async addQuestions(rows: QuestionCount[], capPerHour: number): Promise<void> {
    if (rows.length) this.#addQuestions(rows, capPerHour);
  }

  async requestsByDay(fromHour: number): Promise<DailyRequests[]> {
    return this.#db
      .prepare<[number], DailyRequests>(
        `SELECT hour / 24 AS day, channel, family, outcome, SUM(count) AS count FROM insights_requests
          WHERE hour >= ? GROUP BY hour / 24, channel, family, outcome ORDER BY day`,
      )
      .all(fromHour);
  }

  async topQuestions(fromHour: number, limit: number, kind?: string): Promise<QuestionSummary[]> {
    const rows = this.#db
      .prepare<{ fromHour: number; limit: number; kind: string | null }, Omit<QuestionSummary, 'dismissed'> & { dismissed: number }>(
        `SELECT q.text_key, MAX(q.question) AS question, MAX(q.language) AS language, MAX(q.kind) AS kind, MAX(q.materials) AS materials,
                SUM(q.count) AS count, MAX(q.hour) AS last_hour, (d.text_key IS NOT NULL) AS dismissed
           FROM insights_questions q LEFT JOIN insights_dismissed d ON d.text_key = q.text_key
          WHERE q.hour >= @fromHour AND (@kind IS NULL OR q.kind = @kind)
          GROUP BY q.text_key ORDER BY count DESC, last_hour DESC LIMIT @limit`,
      )
      .all({ fromHour, limit, kind: kind ?? null });
    return rows.map((r) => ({ ...r, dismissed: Boolean(r.dismissed) }));
  }

  async funnel(createdFrom: string): Promise<FunnelStep[]> {
    return this.#db
      .prepare<[string], FunnelStep>(
        `SELECT next_step, COUNT(*) AS created,
                SUM(CASE WHEN opened_at IS NOT NULL OR submitted_at IS NOT NULL THEN 1 ELSE 0 END) AS opened,
                SUM(CASE WHEN submitted_at IS NOT NULL THEN 1 ELSE 0 END) AS submitted
           FROM handoffs WHERE created_at >= ? GROUP BY next_step ORDER BY next_step`,
      )
      .all(createdFrom);
  }

  async dismiss(textKey: string, dismissed: boolean): Promise<void> {
    if (dismissed) this.#db.prepare('INSERT OR REPLACE INTO insights_dismissed (text_key, dismissed_at) VALUES (?, ?)').run(textKey, Date.now());
    else this.#db.prepare('DELETE FROM insights_dismissed WHERE text_key = ?').run(textKey);
  }

  async settings(): Promise<InsightsSettings | undefined> {
    const row = this.#db.prepare<[string], { value: string }>('SELECT value FROM insights_settings WHERE name = ?').get(SETTINGS_ROW);
    return row ? (JSON.parse(row.value) as InsightsSettings) : undefined;
  }

  async saveSettings(settings: InsightsSettings): Promise<void> {
    this.#db.prepare('INSERT OR REPLACE INTO insights_settings (name, value) VALUES (?, ?)').run(SETTINGS_ROW, JSON.stringify(settings));
  }

  async purge(questionsBeforeHour: number, requestsBeforeHour: number): Promise<number> {
    const q = this.#db.prepare('DELETE FROM insights_questions WHERE hour < ?').run(questionsBeforeHour).changes;
    const r = this.#db.prepare('DELETE FROM insights_requests WHERE hour < ?').run(requestsBeforeHour).changes;
    return q + r;
  }

  async rowsInHour(hour: number): Promise<{ requests: number; questions: number }> {
    const requests = this.#db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM insights_requests WHERE hour = ?').get(hour)!.n;
    const questions = this.#db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM insights_questions WHERE hour = ?').get(hour)!.n;
    return { requests, questions };
  }
}
