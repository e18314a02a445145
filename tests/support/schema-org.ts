// schema.org's vocabulary as a check of JSON-LD: each document is written as an object literal typed
// with schema-dts (Google's TypeScript types generated from schema.org's own vocabulary file, kept up
// to date with each schema.org release) and type-checked with the TypeScript compiler. A `@type` that
// schema.org does not have, a property that is not on its type (domain: the excess property check of
// the literal, narrowed by `@type`) and a value of a type the property does not take (range) are all
// compile errors. No list of our own: what is valid is what schema.org says (docs/decisions.md).
import ts from 'typescript';
import path from 'node:path';
import { ROOT } from './service.js';

/** The schema.org types a document may be checked as (its top-level `@type`). */
export type SchemaOrgRoot = 'ItemList' | 'Product' | 'Thing';

export interface SchemaOrgDocument {
  type: SchemaOrgRoot;
  value: unknown;
}

// A file that exists only in the compiler host, inside the project so that `schema-dts` resolves
// from its node_modules.
const VIRTUAL_FILE = path.join(ROOT, 'tests/support/__schema-org-check__.ts');

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts'],
  types: [],
  strict: true,
  noEmit: true,
  // schema-dts itself is not what is checked; checking it would only cost time.
  skipLibCheck: true,
};

/**
 * The schema.org errors of each document, by its name (an empty list: valid). One compilation for
 * all of them; each error names the line of the document (pretty-printed JSON) it was found on.
 */
export function schemaOrgErrors(documents: Record<string, SchemaOrgDocument>): Record<string, string[]> {
  const names = Object.keys(documents);
  const lines = ["import type { ItemList, Product, Thing, WithContext } from 'schema-dts';"];
  const spans: { name: string; from: number; to: number; json: string[] }[] = [];
  names.forEach((name, index) => {
    const json = JSON.stringify(documents[name].value, null, 2).split('\n');
    const from = lines.length + 1;
    lines.push(`export const document${index}: WithContext<${documents[name].type}> = ${json[0]}`, ...json.slice(1));
    lines[lines.length - 1] += ';';
    spans.push({ name, from, to: lines.length, json });
  });
  const text = lines.join('\n');

  const host = ts.createCompilerHost(OPTIONS);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (file, language, ...rest) =>
    path.resolve(file) === VIRTUAL_FILE ? ts.createSourceFile(file, text, language) : getSourceFile(file, language, ...rest);
  host.fileExists = (file) => path.resolve(file) === VIRTUAL_FILE || fileExists(file);
  host.readFile = (file) => (path.resolve(file) === VIRTUAL_FILE ? text : readFile(file));
  const program = ts.createProgram([VIRTUAL_FILE], OPTIONS, host);

  const errors: Record<string, string[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0;
    const span = spans.find((s) => line >= s.from && line <= s.to);
    // An error outside every document (schema-dts not found, say) fails every document.
    if (!span) {
      for (const name of names) errors[name].push(message);
      continue;
    }
    errors[span.name].push(`line ${line - span.from + 1} (${span.json[line - span.from].trim()}): ${message}`);
  }
  return errors;
}
