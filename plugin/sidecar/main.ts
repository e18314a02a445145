// First, before any other module runs: see tick-anchor.ts.
import './speed/tick-anchor.js';
import { loadConfig } from './core/config.js';
import { createService, listen } from './service.js';
import { describeStore } from './handoffs/open-store.js';
import { EXAMPLE_BRIDGE_TOKEN } from './core/bridge.js';

const HOUR_MS = 60 * 60 * 1000;

async function main(): Promise<void> {
  const config = loadConfig();
  const service = await createService(config);
  const { app, retention } = service;
  if (config.bridgeToken === EXAMPLE_BRIDGE_TOKEN) {
    app.log.warn("MANUFACTURER_AGENT_BRIDGE_TOKEN is the documentation's example; set a long random secret (openssl rand -hex 32) here and in wp-config.php");
  }

  // Expired keys, and handoffs past their retention (expired, then deleted): at start and hourly.
  const purge = () => retention.run(app.log);
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
