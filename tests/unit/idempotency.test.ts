import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseIdempotencyKey, requestFingerprint } from '../../plugin/sidecar/handoffs/idempotency.js';
import { ProblemError } from '../../plugin/sidecar/core/errors.js';

function failure(header: string | string[] | undefined): ProblemError {
  try {
    parseIdempotencyKey(header);
  } catch (error) {
    return error as ProblemError;
  }
  throw new Error(`expected ${JSON.stringify(header)} to be refused`);
}

describe('Idempotency-Key', () => {
  it('accepts 8 to 255 visible ASCII characters', () => {
    expect(parseIdempotencyKey('a'.repeat(8))).toBe('aaaaaaaa');
    expect(parseIdempotencyKey('k'.repeat(255))).toHaveLength(255);
    expect(parseIdempotencyKey('550e8400-e29b-41d4-a716-446655440000')).toBe('550e8400-e29b-41d4-a716-446655440000');
  });

  it('refuses keys outside 8 to 255 characters, naming the length', () => {
    expect(failure('a'.repeat(7)).message).toMatch(/8 to 255 characters.*got 7/);
    expect(failure('a'.repeat(256)).code).toBe('invalid_idempotency_key');
  });

  it('refuses a missing or blank header with its own code', () => {
    expect(failure(undefined).code).toBe('missing_idempotency_key');
    expect(failure('   ').code).toBe('missing_idempotency_key');
    expect(failure(undefined).status).toBe(400);
  });

  it('refuses spaces, control characters and non-ASCII', () => {
    expect(failure('abc def ghi').code).toBe('invalid_idempotency_key');
    expect(failure('schlüssel-123').code).toBe('invalid_idempotency_key');
    expect(failure('abc\tdefghi').code).toBe('invalid_idempotency_key');
  });

  it('accepts the RFC 8941 quoted form and unescapes it', () => {
    expect(parseIdempotencyKey('"8e03978e-40d5-43e8"')).toBe('8e03978e-40d5-43e8');
    expect(parseIdempotencyKey('"abc\\"defgh"')).toBe('abc"defgh');
    expect(failure('"abcdefgh').code).toBe('invalid_idempotency_key');
    expect(failure('"abc"defgh"').code).toBe('invalid_idempotency_key');
    expect(failure('"abcd\\efgh"').code).toBe('invalid_idempotency_key');
  });

  it('refuses the header sent twice', () => {
    expect(failure(['abcdefgh', 'abcdefgh']).message).toMatch(/exactly one/);
  });
});

describe('request fingerprint', () => {
  it('ignores key order and white space, not values', () => {
    const a = requestFingerprint({ next_step: 'wallcheck', requirements: { priority: 'robust', locale: 'de' } });
    const b = requestFingerprint(JSON.parse('{ "requirements": {"locale":"de","priority":"robust"}, "next_step":"wallcheck" }'));
    const c = requestFingerprint({ next_step: 'wallcheck', requirements: { priority: 'effekt', locale: 'de' } });
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it('hashes exactly the JSON the first fingerprints hashed, so stored keys keep matching their retries', () => {
    // How fingerprints were made before canonicalJson: the value rebuilt with sorted keys, then stringified.
    const rebuilt = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(rebuilt)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.keys(value)
                .sort()
                .map((k) => [k, rebuilt((value as Record<string, unknown>)[k])]),
            )
          : value;
    const first = (value: unknown) =>
      createHash('sha256')
        .update(JSON.stringify(rebuilt(value)))
        .digest('hex');
    let seed = 7;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const keys = ['b', 'a', 'Z', '10', '9', '0', '01', '4294967294', '4294967295', '-1', '1.5', 'ä', '', 'priority', '__proto__x'];
    const values = [0, -0, 1.5, 1e21, -3e-7, 'Tapete "Skyline"\n', 'Ümlaut 🎨', true, false, null];
    const make = (depth: number): unknown => {
      if (depth > 3 || random(3) === 0) return values[random(values.length)];
      if (random(2)) return Array.from({ length: random(4) }, () => make(depth + 1));
      return Object.fromEntries(Array.from({ length: random(6) }, () => [keys[random(keys.length)], make(depth + 1)]));
    };
    for (let i = 0; i < 500; i++) {
      const value = make(0);
      expect(requestFingerprint(value), JSON.stringify(value)).toBe(first(value));
    }
    // The fingerprint release 1.1.4 stored for the request of the first test.
    expect(requestFingerprint({ next_step: 'wallcheck', requirements: { priority: 'robust', locale: 'de' } })).toBe(
      '673fe82be1f21c503a98c250933f274513f7e71ea469f1b627a258e82d9b6789',
    );
  });
});
