// The ceiling: a bare node:http server that answers each benchmarked request with the bytes the
// sidecar gave for it (status, headers, body), captured once before the load. It reads the request
// body and does nothing else: no routing beyond a Map lookup, no parsing, no validation, no logging.
//
//   node scripts/bench/bare-server.mjs <captured.json> <port>
// captured.json: [{ method, url, status, headers: [[name, value], …], body: base64, firstEventBytes? }]
// A text/event-stream answer is written as the sidecar writes it: the head and the first event at
// once, the rest after it.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const [file, port] = process.argv.slice(2);
const answers = new Map();
for (const entry of JSON.parse(readFileSync(file, 'utf8'))) {
  const headers = entry.headers.filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name.toLowerCase()));
  const body = Buffer.from(entry.body, 'base64');
  const first = entry.firstEventBytes ? body.subarray(0, entry.firstEventBytes) : undefined;
  answers.set(`${entry.method} ${entry.url}`, { status: entry.status, headers: headers.flat(), body, first, rest: first ? body.subarray(first.length) : undefined });
}
const notFound = { status: 404, headers: ['content-type', 'text/plain'], body: Buffer.from('not captured') };

const server = http.createServer((req, res) => {
  const answer = answers.get(`${req.method} ${req.url}`) ?? notFound;
  const respond = () => {
    if (answer.first) {
      res.writeHead(answer.status, answer.headers);
      res.write(answer.first);
      setImmediate(() => res.end(answer.rest));
    } else {
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    }
  };
  if (req.method === 'GET' || req.method === 'HEAD') {
    respond();
    req.resume();
  } else {
    req.on('data', () => {});
    req.on('end', respond);
  }
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1', () => console.log(`bare server listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)) && server.closeAllConnections());
