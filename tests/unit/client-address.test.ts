import { describe, expect, it } from 'vitest';
import { clientAddressBehindProxies, clientKey, normalAddress, parseTrustedProxies } from '../../plugin/sidecar/core/client-address.js';
import { isAmbiguousTarget } from '../../plugin/sidecar/core/paths.js';

describe('trusted proxies', () => {
  const proxies = parseTrustedProxies('10.0.0.0/8, 192.0.2.7, 2001:db8:ffff::/48', 'X-Forwarded-For');

  it('believe the header only from a trusted peer, read from the right past trusted hops', () => {
    expect(clientAddressBehindProxies('10.1.2.3', '198.51.100.9', proxies)).toBe('198.51.100.9');
    expect(clientAddressBehindProxies('203.0.113.1', '198.51.100.9', proxies)).toBe('203.0.113.1');
    expect(clientAddressBehindProxies('10.1.2.3', '6.6.6.6, 198.51.100.9, 10.9.9.9', proxies)).toBe('198.51.100.9');
    expect(clientAddressBehindProxies('::ffff:10.1.2.3', '198.51.100.9', proxies)).toBe('198.51.100.9');
    expect(clientAddressBehindProxies('2001:db8:ffff:1::5', '[2001:db8::1]:443', proxies)).toBe('2001:db8::1');
    // A malformed hop ends the walk at the last good one.
    expect(clientAddressBehindProxies('10.1.2.3', '198.51.100.9, not-an-ip', proxies)).toBe('10.1.2.3');
    // Only trusted hops: the leftmost one is the client as far as anyone can tell.
    expect(clientAddressBehindProxies('10.1.2.3', '10.0.0.1, 192.0.2.7', proxies)).toBe('10.0.0.1');
    expect(clientAddressBehindProxies('10.1.2.3', undefined, proxies)).toBe('10.1.2.3');
  });

  it('trust nobody when none is named', () => {
    expect(clientAddressBehindProxies('10.1.2.3', '198.51.100.9', parseTrustedProxies('', ''))).toBe('10.1.2.3');
  });

  it('refuse a setting that is not a list of addresses or CIDRs, naming the entry', () => {
    for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0.0/8/1', '2001:db8::/129', '10.0.0.0/x']) {
      expect(() => parseTrustedProxies(bad, 'x-forwarded-for')).toThrow(bad);
    }
    expect(() => parseTrustedProxies('10.0.0.0/8', 'X Forwarded')).toThrow(/MANUFACTURER_AGENT_CLIENT_IP_HEADER/);
  });

  it('normalise addresses and count IPv6 clients per /64', () => {
    expect(normalAddress(' 192.0.2.1:8080 ')).toBe('192.0.2.1');
    expect(normalAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalAddress('unknown')).toBeUndefined();
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('1::2:3:4:5:6.7.8.9')).toBe('1:0:2:3::/64');
  });
});

describe('ambiguous request paths', () => {
  it('are told from plain ones; the query may hold anything', () => {
    for (const target of ['/a/../b', '/a/./b', '/..', '/a/%2e%2e/b', '/a\\b', '/a;b', '/a%20b', '/a/\u00e4', '/a/.'])
      expect(isAmbiguousTarget(target), target).toBe(true);
    for (const target of ['/a/b', '/a/%6daterials', '/a/b?x=../..%2f;', '/.well-known/agent.json', '/llms-full.txt', '/a/..b', '/a/b..'])
      expect(isAmbiguousTarget(target), target).toBe(false);
  });
});
