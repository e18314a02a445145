// A real entry of process.nextTick's queue, taken with an async hook (which the sidecar itself never
// enables). CommonJS, so that tests/http/process.test.ts can load it into the sidecar's own process with
// --require, and tests/speed/tick-anchor.test.ts can compare with the same entry in its own.
const { createHook } = require('node:async_hooks');

function realTickEntry() {
  let entry;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') entry = resource;
    },
  }).enable();
  process.nextTick(() => {});
  hook.disable();
  return entry;
}

module.exports = { realTickEntry };
