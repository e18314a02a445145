import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIDECAR_NODE_FLAGS } from '../../scripts/sidecar-node-flags.mjs';
import { buildProductionSidecar } from '../../scripts/plugin-zip.mjs';
import { ROOT } from '../support/service.js';

const flags = SIDECAR_NODE_FLAGS.join(' ');

describe('the V8 settings of the sidecar', () => {
  it('are the same wherever it is started: npm start, the plugin zip, the systemd unit in the README', async () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts.start).toContain(`node ${flags} plugin/build/sidecar/main.mjs`);
    const { manifest } = await buildProductionSidecar();
    expect((manifest.scripts as { start: string }).start).toBe(`node ${flags} main.mjs`);
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`ExecStart=/usr/bin/node ${flags} main.mjs`);
    expect(readme.match(/ExecStart=.*/g)).toHaveLength(1);
  }, 60_000);

  it('are accepted by this Node and bound the young generation', () => {
    const script =
      "const v8=require('v8');const n=v8.getHeapSpaceStatistics().find(s=>s.space_name==='new_space');let k=[];for(let r=0;r<300;r++){k.push(new Array(20000).fill(0).map((_,i)=>({i})));if(k.length>4)k.shift()}console.log(JSON.stringify({newSpace:v8.getHeapSpaceStatistics().find(s=>s.space_name==='new_space').space_size}))";
    const run = (args: string[]) => JSON.parse(execFileSync(process.execPath, [...args, '-e', script], { encoding: 'utf8' })).newSpace as number;
    const bounded = run(SIDECAR_NODE_FLAGS);
    expect(bounded).toBeLessThanOrEqual(3 * 8 * 1024 * 1024);
    expect(run([])).toBeGreaterThan(bounded);
  }, 60_000);
});
