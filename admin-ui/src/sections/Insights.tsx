// Insights (issue 31): which agents use the service, through which channel, with what outcome; the
// handoff funnel; and first, the questions the site's data could not answer, each with a way to act on
// it. Each chart (Chart.js) has a table view beside it and a CSV export; nothing shown names a person.
import { createElement, Fragment, useCallback, useEffect, useRef, useState } from '@wordpress/element';
import type { ReactNode } from 'react';
import { Button, Notice, SelectControl, Spinner, ToggleControl, TextControl } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartConfiguration } from 'chart.js';
import { loadInsights, saveInsightsSettings, setQuestionDismissed, type ApiError } from '../api.js';
import { nextStepLabel } from '../labels.js';
import { dailySeries, periodDays, rate, toCsv, type InsightsQuestion, type InsightsReport, type InsightsSettings, type WordsTarget } from '../insights-data.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const PERIODS = [7, 30, 90];
/** wp-admin's palette and a few more, distinguishable side by side. */
const COLOURS = ['#2271b1', '#d63638', '#00a32a', '#dba617', '#8c5cba', '#135e96', '#e26f56', '#3c434a'];

export function channelLabel(channel: string): string {
  if (channel === 'ask') return __('Questions (ask)', 'manufacturer-agent');
  if (channel === 'other') return __('Unknown paths', 'manufacturer-agent');
  if (channel === 'preflight') return __('CORS preflights', 'manufacturer-agent');
  if (channel === 'rest') return __('Other channels', 'manufacturer-agent');
  const [kind, ...rest] = channel.split(':');
  const detail = rest.join(':');
  /* translators: %s: a discovery document's path, e.g. /llms.txt */
  if (kind === 'document') return sprintf(__('Document %s', 'manufacturer-agent'), detail);
  /* translators: %s: a REST operation, e.g. GET /materials */
  if (kind === 'rest') return sprintf(__('REST %s', 'manufacturer-agent'), detail);
  /* translators: %s: an MCP tool's name */
  if (kind === 'mcp' && detail.startsWith('tools/call:')) return sprintf(__('MCP tool %s', 'manufacturer-agent'), detail.slice('tools/call:'.length));
  /* translators: %s: an MCP method, e.g. initialize */
  if (kind === 'mcp') return sprintf(__('MCP %s', 'manufacturer-agent'), detail);
  return channel;
}

function familyLabel(report: InsightsReport, id: string): string {
  if (id === 'other-agent') return __('Other agents', 'manufacturer-agent');
  if (id === 'browser') return __('Browsers', 'manufacturer-agent');
  if (id === 'unknown') return __('Unknown (no User-Agent)', 'manufacturer-agent');
  if (id === 'other') return __('All others', 'manufacturer-agent');
  return report.families.find((f) => f.id === id)?.label ?? id;
}

function kindLabel(kind: string): string {
  switch (kind) {
    case 'catalog':
      return __('Answered from the catalog', 'manufacturer-agent');
    case 'fact':
      return __('Answered from a fact', 'manufacturer-agent');
    case 'routed':
      return __('Routed: the data does not hold it', 'manufacturer-agent');
    case 'refused':
      return __('Refused: out of scope', 'manufacturer-agent');
    default:
      return kind;
  }
}

function formatDay(day: string): string {
  try {
    return new Intl.DateTimeFormat(document.documentElement.lang || undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  } catch {
    return day;
  }
}

function formatTime(iso: string): string {
  try {
    return new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  } catch {
    return iso;
  }
}

function percent(value: number | null): string {
  return value === null ? '—' : `${value} %`;
}

/** Offers the CSV as a file download. */
function download(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([`\ufeff${csv}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** A Chart.js chart on a canvas, described for screen readers; the table beside it carries the figures. */
function ChartCanvas({ config, label, height }: { config: ChartConfiguration<'bar'>; label: string; height?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="ma-insights__chart" style={height ? { height: `${height}px` } : undefined}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

/** A table of figures with its caption for screen readers and a header cell per column. */
function FigureTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <table className="widefat striped ma-insights__table">
      <caption className="screen-reader-text">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th scope="col" key={`${i}-${column}`}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A card with a chart (or any figure), its table view and its CSV export. */
function View({ id, title, chart, table, csv, empty }: { id: string; title: string; chart?: ReactNode; table: ReactNode; csv: () => string; empty: boolean }) {
  const [asTable, setAsTable] = useState(false);
  return (
    <section className="ma-card ma-insights__view" aria-labelledby={`ma-insights-${id}`}>
      <div className="ma-card__header">
        <h3 id={`ma-insights-${id}`}>{title}</h3>
        <div className="ma-insights__actions">
          {chart ? (
            <Button variant="tertiary" onClick={() => setAsTable((v) => !v)} aria-pressed={asTable}>
              {asTable ? __('Show chart', 'manufacturer-agent') : __('Show table', 'manufacturer-agent')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => download(`manufacturer-agent-${id}.csv`, csv())} disabled={empty}>
            {__('Export CSV', 'manufacturer-agent')}
          </Button>
        </div>
      </div>
      {empty ? <p className="ma-muted">{__('Nothing recorded in this period.', 'manufacturer-agent')}</p> : chart && !asTable ? chart : table}
    </section>
  );
}

function SeriesView({
  report,
  id,
  title,
  dimension,
  label,
}: {
  report: InsightsReport;
  id: string;
  title: string;
  dimension: 'channel' | 'family';
  label: (key: string) => string;
}) {
  const days = periodDays(report.from, report.to);
  const series = dailySeries(report.requests, days, dimension, 8, dimension === 'channel' ? 'rest' : 'other');
  const config: ChartConfiguration<'bar'> = {
    type: 'bar',
    data: {
      labels: days.map(formatDay),
      datasets: series.map((s, i) => ({ label: label(s.key), data: s.counts, backgroundColor: COLOURS[i % COLOURS.length] })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
      plugins: { legend: { position: 'bottom' } },
    },
  };
  const total = series.reduce((n, s) => n + s.total, 0);
  const chartLabel = sprintf(
    /* translators: 1: chart title, 2: number of requests, 3: number of series */
    __('%1$s: %2$d requests in %3$d groups; the table view lists every figure.', 'manufacturer-agent'),
    title,
    total,
    series.length,
  );
  const table = (
    <div className="ma-insights__table-wrap">
      <FigureTable caption={title} columns={[__('Day', 'manufacturer-agent'), ...series.map((s) => label(s.key))]}>
        {days.map((day, i) => (
          <tr key={day}>
            <th scope="row">{formatDay(day)}</th>
            {series.map((s) => (
              <td key={s.key}>{s.counts[i]}</td>
            ))}
          </tr>
        ))}
      </FigureTable>
    </div>
  );
  const csv = () => {
    const all = dailySeries(report.requests, days, dimension, Number.MAX_SAFE_INTEGER);
    return toCsv(
      ['day', ...all.map((s) => s.key)],
      days.map((day, i) => [day, ...all.map((s) => s.counts[i]!)]),
    );
  };
  return <View id={id} title={title} chart={<ChartCanvas config={config} label={chartLabel} />} table={table} csv={csv} empty={total === 0} />;
}

function FunnelView({ report }: { report: InsightsReport }) {
  const title = __('Handoffs: created → opened → submitted', 'manufacturer-agent');
  const steps = report.funnel;
  const config: ChartConfiguration<'bar'> = {
    type: 'bar',
    data: {
      labels: steps.map((s) => nextStepLabel(s.next_step)),
      datasets: [
        { label: __('Created', 'manufacturer-agent'), data: steps.map((s) => s.created), backgroundColor: COLOURS[0] },
        { label: __('Opened', 'manufacturer-agent'), data: steps.map((s) => s.opened), backgroundColor: COLOURS[3] },
        { label: __('Submitted', 'manufacturer-agent'), data: steps.map((s) => s.submitted), backgroundColor: COLOURS[2] },
      ],
    },
    options: { responsive: true, maintainAspectRatio: false, animation: false, indexAxis: 'y', scales: { x: { beginAtZero: true, ticks: { precision: 0 } } } },
  };
  const columns = [
    __('Next step', 'manufacturer-agent'),
    __('Created', 'manufacturer-agent'),
    __('Opened', 'manufacturer-agent'),
    __('Opened of created', 'manufacturer-agent'),
    __('Submitted', 'manufacturer-agent'),
    __('Submitted of opened', 'manufacturer-agent'),
  ];
  const table = (
    <FigureTable caption={title} columns={columns}>
      {steps.map((s) => (
        <tr key={s.next_step}>
          <th scope="row">{nextStepLabel(s.next_step)}</th>
          <td>{s.created}</td>
          <td>{s.opened}</td>
          <td>{percent(rate(s.opened, s.created))}</td>
          <td>{s.submitted}</td>
          <td>{percent(rate(s.submitted, s.opened))}</td>
        </tr>
      ))}
    </FigureTable>
  );
  const csv = () =>
    toCsv(
      ['next_step', 'created', 'opened', 'opened_rate_percent', 'submitted', 'submitted_rate_percent'],
      steps.map((s) => [s.next_step, s.created, s.opened, rate(s.opened, s.created), s.submitted, rate(s.submitted, s.opened)]),
    );
  const label = sprintf(
    /* translators: %s: chart title */
    __('%s, per next step; the table view lists the figures and rates.', 'manufacturer-agent'),
    title,
  );
  return (
    <View
      id="funnel"
      title={title}
      chart={<ChartCanvas config={config} label={label} height={90 + 70 * steps.length} />}
      table={table}
      csv={csv}
      empty={steps.length === 0}
    />
  );
}

function questionsCsv(questions: InsightsQuestion[]): string {
  return toCsv(
    ['question', 'language', 'kind', 'count', 'materials', 'last_asked', 'not_relevant'],
    questions.map((q) => [q.question, q.language, q.kind, q.count, q.materials, q.last_asked, q.dismissed ? 'yes' : 'no']),
  );
}

function QuestionsTable({ questions, title, actions }: { questions: InsightsQuestion[]; title: string; actions?: (q: InsightsQuestion) => ReactNode }) {
  const columns = [
    __('Question', 'manufacturer-agent'),
    __('Asked', 'manufacturer-agent'),
    __('Language', 'manufacturer-agent'),
    __('Answer', 'manufacturer-agent'),
    __('Last asked', 'manufacturer-agent'),
    ...(actions ? [__('Actions', 'manufacturer-agent')] : []),
  ];
  return (
    <FigureTable caption={title} columns={columns}>
      {questions.map((q) => (
        <tr key={`${q.text_key}-${q.kind}`} className={q.dismissed ? 'is-dismissed' : undefined}>
          <td className="ma-insights__question" lang={q.language || undefined}>
            {q.question}
          </td>
          <td>{q.count}</td>
          <td>{q.language.toUpperCase()}</td>
          <td>
            {kindLabel(q.kind)}
            {q.materials ? <span className="ma-muted"> · {q.materials.split(',').join(', ')}</span> : null}
          </td>
          <td>
            <time dateTime={q.last_asked}>{formatTime(q.last_asked)}</time>
          </td>
          {actions ? <td className="ma-insights__row-actions">{actions(q)}</td> : null}
        </tr>
      ))}
    </FigureTable>
  );
}

function SettingsCard({ report, onSaved }: { report: InsightsReport; onSaved: () => void }) {
  const [settings, setSettings] = useState<InsightsSettings>(report.settings);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const save = async () => {
    setSaving(true);
    setNotice(null);
    try {
      setSettings(await saveInsightsSettings(settings));
      setNotice({ status: 'success', text: __('Saved.', 'manufacturer-agent') });
      onSaved();
    } catch (reason) {
      setNotice({ status: 'error', text: (reason as ApiError).message });
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="ma-card" aria-labelledby="ma-insights-settings">
      <h3 id="ma-insights-settings">{__('Recording', 'manufacturer-agent')}</h3>
      {report.recording_off_by_environment ? (
        <Notice status="warning" isDismissible={false}>
          {__(
            'Recording is switched off on the server (MANUFACTURER_AGENT_INSIGHTS=off); this setting takes effect once that is removed.',
            'manufacturer-agent',
          )}
        </Notice>
      ) : null}
      <ToggleControl
        label={__('Record requests and questions', 'manufacturer-agent')}
        help={__(
          'Counts requests by channel, kind of agent and outcome, and keeps questions without contact data. No address, no User-Agent and no request content is kept.',
          'manufacturer-agent',
        )}
        checked={settings.recording}
        onChange={(recording: boolean) => setSettings({ ...settings, recording })}
        __nextHasNoMarginBottom
      />
      <TextControl
        type="number"
        min={0}
        max={365}
        label={__('Keep questions for (days)', 'manufacturer-agent')}
        help={__('0 keeps no questions; requests are still counted.', 'manufacturer-agent')}
        value={String(settings.question_retention_days)}
        onChange={(value: string) => setSettings({ ...settings, question_retention_days: Math.max(0, Math.min(365, Math.round(Number(value) || 0))) })}
        __nextHasNoMarginBottom
      />
      <p>
        <Button variant="primary" onClick={save} isBusy={saving} disabled={saving}>
          {__('Save recording settings', 'manufacturer-agent')}
        </Button>
      </p>
      {notice ? (
        <Notice status={notice.status} onRemove={() => setNotice(null)}>
          {notice.text}
        </Notice>
      ) : null}
    </section>
  );
}

/** The tab; `onAddWords` opens the customers' words or the needs editor with the question's words filled in. */
export function InsightsSection({ onAddWords }: { onAddWords: (target: WordsTarget, words: string, language: string) => void }) {
  const [days, setDays] = useState(30);
  const [report, setReport] = useState<InsightsReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(() => {
    setLoading(true);
    setError(null);
    loadInsights(days)
      .then(setReport)
      .catch((reason: ApiError) => setError(reason.message))
      .finally(() => setLoading(false));
  }, [days]);
  useEffect(load, [load]);

  const dismiss = async (q: InsightsQuestion) => {
    try {
      await setQuestionDismissed(q.text_key, !q.dismissed);
      load();
    } catch (reason) {
      setError((reason as ApiError).message);
    }
  };

  const unansweredTitle = __('Questions your data could not answer', 'manufacturer-agent');
  const topTitle = __('Top questions', 'manufacturer-agent');
  return (
    <div className="ma-insights">
      <div className="ma-insights__toolbar">
        <SelectControl
          label={__('Period', 'manufacturer-agent')}
          value={String(days)}
          options={PERIODS.map((n) => ({
            value: String(n),
            /* translators: %d: number of days */
            label: sprintf(_n('Last %d day', 'Last %d days', n, 'manufacturer-agent'), n),
          }))}
          onChange={(value: string) => setDays(Number(value))}
          __nextHasNoMarginBottom
        />
        <Button variant="secondary" onClick={load} disabled={loading}>
          {__('Refresh', 'manufacturer-agent')}
        </Button>
        {loading ? <Spinner /> : null}
      </div>
      {error ? (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      ) : null}
      {report ? (
        <Fragment>
          {!report.recording ? (
            <Notice status="info" isDismissible={false}>
              {__('Recording is off: nothing new is counted or kept.', 'manufacturer-agent')}
            </Notice>
          ) : null}
          <View
            id="unanswered"
            title={unansweredTitle}
            empty={report.unanswered.length === 0}
            csv={() => questionsCsv(report.unanswered)}
            table={
              <QuestionsTable
                title={unansweredTitle}
                questions={report.unanswered}
                actions={(q) => (
                  <Fragment>
                    <Button variant="link" onClick={() => onAddWords('synonym', q.question, q.language)}>
                      {__("Add to customers' words", 'manufacturer-agent')}
                    </Button>
                    <Button variant="link" onClick={() => onAddWords('need', q.question, q.language)}>
                      {__("Add to a need's words", 'manufacturer-agent')}
                    </Button>
                    <Button variant="link" onClick={() => dismiss(q)} aria-pressed={q.dismissed}>
                      {q.dismissed ? __('Mark as relevant', 'manufacturer-agent') : __('Not relevant', 'manufacturer-agent')}
                    </Button>
                  </Fragment>
                )}
              />
            }
          />
          <SeriesView report={report} id="channels" title={__('Requests per day by channel', 'manufacturer-agent')} dimension="channel" label={channelLabel} />
          <SeriesView
            report={report}
            id="families"
            title={__('Requests per day by agent family', 'manufacturer-agent')}
            dimension="family"
            label={(id) => familyLabel(report, id)}
          />
          <FunnelView report={report} />
          <View
            id="questions"
            title={topTitle}
            empty={report.questions.length === 0}
            csv={() => questionsCsv(report.questions)}
            table={
              <Fragment>
                <QuestionsTable title={topTitle} questions={report.questions} />
                {report.overflow ? (
                  <p className="ma-muted">
                    {sprintf(
                      /* translators: %d: number of questions */
                      _n(
                        '%d more question was counted but not kept: its hour had reached the limit of distinct questions.',
                        '%d more questions were counted but not kept: their hours had reached the limit of distinct questions.',
                        report.overflow,
                        'manufacturer-agent',
                      ),
                      report.overflow,
                    )}
                  </p>
                ) : null}
              </Fragment>
            }
          />
          <SettingsCard report={report} onSaved={load} />
        </Fragment>
      ) : null}
    </div>
  );
}
