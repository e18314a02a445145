import { LABELS_KEYWORD, SCHEMAS, type SchemaName } from './schemas.js';

export type JsonSchema = { [key: string]: unknown };

// The one place that reads a $ref. The files of schemas/ refer to each other by file name and
// pointer (common.schema.json#/$defs/Priority); openapi.json names the same schemas as components
// (#/components/schemas/Priority: a $def by its own name, a whole file by its title).

/**
 * Keywords a $ref's siblings may override when the target is inlined: annotations only. A sibling
 * validation keyword would change meaning when merged (in 2020-12 it applies alongside the target),
 * so it is refused rather than silently merged.
 */
const ANNOTATIONS = new Set(['description', 'title', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly']);

/** Identifiers that only make sense inside the files of schemas/, not in a self-contained copy; labels travel in the contract. */
const DROPPED = new Set(['$schema', '$id', '$defs', LABELS_KEYWORD]);

const byId = new Map<string, unknown>(Object.values(SCHEMAS).map((schema) => [schema.$id, schema]));
const nameByFile = new Map<string, string>(Object.entries(SCHEMAS).map(([name, schema]) => [schema.$id.split('/').pop()!, name]));
const COMPONENTS = '#/components/schemas/';

function resolvePointer(document: unknown, pointer: string, ref: string): unknown {
  let node = document;
  for (const raw of pointer.split('/').slice(1)) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !(token in (node as object))) throw new Error(`schema reference ${ref} does not resolve`);
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

function inline(node: unknown, base: string, depth: number): unknown {
  if (depth > 64) throw new Error('schema references nest too deeply (a cycle?)');
  if (Array.isArray(node)) return node.map((item) => inline(item, base, depth));
  if (!node || typeof node !== 'object') return node;
  const object = node as Record<string, unknown>;
  if (typeof object.$ref === 'string') {
    const url = new URL(object.$ref, base);
    const documentId = url.href.split('#')[0];
    const document = byId.get(documentId);
    if (!document) throw new Error(`schema reference ${object.$ref} names no schema of schemas/`);
    const fragment = decodeURIComponent(url.hash.slice(1));
    const target = inline(fragment ? resolvePointer(document, fragment, object.$ref) : document, documentId, depth + 1) as JsonSchema;
    const { $ref: _ref, ...siblings } = object;
    const extra = inline(siblings, base, depth) as JsonSchema;
    for (const key of Object.keys(extra)) {
      if (key in target && !ANNOTATIONS.has(key) && JSON.stringify(target[key]) !== JSON.stringify(extra[key])) {
        throw new Error(`schema reference ${object.$ref} has a sibling "${key}" that would change its meaning`);
      }
    }
    return { ...target, ...extra };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(object)) {
    if (DROPPED.has(key)) continue;
    out[key] = inline(value, base, depth);
  }
  return out;
}

const cache = new Map<SchemaName, JsonSchema>();

/**
 * A schema of schemas/ with every $ref inlined: self-contained, without $schema/$id/$defs, so a
 * client validates it with any JSON Schema validator (the MCP SDK client compiles it with a
 * draft-07 ajv, which knows neither our $ids nor 2020-12's $defs). The files stay the only source.
 */
export function dereferencedSchema(name: SchemaName): JsonSchema {
  let schema = cache.get(name);
  if (!schema) {
    const source = SCHEMAS[name];
    schema = inline(source, source.$id, 0) as JsonSchema;
    cache.set(name, schema);
  }
  return structuredClone(schema);
}

/** A file reference of schemas/ (by file name or by $id) as openapi.json's component reference. */
export function componentRef(ref: string): string {
  const [address, pointer = ''] = ref.split('#');
  const file = address.split('/').pop()!;
  const def = /^\/\$defs\/(.+)$/.exec(pointer);
  return def ? `${COMPONENTS}${def[1]}` : `${COMPONENTS}${nameByFile.get(file) ?? file}${pointer}`;
}

/** The schema a component reference of openapi.json names, every $ref inlined; undefined when it names none. */
export function componentSchema(ref: string): JsonSchema | undefined {
  if (!ref.startsWith(COMPONENTS)) return undefined;
  const name = ref.slice(COMPONENTS.length);
  if (name in SCHEMAS && name !== 'common') return dereferencedSchema(name as SchemaName);
  for (const schema of Object.values(SCHEMAS)) {
    const defs = (schema as { $defs?: Record<string, unknown> }).$defs;
    if (defs && name in defs) return inline(defs[name], schema.$id, 0) as JsonSchema;
  }
  return undefined;
}
