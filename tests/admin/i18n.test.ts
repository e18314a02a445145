// The shipped German translation: complete for the screen's and the plugin's strings, compiled to the
// files WordPress loads (the .mo for PHP; for the script the JED JSON named by the md5 of its path).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractPhp, extractScript, type ExtractedEntry } from '../../scripts/i18n-admin.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LANGUAGES = path.join(ROOT, 'plugin/languages');

/** A .mo file's strings (GNU gettext format: magic, revision, count, table offsets). */
function readMo(file: string): Map<string, string> {
  const buffer = readFileSync(file);
  const magic = buffer.readUInt32LE(0);
  const read = magic === 0x950412de ? (o: number) => buffer.readUInt32LE(o) : (o: number) => buffer.readUInt32BE(o);
  const count = read(8);
  const originals = read(12);
  const translations = read(16);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i += 1) {
    const text = (table: number) => buffer.toString('utf8', read(table + i * 8 + 4), read(table + i * 8 + 4) + read(table + i * 8));
    out.set(text(originals), text(translations));
  }
  return out;
}

const tmp = mkdtempSync(path.join(tmpdir(), 'ma-i18n-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('string extraction', () => {
  it('finds the script calls of our text domain with context, plurals and translator comments', () => {
    const file = path.join(tmp, 'sample.tsx');
    writeFileSync(
      file,
      [
        "const a = __('Save changes', 'manufacturer-agent');",
        "const b = __('Other domain', 'default');",
        '/* translators: %d: number of problems */',
        "const c = sprintf(_n('%d problem', '%d problems', n, 'manufacturer-agent'), n);",
        "const d = <p>{_x('Post', 'verb', 'manufacturer-agent')}</p>;",
      ].join('\n'),
    );
    const entries = new Map<string, ExtractedEntry>();
    const problems: string[] = [];
    extractScript(file, entries, problems);
    expect(problems).toEqual([]);
    expect([...entries.values()].map((e) => [e.msgid, e.msgctxt, e.msgid_plural, e.comments])).toEqual([
      ['Save changes', undefined, undefined, []],
      ['%d problem', undefined, '%d problems', ['translators: %d: number of problems']],
      ['Post', 'verb', undefined, []],
    ]);
  });

  it('finds the PHP calls, in arrays and concatenated, and not in comments or methods', () => {
    const file = path.join(tmp, 'sample.php');
    writeFileSync(
      file,
      [
        '<?php',
        "// __( 'In a comment', 'manufacturer-agent' )",
        "$labels = array( 'a' => __( 'Fire safety', 'manufacturer-agent' ) );",
        "echo esc_html__( 'It\\'s ' . 'joined', 'manufacturer-agent' );",
        "$x = $object->__( 'A method', 'manufacturer-agent' );",
        "printf( /* translators: %d: HTTP status */ __( 'Status %d.', 'manufacturer-agent' ), 5 );",
        "_n( 'One file', '%d files', $n, 'manufacturer-agent' );",
        '?><p>It’s <?php esc_html_e( "Shown", "manufacturer-agent" ); ?></p>',
      ].join('\n'),
    );
    const entries = new Map<string, ExtractedEntry>();
    extractPhp(file, entries, []);
    expect([...entries.values()].map((e) => [e.msgid, e.msgid_plural, e.comments])).toEqual([
      ['Fire safety', undefined, []],
      ["It's joined", undefined, []],
      ['Status %d.', undefined, ['translators: %d: HTTP status']],
      ['One file', '%d files', []],
      ['Shown', undefined, []],
    ]);
  });
});

describe('German translation', () => {
  it('translates every string of the admin screen, the block script and the PHP plugin', () => {
    const output = execFileSync(process.execPath, [path.join(ROOT, 'scripts/i18n-admin.mjs'), 'check'], { cwd: ROOT, encoding: 'utf8' });
    expect(output).toMatch(/all translated/);
  });

  it('ships the JSON wp_set_script_translations loads for build/admin/index.js', () => {
    const md5 = createHash('md5').update('build/admin/index.js').digest('hex');
    const json = JSON.parse(readFileSync(path.join(LANGUAGES, `manufacturer-agent-de_DE-${md5}.json`), 'utf8'));
    const messages = json.locale_data.messages;
    expect(messages['']).toMatchObject({ domain: 'messages', lang: 'de_DE', 'plural-forms': 'nplurals=2; plural=(n != 1);' });
    expect(messages.Materials).toEqual(['Materialien']);
    expect(messages['%d problem']).toEqual(['%d Problem', '%d Probleme']);
    // Only the script's own strings, not the PHP ones.
    expect(messages['The agent service refused the configuration.']).toBeUndefined();
  });

  it('ships the .mo the PHP plugin loads', () => {
    const strings = readMo(path.join(LANGUAGES, 'manufacturer-agent-de_DE.mo'));
    expect(strings.get('Manufacturer Agent')).toBe('Hersteller-Agent');
    expect(strings.get('')).toMatch(/Language: de_DE/);
  });
});
