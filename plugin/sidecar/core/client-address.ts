import { BlockList, isIP } from 'node:net';

/**
 * Who a client is, for the per-client limits. Behind a CDN or a local proxy every visitor shares the
 * proxy's address, so an operator names the proxies it trusts (CIDRs) and the header they put the
 * visitor's address in; a header from anyone else is ignored, so no client chooses its own identity.
 */
export interface TrustedProxies {
  /** The proxies whose header is believed; undefined when none is named. */
  list?: BlockList;
  /** Lower-case header name, e.g. x-forwarded-for, cf-connecting-ip, true-client-ip. */
  header: string;
}

export const DEFAULT_CLIENT_ADDRESS_HEADER = 'x-forwarded-for';

/** Parses "10.0.0.0/8, 2001:db8::/32, 192.0.2.7"; throws with the entry that is not a CIDR or an address. */
export function parseTrustedProxies(cidrs: string, header: string, variable = 'MANUFACTURER_AGENT_TRUSTED_PROXIES'): TrustedProxies {
  const name = header.trim().toLowerCase() || DEFAULT_CLIENT_ADDRESS_HEADER;
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`MANUFACTURER_AGENT_CLIENT_IP_HEADER must be a header name, got "${header}"`);
  const entries = cidrs
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (!entries.length) return { header: name };
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : Number(bits);
    if (!family || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > max || (bits !== undefined && !/^\d+$/.test(bits))) {
      throw new Error(`${variable} must be a comma-separated list of addresses or CIDRs, got "${entry}"`);
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return { list, header: name };
}

/** The address without brackets, zone or an IPv4-mapped IPv6 prefix; undefined when it is none. */
export function normalAddress(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let address = raw.trim();
  // Forwarded-style values may carry brackets and a port: [2001:db8::1]:443, 192.0.2.1:8080.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) address = address.slice(7);
  return isIP(address) ? address.toLowerCase() : undefined;
}

function trusted(proxies: TrustedProxies, address: string): boolean {
  return proxies.list !== undefined && proxies.list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The visitor's address: the peer's, unless the peer is a trusted proxy that names one. A list
 * (X-Forwarded-For) is read from the right, past every trusted hop, so an address a client wrote
 * itself at the left is never taken while a proxy it did not pass through stands between.
 */
export function clientAddressBehindProxies(peer: string | undefined, headerValue: string | string[] | undefined, proxies: TrustedProxies): string {
  const direct = normalAddress(peer) ?? peer ?? 'unknown';
  if (!proxies.list || headerValue === undefined || !trusted(proxies, direct)) return direct;
  const hops = (Array.isArray(headerValue) ? headerValue.join(',') : headerValue).split(',');
  let candidate = direct;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalAddress(hops[i]);
    // A malformed hop ends the walk: what lies left of it cannot be trusted.
    if (!hop) break;
    candidate = hop;
    if (!trusted(proxies, hop)) break;
  }
  return candidate;
}

/**
 * The IPv6 prefix a client is counted by: a /64, the smallest network a subscriber is usually given
 * (one visitor could otherwise count as 2^64 clients). A multiple of 16 below 128. The build writes it
 * to contract.json (contract.ts), where the plugin's enquiry form reads it (Client_Address::key).
 */
export const IPV6_CLIENT_PREFIX_BITS = 64;

/** The key a client is counted under: its address, and for IPv6 its network of IPV6_CLIENT_PREFIX_BITS. */
export function clientKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail stands for two groups.
  const width = (parts: string[]) => parts.length + (parts.at(-1)?.includes('.') ? 1 : 0);
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - width(right)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, IPV6_CLIENT_PREFIX_BITS / 16)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/${IPV6_CLIENT_PREFIX_BITS}`;
}
