// Writes the schemas WordPress reads (register_setting show_in_rest) with every $ref inlined:
// WordPress's validator knows no $ref, and schemas/ stays the only source.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dereferencedSchema } from './tools/schema-deref.js';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: export-schemas <folder>');
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'site-config.json'), `${JSON.stringify(dereferencedSchema('SiteConfig'), null, 1)}\n`);
