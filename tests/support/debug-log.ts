// What the WordPress tests allow in wp-content/debug.log while they run: nothing, except core's
// checks for updates, which fail on machines without internet access. Those are matched by their
// exact message (as core logs it, 6.1 and 7.1 alike), never by the file a line names.
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';

const UPDATE_CHECK_FAILED =
  'An unexpected error occurred. Something may be wrong with WordPress.org or this server&#8217;s configuration. If you continue to have problems, please try the <a href="https://wordpress.org/support/forums/">support forums</a>. (WordPress could not establish a secure connection to WordPress.org. Please contact your server administrator.)';

/** The functions that check for updates; 6.5 on names the function in front of the message (wp_trigger_error). */
const UPDATE_CHECKS = ['wp_version_check', 'wp_update_plugins', 'wp_update_themes'];

export const ALLOWED_DEBUG_LOG_MESSAGES = new Set(
  ['PHP Warning', 'PHP Notice'].flatMap((level) =>
    [UPDATE_CHECK_FAILED, ...UPDATE_CHECKS.map((f) => `${f}(): ${UPDATE_CHECK_FAILED}`)].map((m) => `${level}:  ${m}`),
  ),
);

/** A line without its time stamp and its " in <file> on line <n>". */
export function debugLogMessage(line: string): string {
  return line.replace(/^\[[^\]]+\] /, '').replace(/ in \S+ on line \d+$/, '');
}

/** The lines no test may cause: everything but the allowed messages. */
export function unexpectedDebugLogLines(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => !ALLOWED_DEBUG_LOG_MESSAGES.has(debugLogMessage(line)));
}

export function debugLogSize(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

/** What was written to the log after `offset` bytes. */
export function debugLogSince(file: string, offset: number): string {
  if (!existsSync(file)) return '';
  const size = statSync(file).size;
  if (size <= offset) return '';
  const buffer = Buffer.alloc(size - offset);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}
