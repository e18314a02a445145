import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessLog } from '../../plugin/sidecar/core/access-log.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const file = (name: string) => path.join((dir ??= mkdtempSync(path.join(tmpdir(), 'access-log-'))), name);

/** What pino itself writes for the same line (the shape of Fastify's request lines). */
async function pinoLine(reqId: string, msg: string): Promise<Record<string, unknown>> {
  const target = file(`pino-${reqId}.log`);
  const destination = pino.destination({ dest: target, sync: true });
  pino({ level: 'info' }, destination).info({ reqId }, msg);
  destination.flushSync();
  return JSON.parse(readFileSync(target, 'utf8'));
}

describe.each([
  ['buffered (the access-log-buffer trick)', true],
  ['written line by line', false],
])('access log, %s', (_mode, buffered) => {
  it('writes lines of pino’s shape, also for request-targets that need escaping, and all of them on close', async () => {
    const target = file('access.log');
    const log = new AccessLog('info', target, buffered);
    // The last one: three UTF-8 bytes per character, so a line takes three times its length in the buffer.
    const urls = ['/wp-json/manufacturer-agent/v1/company', '/llms.txt?q="x"\\y', '/ask?query=Fl\u00e4che\u0001', `/ask?query=${'\u20ac'.repeat(500)}`];
    for (let i = 0; i < 2000; i++) log.request(`req-${i.toString(36)}`, 'GET', urls[i % urls.length], 200, i / 7);
    await log.close();
    const lines = readFileSync(target, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(2000);
    for (const [i, line] of lines.entries()) {
      const parsed = JSON.parse(line);
      const expected = await pinoLine(`req-${i.toString(36)}`, `GET ${urls[i % urls.length]} 200 ${(i / 7).toFixed(1)}ms`);
      expect(Object.keys(parsed)).toEqual(Object.keys(expected));
      expect({ ...parsed, time: 0 }).toEqual({ ...expected, time: 0 });
      if (i === 5) break; // the shape; the count above covers the rest
    }
    // Every line whole and in order, also where a line with multi-byte characters met the buffer's end.
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(lines.map((_, i) => `GET ${urls[i % urls.length]} 200 ${(i / 7).toFixed(1)}ms`));
  });

  it('writes a line longer than its buffer whole, in order with the others', async () => {
    const target = file('long.log');
    const log = new AccessLog('info', target, buffered);
    // Control characters are escaped as \u0001: six characters each, a line of ~120 KB.
    const long = `/llms.txt?q=${'\u0001'.repeat(20_000)}`;
    log.request('req-1', 'GET', '/a', 200, 1);
    log.request('req-2', 'GET', long, 414, 1);
    log.request('req-3', 'GET', '/b', 200, 1);
    await log.close();
    const lines = readFileSync(target, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => l.reqId)).toEqual(['req-1', 'req-2', 'req-3']);
    expect(lines[1].msg).toBe(`GET ${long} 414 1.0ms`);
  });

  it('writes nothing above info and when silent', async () => {
    for (const level of ['warn', 'error', 'silent']) {
      const target = file(`${level}.log`);
      const log = new AccessLog(level, target, buffered);
      expect(log.enabled).toBe(false);
      log.request('req-1', 'GET', '/', 200, 1);
      await log.close();
      expect(() => readFileSync(target, 'utf8')).toThrow();
    }
    expect(new AccessLog('debug', file('debug.log'), buffered).enabled).toBe(true);
  });
});
