// A real SMTP server on loopback for the WordPress stack's wp_mail, read back with mailparser.
// WordPress is pointed at it by a test-only must-use plugin written into the running instance's own
// core copy (.stack/<instance>/wordpress, live-mounted by the playground), or into the folder of a site
// on nginx + PHP-FPM (scripts/bench/lib/wordpress.mjs), never by the shipped plugin.
// The same file stands in for a multilingual plugin: the cookie ma_test_locale sets the page's locale.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { instanceDir } from '../../scripts/stack.mjs';
import type { WordPressStack } from './stack.js';

export interface MailCatcher {
  port: number;
  /** Every message received, parsed, with the raw header block. */
  messages: Array<ParsedMail & { rawHeaders: string; envelopeTo: string[] }>;
  /** Waits until at least n messages arrived (or fails after timeoutMs). */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** The must-use plugin's file in the stack's WordPress, or in a site folder (where wp-load.php lives). */
function muPlugin(site: WordPressStack | string): string {
  const wordpress = typeof site === 'string' ? site : path.join(instanceDir(site.instance), 'wordpress');
  return path.join(wordpress, 'wp-content/mu-plugins/manufacturer-agent-test-mail.php');
}

export async function startMailCatcher(site: WordPressStack | string): Promise<MailCatcher> {
  const messages: MailCatcher['messages'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (mail) => {
            const text = raw.toString('utf8');
            messages.push(
              Object.assign(mail, { rawHeaders: text.slice(0, text.search(/\r?\n\r?\n/)), envelopeTo: session.envelope.rcptTo.map((r) => r.address) }),
            );
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  const file = muPlugin(site);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `<?php
// Written by tests/support/mail.ts for one test run; removed after it.
add_action( 'phpmailer_init', static function ( $mailer ) {
	$mailer->isSMTP();
	$mailer->Host        = '127.0.0.1';
	$mailer->Port        = ${port};
	$mailer->SMTPAuth    = false;
	$mailer->SMTPAutoTLS = false;
} );
// The stack's host is localhost, which is_email() (wp_mail's validator) does not accept as a sender.
add_filter( 'wp_mail_from', static fn () => 'wordpress@stack.example' );
add_filter( 'locale', static function ( $locale ) {
	$wanted = $_COOKIE['ma_test_locale'] ?? '';
	return in_array( $wanted, array( 'de_DE', 'en_US' ), true ) ? $wanted : $locale;
} );
`,
  );
  return {
    port,
    messages,
    async waitFor(n, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} e-mails, ${messages.length} arrived`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      rmSync(file, { force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
