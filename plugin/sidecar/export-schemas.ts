// Writes what WordPress reads from the build, with every $ref inlined (WordPress's validator knows
// no $ref) and schemas/ staying the only source: each schema as <kebab-name>.json (site-config.json
// for register_setting, the tools' and the question's schemas for the abilities), and tools.json,
// the tool descriptors (title, description, annotations) the abilities take their words from; and the
// contract the bridge shares with the sidecar.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SCHEMAS, type SchemaName } from './core/schemas.js';
import { loadConfig } from './core/config.js';
import { dereferencedSchema } from './core/schema-refs.js';
import { ToolRegistry } from './tools/definitions.js';
import { buildContract } from './contract.js';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: export-schemas <folder>');
mkdirSync(outDir, { recursive: true });
const write = (file: string, value: unknown) => writeFileSync(path.join(outDir, file), `${JSON.stringify(value, null, 1)}\n`);
for (const name of Object.keys(SCHEMAS) as SchemaName[]) write(`${name.replace(/(?<!^)([A-Z])/g, '-$1').toLowerCase()}.json`, dereferencedSchema(name));
write('tools.json', new ToolRegistry(loadConfig({}).idempotencyRetentionDays).list());
// Beside the schemas folder: plugin/build/contract.json (contract.ts).
writeFileSync(path.join(path.dirname(outDir), 'contract.json'), `${JSON.stringify(buildContract(), null, 1)}\n`);
