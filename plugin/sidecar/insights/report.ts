import type { FamilyClassifier } from './families.js';
import type { InsightsRecorder } from './recorder.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Questions listed in each list of the report. */
const TOP = 50;

/**
 * What the Insights tab shows for the last `days` days (UTC days, today included): requests per day by
 * channel, family and outcome, the handoff funnel per next step, the top questions and, first, the
 * questions the data could not answer. Figures only: nothing in it names a person.
 */
export async function insightsReport(recorder: InsightsRecorder, families: FamilyClassifier, days: number, now: number, envOff: boolean) {
  const today = Math.floor(now / DAY_MS);
  const firstDay = today - days + 1;
  const fromHour = firstDay * 24;
  const { store } = recorder;
  const [requests, funnel, top, unanswered, overflow] = await Promise.all([
    store.requestsByDay(fromHour),
    store.funnel(new Date(firstDay * DAY_MS).toISOString()),
    store.topQuestions(fromHour, TOP + 1),
    store.topQuestions(fromHour, TOP, 'routed'),
    store.topQuestions(fromHour, 1, 'overflow'),
  ]);
  const day = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
  return {
    days,
    from: day(firstDay),
    to: day(today),
    settings: recorder.settings,
    recording: recorder.recording,
    recording_off_by_environment: envOff,
    families: [
      ...families.families.map((f) => ({ id: f.id, label: f.label, kind: f.kind })),
      { id: 'other-agent', label: null, kind: 'other' },
      { id: 'browser', label: null, kind: 'browser' },
      { id: 'unknown', label: null, kind: 'unknown' },
    ],
    requests: requests.map((r) => ({ date: day(r.day), channel: r.channel, family: r.family, outcome: r.outcome, count: r.count })),
    funnel,
    questions: top
      .filter((q) => q.kind !== 'overflow')
      .slice(0, TOP)
      .map(({ last_hour, ...q }) => ({ ...q, last_asked: new Date(last_hour * HOUR_MS).toISOString() })),
    unanswered: unanswered.map(({ last_hour, ...q }) => ({ ...q, last_asked: new Date(last_hour * HOUR_MS).toISOString() })),
    // Questions past the cap of their hour (store.ts: QUESTIONS_PER_HOUR), counted but not kept.
    overflow: overflow[0]?.count ?? 0,
  };
}

/** The report as the admin route passes it on (admin-ui/src/insights-data.ts reads this type). */
export type InsightsReport = Awaited<ReturnType<typeof insightsReport>>;
