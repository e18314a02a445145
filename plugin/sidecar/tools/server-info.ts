import { isIP } from 'node:net';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { INTERFACE_VERSION } from '../core/paths.js';
import type { SiteConfig } from '../core/site-config.js';

/** The stateless revision the SDK serves through createMcpHandler (it exports only the 2025-era list). */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = ['2026-07-28'];

/** The initialize-era revisions served through the SDK and advertised (streamable HTTP exists since 2025-03-26). */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v >= '2025-03-26');

/** Newest first: every version this endpoint advertises. */
export const ADVERTISED_PROTOCOL_VERSIONS: readonly string[] = [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS];

export const SERVER_CAPABILITIES = { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } } as const;

/** Reverse-DNS server name from the site's host (server-card naming), e.g. com.example/manufacturer-agent. */
export function serverName(publicBase: string): string {
  const host = new URL(publicBase).hostname.replace(/^\[|\]$/g, '');
  const namespace = isIP(host) || !host.includes('.') ? host.replace(/:/g, '-') : host.split('.').reverse().join('.');
  return `${namespace}/manufacturer-agent`;
}

/** The first sentence of the site summary, at most 100 characters (the server card's description limit). */
export function shortDescription(config: SiteConfig): string {
  const summary = config.discovery.summary.en.trim();
  const sentence = /^.*?[.!?](?=\s|$)/.exec(summary)?.[0] ?? summary;
  return sentence.length <= 100 ? sentence : `${sentence.slice(0, 99).trimEnd()}…`;
}

/** MCP Implementation: the same identity in initialize, server/discover, results' _meta and the documents. */
export function serverInfo(config: SiteConfig, publicBase: string) {
  return {
    name: serverName(publicBase),
    title: config.company.name,
    version: INTERFACE_VERSION,
    description: shortDescription(config),
    websiteUrl: `${publicBase}/`,
  };
}

/** Guidance for the model, from the staff-kept discovery summary in both languages. */
export function serverInstructions(config: SiteConfig): string {
  const { en, de } = config.discovery.summary;
  return `${en}\n\n${de}`;
}
