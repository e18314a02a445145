import type { InsightsSettings as SavedInsightsSettings } from '../core/schema-types.js';

/** The row of an hour that counts the questions past its cap (one row, whatever they were). */
export const OVERFLOW = { key: 'overflow', kind: 'overflow' } as const;

/** Distinct questions kept per hour across the site (each sidecar's batch checks the hour's rows first); the rest add to OVERFLOW. */
export const QUESTIONS_PER_HOUR = 500;

/** One counter: requests of one hour, channel, agent family and outcome (channels.ts, families.ts). */
export interface RequestCount {
  /** Hours since the epoch (UTC). */
  hour: number;
  channel: string;
  family: string;
  outcome: string;
  count: number;
}

/** The kind of answer a question got (answer-kind.ts). */
export type AnswerKind = 'catalog' | 'fact' | 'routed' | 'refused';

/** One question as kept: its words without personal data, asked `count` times in the hour. */
export interface QuestionCount {
  hour: number;
  /** The question's identity in the hour (questionKey): the words, the language and the kind. */
  key: string;
  /** The words' own identity, whatever the kind or language (what a "not relevant" mark holds to). */
  textKey: string;
  question: string;
  language: string;
  kind: AnswerKind | 'overflow';
  /** Material ids the answer named, comma-separated. */
  materials: string;
  count: number;
}

/** Requests of one day (days since the epoch, UTC) and one channel, family and outcome. */
export interface DailyRequests {
  day: number;
  channel: string;
  family: string;
  outcome: string;
  count: number;
}

/** A question over a period: all its hours added up. */
export interface QuestionSummary {
  text_key: string;
  question: string;
  language: string;
  kind: string;
  materials: string;
  count: number;
  last_hour: number;
  dismissed: boolean;
}

export interface FunnelStep {
  next_step: string;
  created: number;
  opened: number;
  submitted: number;
}

/** schemas/insights-settings.schema.json, every field filled in (its defaults where not saved). */
export type InsightsSettings = Required<SavedInsightsSettings>;

/** What the insights keep in the handoff store (SQLite or the shared MariaDB/MySQL), every backend alike. */
export interface InsightsStore {
  /** Adds the counts to the rows of the same hour, channel, family and outcome. */
  addRequests(rows: RequestCount[]): Promise<void>;
  /**
   * Adds the counts to the rows of the same hour and key; a key new to its hour is kept only while the
   * hour holds fewer than capPerHour questions (across every sidecar), else it is added to the hour's
   * overflow row.
   */
  addQuestions(rows: QuestionCount[], capPerHour: number): Promise<void>;
  requestsByDay(fromHour: number): Promise<DailyRequests[]>;
  /** The most asked questions since the hour; of one kind when named. */
  topQuestions(fromHour: number, limit: number, kind?: string): Promise<QuestionSummary[]>;
  /** Handoffs created since the time (ISO 8601), by next step, and how many were opened and submitted. */
  funnel(createdFrom: string): Promise<FunnelStep[]>;
  /** Marks the words as not relevant (or takes the mark away). */
  dismiss(textKey: string, dismissed: boolean): Promise<void>;
  settings(): Promise<InsightsSettings | undefined>;
  saveSettings(settings: InsightsSettings): Promise<void>;
  /** Deletes questions of hours before the first, counters of hours before the second; the rows deleted. */
  purge(questionsBeforeHour: number, requestsBeforeHour: number): Promise<number>;
  /** Rows kept per hour, for the bounds test and the status. */
  rowsInHour(hour: number): Promise<{ requests: number; questions: number }>;
}
