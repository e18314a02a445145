// The sidecar behind a test's own WordPress on nginx + PHP-FPM (scripts/bench/lib/wordpress.mjs): the
// built bundle on a port the test chose, with the bridge's token, a data folder of its own and no
// per-client limits, unless env sets them.
import { spawnService, tempDataDir, type ServiceProcess } from './service.js';

export function spawnBridgedSidecar(port: number, token: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  return spawnService(
    {
      HOST: '',
      PORT: String(port),
      MANUFACTURER_AGENT_BRIDGE_TOKEN: token,
      MANUFACTURER_AGENT_DATA_DIR: tempDataDir(),
      MANUFACTURER_AGENT_RATE_LIMIT: '0',
      MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '0',
      ...env,
    },
    { timeoutMs: 20_000 },
  );
}
