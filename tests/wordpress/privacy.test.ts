// Enquiries and WordPress's privacy machinery on the real stack: export and erasure through the
// admin-ajax actions Tools → Export / Erase Personal Data use, the retention task, the suggested
// policy text, the enquiry form's settings through /wp/v2/settings, and uninstall.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { runWordPressPhp, sessionHeaders, siteFetch, wordpressStack, type WordPressSession, type WordPressStack } from '../support/stack.js';

let stack: WordPressStack;

beforeAll(() => {
  stack = wordpressStack()!;
});

/** PHP in the site that ends by echoing one JSON value. */
function php(code: string): any {
  const out = runWordPressPhp(stack, code);
  const line = out.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line);
  } catch {
    throw new Error(`PHP printed no JSON:\n${out}`);
  }
}

/** PHP that saves enquiries: [email, days ago, handoff id] each. */
function saveEnquiries(list: [string, number, string][]): string {
  return `
    $store = new ManufacturerAgent\\Enquiries\\Enquiries();
    $ids = array();
    foreach ( json_decode( '${JSON.stringify(list)}', true ) as list( $email, $days, $handoff ) ) {
      $id = $store->save( array( 'handoff_id' => $handoff, 'name' => 'Erika Muster', 'company' => 'Muster GmbH', 'email' => $email, 'phone' => '+49 711 1', 'message' => 'Bitte um Rückruf', 'consent_text' => 'Einverstanden', 'locale' => 'de' ) );
      if ( $days ) {
        $when = time() - $days * DAY_IN_SECONDS;
        wp_update_post( array( 'ID' => $id, 'post_date' => get_date_from_gmt( gmdate( 'Y-m-d H:i:s', $when ) ), 'post_date_gmt' => gmdate( 'Y-m-d H:i:s', $when ) ) );
      }
      $ids[] = $id;
    }`;
}

async function adminPage(path: string): Promise<string> {
  const res = await siteFetch(`${stack.url}/wp-admin/${path}`, { headers: sessionHeaders(stack.admin) });
  expect(res.status, path).toBe(200);
  return res.text();
}

async function ajax(fields: Record<string, string>): Promise<any> {
  const res = await siteFetch(`${stack.url}/wp-admin/admin-ajax.php`, {
    method: 'POST',
    headers: { ...sessionHeaders(stack.admin), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.data;
}

function nonceFor(html: string, requestId: number): string {
  const match = new RegExp(`data-request-id="${requestId}" data-nonce="([0-9a-f]+)"`).exec(html);
  if (!match) throw new Error(`no nonce for request ${requestId} on the page`);
  return match[1];
}

async function settingsRequest(session: WordPressSession, method: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await siteFetch(`${stack.url}/wp-json/wp/v2/settings`, {
    method,
    headers: { ...sessionHeaders(session), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

describe('personal data of enquiries through Tools → Export / Erase Personal Data', () => {
  it('exports every enquiry of an address, paged, and erases them, leaving other people’s', async () => {
    const person = `erika-${randomUUID().slice(0, 8)}@example.com`;
    const other = `otto-${randomUUID().slice(0, 8)}@example.com`;
    // 21 enquiries: one more than a page, so core has to ask twice.
    const mine = Array.from({ length: 21 }, (_, i): [string, number, string] => [person, 0, `ho_export_${i}`]);
    const setup = php(`${saveEnquiries([...mine, [other, 0, 'ho_export_other']])}
      $export = wp_create_user_request( '${person}', 'export_personal_data' );
      $erase  = wp_create_user_request( '${person}', 'remove_personal_data' );
      echo wp_json_encode( array(
        'ids' => $ids, 'export' => $export, 'erase' => $erase,
        'exporter' => array_search( 'manufacturer-agent-enquiries', array_keys( apply_filters( 'wp_privacy_personal_data_exporters', array() ) ), true ) + 1,
        'eraser' => array_search( 'manufacturer-agent-enquiries', array_keys( apply_filters( 'wp_privacy_personal_data_erasers', array() ) ), true ) + 1,
      ) );`);
    expect(setup.exporter).toBeGreaterThan(0);
    expect(setup.eraser).toBeGreaterThan(0);

    const exportNonce = nonceFor(await adminPage('export-personal-data.php'), setup.export);
    const exportPage = (page: number) =>
      ajax({
        action: 'wp-privacy-export-personal-data',
        exporter: String(setup.exporter),
        id: String(setup.export),
        page: String(page),
        security: exportNonce,
        sendAsEmail: 'false',
      });
    const first = await exportPage(1);
    expect(first.done).toBe(false);
    expect(first.data).toHaveLength(20);
    const item = first.data[0];
    expect(item.group_id).toBe('manufacturer-agent-enquiries');
    expect(item.item_id).toBe(`enquiry-${setup.ids[0]}`);
    const fields = Object.fromEntries(item.data.map((d: { name: string; value: string }) => [d.name, d.value]));
    expect(fields).toMatchObject({
      Name: 'Erika Muster',
      Company: 'Muster GmbH',
      'E-mail': person,
      Telephone: '+49 711 1',
      Message: 'Bitte um Rückruf',
      Handoff: 'ho_export_0',
    });
    expect(fields['Sent at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const second = await exportPage(2);
    expect(second.done).toBe(true);
    expect(second.data.map((d: { item_id: string }) => d.item_id)).toEqual([`enquiry-${setup.ids[20]}`]);

    const eraseNonce = nonceFor(await adminPage('erase-personal-data.php'), setup.erase);
    const erasePage = (page: number) =>
      ajax({ action: 'wp-privacy-erase-personal-data', eraser: String(setup.eraser), id: String(setup.erase), page: String(page), security: eraseNonce });
    const erased1 = await erasePage(1);
    expect(erased1).toMatchObject({ items_removed: true, items_retained: false, messages: [], done: false });
    const erased2 = await erasePage(2);
    expect(erased2).toMatchObject({ items_removed: true, items_retained: false, done: true });
    const erased3 = await erasePage(3);
    expect(erased3).toMatchObject({ items_removed: false, items_retained: false, done: true });

    const left = php(`
      $store = new ManufacturerAgent\\Enquiries\\Enquiries();
      $erased = array_map( 'intval', json_decode( '${JSON.stringify(setup.ids.slice(0, 21))}', true ) );
      echo wp_json_encode( array( 'mine' => $store->ids_by_email( '${person}', 1, 100 ), 'other' => $store->ids_by_email( '${other}', 1, 100 ),
        'meta' => (int) $GLOBALS['wpdb']->get_var( "SELECT COUNT(*) FROM {$GLOBALS['wpdb']->postmeta} WHERE post_id IN (" . implode( ',', $erased ) . ")" ) ) );`);
    expect(left.mine).toEqual([]);
    expect(left.other).toEqual([setup.ids[21]]);
    expect(left.meta).toBe(0);
  });
});

describe('retention', () => {
  it('the daily task is scheduled and deletes only enquiries older than the retention days set', () => {
    const result = php(`${saveEnquiries([
      ['old@example.com', 200, 'ho_ret_old'],
      ['mid@example.com', 100, 'ho_ret_mid'],
      ['new@example.com', 0, 'ho_ret_new'],
    ])}
      $store = new ManufacturerAgent\\Enquiries\\Enquiries();
      $alive = static function () use ( $store, $ids ) { return array_values( array_filter( $ids, static fn( $id ) => null !== $store->get( $id ) ) ); };
      $scheduled = wp_get_scheduled_event( ManufacturerAgent\\Privacy\\Privacy::RETENTION_HOOK );
      delete_option( ManufacturerAgent\\Enquiries\\Enquiry_Settings::OPTION );
      do_action( ManufacturerAgent\\Privacy\\Privacy::RETENTION_HOOK );
      $after_default = $alive();
      update_option( ManufacturerAgent\\Enquiries\\Enquiry_Settings::OPTION, array_merge( ManufacturerAgent\\Enquiries\\Enquiry_Settings::defaults(), array( 'retention_days' => 30 ) ) );
      do_action( ManufacturerAgent\\Privacy\\Privacy::RETENTION_HOOK );
      $after_30 = $alive();
      $meta_left = (int) $GLOBALS['wpdb']->get_var( "SELECT COUNT(*) FROM {$GLOBALS['wpdb']->postmeta} WHERE post_id IN (" . implode( ',', array_map( 'intval', $ids ) ) . ")" );
      delete_option( ManufacturerAgent\\Enquiries\\Enquiry_Settings::OPTION );
      echo wp_json_encode( array( 'ids' => $ids, 'schedule' => $scheduled ? $scheduled->schedule : null, 'after_default' => $after_default, 'after_30' => $after_30, 'meta_left' => $meta_left ) );`);
    expect(result.schedule).toBe('daily');
    const [old, mid, fresh] = result.ids;
    expect(result.after_default).toEqual([mid, fresh]);
    expect(result.after_30).toEqual([fresh]);
    // The deleted enquiries' fields went with them: only the fresh one's are left.
    expect(result.meta_left).toBeGreaterThan(0);
    expect(result.meta_left).toBeLessThanOrEqual(10);
    expect(old).toBeLessThan(fresh);
  });
});

describe('privacy policy guide', () => {
  it('suggests the plugin’s text on admin_init, with the retention period in force', () => {
    const result = php(`
      require_once ABSPATH . 'wp-admin/includes/plugin.php';
      require_once ABSPATH . 'wp-admin/includes/class-wp-privacy-policy-content.php';
      update_option( ManufacturerAgent\\Enquiries\\Enquiry_Settings::OPTION, array_merge( ManufacturerAgent\\Enquiries\\Enquiry_Settings::defaults(), array( 'retention_days' => 1 ) ) );
      // admin_init in wp-admin, with only the plugin's own callbacks: the rest expects a real admin request.
      define( 'WP_ADMIN', true );
      foreach ( $GLOBALS['wp_filter']['admin_init']->callbacks as $priority => $callbacks ) {
        foreach ( $callbacks as $key => $callback ) {
          if ( ! ( is_array( $callback['function'] ) && $callback['function'][0] instanceof ManufacturerAgent\\Privacy\\Privacy ) ) {
            remove_action( 'admin_init', $callback['function'], $priority );
          }
        }
      }
      do_action( 'admin_init' );
      delete_option( ManufacturerAgent\\Enquiries\\Enquiry_Settings::OPTION );
      echo wp_json_encode( array_values( array_filter( WP_Privacy_Policy_Content::get_suggested_policy_text(), static fn( $p ) => 'Manufacturer Agent' === $p['plugin_name'] ) ) );`);
    expect(result).toHaveLength(1);
    const text: string = result[0].policy_text;
    expect(text).toContain('Enquiries are deleted automatically 1 day after they were sent.');
    expect(text).toContain('A handoff carries no personal data.');
    expect(text).toContain('your e-mail address');
    expect(text).toContain('sent by e-mail to our advisors');
  });
});

describe('the enquiry form’s settings through /wp/v2/settings', () => {
  const OPTION = 'manufacturer_agent_enquiry_form';

  it('saves valid settings for an administrator', async () => {
    const before = await settingsRequest(stack.admin, 'GET');
    expect(before.status).toBe(200);
    const settings = { ...before.json[OPTION], advisor_emails: ['beratung@example.com'], retention_days: 90, send_confirmation: true };
    const saved = await settingsRequest(stack.admin, 'POST', { [OPTION]: settings });
    expect(saved.status).toBe(200);
    expect(saved.json[OPTION]).toEqual(settings);
    expect((await settingsRequest(stack.admin, 'GET')).json[OPTION]).toEqual(settings);
    const restored = await settingsRequest(stack.admin, 'POST', { [OPTION]: before.json[OPTION] });
    expect(restored.status).toBe(200);
  });

  it.each([
    ['a bad e-mail', { advisor_emails: ['not-an-address'] }],
    ['retention 0', { retention_days: 0 }],
    ['an unknown key', { colour: 'red' }],
  ])('refuses %s with 400 and saves nothing', async (_, change) => {
    const before = (await settingsRequest(stack.admin, 'GET')).json[OPTION];
    const refused = await settingsRequest(stack.admin, 'POST', { [OPTION]: { ...before, retention_days: 45, ...change } });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('rest_invalid_param');
    expect((await settingsRequest(stack.admin, 'GET')).json[OPTION]).toEqual(before);
  });

  it('refuses a subscriber with 403', async () => {
    const read = await settingsRequest(stack.subscriber, 'GET');
    expect(read.status).toBe(403);
    const write = await settingsRequest(stack.subscriber, 'POST', { [OPTION]: { retention_days: 5 } });
    expect(write.status).toBe(403);
  });
});

describe('uninstall', () => {
  it('removes every enquiry with its fields, the form’s option, its tokens and the retention task; activation seeds again', () => {
    const result = php(`${saveEnquiries([['uninstall@example.com', 0, 'ho_uninstall']])}
      update_option( ManufacturerAgent\\Enquiries\\Enquiry_Settings::OPTION, array_merge( ManufacturerAgent\\Enquiries\\Enquiry_Settings::defaults(), array( 'retention_days' => 7 ) ) );
      update_option( ManufacturerAgent\\Enquiries\\Enquiry_Guard::CLAIM_PREFIX . 'abc', 'x', false );
      update_option( ManufacturerAgent\\Enquiries\\Enquiry_Guard::SLOT_PREFIX . 'def_1', (string) time(), false );
      // What an earlier version counted clients in.
      set_transient( 'manufacturer_agent_enquiries_ghi', 'y', HOUR_IN_SECONDS );
      update_option( 'unrelated_option_kept', 'z' );
      ManufacturerAgent\\Privacy\\Privacy::schedule();
      $before = array( 'enquiries' => count( get_posts( array( 'post_type' => 'ma_enquiry', 'post_status' => 'any', 'fields' => 'ids', 'numberposts' => -1 ) ) ), 'cron' => (bool) wp_next_scheduled( ManufacturerAgent\\Privacy\\Privacy::RETENTION_HOOK ) );
      require_once ABSPATH . 'wp-admin/includes/plugin.php';
      uninstall_plugin( plugin_basename( ManufacturerAgent\\PLUGIN_FILE ) );
      global $wpdb;
      $after = array(
        'enquiries' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = 'ma_enquiry'" ),
        'meta' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->postmeta} WHERE meta_key LIKE '\\_manufacturer\\_agent\\_%'" ),
        'options' => $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '%manufacturer\\_agent\\_enquir%' OR option_name LIKE '%manufacturer\\_agent\\_claim%' OR option_name LIKE '%manufacturer\\_agent\\_slot%'" ),
        'cron' => (bool) wp_next_scheduled( ManufacturerAgent\\Privacy\\Privacy::RETENTION_HOOK ),
        'kept' => get_option( 'unrelated_option_kept' ),
      );
      delete_option( 'unrelated_option_kept' );
      ManufacturerAgent\\Core\\Lifecycle::activate();
      echo wp_json_encode( array( 'before' => $before, 'after' => $after ) );`);
    expect(result.before.enquiries).toBeGreaterThan(0);
    expect(result.before.cron).toBe(true);
    expect(result.after).toEqual({ enquiries: 0, meta: 0, options: [], cron: false, kept: 'z' });
  });
});
