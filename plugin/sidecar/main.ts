// First, before any other module runs: see tick-anchor.ts.
import './speed/tick-anchor.js';
import { loadConfig } from './core/config.js';
import { createService, listen } from './service.js';
import { describeStore } from './handoffs/open-store.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

async function main(): Promise<void> {
  const config = loadConfig();
  const service = await createService(config);
  const { app, handoffs } = service;
  const retentionMs = config.handoffRetentionDays * DAY_MS;

  const purge = () =>
    handoffs
      .purgeExpiredKeys(Date.now())
      .then(
        (n) => n && app.log.info(`purged ${n} expired idempotency keys`),
        (err) => app.log.error({ err }, 'purging expired idempotency keys failed'),
      )
      // At the retention a handoff expires (its link stops working, the admin screen still shows it);
      // its record is deleted one retention period later.
      .then(() => handoffs.expireHandoffs(Date.now() - retentionMs, Date.now()))
      .then(
        (n) => n && app.log.info(`expired ${n} handoffs older than ${config.handoffRetentionDays} days`),
        (err) => app.log.error({ err }, 'expiring old handoffs failed'),
      )
      .then(() => handoffs.purgeHandoffs(Date.now() - retentionMs))
      .then(
        (n) => n && app.log.info(`deleted ${n} handoffs expired more than ${config.handoffRetentionDays} days ago`),
        (err) => app.log.error({ err }, 'deleting expired handoffs failed'),
      );
  await purge();
  const purgeTimer = setInterval(purge, HOUR_MS);
  purgeTimer.unref();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, closing`);
    clearInterval(purgeTimer);
    // close() stops accepting, lets requests in flight finish, then closes the store.
    service.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'closing failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  const address = await listen(service, config, Boolean(process.env.MANUFACTURER_AGENT_PUBLIC_URL));
  app.log.info(`manufacturer-agent sidecar listening on ${address} (store: ${describeStore(config)}, links: ${config.publicUrl})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
