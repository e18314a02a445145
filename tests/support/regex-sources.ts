/**
 * Every regular expression of the service, found by scanning its sources, so that a new pattern cannot
 * escape the ReDoS check of tests/unit/regex-linear.test.ts:
 * - the sidecar's regex literals, `new RegExp(…)` calls and the `pattern` of schemas written in TypeScript
 *   (TypeScript's own parser over plugin/sidecar/);
 * - the `pattern` keywords of schemas/ (ajv compiles them with the `u` flag and runs them on input);
 * - the PHP bridge's `preg_*` patterns (plugin/**.php), read from their single-quoted first argument.
 * A pattern built at run time (a template, a concatenation) is reported as `built`, with the text of its
 * call, for the test to match against the table that says how to obtain its real value.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './service.js';

export interface FoundPattern {
  /** Repository-relative file and 1-based line. */
  where: string;
  /** The pattern's source as JavaScript reads it, or undefined when it is built at run time. */
  source?: string;
  flags: string;
  /** The call's text when the pattern is built at run time. */
  built?: string;
}

function filesUnder(dir: string, extension: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.relative(ROOT, path.join(entry.parentPath, entry.name));
    return entry.isFile() && entry.name.endsWith(extension) && !file.includes('/build/') ? [file] : [];
  });
}

/** Regex literals and RegExp constructions of the sidecar's TypeScript. */
export function sidecarPatterns(): FoundPattern[] {
  const found: FoundPattern[] = [];
  for (const file of filesUnder('plugin/sidecar', '.ts')) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText();
        const slash = literal.lastIndexOf('/');
        found.push({ where: where(node), source: literal.slice(1, slash), flags: literal.slice(slash + 1) });
      } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
        const [pattern, flags] = node.arguments ?? [];
        const flagText = flags && ts.isStringLiteralLike(flags) ? flags.text : flags ? '?' : '';
        if (pattern && ts.isStringLiteralLike(pattern)) found.push({ where: where(node), source: pattern.text, flags: flagText });
        else found.push({ where: where(node), flags: flagText, built: node.getText() });
      } else if (ts.isPropertyAssignment(node) && node.name.getText() === 'pattern' && ts.isStringLiteralLike(node.initializer)) {
        // A JSON Schema written in TypeScript (a route's querystring or body): ajv compiles it with `u`.
        found.push({ where: where(node), source: node.initializer.text, flags: 'u' });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** Every `pattern` keyword of schemas/*.json (ajv: unicode flag). */
export function schemaPatterns(): FoundPattern[] {
  const found: FoundPattern[] = [];
  for (const file of filesUnder('schemas', '.json')) {
    const walk = (value: unknown, at: string): void => {
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${at}/${i}`));
      else if (value && typeof value === 'object') {
        for (const [key, v] of Object.entries(value)) {
          if (key === 'pattern' && typeof v === 'string') found.push({ where: `${file}#${at}`, source: v, flags: 'u' });
          else walk(v, `${at}/${key}`);
        }
      }
    };
    walk(JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')), '');
  }
  return found;
}

/** PCRE flags that JavaScript spells alike; `D` (dollar end only) and `x`-free patterns need no change. */
const PCRE_TO_JS: Record<string, string> = { i: 'i', m: 'm', s: 's', u: 'u', D: '' };

/** The first argument of every preg_* call of the PHP plugin. */
export function phpPatterns(): FoundPattern[] {
  const found: FoundPattern[] = [];
  for (const file of filesUnder('plugin', '.php')) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const call of text.matchAll(/\bpreg_(?!quote\b)[a-z_]+\(\s*/g)) {
      const start = call.index + call[0].length;
      const line = text.slice(0, start).split('\n').length;
      const where = `${file}:${line}`;
      // A single-quoted literal that the argument list goes on after (`,`) is the whole pattern.
      const literal = /^'((?:[^'\\]|\\.)*)'\s*,/.exec(text.slice(start, start + 500));
      if (!literal) {
        found.push({ where, flags: '?', built: text.slice(start, text.indexOf(',', start)) });
        continue;
      }
      const php = literal[1].replace(/\\(['\\])/g, '$1');
      const delimiter = php[0];
      const end = php.lastIndexOf(delimiter);
      const flags = [...php.slice(end + 1)].map((f) => {
        if (!(f in PCRE_TO_JS)) throw new Error(`${where}: PCRE flag ${f} has no JavaScript twin in PCRE_TO_JS`);
        return PCRE_TO_JS[f];
      });
      found.push({ where, source: php.slice(1, end), flags: flags.join('') });
    }
  }
  return found;
}
