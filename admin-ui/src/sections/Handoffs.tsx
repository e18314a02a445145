// Read-only: the handoffs agents created, newest first, filtered by next step and state, a page at a
// time; a handoff a person sent the form for opens to show the enquiry WordPress keeps.
import { createElement, Fragment, useEffect, useState } from '@wordpress/element';
import type { ReactNode } from 'react';
import { Button, Notice, SelectControl, Spinner } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { loadHandoffs, type ApiError } from '../api.js';
import { nextStepLabel, priorityLabel, stateLabel } from '../labels.js';
import { HANDOFF_STATES, NEXT_STEPS, type Enquiry, type Handoff, type HandoffPage } from '../types.js';

export const PER_PAGE = 20;

function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString();
  }
}

function requirementsText(handoff: Handoff): string {
  const r = handoff.requirements ?? {};
  const parts: string[] = [];
  /* translators: 1: width in cm, 2: height in cm */
  if (r.dimensions) parts.push(sprintf(__('Wall %1$s × %2$s cm', 'manufacturer-agent'), String(r.dimensions.width_cm), String(r.dimensions.height_cm)));
  /* translators: %s: a material id */
  if (r.material_id) parts.push(sprintf(__('Material: %s', 'manufacturer-agent'), r.material_id));
  /* translators: %s: a project priority */
  if (r.priority) parts.push(sprintf(__('Priority: %s', 'manufacturer-agent'), priorityLabel(r.priority)));
  /* translators: %s: the motif as the agent described it */
  if (r.motif_description) parts.push(sprintf(__('Motif: %s', 'manufacturer-agent'), r.motif_description));
  /* translators: %s: language code, de or en */
  if (r.locale) parts.push(sprintf(__('Language: %s', 'manufacturer-agent'), r.locale));
  return parts.join(' · ') || '—';
}

function mailText(enquiry: Enquiry): string {
  if (enquiry.mail_sent === '1') return __('Sent to the advisors', 'manufacturer-agent');
  if (enquiry.mail_sent === '0') return __('Not sent: the e-mail failed', 'manufacturer-agent');
  return __('Not sent yet', 'manufacturer-agent');
}

function EnquiryDetails({ enquiry }: { enquiry: Enquiry }) {
  const rows: [string, ReactNode][] = [
    [__('Name', 'manufacturer-agent'), enquiry.name],
    [__('Company', 'manufacturer-agent'), enquiry.company || '—'],
    [__('E-mail', 'manufacturer-agent'), <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>],
    [__('Telephone', 'manufacturer-agent'), enquiry.phone ? <a href={`tel:${enquiry.phone.replace(/[^\d+]/g, '')}`}>{enquiry.phone}</a> : '—'],
    [__('Message', 'manufacturer-agent'), <span className="ma-enquiry__message">{enquiry.message}</span>],
    [__('Sent at', 'manufacturer-agent'), <time dateTime={enquiry.sent_at}>{formatDate(enquiry.sent_at)}</time>],
    [__('E-mail to the advisors', 'manufacturer-agent'), mailText(enquiry)],
  ];
  return (
    <dl className="ma-enquiry">
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

export function HandoffsSection() {
  const [page, setPage] = useState(1);
  const [nextStep, setNextStep] = useState('');
  const [state, setState] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [data, setData] = useState<HandoffPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    loadHandoffs(page, PER_PAGE, nextStep, state)
      .then((result) => {
        if (!live) return;
        setData(result);
        setError(null);
      })
      .catch((reason: ApiError) => {
        if (live) setError(reason.message);
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [page, nextStep, state, reload]);

  const pages = data ? Math.max(1, Math.ceil(data.total / (data.per_page || PER_PAGE))) : 1;
  const items = data ? [...data.items].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0)) : [];

  return (
    <div className="ma-section" data-section="handoffs">
      <h2>{__('Handoffs', 'manufacturer-agent')}</h2>
      <p className="ma-section__intro">
        {__('Next-step links agents created, newest first. Read-only: the person sends the form on the site.', 'manufacturer-agent')}
      </p>
      <div className="ma-toolbar">
        <SelectControl
          __nextHasNoMarginBottom
          label={__('Next step', 'manufacturer-agent')}
          value={nextStep}
          options={[
            { value: '', label: __('All next steps', 'manufacturer-agent') },
            ...NEXT_STEPS.map((step) => ({ value: step as string, label: nextStepLabel(step) })),
          ]}
          onChange={(value: string) => {
            setNextStep(value);
            setPage(1);
          }}
        />
        <SelectControl
          __nextHasNoMarginBottom
          label={__('State', 'manufacturer-agent')}
          value={state}
          options={[
            { value: '', label: __('All states', 'manufacturer-agent') },
            ...HANDOFF_STATES.map((value) => ({ value: value as string, label: stateLabel(value) })),
          ]}
          onChange={(value: string) => {
            setState(value);
            setPage(1);
          }}
        />
        <Button variant="secondary" onClick={() => setReload((n) => n + 1)}>
          {__('Refresh', 'manufacturer-agent')}
        </Button>
        {loading ? <Spinner /> : null}
      </div>
      {error ? (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      ) : null}
      {data ? (
        <p className="ma-muted" aria-live="polite">
          {/* translators: %d: number of handoffs */}
          {sprintf(_n('%d handoff', '%d handoffs', data.total, 'manufacturer-agent'), data.total)}
        </p>
      ) : null}
      <table className="widefat striped ma-table">
        <caption className="screen-reader-text">{__('Handoffs created by agents', 'manufacturer-agent')}</caption>
        <thead>
          <tr>
            <th scope="col">{__('Created', 'manufacturer-agent')}</th>
            <th scope="col">{__('Next step', 'manufacturer-agent')}</th>
            <th scope="col">{__('State', 'manufacturer-agent')}</th>
            <th scope="col">{__('What the agent collected', 'manufacturer-agent')}</th>
            <th scope="col">{__('Link', 'manufacturer-agent')}</th>
            <th scope="col">{__('Enquiry', 'manufacturer-agent')}</th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 && !loading ? (
            <tr>
              <td colSpan={6}>{__('No handoffs yet.', 'manufacturer-agent')}</td>
            </tr>
          ) : null}
          {items.map((handoff) => (
            <Fragment key={handoff.id}>
              <tr data-handoff={handoff.id}>
                <td>
                  <time dateTime={handoff.created_at}>{formatDate(handoff.created_at)}</time>
                </td>
                <td>{nextStepLabel(handoff.next_step)}</td>
                <td>
                  <span className={`ma-badge ma-state ma-state--${handoff.state}`}>{stateLabel(handoff.state)}</span>
                </td>
                <td>{requirementsText(handoff)}</td>
                <td>
                  <a href={handoff.link}>
                    <code>{handoff.id}</code>
                  </a>
                </td>
                <td>
                  {handoff.enquiry ? (
                    <Button
                      variant="link"
                      aria-expanded={open === handoff.id}
                      aria-controls={`ma-enquiry-${handoff.id}`}
                      onClick={() => setOpen((current) => (current === handoff.id ? null : handoff.id))}
                    >
                      {/* translators: %s: the name of the person who sent the enquiry */}
                      {sprintf(
                        open === handoff.id ? __('Hide the enquiry of %s', 'manufacturer-agent') : __('Show the enquiry of %s', 'manufacturer-agent'),
                        handoff.enquiry.name,
                      )}
                    </Button>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
              {handoff.enquiry && open === handoff.id ? (
                <tr id={`ma-enquiry-${handoff.id}`} className="ma-enquiry-row">
                  <td colSpan={6}>
                    <EnquiryDetails enquiry={handoff.enquiry} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
      <nav className="ma-pagination" aria-label={__('Handoff pages', 'manufacturer-agent')}>
        <Button variant="secondary" disabled={page <= 1 || loading} onClick={() => setPage((p) => Math.max(1, p - 1))}>
          {__('Previous page', 'manufacturer-agent')}
        </Button>
        <span aria-live="polite">
          {/* translators: 1: current page, 2: number of pages */}
          {sprintf(__('Page %1$d of %2$d', 'manufacturer-agent'), page, pages)}
        </span>
        <Button variant="secondary" disabled={page >= pages || loading} onClick={() => setPage((p) => p + 1)}>
          {__('Next page', 'manufacturer-agent')}
        </Button>
      </nav>
    </div>
  );
}
