// @vitest-environment jsdom
// Refusals of the admin REST API, as api-fetch hands them over, turned into what the form shows.
import { describe, expect, it } from 'vitest';
import { toApiError, ApiError, saveConfig, loadHandoffs, loadEnquiryFormSettings, saveEnquiryFormSettings } from '../../admin-ui/src/api.js';
import { ENQUIRY_FORM_OPTION } from '../../admin-ui/src/types.js';
import { FakeServer, defaultConfig } from './fake-server.js';

describe('admin API errors', () => {
  it('reads the field errors of a refused save (WP_Error data.errors)', () => {
    const error = toApiError({
      code: 'invalid_config',
      message: 'not saved',
      data: { status: 400, errors: [{ field: '/materials/0/name/de', message: 'must not be empty' }] },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('not saved');
    expect(error.fieldErrors).toEqual([{ field: '/materials/0/name/de', message: 'must not be empty' }]);
  });

  it('reads problem+json errors too, and the root pointer', () => {
    const error = toApiError({ status: 400, detail: 'bad', errors: [{ field: '', message: 'is invalid' }, { nope: true }] });
    expect(error.message).toBe('bad');
    expect(error.fieldErrors).toEqual([{ field: '/', message: 'is invalid' }]);
  });

  it('says nothing was saved when the service is down', () => {
    const error = toApiError({ code: 'sidecar_unavailable', message: 'down', data: { status: 503 } });
    expect(error.message).toMatch(/nothing was saved/);
    expect(error.message).toMatch(/down/);
  });

  it('explains a network failure or a page that is not JSON', () => {
    for (const reason of [
      { code: 'fetch_error', message: 'You are probably offline.' },
      { code: 'invalid_json', message: 'The response is not a valid JSON response.' },
      undefined,
    ]) {
      expect(toApiError(reason).message).toMatch(/WordPress could not be reached/);
    }
  });
});

describe('admin API calls', () => {
  it('saves with PUT /config {config} and lists handoffs with page, per_page and next_step', async () => {
    const server = new FakeServer().install();
    const config = defaultConfig();
    const saved = await saveConfig(config);
    expect(saved.revision).toBe('rev-2');
    expect(server.puts()[0].data).toEqual({ config });
    await loadHandoffs(2, 20, 'sample_request');
    const call = server.calls.at(-1)!;
    expect(call.route).toBe('/handoffs');
    expect(Object.fromEntries([...call.query].filter(([name]) => name !== '_locale'))).toEqual({ page: '2', per_page: '20', next_step: 'sample_request' });
    await loadHandoffs(1, 20, '', 'expired');
    expect(Object.fromEntries([...server.calls.at(-1)!.query].filter(([name]) => name !== '_locale'))).toEqual({ page: '1', per_page: '20', state: 'expired' });
  });

  it('reads and saves the enquiry form’s option through /wp/v2/settings, and nothing else', async () => {
    const server = new FakeServer().install();
    const settings = await loadEnquiryFormSettings();
    expect(settings).toEqual(server.enquiryForm);
    const saved = await saveEnquiryFormSettings({ ...settings, retention_days: 7 });
    expect(saved.retention_days).toBe(7);
    expect(server.settingsPosts().map((call) => call.data)).toEqual([{ [ENQUIRY_FORM_OPTION]: { ...settings, retention_days: 7 } }]);
    server.canManageOptions = false;
    await expect(loadEnquiryFormSettings()).rejects.toMatchObject({ status: 403 });
  });

  it('turns a refusal into an ApiError with the field messages', async () => {
    const server = new FakeServer().install();
    const config = defaultConfig();
    config.company.name = '';
    await expect(saveConfig(config)).rejects.toMatchObject({ status: 400, fieldErrors: [{ field: '/company/name', message: 'Must not be empty.' }] });
    expect(server.config.company.name).not.toBe('');
  });
});
