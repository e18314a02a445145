// Writes core/schema-types.ts: a TypeScript type for every schema of schemas/ and every shared
// definition, named as openapi.json names its components, so the sidecar and the admin screen name the
// shapes schemas/ defines instead of writing them again. The build runs it first (scripts/build-sidecar.mjs);
// tests/unit/schema-types.test.ts fails when the committed file is not what schemas/ gives.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { componentRef } from './core/schema-refs.js';
import { SCHEMAS } from './core/schemas.js';

type Node = { [key: string]: unknown };

const COMPONENTS = '#/components/schemas/';

/** A reference as a type: a component by its name, a pointer into one as an indexed access. */
function refType(ref: string): string {
  const [name, ...pointer] = componentRef(ref).slice(COMPONENTS.length).split('/');
  let type = name;
  for (let i = 0; i < pointer.length; i++) {
    // #/properties/requirements → ['requirements']; items → [number].
    if (pointer[i] === 'properties') type = `NonNullable<${type}[${JSON.stringify(pointer[++i])}]>`;
    else if (pointer[i] === 'items') type = `${type}[number]`;
    else throw new Error(`schema reference ${ref}: no type for the pointer segment "${pointer[i]}"`);
  }
  return type;
}

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

function typeOf(node: unknown, indent: string): string {
  if (node === true || node === undefined) return 'unknown';
  if (node === false) return 'never';
  const schema = node as Node;
  if (typeof schema.$ref === 'string') return refType(schema.$ref);
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
    return ((schema.oneOf ?? schema.anyOf) as unknown[]).map((member) => typeOf(member, indent)).join(' | ');
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  if (!types.length) {
    if (schema.properties) return objectType(schema, indent);
    throw new Error(`schema without a type: ${JSON.stringify(schema).slice(0, 120)}`);
  }
  return types
    .map((type) => {
      switch (type) {
        case 'string':
          return 'string';
        case 'integer':
        case 'number':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'array': {
          const item = typeOf(schema.items, indent);
          return /[ |&]/.test(item) ? `(${item})[]` : `${item}[]`;
        }
        case 'object':
          return objectType(schema, indent);
        default:
          throw new Error(`unknown schema type ${type}`);
      }
    })
    .join(' | ');
}

function objectType(schema: Node, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = new Set((schema.required ?? []) as string[]);
  const inner = `${indent}  `;
  const lines = Object.entries(properties).map(([name, property]) => {
    const description = (property as Node).description;
    const doc = typeof description === 'string' ? `${inner}/** ${description.replace(/\*\//g, '*\\/')} */\n` : '';
    return `${doc}${inner}${key(name)}${required.has(name) ? '' : '?'}: ${typeOf(property, inner)};`;
  });
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false) lines.push(`${inner}[key: string]: ${extra === true ? 'unknown' : typeOf(extra, inner)};`);
  if (!lines.length) return 'Record<string, unknown>';
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function declaration(name: string, schema: Node): string {
  const description = typeof schema.description === 'string' ? `/** ${schema.description.replace(/\*\//g, '*\\/')} */\n` : '';
  return `${description}export type ${name} = ${typeOf(schema, '')};\n`;
}

/** The file's text, as prettier formats it: shared definitions first, then each schema by its title. */
export async function schemaTypesSource(file: string): Promise<string> {
  const options = await prettier.resolveConfig(file);
  return prettier.format(unformattedSource(), { ...options, filepath: file });
}

function unformattedSource(): string {
  const out = [
    '// Generated from schemas/ by plugin/sidecar/generate-schema-types.ts (npm run build): do not edit.\n',
    '// Each type is named as openapi.json names the component.\n',
  ];
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    for (const [defName, def] of Object.entries((schema as { $defs?: Record<string, Node> }).$defs ?? {})) out.push(`\n${declaration(defName, def)}`);
    if (name !== 'common') out.push(`\n${declaration(name, schema as unknown as Node)}`);
  }
  return out.join('');
}

// Run as the build's tool (node generate-schema-types.mjs <file>), not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) writeFileSync(process.argv[2], await schemaTypesSource(process.argv[2]));
