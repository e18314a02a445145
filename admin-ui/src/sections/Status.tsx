import { createElement, useCallback, useEffect, useState } from '@wordpress/element';
import { Button, Notice, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { loadStatus, type ApiError } from '../api.js';
import type { ServiceCheck, ServiceStatus } from '../types.js';

function yesNo(value: boolean): string {
  return value ? __('Yes', 'manufacturer-agent') : __('No', 'manufacturer-agent');
}

function duration(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number') return '—';
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  /* translators: 1: days, 2: hours, 3: minutes */
  return sprintf(__('%1$d d %2$d h %3$d min', 'manufacturer-agent'), days, hours, minutes);
}

/** A check's verdict in words and colour: red only for what needs a person. */
function checkBadge(status: ServiceCheck['status']) {
  const badges = {
    good: { className: 'ma-badge--ok', text: __('Good', 'manufacturer-agent') },
    recommended: { className: 'ma-badge--warning', text: __('Worth a look', 'manufacturer-agent') },
    critical: { className: 'ma-badge--error', text: __('Needs attention', 'manufacturer-agent') },
  };
  const badge = badges[status] ?? badges.recommended;
  return <span className={`ma-badge ${badge.className}`}>{badge.text}</span>;
}

/** Whether the configuration is in sync: yes; no (the push failed: a person must look); or unknown while the service does not answer. */
function syncBadge(status: ServiceStatus) {
  if (status.in_sync) return <span className="ma-badge ma-badge--ok">{yesNo(true)}</span>;
  if (!status.sidecar.reachable) return <span className="ma-badge">{__('Unknown', 'manufacturer-agent')}</span>;
  return <span className="ma-badge ma-badge--error">{yesNo(false)}</span>;
}

/** What the status route did when the service held another revision (after a restart, or a missed save). */
function SyncNotice({ status }: { status: ServiceStatus }) {
  const sync = status.sync;
  if (!sync?.needed) return null;
  if (sync.pushed) {
    return (
      <Notice status="info" isDismissible={false}>
        {sprintf(
          /* translators: 1: revision the service held, 2: saved revision */
          __(
            'The service held configuration revision %1$s (it had restarted or missed a save). The saved configuration, revision %2$s, was sent to it just now.',
            'manufacturer-agent',
          ),
          sync.from ?? '—',
          status.wordpress_revision ?? '—',
        )}
      </Notice>
    );
  }
  return (
    <Notice status="error" isDismissible={false}>
      {sprintf(
        /* translators: %s: why the service refused */
        __('The service holds another configuration revision, and sending it the saved configuration failed: %s', 'manufacturer-agent'),
        sync.error ?? '',
      )}
    </Notice>
  );
}

export function StatusSection() {
  const [status, setStatus] = useState<ServiceStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const refresh = useCallback(() => {
    setLoading(true);
    loadStatus()
      .then((result) => {
        setStatus(result);
        setError(null);
      })
      .catch((reason: ApiError) => setError(reason.message))
      .finally(() => setLoading(false));
  }, []);

  useEffect(refresh, [refresh]);

  const sidecar = status?.sidecar;
  return (
    <div className="ma-section" data-section="status">
      <h2>{__('Status', 'manufacturer-agent')}</h2>
      <div className="ma-toolbar">
        <Button variant="secondary" onClick={refresh} disabled={loading}>
          {__('Check again', 'manufacturer-agent')}
        </Button>
        {loading ? <Spinner /> : null}
      </div>
      {error ? (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      ) : null}
      {status ? <SyncNotice status={status} /> : null}
      {status ? (
        <table className="widefat ma-table ma-status" aria-live="polite">
          <caption className="screen-reader-text">{__('Service status', 'manufacturer-agent')}</caption>
          <tbody>
            <tr>
              <th scope="row">{__('Service reachable', 'manufacturer-agent')}</th>
              <td>
                <span className={`ma-badge ${sidecar?.reachable ? 'ma-badge--ok' : 'ma-badge--error'}`}>{yesNo(!!sidecar?.reachable)}</span>
                {sidecar?.error ? ` ${sidecar.error}` : null}
              </td>
            </tr>
            <tr>
              <th scope="row">{__('Service version', 'manufacturer-agent')}</th>
              <td>{sidecar?.version ?? '—'}</td>
            </tr>
            <tr>
              <th scope="row">{__('Configuration in sync', 'manufacturer-agent')}</th>
              <td>{syncBadge(status)}</td>
            </tr>
            <tr>
              <th scope="row">{__('Configuration revision in WordPress', 'manufacturer-agent')}</th>
              <td>
                <code>{status.wordpress_revision ?? '—'}</code>
              </td>
            </tr>
            <tr>
              <th scope="row">{__('Configuration revision in the service', 'manufacturer-agent')}</th>
              <td>
                <code>{sidecar?.revision ?? '—'}</code>
              </td>
            </tr>
            <tr>
              <th scope="row">{__('Handoff storage', 'manufacturer-agent')}</th>
              <td>{sidecar?.store ?? '—'}</td>
            </tr>
            <tr>
              <th scope="row">{__('Running for', 'manufacturer-agent')}</th>
              <td>{duration(sidecar?.uptime_seconds)}</td>
            </tr>
          </tbody>
        </table>
      ) : null}
      {status?.checks?.length ? (
        <table className="widefat ma-table ma-checks">
          <caption>{__('Checks (as in Tools → Site Health)', 'manufacturer-agent')}</caption>
          <tbody>
            {status.checks.map((check) => (
              <tr key={check.id} data-check={check.id} data-status={check.status}>
                <td>{checkBadge(check.status)}</td>
                <th scope="row">{check.label}</th>
                <td>
                  {check.status === 'good' ? null : check.description}
                  {check.status !== 'good' && check.action ? (
                    <span>
                      {' '}
                      <a href={check.action.url}>{check.action.text}</a>
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
