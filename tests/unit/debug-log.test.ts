// The debug.log rule of the WordPress tests: any new line fails, except core's offline update checks.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, appendFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { debugLogSince, debugLogSize, unexpectedDebugLogLines } from '../support/debug-log.js';

const UPDATE =
  'An unexpected error occurred. Something may be wrong with WordPress.org or this server&#8217;s configuration. If you continue to have problems, please try the <a href="https://wordpress.org/support/forums/">support forums</a>. (WordPress could not establish a secure connection to WordPress.org. Please contact your server administrator.)';

describe('debug.log lines', () => {
  it("allows only the exact messages of core's failed update checks (6.1 and 7.1 forms)", () => {
    const allowed = [
      `[23-Nov-2026 20:19:46 UTC] PHP Warning:  ${UPDATE} in /wordpress/wp-includes/update.php on line 203`,
      `[23-Nov-2026 20:19:46 UTC] PHP Warning:  wp_version_check(): ${UPDATE} in /wordpress/wp-includes/functions.php on line 6240`,
      `[23-Nov-2026 20:19:46 UTC] PHP Notice:  wp_update_plugins(): ${UPDATE} in /wordpress/wp-includes/functions.php on line 6240`,
    ];
    expect(unexpectedDebugLogLines(allowed.join('\n'))).toEqual([]);
  });

  it('reports every other line, whatever file it names', () => {
    const lines = [
      '[23-Nov-2026 20:19:46 UTC] PHP Warning:  Undefined array key "type" in /wordpress/wp-includes/rest-api.php on line 2254',
      '[23-Nov-2026 20:19:46 UTC] PHP Notice:  Function rest_validate_value_from_schema was called <strong>incorrectly</strong>. The "type" schema keyword for [0][values_are_typical] is required. in /wordpress/wp-includes/functions.php on line 6121',
      `[23-Nov-2026 20:19:46 UTC] PHP Warning:  ${UPDATE.slice(0, -1)} in /wordpress/wp-includes/update.php on line 203`,
      `[23-Nov-2026 20:19:46 UTC] PHP Warning:  wp_update_plugins(): ${UPDATE} and more in /wordpress/wp-includes/functions.php on line 6240`,
      'PHP Stack trace:',
      'something a plugin wrote with error_log()',
    ];
    expect(unexpectedDebugLogLines(lines.join('\n'))).toEqual(lines);
  });

  it('reads only what was written after the start', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'debug-log-')), 'debug.log');
    expect(debugLogSize(file)).toBe(0);
    writeFileSync(file, 'before the run\n');
    const start = debugLogSize(file);
    appendFileSync(file, 'during the run\n');
    expect(debugLogSince(file, start)).toBe('during the run\n');
  });
});
