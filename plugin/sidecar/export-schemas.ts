// Writes what WordPress reads from the build, with every $ref inlined (WordPress's validator knows
// no $ref) and schemas/ staying the only source: each schema as <kebab-name>.json (site-config.json
// for register_setting, the tools' and the question's schemas for the abilities), and tools.json,
// the tool descriptors (title, description, annotations) the abilities take their words from.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SCHEMAS, type SchemaName } from './core/schemas.js';
import { loadConfig } from './core/config.js';
import { dereferencedSchema } from './core/schema-refs.js';
import { ToolRegistry } from './tools/definitions.js';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: export-schemas <folder>');
mkdirSync(outDir, { recursive: true });
const write = (file: string, value: unknown) => writeFileSync(path.join(outDir, file), `${JSON.stringify(value, null, 1)}\n`);
for (const name of Object.keys(SCHEMAS) as SchemaName[]) write(`${name.replace(/(?<!^)([A-Z])/g, '-$1').toLowerCase()}.json`, dereferencedSchema(name));
write('tools.json', new ToolRegistry(loadConfig({}).idempotencyRetentionDays).list());
