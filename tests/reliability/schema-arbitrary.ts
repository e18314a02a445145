import fc from 'fast-check';
import { SCHEMAS } from '../../plugin/sidecar/core/schemas.js';

type Schema = Record<string, any>;

const byId = new Map<string, Schema>(Object.values(SCHEMAS).map((s) => [(s as Schema).$id as string, s as Schema]));

function resolvePointer(doc: Schema, pointer: string): Schema {
  let node: any = doc;
  for (const part of pointer.split('/').filter(Boolean)) node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (!node) throw new Error(`cannot resolve ${pointer}`);
  return node;
}

/** A $ref of schemas/ as the schema it names, and the base URI for the refs inside it. */
function resolveRef(ref: string, base: string): { schema: Schema; base: string } {
  const url = new URL(ref, base);
  const docId = `${url.origin}${url.pathname}`;
  const doc = byId.get(docId);
  if (!doc) throw new Error(`unknown schema ${docId}`);
  return { schema: url.hash ? resolvePointer(doc, decodeURIComponent(url.hash.slice(1))) : doc, base: docId };
}

/**
 * Values that the JSON Schema allows, generated straight from schemas/: the subset the project's
 * schemas use ($ref, enum, const, object, string with lengths and patterns, numbers with bounds, arrays).
 */
export function arbitraryFromSchema(schema: Schema, base = 'https://manufacturer-agent.example/schemas/'): fc.Arbitrary<unknown> {
  if (schema.$id) base = schema.$id;
  if (schema.$ref) {
    const target = resolveRef(schema.$ref, base);
    return arbitraryFromSchema(target.schema, target.base);
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.oneOf || schema.anyOf) return fc.oneof(...(schema.oneOf ?? schema.anyOf).map((s: Schema) => arbitraryFromSchema(s, base)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const required = new Set<string>(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of Object.entries(properties)) record[name] = arbitraryFromSchema(sub, base);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
    }
    case 'array':
      return fc.array(schema.items ? arbitraryFromSchema(schema.items, base) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 200, 300);
      if (schema.pattern) {
        // fast-check cannot generate from lookaheads: generate without them, keep what the full pattern accepts.
        const full = new RegExp(schema.pattern);
        const generable = new RegExp(schema.pattern.replace(/\(\?[=!](?:[^()\\]|\\.)*\)/g, ''));
        return fc.stringMatching(generable).filter((s) => s.length >= min && s.length <= max && full.test(s));
      }
      const text = fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
      // A "not": {"pattern"} (no e-mail addresses) is kept by filtering.
      const not = schema.not?.pattern ? new RegExp(schema.not.pattern) : undefined;
      return not ? text.filter((s) => !not.test(s)) : text;
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number': {
      const min = schema.exclusiveMinimum ?? schema.minimum ?? -1e6;
      const max = schema.maximum ?? 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: schema.exclusiveMinimum !== undefined });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue();
  }
}

export function arbitraryFor(name: keyof typeof SCHEMAS): fc.Arbitrary<unknown> {
  return arbitraryFromSchema(SCHEMAS[name] as Schema);
}

/** Strings that stress a parser or a column: long, unicode of every plane, control characters, markup. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 200, unit: 'binary' }),
  fc.string({ maxLength: 60, unit: 'grapheme' }),
  fc.integer({ min: 1000, max: 30_000 }).map((n) => 'Ä'.repeat(n)),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uFEFF',
    '\uD800',
    '💥'.repeat(500),
    '<script>alert(1)</script>',
    "'; DROP TABLE wp_users; --",
    '../../etc/passwd',
    '%00',
    '{{7*7}}',
    'a@b.de',
    'NaN',
    '1e999',
  ),
);

/** Deeply nested arrays and objects (deeper ones are written as text by jsonText). */
const deep: fc.Arbitrary<unknown> = fc.integer({ min: 10, max: 200 }).chain((depth) =>
  fc.constantFrom('array', 'object').map((kind) => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
    return v;
  }),
);

const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  nastyString,
  deep,
  fc.constantFrom(null, true, false, 0, -0, -1, 1e308, -1e308, 5e-324, 2 ** 53 + 1, [], {}),
);

function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...prefix, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  return out;
}

function setAt(root: unknown, path: (string | number)[], update: (parent: any, key: string | number) => void): unknown {
  if (!path.length) return root;
  const copy = structuredClone(root);
  let node: any = copy;
  for (const part of path.slice(0, -1)) node = node[part];
  update(node, path[path.length - 1]);
  return copy;
}

/** A valid value, or one changed in one place: a field dropped, added, retyped, made huge, nested deep, or the whole replaced. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.nat(),
      weirdValue,
      fc.string({ maxLength: 20 }),
      fc.constantFrom('keep', 'keep', 'keep', 'drop', 'add', 'replace', 'replace', 'replace', 'whole', 'wrap'),
    )
    .map(([value, seed, replacement, newKey, how]) => {
      const all = paths(value);
      const path = all[seed % all.length];
      switch (how) {
        case 'keep':
          return value;
        case 'whole':
          return replacement;
        case 'wrap':
          return [value];
        case 'drop':
          return setAt(value, path, (parent, key) => (Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key]));
        case 'add': {
          const objects = all.filter((p) => {
            let node: any = value;
            for (const part of p) node = node[part];
            return node && typeof node === 'object' && !Array.isArray(node);
          });
          if (!objects.length) return replacement;
          const target = objects[seed % objects.length];
          if (!target.length) return { ...(value as object), [newKey]: replacement };
          return setAt(value, target, (parent, key) => (parent[key] = { ...parent[key], [newKey]: replacement }));
        }
        default:
          return path.length ? setAt(value, path, (parent, key) => (parent[key] = replacement)) : replacement;
      }
    });
}

/** JSON text of a value, sometimes broken: truncated, a byte inserted, a prototype key, a BOM, a comment, trailing data. */
export function jsonText(value: fc.Arbitrary<unknown>): fc.Arbitrary<Buffer> {
  return fc
    .tuple(
      value,
      fc.nat(),
      fc.constantFrom('plain', 'plain', 'plain', 'plain', 'plain', 'plain', 'truncate', 'byte', 'proto', 'bom', 'comment', 'trailing', 'duplicate', 'deep'),
      fc.integer({ min: 0, max: 255 }),
    )
    .map(([v, seed, how, byte]) => {
      const text = JSON.stringify(v) ?? 'null';
      switch (how) {
        case 'deep': {
          const depth = 100 + (seed % 20_000);
          return Buffer.from(
            text.startsWith('{"') ? `{"deep":${'['.repeat(depth)}${']'.repeat(depth)},${text.slice(1)}` : `${'['.repeat(depth)}${text}${']'.repeat(depth)}`,
          );
        }
        case 'truncate':
          return Buffer.from(text.slice(0, seed % (text.length + 1)));
        case 'byte': {
          const b = Buffer.from(text);
          const at = seed % (b.length + 1);
          return Buffer.concat([b.subarray(0, at), Buffer.from([byte]), b.subarray(at)]);
        }
        case 'proto':
          return Buffer.from(
            text.startsWith('{') && text.length > 2
              ? `{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}},${text.slice(1)}`
              : `{"__proto__":${text}}`,
          );
        case 'bom':
          return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
        case 'comment':
          return Buffer.from(`/* c */${text}`);
        case 'trailing':
          return Buffer.from(`${text},`);
        case 'duplicate':
          return Buffer.from(text.startsWith('{"') ? `{"next_step":"wallcheck",${text.slice(1)}` : text);
        default:
          return Buffer.from(text);
      }
    });
}
