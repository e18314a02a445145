// The enquiry form attacked as issue 27 found it, on WordPress as production sites run it: nginx and
// PHP-FPM with several workers (so simultaneous sends really run at once) on MariaDB, behind one trusted
// proxy on 127.0.0.1 that names the visitor in X-Forwarded-For, with a real SMTP server counting the
// mails. Each attack is performed as the finding describes, and must be refused. The figures go to
// RELIABILITY.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ensurePackages, startWordPress } from '../../scripts/bench/lib/wordpress.mjs';
import { freePort } from '../../scripts/bench/lib/proc.mjs';
import { ROOT, type ServiceProcess } from '../support/service.js';
import { spawnBridgedSidecar } from '../support/bridged-sidecar.js';
import { figure, rawRequest, requestBytes } from '../reliability/support.js';
import { startMailCatcher, type MailCatcher } from '../support/mail.js';
import { formFields, hiddenFields, person } from '../support/enquiry-form.js';

const TOKEN = `form-attacks-${process.pid}-secret`;
const PREFIX = '/wp-json/manufacturer-agent/v1';
const ADVISOR = 'advisor@form-attacks.example';
const LIMIT = 5;
const FPM_WORKERS = 6;
const EDITOR = { login: 'redakteur', password: `Editor-${randomUUID()}` };
const ADMIN = { login: 'admin', password: `Admin-${randomUUID()}` };
/** The form's time trap refuses what comes back within 3 s of rendering. */
const HUMAN_PAUSE_MS = 3_200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let site: Awaited<ReturnType<typeof startWordPress>>;
let sidecar: ServiceProcess;
let mail: MailCatcher;
let kontakt: string;
let editorAppPassword: string;
let clients = 0;

/** A visitor address of its own for each attack, so that no attack spends another's budget. */
const client = () => `198.51.100.${++clients}`;

/** PHP in the site, as the command line runs it; the last line of its output. */
function sitePhp(code: string): string {
  const result = spawnSync('php', ['-r', `require ${JSON.stringify(path.join(site.site, 'wp-load.php'))};\n${code}`], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, HTTP_HOST: `127.0.0.1:${site.port}` },
  });
  expect(result.status, result.stderr + result.stdout).toBe(0);
  return result.stdout.trim().split('\n').at(-1) ?? '';
}

const storedEnquiries = () =>
  Number(sitePhp(`echo count( get_posts( array( 'post_type' => 'ma_enquiry', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids' ) ) );`));
const mailsTo = (address: string, from = 0) => mail.messages.slice(from).filter((m) => m.envelopeTo.includes(address));

interface View {
  hidden: Record<string, string>;
}

/** The form as a visitor gets it: a GET of /kontakt/ through the proxy. */
async function view(forwardedFor: string, url = kontakt): Promise<View & { html: string }> {
  const res = await fetch(url, { headers: { 'x-forwarded-for': forwardedFor } });
  const html = await res.text();
  expect(res.status).toBe(200);
  const hidden = hiddenFields(html);
  expect(hidden.ma_once, html.slice(0, 2000)).toMatch(/^[0-9a-f]{32}$/);
  return { html, hidden };
}

/** Sends a view's form with the fields given, as a browser posts it. */
async function send(forwardedFor: string, form: View, fields: Record<string, string>, headers: Record<string, string> = {}, url = kontakt) {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'x-forwarded-for': forwardedFor, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: formFields(form.hidden, fields),
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** No mail beyond `count` arrives within a grace period. */
async function noMoreMail(count: number): Promise<void> {
  await sleep(1500);
  expect(mail.messages.length).toBe(count);
}

beforeAll(async () => {
  ensurePackages((m: string) => console.log(`[form-attacks] ${m}`));
  const sidecarPort = await freePort();
  sidecar = await spawnBridgedSidecar(sidecarPort, TOKEN);
  site = await startWordPress({
    workDir: mkdtempSync(path.join(os.tmpdir(), 'ma-form-attacks-')),
    pluginDir: path.join(ROOT, 'plugin'),
    sidecarUrl: `http://127.0.0.1:${sidecarPort}`,
    token: TOKEN,
    body: '{}',
    fpmChildren: FPM_WORKERS,
    log: (m: string) => console.log(`[form-attacks] ${m}`),
    constants: {
      MANUFACTURER_AGENT_TRUSTED_PROXIES: '127.0.0.1/32',
      MANUFACTURER_AGENT_CLIENT_IP_HEADER: 'X-Forwarded-For',
      // Application passwords over plain HTTP, for the editor's REST requests.
      WP_ENVIRONMENT_TYPE: 'local',
    },
  });
  mail = await startMailCatcher(site.site);
  // Test only: a request may lower the view's maximum age, so that a stale view needs no two-hour wait.
  writeFileSync(
    path.join(site.site, 'wp-content/mu-plugins/form-attacks-max-age.php'),
    `<?php
add_filter( 'manufacturer_agent_enquiry_max_seconds', static fn ( $seconds ) => isset( $_SERVER['HTTP_X_TEST_MAX_AGE'] ) ? (int) $_SERVER['HTTP_X_TEST_MAX_AGE'] : $seconds );
`,
  );
  const setup = JSON.parse(
    sitePhp(`
      $page = wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_name' => 'kontakt', 'post_title' => 'Kontakt', 'post_content' => '[manufacturer_agent_handoff]' ), true );
      update_option( ManufacturerAgent\\Enquiries\\Enquiry_Settings::OPTION, array_merge( ManufacturerAgent\\Enquiries\\Enquiry_Settings::defaults(), array( 'advisor_emails' => array( '${ADVISOR}' ), 'submissions_per_hour' => ${LIMIT}, 'send_confirmation' => true ) ) );
      $editor = wp_insert_user( array( 'user_login' => '${EDITOR.login}', 'user_pass' => '${EDITOR.password}', 'user_email' => 'redakteur@form-attacks.example', 'role' => 'editor' ) );
      wp_set_password( '${ADMIN.password}', get_user_by( 'login', '${ADMIN.login}' )->ID );
      $app = WP_Application_Passwords::create_new_application_password( $editor, array( 'name' => 'form-attacks' ) );
      echo wp_json_encode( array( 'page' => get_permalink( $page ), 'app' => is_wp_error( $app ) ? $app->get_error_message() : $app[0] ) );`),
  );
  kontakt = setup.page;
  expect(kontakt).toBe(`${site.url}/kontakt/`);
  editorAppPassword = setup.app;
}, 600_000);

afterAll(async () => {
  await mail?.stop();
  await site?.stop();
  if (sidecar) {
    sidecar.child.kill('SIGKILL');
    await sidecar.exited;
  }
});

describe('finding 2: the form never posts to a foreign host', () => {
  it('GET //evil.example/?s=Kontakt&handoff=… shows the page among the results, but no review and no form; a POST there is not handled', async () => {
    const created = await fetch(`${site.url}${PREFIX}/handoffs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `form-attacks-${randomUUID()}` },
      body: JSON.stringify({ next_step: 'project_enquiry', requirements: { motif_description: 'Kontakt Wald' } }),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { id: string }).id;
    const target = `//evil.example/?s=Kontakt&name=&handoff=${id}`;
    const res = await rawRequest(site.port, requestBytes('GET', target, [['X-Forwarded-For', client()]], undefined, `127.0.0.1:${site.port}`), {
      timeoutMs: 30_000,
    });
    const html = res.response!.body.toString();
    expect(res.response!.status).toBe(200);
    // The search found the page (the attack's precondition) …
    expect(html).toContain(kontakt);
    // … and shows neither the review nor a form; no form anywhere sends to the foreign host.
    expect(html).not.toContain('manufacturer-agent-enquiry');
    expect(html).not.toContain('<section class="manufacturer-agent-handoff"');
    const actions = [...html.matchAll(/<form[^>]*\saction="([^"]*)"/g)].map((m) => m[1]);
    expect(actions.filter((a) => a.includes('evil.example'))).toEqual([]);

    // On the page itself the action is the page's permalink with its handoff, whatever else the URI carried.
    const page = await view(client(), `${kontakt}?handoff=${id}&redirect_to=%2F%2Fevil.example%2F`);
    expect(/<form id="manufacturer-agent-enquiry"[^>]*action="([^"]*)"/.exec(page.html)?.[1]).toBe(`${kontakt}?handoff=${id}#manufacturer-agent-enquiry`);

    // The page's tokens posted to the search URL: nothing is stored or mailed.
    await sleep(HUMAN_PAUSE_MS);
    const [stored, mails] = [storedEnquiries(), mail.messages.length];
    const body = Buffer.from(formFields(page.hidden, person()));
    const post = await rawRequest(
      site.port,
      requestBytes(
        'POST',
        target,
        [
          ['X-Forwarded-For', client()],
          ['Content-Type', 'application/x-www-form-urlencoded'],
        ],
        body,
        `127.0.0.1:${site.port}`,
      ),
      { timeoutMs: 30_000 },
    );
    expect(post.response!.status).toBe(200);
    await noMoreMail(mails);
    expect(storedEnquiries()).toBe(stored);
  });
});

/** One XML-RPC value. */
function xmlValue(value: unknown): string {
  if (typeof value === 'number') return `<int>${value}</int>`;
  if (typeof value === 'string') return `<string>${value.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</string>`;
  return `<struct>${Object.entries(value as Record<string, unknown>)
    .map(([name, v]) => `<member><name>${name}</name><value>${xmlValue(v)}</value></member>`)
    .join('')}</struct>`;
}

/** An XML-RPC call to /xmlrpc.php: the answer's text and its fault code (null when none). */
async function xmlrpc(method: string, ...params: unknown[]): Promise<{ body: string; fault: number | null }> {
  const res = await fetch(`${site.url}/xmlrpc.php`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml' },
    body: `<?xml version="1.0"?><methodCall><methodName>${method}</methodName><params>${params.map((p) => `<param><value>${xmlValue(p)}</value></param>`).join('')}</params></methodCall>`,
  });
  expect(res.status).toBe(200);
  const body = await res.text();
  const fault = /<name>faultCode<\/name>\s*<value>\s*<int>(\d+)<\/int>/.exec(body);
  return { body, fault: fault ? Number(fault[1]) : null };
}

describe('finding 3: editors reach no enquiry', () => {
  it('through XML-RPC: wp.getPosts, wp.getPost, wp.editPost and wp.deletePost are refused; an administrator still reads it', async () => {
    const name = `Erika Geheim ${randomUUID().slice(0, 6)}`;
    const id = Number(
      sitePhp(
        `echo ( new ManufacturerAgent\\Enquiries\\Enquiries() )->save( array( 'name' => '${name}', 'company' => 'Hotel Sonne', 'email' => 'erika@kunde.example' ) );`,
      ),
    );
    expect(id).toBeGreaterThan(0);
    const title = `${name} (Hotel Sonne)`;
    const as = [1, EDITOR.login, EDITOR.password] as const;

    // The editor's credentials work: XML-RPC lists the editor's own posts.
    expect((await xmlrpc('wp.getPosts', ...as, { post_type: 'post' })).fault).toBeNull();

    const list = await xmlrpc('wp.getPosts', ...as, { post_type: 'ma_enquiry', post_status: 'private', number: 100 });
    expect(list.fault, list.body.slice(0, 500)).toBe(401);
    expect(list.body).not.toContain(name);
    const one = await xmlrpc('wp.getPost', ...as, id);
    expect(one.fault).toBe(401);
    expect(one.body).not.toContain(name);
    expect((await xmlrpc('wp.editPost', ...as, id, { post_title: 'Umbenannt' })).fault).toBe(401);
    expect((await xmlrpc('wp.deletePost', ...as, id)).fault).toBe(401);
    expect(sitePhp(`echo get_post( ${id} ) ? get_post( ${id} )->post_title : 'deleted';`)).toBe(title);

    const admin = await xmlrpc('wp.getPost', 1, ADMIN.login, ADMIN.password, id);
    expect(admin.fault, admin.body.slice(0, 500)).toBeNull();
    expect(admin.body).toContain(title);
  });

  it('through REST: the editor finds, reads and deletes no enquiry', async () => {
    const id = Number(
      sitePhp(`echo ( new ManufacturerAgent\\Enquiries\\Enquiries() )->save( array( 'name' => 'Rest Geheim', 'email' => 'rest@kunde.example' ) );`),
    );
    const auth = { authorization: `Basic ${Buffer.from(`${EDITOR.login}:${editorAppPassword}`).toString('base64')}` };
    const me = await fetch(`${site.url}/wp-json/wp/v2/users/me?context=edit`, { headers: auth });
    expect(me.status, 'the editor is authenticated').toBe(200);
    expect(((await me.json()) as { roles: string[] }).roles).toEqual(['editor']);
    for (const [method, route] of [
      ['GET', `/wp/v2/posts/${id}?context=edit`],
      ['POST', `/wp/v2/posts/${id}`],
      ['DELETE', `/wp/v2/posts/${id}?force=true`],
      ['GET', '/wp/v2/types/ma_enquiry'],
      ['GET', '/wp/v2/ma_enquiry'],
    ]) {
      const res = await fetch(`${site.url}/wp-json${route}`, {
        method,
        headers: { ...auth, 'content-type': 'application/json' },
        body: method === 'POST' ? JSON.stringify({ title: 'Umbenannt' }) : undefined,
      });
      const text = await res.text();
      // 404 (no such post, no such route) or 403 (the type is not shown in REST).
      expect([403, 404], `${method} ${route}: ${res.status} ${text.slice(0, 200)}`).toContain(res.status);
      expect(text).not.toContain('Rest Geheim');
    }
    const search = await fetch(`${site.url}/wp-json/wp/v2/search?search=Geheim&subtype=any`, { headers: auth });
    expect(await search.text()).not.toContain('Geheim');
    expect(sitePhp(`echo get_post( ${id} )->post_title;`)).toBe('Rest Geheim');
  });
});

describe('finding 4: IPv6 clients are counted per /64', () => {
  it('12 sends from 12 addresses of one /64: 5 accepted, 7 refused with 429; another /64 has its own budget; an hour later the /64 sends again', async () => {
    const addresses = Array.from({ length: 12 }, (_, i) => `2001:db8:27:64:${(i + 1).toString(16)}::${i + 7}`);
    const views = await Promise.all(addresses.map((a) => view(a)));
    const other = await view('2001:db8:27:65::1');
    const later = await view('2001:db8:27:64::abc');
    await sleep(HUMAN_PAUSE_MS);
    const from = mail.messages.length;
    const statuses: number[] = [];
    for (const [i, address] of addresses.entries()) statuses.push((await send(address, views[i], person())).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(303), ...Array(12 - LIMIT).fill(429)]);
    expect((await send('2001:db8:27:65::1', other, person())).status).toBe(303);
    // Each accepted send: the advisors' e-mail and the person's confirmation.
    await mail.waitFor(from + 2 * (LIMIT + 1));
    await noMoreMail(from + 2 * (LIMIT + 1));
    expect(mailsTo(ADVISOR, from)).toHaveLength(LIMIT + 1);
    // An hour on (every slot's time set back): a slot older than the window is taken again, by the conditional UPDATE.
    sitePhp(
      `global $wpdb; $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->options} SET option_value = option_value - %d WHERE option_name LIKE %s", HOUR_IN_SECONDS + 1, $wpdb->esc_like( ManufacturerAgent\\Enquiries\\Enquiry_Guard::SLOT_PREFIX ) . '%' ) );`,
    );
    expect((await send('2001:db8:27:64::abc', later, person())).status).toBe(303);
    figure(
      `enquiry form (nginx + PHP-FPM): 12 sends from 12 addresses of one IPv6 /64, limit ${LIMIT}/h: ${statuses.filter((s) => s === 303).length} accepted, ${statuses.filter((s) => s === 429).length} refused (429)`,
    );
  });
});

describe('finding 5: the person’s confirmation is no mail relay', () => {
  it('8 sends naming one address with a phishing text: the address gets one e-mail, with none of the text', async () => {
    const victim = `opfer.${randomUUID().slice(0, 8)}@victim.example`;
    const phishing = { ma_name: 'Ihre Bank', ma_company: 'Sicherheitsabteilung', ma_message: 'Your bank: confirm your account at https://phish.example/login' };
    const senders = Array.from({ length: 8 }, () => client());
    const views = await Promise.all(senders.map((s) => view(s)));
    await sleep(HUMAN_PAUSE_MS);
    const from = mail.messages.length;
    for (const [i, sender] of senders.entries()) expect((await send(sender, views[i], { ...person(), ...phishing, ma_email: victim })).status).toBe(303);
    await mail.waitFor(from + 9);
    await noMoreMail(from + 9);
    expect(mailsTo(ADVISOR, from)).toHaveLength(8);
    const copies = mailsTo(victim, from);
    expect(copies).toHaveLength(1);
    for (const text of ['phish.example', 'Ihre Bank', 'Sicherheitsabteilung', 'confirm your account']) {
      expect(copies[0].text).not.toContain(text);
      expect(copies[0].subject).not.toContain(text);
    }
    figure(`enquiry form (nginx + PHP-FPM): 8 sends naming one address with attacker text: ${copies.length} e-mail to it, carrying none of the text`);
  });
});

describe('finding 6: the limit holds under simultaneous sends', () => {
  it('20 simultaneous sends from one client, each from a view of its own: exactly 5 accepted, 5 stored, 5 mailed', async () => {
    const visitor = client();
    const views = await Promise.all(Array.from({ length: 20 }, () => view(visitor)));
    await sleep(HUMAN_PAUSE_MS);
    const [stored, from] = [storedEnquiries(), mail.messages.length];
    const statuses = await Promise.all(views.map((v) => send(visitor, v, person()).then((r) => r.status)));
    const accepted = statuses.filter((s) => s === 303).length;
    expect(accepted, statuses.join(' ')).toBe(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LIMIT);
    expect(storedEnquiries() - stored).toBe(LIMIT);
    await mail.waitFor(from + 2 * LIMIT);
    await noMoreMail(from + 2 * LIMIT);
    expect(mailsTo(ADVISOR, from)).toHaveLength(LIMIT);
    figure(
      `enquiry form (nginx + PHP-FPM, ${FPM_WORKERS} workers, MariaDB): 20 simultaneous sends from one client, limit ${LIMIT}/h: ${accepted} accepted, ${20 - accepted} refused (429), ${LIMIT} stored, ${LIMIT} mailed`,
    );
  });

  it('20 simultaneous sends of one view: one enquiry, one e-mail, every answer the confirmation', async () => {
    const visitor = client();
    const form = await view(visitor);
    await sleep(HUMAN_PAUSE_MS);
    const [stored, from] = [storedEnquiries(), mail.messages.length];
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(visitor, form, person())));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(303));
    expect(new Set(answers.map((a) => a.location))).toEqual(new Set([`${kontakt}?enquiry=sent`]));
    expect(storedEnquiries() - stored).toBe(1);
    await mail.waitFor(from + 2);
    await noMoreMail(from + 2);
    expect(mailsTo(ADVISOR, from)).toHaveLength(1);
  });
});

describe('finding 7: one view serves one send', () => {
  it("3 sends reusing one view's tokens: one enquiry; the tokens with another view id: 403, input kept", async () => {
    const visitor = client();
    const form = await view(visitor);
    // At once: the time trap (the render time is signed with the view's id) refuses it and keeps the view unspent.
    const quick = await send(visitor, form, person());
    expect(quick.status).toBe(422);
    expect(quick.html).toMatch(/very quick/);
    await sleep(HUMAN_PAUSE_MS);
    const [stored, from] = [storedEnquiries(), mail.messages.length];
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await send(visitor, form, { ...person(), ma_message: `Anfrage ${i}` })).status);
    // The first is sent; the repeats are answered as a reload is (the confirmation), and send nothing.
    expect(statuses).toEqual([303, 303, 303]);
    expect(storedEnquiries() - stored).toBe(1);
    for (let i = 0; i < 3; i++) {
      const forged = await send(
        visitor,
        { hidden: { ...form.hidden, ma_once: randomUUID().replace(/-/g, '') } },
        { ...person(), ma_message: `Gefälscht ${i}` },
      );
      expect(forged.status).toBe(403);
      expect(forged.html).toContain(`Gefälscht ${i}`);
    }
    expect(storedEnquiries() - stored).toBe(1);
    await mail.waitFor(from + 2);
    await noMoreMail(from + 2);
    expect(mailsTo(ADVISOR, from)).toHaveLength(1);
  });

  it('a view older than its maximum age: 403 with everything typed kept and a fresh form, which is then sent', async () => {
    const visitor = client();
    const form = await view(visitor);
    await sleep(HUMAN_PAUSE_MS + 1_000);
    const who = person();
    // The site's maximum age lowered to 3 s for this request (test-only filter): the view is 4 s old.
    const stale = await send(visitor, form, who, { 'x-test-max-age': '3' });
    expect(stale.status).toBe(403);
    expect(stale.html).toMatch(/The form had expired/);
    expect(stale.html).toContain(who.ma_message);
    const fresh = hiddenFields(stale.html);
    expect(fresh.ma_once).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh.ma_once).not.toBe(form.hidden.ma_once);
    await sleep(HUMAN_PAUSE_MS);
    expect((await send(visitor, { hidden: fresh }, who)).status).toBe(303);
  });
});
