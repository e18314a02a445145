import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { OUTCOMES, outcomeIndex } from './channels.js';
import { withoutPersonalData } from './redact.js';
import { QUESTIONS_PER_HOUR, type AnswerKind, type InsightsSettings, type InsightsStore, type QuestionCount, type RequestCount } from './store.js';
import { SCHEMAS } from '../core/schemas.js';

const HOUR_MS = 60 * 60 * 1000;
/** Counters are kept this long (they hold nothing personal); the Insights tab shows up to 90 days. */
export const REQUEST_RETENTION_DAYS = 400;

/** schemas/insights-settings.schema.json's defaults: what holds until staff save the settings. */
export const DEFAULT_INSIGHTS_SETTINGS: InsightsSettings = {
  recording: SCHEMAS.InsightsSettings.properties.recording.default,
  question_retention_days: SCHEMAS.InsightsSettings.properties.question_retention_days.default,
};

/** A question waiting for the next batch: the words as asked are held in memory only until then. */
interface PendingQuestion {
  hour: number;
  asked: string;
  language: string;
  kind: AnswerKind;
  materials: string;
  count: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The words as one identity: case and runs of spaces do not make another question. */
export function normalisedQuestion(text: string): string {
  return text.split(/\s+/u).filter(Boolean).join(' ').toLowerCase();
}

/**
 * Counts answered requests and collects questions in memory, and writes them to the store in batches
 * (a timer, unref'd; and on close), so recording costs a request a Map update and nothing waits for the
 * database. Bounded: counters by the channels (routes) × families (the list) × outcomes; questions by
 * QUESTIONS_PER_HOUR distinct ones per hour, the rest added to one overflow count. Personal data is
 * taken out of each question when it is written, before anything is stored.
 */
export class InsightsRecorder {
  #settings: InsightsSettings = DEFAULT_INSIGHTS_SETTINGS;
  #hour = currentHour();
  /** Channel → family → a count per outcome (OUTCOMES): no string is made per request. */
  #counts = new Map<string, Map<string, number[]>>();
  #rows: RequestCount[] = [];
  #questions = new Map<string, PendingQuestion>();
  #questionsInHour = 0;
  #overflow = new Map<number, number>();
  #timer?: NodeJS.Timeout;
  #flushing?: Promise<void>;
  #purgedHour = -1;
  #log?: FastifyBaseLogger;

  constructor(
    readonly store: InsightsStore,
    private readonly options: { off: boolean; flushMs: number; now?: () => number },
  ) {}

  /** Where a batch that could not be written is reported (the service's logger). */
  useLog(log: FastifyBaseLogger): void {
    this.#log = log;
  }

  get settings(): InsightsSettings {
    return this.#settings;
  }

  /** Whether requests are counted now (the environment's switch and the staff's setting). */
  get recording(): boolean {
    return !this.options.off && this.#settings.recording;
  }

  #now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  /** Moves the counts so far to the rows of the next batch. */
  #drainCounts(): void {
    for (const [channel, byFamily] of this.#counts) {
      for (const [family, counts] of byFamily) {
        counts.forEach((count, i) => {
          if (count) this.#rows.push({ hour: this.#hour, channel, family, outcome: OUTCOMES[i]!, count });
        });
      }
    }
    this.#counts = new Map();
  }

  /** A new hour: its own counts and its own allowance of questions. */
  #turnHour(hour: number): void {
    this.#drainCounts();
    this.#questionsInHour = 0;
    this.#hour = hour;
  }

  /** One answered request. */
  count(channel: string, family: string, status: number): void {
    if (!this.recording) return;
    const hour = Math.floor(this.#now() / HOUR_MS);
    if (hour !== this.#hour) this.#turnHour(hour);
    let byFamily = this.#counts.get(channel);
    if (!byFamily) this.#counts.set(channel, (byFamily = new Map()));
    let counts = byFamily.get(family);
    if (!counts) byFamily.set(family, (counts = OUTCOMES.map(() => 0)));
    counts[outcomeIndex(status)]!++;
  }

  /** One question and the kind of answer it got. */
  question(asked: string, language: string, kind: AnswerKind, materials: readonly string[]): void {
    if (!this.recording || this.#settings.question_retention_days === 0) return;
    const hour = Math.floor(this.#now() / HOUR_MS);
    if (hour !== this.#hour) this.#turnHour(hour);
    const key = `${hour}\n${language}\n${kind}\n${asked}`;
    const pending = this.#questions.get(key);
    if (pending) {
      pending.count++;
    } else if (this.#questionsInHour < QUESTIONS_PER_HOUR) {
      this.#questionsInHour++;
      this.#questions.set(key, { hour, asked, language, kind, materials: materials.join(','), count: 1 });
    } else {
      this.#overflow.set(hour, (this.#overflow.get(hour) ?? 0) + 1);
    }
  }

  /** Starts the batch timer and reads the settings staff saved. */
  async start(): Promise<void> {
    await this.refreshSettings();
    this.#timer = setInterval(() => void this.flush(), this.options.flushMs);
    this.#timer.unref();
  }

  async refreshSettings(): Promise<void> {
    try {
      this.#settings = { ...DEFAULT_INSIGHTS_SETTINGS, ...(await this.store.settings()) };
    } catch (err) {
      this.#log?.warn({ err }, 'insights settings could not be read');
    }
  }

  /** Saves the settings staff set (for every sidecar on the store) and follows them here at once. */
  async saveSettings(settings: InsightsSettings): Promise<void> {
    await this.store.saveSettings(settings);
    this.#settings = settings;
    if (settings.question_retention_days === 0) this.#questions.clear();
    // A shorter retention takes effect now, not at the next hour's purge.
    this.#purgedHour = -1;
    await this.flush();
  }

  /** Writes what is collected; one batch at a time. */
  flush(): Promise<void> {
    this.#flushing ??= this.#write().finally(() => {
      this.#flushing = undefined;
    });
    return this.#flushing;
  }

  async #write(): Promise<void> {
    const hour = Math.floor(this.#now() / HOUR_MS);
    if (hour !== this.#hour) this.#turnHour(hour);
    else this.#drainCounts();
    const rows = this.#rows;
    this.#rows = [];
    const questions = this.#cleanQuestions();
    try {
      await this.store.addRequests(rows);
      await this.store.addQuestions(questions, QUESTIONS_PER_HOUR);
      await this.refreshSettings();
      if (hour !== this.#purgedHour) {
        const keepQuestionsFrom = hour + 1 - this.#settings.question_retention_days * 24;
        await this.store.purge(this.#settings.question_retention_days === 0 ? hour + 1 : keepQuestionsFrom, hour - REQUEST_RETENTION_DAYS * 24);
        this.#purgedHour = hour;
      }
    } catch (err) {
      // What could not be written is dropped, not retried without bound: counters are figures, not records.
      this.#log?.warn({ err, rows: rows.length, questions: questions.length }, 'insights batch not written');
    }
  }

  /** The collected questions without personal data, keyed for the store; a question that cannot be cleaned is left out. */
  #cleanQuestions(): QuestionCount[] {
    const out: QuestionCount[] = [];
    for (const q of this.#questions.values()) {
      const clean = withoutPersonalData(q.asked);
      if (clean === undefined || clean === '') continue;
      const text = normalisedQuestion(clean);
      out.push({
        hour: q.hour,
        key: sha256(`${q.language}\n${q.kind}\n${text}`),
        textKey: sha256(text),
        question: clean,
        language: q.language,
        kind: q.kind,
        materials: q.materials,
        count: q.count,
      });
    }
    this.#questions = new Map();
    for (const [hour, count] of this.#overflow) {
      out.push({ hour, key: 'overflow', textKey: 'overflow', question: '', language: '', kind: 'overflow', materials: '', count });
    }
    this.#overflow = new Map();
    return out;
  }

  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.flush();
  }
}

function currentHour(): number {
  return Math.floor(Date.now() / HOUR_MS);
}
