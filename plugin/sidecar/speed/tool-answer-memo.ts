import type { IncomingHttpHeaders } from 'node:http';

/** Bound of the answers kept per configuration revision (argument sets and site URLs are few; this only caps odd traffic). */
const MAX_ANSWERS = 256;

/** The SDK's answer to one request, split around the request's id: the only part that differs between equal requests. */
interface Memo {
  head: Buffer;
  contentType: string;
}

const TAIL_OPEN = '"id":';
/** The SDK's envelope of a result (an error answer is not kept). */
const RESULT_OPEN = Buffer.from('{"result":');

/**
 * Trick "tool-answer-memo" (README.md): the SDK's own answers to read-only tool calls, replayed for requests that equal an answered one in
 * everything but the JSON-RPC id. The SDK answers the first request of each shape (header checks,
 * validation, serialisation); the same request again gets the same bytes with its own id. Building a
 * server instance, a web Request and Response and serialising the ~20 KB catalog on every call costs
 * several times the CPU of the replay.
 * A memo is kept per configuration revision, so a staff edit is answered anew at once.
 */
export class AnswerMemo {
  #answers = new Map<string, Memo>();
  #revision = '';

  /** The key of a single request: its headers the protocol reads, its body without the id, the site URL. */
  static key(headers: IncomingHttpHeaders, body: { id?: unknown }, publicBase: string): string {
    let key = `${publicBase}\n${headers.accept ?? ''}\n${headers['content-type'] ?? ''}`;
    for (const name in headers) if (name.startsWith('mcp-')) key += `\n${name}:${String(headers[name])}`;
    return `${key}\n${JSON.stringify({ ...body, id: 0 })}`;
  }

  /** The remembered answer for this id, as parts to write one after the other, or undefined. */
  answer(key: string, revision: string, id: string | number): { parts: Buffer[]; contentType: string } | undefined {
    if (revision !== this.#revision) return undefined;
    const memo = this.#answers.get(key);
    return memo && { parts: [memo.head, Buffer.from(`${TAIL_OPEN}${JSON.stringify(id)}}`)], contentType: memo.contentType };
  }

  /** Keeps a 200 JSON answer that ends with the request's id (the SDK's envelope puts it last); anything else is not kept. */
  remember(key: string, revision: string, id: string | number, body: Buffer, contentType: string): void {
    if (revision !== this.#revision || this.#answers.size >= MAX_ANSWERS) {
      this.#answers.clear();
      this.#revision = revision;
    }
    const tail = Buffer.from(`${TAIL_OPEN}${JSON.stringify(id)}}`);
    if (body.length <= tail.length || !body.subarray(body.length - tail.length).equals(tail)) return;
    if (!body.subarray(0, RESULT_OPEN.length).equals(RESULT_OPEN)) return;
    this.#answers.set(key, { head: body.subarray(0, body.length - tail.length), contentType });
  }
}
