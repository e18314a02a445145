import { createElement, useCallback, useEffect, useState } from '@wordpress/element';
import { Button, Notice, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { loadStatus, type ApiError } from '../api.js';
import type { ServiceStatus } from '../types.js';

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
      {status ? (
        <table className="widefat ma-table ma-status" aria-live="polite">
          <caption className="screen-reader-text">{__('Service status', 'manufacturer-agent')}</caption>
          <tbody>
            <tr>
              <th scope="row">{__('Service reachable', 'manufacturer-agent')}</th>
              <td>
                <span className={`ma-badge ${sidecar?.reachable ? 'ma-badge--ok' : 'ma-badge--error'}`}>{yesNo(!!sidecar?.reachable)}</span>
              </td>
            </tr>
            <tr>
              <th scope="row">{__('Service version', 'manufacturer-agent')}</th>
              <td>{sidecar?.version ?? '—'}</td>
            </tr>
            <tr>
              <th scope="row">{__('Configuration in sync', 'manufacturer-agent')}</th>
              <td>
                <span className={`ma-badge ${status.in_sync ? 'ma-badge--ok' : 'ma-badge--error'}`}>{yesNo(status.in_sync)}</span>
              </td>
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
    </div>
  );
}
