import { request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Base } from '../support/http.js';

export interface ReceivedEvent {
  event: string;
  data: any;
  /** performance.now() when the bytes of this event arrived. */
  at: number;
  /** Which socket read delivered it (0 = the first). */
  read: number;
}

export interface EventStream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  events: ReceivedEvent[];
  /** The raw bytes as received. */
  text: string;
}

/** Sends a request over a real socket and records each server-sent event with the time it arrived. */
export function readEventStream(
  base: Base,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<EventStream> {
  const { baseUrl, headers } = typeof base === 'string' ? { baseUrl: base, headers: {} } : base;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}${path}`,
      { method: init.method ?? 'GET', headers: { accept: 'text/event-stream', ...headers, ...init.headers } },
      (res) => {
        const events: ReceivedEvent[] = [];
        let buffer = '';
        let text = '';
        let reads = 0;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          const read = reads++;
          text += chunk;
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of frame.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
            }
            events.push({ event, data: data.length ? JSON.parse(data.join('\n')) : undefined, at, read });
          }
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, events, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}
