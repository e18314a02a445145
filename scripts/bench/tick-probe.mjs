// What one process.nextTick call costs inside a running Node process (the sidecar, or any other), measured
// in that process through its inspector: it is sent SIGUSR1 (which opens the inspector on 127.0.0.1:9229),
// then 10 calls are timed between turns of the event loop, 5,000 times, best of 4 rounds. Used to see whether
// nextTick's optimized code has lost its type feedback (plugin/sidecar/speed/tick-anchor.ts).
//
//   node --experimental-websocket scripts/bench/tick-probe.mjs <pid>
// Needs port 9229 free; the process keeps its inspector open afterwards, so stop it when done.
const pid = Number(process.argv[2]);
if (!pid) throw new Error('usage: node --experimental-websocket scripts/bench/tick-probe.mjs <pid>');
if (typeof WebSocket !== 'function') throw new Error('run with node --experimental-websocket (Node 20)');
process.kill(pid, 'SIGUSR1');
let targets;
for (let i = 0; i < 50 && !targets; i++) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  targets = await fetch('http://127.0.0.1:9229/json/list').then((r) => r.json(), () => undefined);
}
if (!targets?.length) throw new Error(`no inspector of process ${pid} on 127.0.0.1:9229`);
const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  socket.addEventListener('open', resolve);
  socket.addEventListener('error', reject);
});
const timing = `new Promise(async (resolve) => {
  const noop = () => {};
  let best = Infinity;
  for (let round = 0; round < 4; round++) {
    let total = 0n;
    for (let k = 0; k < 5000; k++) {
      const start = process.hrtime.bigint();
      for (let j = 0; j < 10; j++) process.nextTick(noop);
      total += process.hrtime.bigint() - start;
      await new Promise(setImmediate);
    }
    best = Math.min(best, Number(total) / 50000);
  }
  resolve(best);
})`;
const answer = await new Promise((resolve) => {
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    if (message.id === 1) resolve(message);
  });
  socket.send(JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression: timing, awaitPromise: true } }));
});
socket.close();
const ns = answer.result?.result?.value;
if (typeof ns !== 'number') throw new Error(`the probe failed: ${JSON.stringify(answer)}`);
console.log(`process ${pid}: process.nextTick ${ns.toFixed(0)} ns a call`);
