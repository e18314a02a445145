// Translations of the plugin, text domain manufacturer-agent; WP-CLI is not needed.
//
//   node scripts/i18n-admin.mjs extract   strings of admin-ui/src (TS/TSX), plugin/assets (JS) and the
//                                         plugin's PHP → plugin/languages/manufacturer-agent.pot, merged
//                                         into every plugin/languages/manufacturer-agent-<locale>.po
//                                         (translations kept, new strings added empty, gone ones dropped)
//   node scripts/i18n-admin.mjs compile   every .po → .mo (PHP) and, per script, the JED 1.x JSON that
//                                         wp_set_script_translations loads:
//                                         manufacturer-agent-<locale>-<md5 of the script's path relative
//                                         to the plugin folder>.json (WordPress's load_script_textdomain)
//   node scripts/i18n-admin.mjs check     exits 1 when a .po lacks a string of the sources or a translation
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { po, mo } from 'gettext-parser';

export const DOMAIN = 'manufacturer-agent';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const languages = path.join(root, 'plugin/languages');

/** The scripts that load translations, by the path WordPress sees relative to the plugin folder. */
const SCRIPTS = [
  { source: 'admin-ui/src', script: 'build/admin/index.js' },
  { source: 'plugin/assets', script: 'assets/handoff-review-block.js', file: 'plugin/assets/handoff-review-block.js' },
  { source: 'plugin/assets', script: 'assets/catalog-block.js', file: 'plugin/assets/catalog-block.js' },
];

/** Writes only a changed file, so an unchanged translation keeps its date (and git sees nothing). */
function writeIfChanged(file, content) {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
  if (existsSync(file) && readFileSync(file).equals(bytes)) return;
  writeFileSync(file, bytes);
}

function walk(dir, accept) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name === 'build' || name === 'sidecar') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full, accept));
    else if (accept(name)) out.push(full);
  }
  return out;
}

const rel = (file) => path.relative(root, file).split(path.sep).join('/');

// Which argument is what, per function: [text, plural, context, domain] positions (-1: none).
const JS_FUNCTIONS = {
  __: { text: 0, domain: 1 },
  _x: { text: 0, context: 1, domain: 2 },
  _n: { text: 0, plural: 1, domain: 3 },
  _nx: { text: 0, plural: 1, context: 3, domain: 4 },
};
const PHP_FUNCTIONS = {
  __: { text: 0, domain: 1 },
  _e: { text: 0, domain: 1 },
  esc_html__: { text: 0, domain: 1 },
  esc_html_e: { text: 0, domain: 1 },
  esc_attr__: { text: 0, domain: 1 },
  esc_attr_e: { text: 0, domain: 1 },
  _x: { text: 0, context: 1, domain: 2 },
  _ex: { text: 0, context: 1, domain: 2 },
  esc_html_x: { text: 0, context: 1, domain: 2 },
  esc_attr_x: { text: 0, context: 1, domain: 2 },
  _n: { text: 0, plural: 1, domain: 3 },
  _nx: { text: 0, plural: 1, context: 3, domain: 4 },
  _n_noop: { text: 0, plural: 1, domain: 2 },
  _nx_noop: { text: 0, plural: 1, context: 2, domain: 3 },
};

/** The translator comment written just before a call (after the previous call), if any. */
function translatorComment(text, from, start) {
  const lineStarts = [];
  let lineStart = text.lastIndexOf('\n', start - 1);
  for (let i = 0; i < 3 && lineStart > 0; i += 1) {
    lineStarts.push(lineStart);
    lineStart = text.lastIndexOf('\n', lineStart - 1);
  }
  const windowStart = Math.max(from, lineStart < 0 ? 0 : lineStart);
  const window = text.slice(windowStart, start);
  const matches = [...window.matchAll(/\/\*\s*translators:\s*([\s\S]*?)\*\/|\/\/\s*translators:\s*(.*)/gi)];
  if (!matches.length) return undefined;
  const last = matches[matches.length - 1];
  return `translators: ${(last[1] ?? last[2]).replace(/\s+/g, ' ').trim()}`;
}

function addEntry(entries, problems, fn, args, file, line, comment) {
  const spec = fn;
  const domain = args[spec.domain];
  if (domain === undefined) return; // another text domain or none: not ours
  if (domain !== DOMAIN) return;
  const text = args[spec.text];
  const plural = spec.plural !== undefined ? args[spec.plural] : undefined;
  const context = spec.context !== undefined ? args[spec.context] : undefined;
  if (typeof text !== 'string' || (spec.plural !== undefined && typeof plural !== 'string') || (spec.context !== undefined && typeof context !== 'string')) {
    problems.push(`${file}:${line}: a translatable string must be a literal`);
    return;
  }
  const key = `${context ?? ''}\u0004${text}`;
  let entry = entries.get(key);
  if (!entry) {
    entry = { msgid: text, msgctxt: context, msgid_plural: plural, references: [], comments: [] };
    entries.set(key, entry);
  }
  entry.references.push(`${file}:${line}`);
  if (comment && !entry.comments.includes(comment)) entry.comments.push(comment);
}

/** Strings of TypeScript/JavaScript files, read with the TypeScript parser. */
export function extractScript(file, entries, problems) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  let previousEnd = 0;
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (name && JS_FUNCTIONS[name]) {
        const args = node.arguments.map((arg) => (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg) ? arg.text : null));
        const start = node.getStart(source);
        const line = source.getLineAndCharacterOfPosition(start).line + 1;
        addEntry(entries, problems, JS_FUNCTIONS[name], args, rel(file), line, translatorComment(text, previousEnd, start));
        previousEnd = start;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** PHP tokens enough to find calls: strings, comments, identifiers, punctuation; HTML outside <?php ?> skipped. */
function phpTokens(text) {
  const tokens = [];
  let i = 0;
  let inPhp = false;
  const lineAt = (pos) => text.slice(0, pos).split('\n').length;
  while (i < text.length) {
    if (!inPhp) {
      const open = text.indexOf('<?', i);
      if (open < 0) break;
      i = open + (text.startsWith('<?php', open) ? 5 : text.startsWith('<?=', open) ? 3 : 2);
      inPhp = true;
      continue;
    }
    const c = text[i];
    if (text.startsWith('?>', i)) {
      inPhp = false;
      i += 2;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      tokens.push({ type: 'comment', value: text.slice(i, stop), pos: i });
      i = stop;
    } else if ((c === '/' && text[i + 1] === '/') || c === '#') {
      let end = text.indexOf('\n', i);
      if (end < 0) end = text.length;
      const close = text.indexOf('?>', i);
      if (close >= 0 && close < end) end = close;
      tokens.push({ type: 'comment', value: text.slice(i, end), pos: i });
      i = end;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      let value = '';
      let interpolated = false;
      while (j < text.length && text[j] !== c) {
        if (text[j] === '\\' && j + 1 < text.length) {
          const next = text[j + 1];
          if (c === "'") value += next === "'" || next === '\\' ? next : `\\${next}`;
          else value += { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', $: '$' }[next] ?? `\\${next}`;
          j += 2;
        } else {
          if (c === '"' && text[j] === '$') interpolated = true;
          value += text[j];
          j += 1;
        }
      }
      tokens.push({ type: interpolated ? 'other' : 'string', value, pos: i, line: lineAt(i) });
      i = j + 1;
    } else if (/[A-Za-z_\\]/.test(c)) {
      let j = i;
      while (j < text.length && /[A-Za-z0-9_\\]/.test(text[j])) j += 1;
      tokens.push({ type: 'ident', value: text.slice(i, j), pos: i, line: lineAt(i) });
      i = j;
    } else if (/\s/.test(c)) {
      i += 1;
    } else {
      tokens.push({ type: 'punct', value: c, pos: i });
      i += 1;
    }
  }
  return tokens;
}

export function extractPhp(file, entries, problems) {
  const text = readFileSync(file, 'utf8');
  const tokens = phpTokens(text);
  let previousEnd = 0;
  for (let t = 0; t < tokens.length; t += 1) {
    const token = tokens[t];
    const name = token.type === 'ident' ? token.value.replace(/^\\/, '') : undefined;
    if (!name || !PHP_FUNCTIONS[name] || tokens[t + 1]?.value !== '(') continue;
    const before = tokens[t - 1];
    const arrow = before?.value === '>' && tokens[t - 2]?.value === '-' && tokens[t - 2].pos === before.pos - 1;
    const scope = before?.value === ':' && tokens[t - 2]?.value === ':';
    if (arrow || scope || before?.value === 'function') continue; // a method, or the function's own definition
    const args = [];
    let current = [];
    let depth = 0;
    let k = t + 2;
    for (; k < tokens.length; k += 1) {
      const tk = tokens[k];
      if (tk.type === 'comment') continue;
      if (tk.type === 'punct' && '([{'.includes(tk.value)) depth += 1;
      if (tk.type === 'punct' && ')]}'.includes(tk.value)) {
        if (depth === 0) break;
        depth -= 1;
      }
      if (depth === 0 && tk.type === 'punct' && tk.value === ',') {
        args.push(current);
        current = [];
      } else current.push(tk);
    }
    if (current.length) args.push(current);
    const literal = (arg) => {
      // 'a' or 'a' . 'b'
      if (!arg.length || arg.length % 2 === 0) return null;
      let value = '';
      for (let n = 0; n < arg.length; n += 1) {
        if (n % 2 === 0) {
          if (arg[n].type !== 'string') return null;
          value += arg[n].value;
        } else if (arg[n].value !== '.') return null;
      }
      return value;
    };
    const values = args.map(literal);
    const comment = (() => {
      for (let n = t - 1; n >= 0 && tokens[n].pos >= previousEnd; n -= 1) {
        const tk = tokens[n];
        if (tk.type === 'comment' && /translators:/i.test(tk.value)) {
          const body = tk.value.replace(/^\/\*+|\*+\/$|^\/\/|^#/g, '').replace(/\n\s*\*/g, ' ');
          return `translators: ${body.split(/translators:/i)[1]}`.replace(/\s+/g, ' ').trim();
        }
        if (tk.type === 'punct' && ';{}'.includes(tk.value)) break;
      }
      return undefined;
    })();
    addEntry(entries, problems, PHP_FUNCTIONS[name], values, rel(file), token.line, comment);
    previousEnd = token.pos;
  }
}

/** Every string of the sources, in order of appearance (files sorted). */
export function extractAll() {
  const entries = new Map();
  const problems = [];
  for (const file of walk(path.join(root, 'admin-ui/src'), (name) => /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts'))) {
    extractScript(file, entries, problems);
  }
  for (const file of walk(path.join(root, 'plugin/assets'), (name) => name.endsWith('.js'))) extractScript(file, entries, problems);
  for (const file of [path.join(root, 'plugin/manufacturer-agent.php'), path.join(root, 'plugin/uninstall.php'), ...walk(path.join(root, 'plugin/includes'), (name) => name.endsWith('.php'))]) {
    if (existsSync(file)) extractPhp(file, entries, problems);
  }
  return { entries, problems };
}

const HEADERS = {
  'Project-Id-Version': 'Manufacturer Agent',
  'Report-Msgid-Bugs-To': '',
  'MIME-Version': '1.0',
  'Content-Type': 'text/plain; charset=UTF-8',
  'Content-Transfer-Encoding': '8bit',
  'X-Domain': DOMAIN,
};

function toPoData(entries, headers, translationsFor) {
  const translations = { '': { '': { msgid: '', msgstr: [''] } } };
  for (const entry of entries.values()) {
    const context = entry.msgctxt ?? '';
    translations[context] ??= {};
    const item = { msgid: entry.msgid, msgstr: translationsFor(entry), comments: { reference: entry.references.join('\n') } };
    if (entry.msgctxt !== undefined) item.msgctxt = entry.msgctxt;
    if (entry.msgid_plural !== undefined) item.msgid_plural = entry.msgid_plural;
    if (entry.comments.length) item.comments.extracted = entry.comments.join('\n');
    translations[context][entry.msgid] = item;
  }
  return { charset: 'utf-8', headers, translations };
}

function poFiles() {
  return existsSync(languages)
    ? readdirSync(languages)
        .filter((name) => name.startsWith(`${DOMAIN}-`) && name.endsWith('.po'))
        .sort()
        .map((name) => ({ name, locale: name.slice(DOMAIN.length + 1, -3), file: path.join(languages, name) }))
    : [];
}

function readPo(file) {
  return po.parse(readFileSync(file));
}

function existing(data, entry) {
  return data.translations[entry.msgctxt ?? '']?.[entry.msgid];
}

function extract() {
  const { entries, problems } = extractAll();
  for (const problem of problems) console.warn(`i18n: ${problem}`);
  writeIfChanged(path.join(languages, `${DOMAIN}.pot`), po.compile(toPoData(entries, HEADERS, (entry) => (entry.msgid_plural ? ['', ''] : [''])), { foldLength: 0, sort: false }));
  for (const { file, locale } of poFiles()) {
    const data = readPo(file);
    let missing = 0;
    const merged = toPoData(entries, { ...HEADERS, Language: locale, 'Plural-Forms': data.headers['Plural-Forms'] || 'nplurals=2; plural=(n != 1);' }, (entry) => {
      const old = existing(data, entry);
      const msgstr = old && old.msgstr.some((s) => s) ? old.msgstr : entry.msgid_plural ? ['', ''] : [''];
      if (!msgstr.every((s) => s)) missing += 1;
      return msgstr;
    });
    writeIfChanged(file, po.compile(merged, { foldLength: 0, sort: false }));
    console.log(`i18n: ${rel(file)}: ${entries.size} strings, ${missing} without translation`);
  }
  console.log(`i18n: ${rel(path.join(languages, `${DOMAIN}.pot`))}: ${entries.size} strings`);
}

export function scriptFileName(locale, script) {
  return `${DOMAIN}-${locale}-${createHash('md5').update(script).digest('hex')}.json`;
}

function jed(data, locale, filter, script) {
  const messages = { '': { domain: 'messages', lang: locale, 'plural-forms': data.headers['Plural-Forms'] || 'nplurals=2; plural=(n != 1);' } };
  for (const [context, items] of Object.entries(data.translations)) {
    for (const [msgid, item] of Object.entries(items)) {
      if (!msgid || !item.msgstr.every((s) => s) || !filter(item)) continue;
      messages[context ? `${context}\u0004${msgid}` : msgid] = item.msgstr;
    }
  }
  return { 'translation-revision-date': data.headers['PO-Revision-Date'] || '', generator: 'scripts/i18n-admin.mjs', source: script, domain: 'messages', locale_data: { messages } };
}

function compile() {
  for (const { file, locale } of poFiles()) {
    const data = readPo(file);
    // The .mo carries every translated string: PHP reads it, and it does no harm to carry the script's too.
    const complete = structuredClone(data);
    for (const items of Object.values(complete.translations)) {
      for (const [msgid, item] of Object.entries(items)) if (msgid && !item.msgstr.every((s) => s)) delete items[msgid];
    }
    writeIfChanged(path.join(languages, `${DOMAIN}-${locale}.mo`), mo.compile(complete));
    for (const { source, script } of SCRIPTS) {
      const json = jed(data, locale, (item) => (item.comments?.reference ?? '').split(/\s+/).some((ref) => ref.startsWith(`${source}/`)), script);
      writeIfChanged(path.join(languages, scriptFileName(locale, script)), `${JSON.stringify(json)}\n`);
    }
    console.log(`i18n: compiled ${rel(file)} → .mo and ${SCRIPTS.length} script JSON files`);
  }
}

function check() {
  const { entries, problems } = extractAll();
  const failures = [...problems];
  for (const { file, locale } of poFiles()) {
    const data = readPo(file);
    for (const entry of entries.values()) {
      const item = existing(data, entry);
      const files = (refs) => [...new Set(refs.map((ref) => ref.replace(/:\d+$/, '')))].sort().join(' ');
      if (!item) failures.push(`${rel(file)}: missing "${entry.msgid}" (${entry.references[0]}); run: npm run i18n`);
      else if (!item.msgstr.every((s) => s)) failures.push(`${rel(file)}: no ${locale} translation of "${entry.msgid}" (${entry.references[0]})`);
      // The script JSON files take the strings whose references name the script's sources.
      else if (files((item.comments?.reference ?? '').split(/\s+/).filter(Boolean)) !== files(entry.references)) {
        failures.push(`${rel(file)}: "${entry.msgid}" is used in other files than the .po says (${files(entry.references)}); run: npm run i18n`);
      }
    }
  }
  for (const failure of failures) console.error(`i18n: ${failure}`);
  if (failures.length) process.exit(1);
  console.log(`i18n: ${entries.size} strings, all translated`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'extract') extract();
  else if (command === 'compile') compile();
  else if (command === 'check') check();
  else {
    console.error('usage: node scripts/i18n-admin.mjs extract|compile|check');
    process.exit(2);
  }
}
