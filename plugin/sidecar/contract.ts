// The facts the PHP bridge and the sidecar must share, written by the build to plugin/build/contract.json
// (export-schemas.ts), so that PHP reads them instead of keeping a copy: the enumerations with their
// German and English names, the handoff id pattern, the interface version, the public root paths, the
// bridge's header names, the crawl delay, the IPv6 prefix clients are counted by, the configuration's
// parts, the documentation's example secret, the largest configuration push, and the problem the bridge
// answers when the sidecar cannot be reached.
import { BRIDGE_HEADERS, EXAMPLE_BRIDGE_TOKEN, INTERNAL_CREDENTIAL_CONTEXT } from './core/bridge.js';
import { IPV6_CLIENT_PREFIX_BITS } from './core/client-address.js';
import { AGENT_PREFIX, AMBIGUOUS_PATH, ASK_PATH, BRIDGE_PREFIX, DOCUMENT_PATHS, INTERFACE_VERSION, MCP_PATH } from './core/paths.js';
import { LABELS_KEYWORD, SCHEMAS } from './core/schemas.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './core/overload.js';
import { CRAWL_DELAY_SECONDS } from './discovery/facts.js';
import { CONFIG_BODY_LIMIT_BYTES } from './bridge/routes.js';
import { TABLE_PREFIX_PATTERN, mysqlTableNames } from './handoffs/mysql-store.js';
import type { LocalizedText } from './core/site-config.js';

/** The enumerations of common.schema.json that carry names, by the contract's key. */
const LABELLED_ENUMS = { priority: 'Priority', next_step: 'NextStep', handoff_state: 'HandoffState' } as const;

export interface LabelledValue {
  value: string;
  label: LocalizedText;
}

/** An enumeration's values in order, each with its names; a value without both names fails the build. */
export function labelledEnum(defName: (typeof LABELLED_ENUMS)[keyof typeof LABELLED_ENUMS]): LabelledValue[] {
  const def = (SCHEMAS.common.$defs as Record<string, { enum?: string[]; [LABELS_KEYWORD]?: Record<string, Partial<LocalizedText>> }>)[defName];
  const labels = def?.[LABELS_KEYWORD] ?? {};
  const values = def?.enum ?? [];
  const unnamed = values.filter((value) => !labels[value]?.de || !labels[value]?.en);
  const stray = Object.keys(labels).filter((value) => !values.includes(value));
  if (!values.length || unnamed.length || stray.length) {
    throw new Error(
      `schemas/common.schema.json $defs.${defName}: every value needs "${LABELS_KEYWORD}" with "de" and "en"` +
        `${unnamed.length ? `; missing for ${unnamed.join(', ')}` : ''}${stray.length ? `; named but not in the enum: ${stray.join(', ')}` : ''}`,
    );
  }
  return values.map((value) => ({ value, label: { de: labels[value].de!, en: labels[value].en! } }));
}

/**
 * The site configuration keeps an entry per value of an enumeration (a recommendation per priority, a
 * target page per next step); the schema lists those keys, so a value added to the enumeration alone
 * would be accepted nowhere. The build stops and says where.
 */
export function checkKeyedByEnum(): void {
  const keyed = { recommendations: 'Priority', handoff_targets: 'NextStep' } as const;
  const problems: string[] = [];
  for (const [part, def] of Object.entries(keyed)) {
    const schema = (SCHEMAS.SiteConfig.properties as Record<string, { properties?: object; required?: string[] }>)[part];
    const values = (SCHEMAS.common.$defs as unknown as Record<string, { enum: string[] }>)[def].enum;
    const named = Object.keys(schema.properties ?? {});
    const required = schema.required ?? [];
    const missing = values.filter((value) => !named.includes(value) || !required.includes(value));
    const stray = named.filter((key) => !values.includes(key));
    if (missing.length || stray.length) {
      problems.push(
        `schemas/site-config.schema.json ${part} must name (in properties and required) every ${def} value` +
          `${missing.length ? `; missing: ${missing.join(', ')}` : ''}${stray.length ? `; not a ${def}: ${stray.join(', ')}` : ''}`,
      );
    }
  }
  if (problems.length) throw new Error(problems.join('\n'));
}

/** The REST namespace a path under /wp-json/ belongs to (manufacturer-agent of /wp-json/manufacturer-agent/v1). */
const namespaceOf = (path: string) => path.split('/')[2];

export function buildContract() {
  checkKeyedByEnum();
  return {
    interface_version: INTERFACE_VERSION,
    handoff_id_pattern: SCHEMAS.Handoff.properties.id.pattern,
    enums: Object.fromEntries(Object.entries(LABELLED_ENUMS).map(([key, def]) => [key, labelledEnum(def)])),
    /** Paths at the site root that the bridge forwards whole (the tool endpoint with and without its slash). */
    root_paths: [...new Set([MCP_PATH, `${MCP_PATH}/`, ...Object.values(DOCUMENT_PATHS)])],
    /** REST namespaces forwarded whole, every version. */
    rest_namespaces: [...new Set([namespaceOf(AGENT_PREFIX), namespaceOf(ASK_PATH)])],
    bridge_prefix: BRIDGE_PREFIX,
    /** The question endpoint, as agents call it (`wp manufacturer-agent ask` goes the same way). */
    ask_path: ASK_PATH,
    /** A path the bridge refuses before forwarding (core/paths.ts isAmbiguousTarget), case-insensitive. */
    ambiguous_path_pattern: AMBIGUOUS_PATH.source,
    bridge_headers: BRIDGE_HEADERS,
    internal_credential_context: INTERNAL_CREDENTIAL_CONTEXT,
    /** The documentation's placeholder for the shared secret: a site using it is told to replace it. */
    example_bridge_token: EXAMPLE_BRIDGE_TOKEN,
    /** The largest configuration push the sidecar takes (bridge/routes.ts); `wp manufacturer-agent config import` refuses a larger file. */
    config_body_limit_bytes: CONFIG_BODY_LIMIT_BYTES,
    crawl_delay_seconds: CRAWL_DELAY_SECONDS,
    /** IPv6 clients are counted per network of this many bits, by the sidecar's limits and the enquiry form's alike. */
    ipv6_client_prefix_bits: IPV6_CLIENT_PREFIX_BITS,
    config_parts: SCHEMAS.SiteConfig.required,
    /** The tables sidecars sharing the site's database create (after the prefix), which uninstall drops. */
    handoff_tables: { suffixes: Object.values(mysqlTableNames('')), prefix_pattern: TABLE_PREFIX_PATTERN.source },
    problems: {
      service_unavailable: {
        status: 503,
        code: 'service_unavailable',
        detail: `The agent service is temporarily unavailable. Retry after ${UNAVAILABLE_RETRY_AFTER_SECONDS} seconds.`,
        retry_after: UNAVAILABLE_RETRY_AFTER_SECONDS,
      },
    },
  };
}

export type Contract = ReturnType<typeof buildContract>;
