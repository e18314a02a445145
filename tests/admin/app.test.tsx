// @vitest-environment jsdom
// The admin screen rendered with the real components against a stand-in of the admin REST API:
// sections, validation next to the fields, server refusals, the removal rule, unsaved changes.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from '@wordpress/element';
import { App } from '../../admin-ui/src/App.js';
import material from '../../schemas/material.schema.json' with { type: 'json' };
import { FakeServer } from './fake-server.js';
import { description, field } from './dom.js';

let server: FakeServer;
let consoleError: MockInstance;
let consoleWarn: MockInstance;

beforeEach(() => {
  server = new FakeServer().install();
  // The current @wordpress/components (as on current WordPress) must neither complain nor deprecate.
  consoleError = vi.spyOn(console, 'error');
  consoleWarn = vi.spyOn(console, 'warn');
});

afterEach(() => {
  cleanup();
  const errors = consoleError.mock.calls.map((call) => call.map(String).join(' '));
  const warnings = consoleWarn.mock.calls.map((call) => call.map(String).join(' '));
  consoleError.mockRestore();
  consoleWarn.mockRestore();
  expect(errors, 'console.error').toEqual([]);
  expect(warnings, 'console.warn').toEqual([]);
});

async function renderApp() {
  const view = render(<App />);
  await screen.findByRole('table', { name: 'Materials in the catalog' });
  return view;
}

/** Text in the screen itself (Notice also speaks its message in a live region outside it). */
function inScreen() {
  return within(document.querySelector<HTMLElement>('.ma-admin')!);
}

function tab(name: RegExp | string) {
  return screen.getByRole('tab', { name });
}

function editFirstMaterial() {
  fireEvent.click(screen.getByRole('button', { name: 'Edit Non-woven Classic 150' }));
}

describe('admin screen', () => {
  it('loads the configuration and shows the materials', async () => {
    await renderApp();
    const table = screen.getByRole('table', { name: 'Materials in the catalog' });
    expect(within(table).getAllByRole('row')).toHaveLength(server.config.materials.length + 1);
    expect(screen.getByText('All changes saved')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('has a section for each part of the configuration, the handoffs, the insights and the status', async () => {
    await renderApp();
    const names = screen.getAllByRole('tab').map((element) => element.textContent);
    expect(names).toEqual(['Materials', 'Recommendations', 'Company', 'Handoff targets', 'Discovery texts', 'Handoffs', 'Insights', 'Enquiry form', 'Status']);
  });

  it('offers an input for every field of the material schema', async () => {
    await renderApp();
    editFirstMaterial();
    for (const property of Object.keys(material.properties)) {
      const found = document.querySelector(`[data-field^="/materials/0/${property}"], [data-list="/materials/0/${property}"]`);
      expect(found, property).not.toBeNull();
    }
    // German and English side by side, each labelled.
    expect(screen.getByRole('textbox', { name: 'Name (German)' })).toBe(field('/materials/0/name/de'));
    expect(screen.getByRole('textbox', { name: 'Name (English)' })).toBe(field('/materials/0/name/en'));
  });

  it('labels every input visibly', async () => {
    await renderApp();
    editFirstMaterial();
    const sections = ['Materials', 'Recommendations', 'Company', 'Handoff targets', 'Discovery texts', /^Handoffs/, 'Enquiry form'];
    for (const name of sections) {
      fireEvent.click(tab(name));
      await waitFor(() => expect(document.querySelector('.ma-section')).not.toBeNull());
      for (const input of document.querySelectorAll<HTMLElement>('.ma-admin input, .ma-admin select, .ma-admin textarea')) {
        const label = input.id ? document.querySelector(`label[for="${input.id}"]`) : input.closest('label');
        expect(label?.textContent?.trim(), `${String(name)}: ${input.outerHTML.slice(0, 120)}`).toBeTruthy();
      }
    }
  });

  it('keeps edits when switching sections and marks them unsaved', async () => {
    await renderApp();
    editFirstMaterial();
    fireEvent.change(field('/materials/0/name/de'), { target: { value: 'Vlies Classic 160' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(tab('Company'));
    fireEvent.change(field('/company/name'), { target: { value: 'Wandwerk GmbH' } });
    fireEvent.click(tab('Materials'));
    expect(field('/materials/0/name/de').value).toBe('Vlies Classic 160');
    fireEvent.click(tab('Company'));
    expect(field('/company/name').value).toBe('Wandwerk GmbH');
  });

  it('asks before the page is left with unsaved changes, and not otherwise', async () => {
    await renderApp();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    editFirstMaterial();
    fireEvent.change(field('/materials/0/surface/en'), { target: { value: 'smooth' } });
    expect(leave()).toBe(true);
    fireEvent.change(field('/materials/0/surface/en'), { target: { value: 'smooth, matt' } });
    expect(leave()).toBe(false);
  });

  it('shows a schema message next to the field before saving, and saves nothing invalid', async () => {
    await renderApp();
    editFirstMaterial();
    const weight = field('/materials/0/weight_g_m2');
    fireEvent.change(weight, { target: { value: '20' } });
    expect(weight.getAttribute('aria-invalid')).toBe('true');
    expect(description(weight)).toContain('Must be at least 50.');
    fireEvent.change(field('/materials/0/name/de'), { target: { value: '' } });
    expect(description(field('/materials/0/name/de'))).toContain('Must not be empty.');
    expect(screen.getByRole('tab', { name: 'Materials (2 problems)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await inScreen().findByText('Nothing was saved: 2 fields need attention.')).toBeTruthy();
    expect(server.puts()).toHaveLength(0);
    const summary = screen.getByRole('group', { name: 'Fields that need attention' });
    expect(within(summary).getByText(/Must be at least 50/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(summary));
  });

  it('takes the editor from the error summary to the field, in another section too', async () => {
    await renderApp();
    fireEvent.click(tab('Handoff targets'));
    fireEvent.change(field('/handoff_targets/wallcheck'), { target: { value: 'wallcheck' } });
    fireEvent.click(tab('Materials'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const summary = await screen.findByRole('group', { name: 'Fields that need attention' });
    fireEvent.click(within(summary).getByRole('button', { name: 'Handoff targets › Wallcheck (print-file check)' }));
    await waitFor(() => expect(document.activeElement).toBe(field('/handoff_targets/wallcheck')));
    expect(description(field('/handoff_targets/wallcheck'))).toContain('Enter a path on this site that starts with a single slash');
  });

  it('saves the whole configuration and is clean afterwards', async () => {
    await renderApp();
    editFirstMaterial();
    fireEvent.change(field('/materials/0/name/en'), { target: { value: 'Non-woven Classic 160' } });
    fireEvent.click(tab('Recommendations'));
    fireEvent.change(field('/recommendations/effekt/material_id'), { target: { value: 'vlies-classic' } });
    fireEvent.change(field('/recommendations/effekt/reason/de'), { target: { value: 'Neue Begründung' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await inScreen().findByText('Saved. The public endpoints and documents show the change now.')).toBeTruthy();
    expect(server.puts()).toHaveLength(1);
    const sent = (server.puts()[0].data as { config: typeof server.config }).config;
    expect(sent.materials[0].name.en).toBe('Non-woven Classic 160');
    expect(sent.recommendations.effekt).toEqual({
      material_id: 'vlies-classic',
      reason: { de: 'Neue Begründung', en: server.config.recommendations.effekt.reason.en },
    });
    expect(screen.getByText('All changes saved')).toBeTruthy();
  });

  it('edits the customers’ words of the question endpoint and saves them with the configuration', async () => {
    await renderApp();
    fireEvent.click(tab('Discovery texts'));
    fireEvent.change(field('/discovery/vocabulary/synonyms/0/words/de'), { target: { value: 'Korridor, Gang, Diele' } });
    const useCases = server.config.discovery.vocabulary!.use_cases.length;
    fireEvent.click(screen.getByRole('button', { name: 'Add use case' }));
    fireEvent.change(field(`/discovery/vocabulary/use_cases/${useCases}/words/de`), { target: { value: 'Turnhalle' } });
    fireEvent.change(field(`/discovery/vocabulary/use_cases/${useCases}/words/en`), { target: { value: 'gym' } });
    const requires = document.querySelector(`[data-field="/discovery/vocabulary/use_cases/${useCases}/requires"]`)!;
    fireEvent.click(
      within(requires as HTMLElement).getByRole('checkbox', { name: server.config.discovery.vocabulary!.needs!.find((n) => n.id === 'heavy_duty')!.label.en }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await inScreen().findByText('Saved. The public endpoints and documents show the change now.')).toBeTruthy();
    const sent = (server.puts()[0].data as { config: typeof server.config }).config;
    expect(sent.discovery.vocabulary!.synonyms[0].words.de).toBe('Korridor, Gang, Diele');
    expect(sent.discovery.vocabulary!.use_cases.at(-1)).toEqual({
      words: { de: 'Turnhalle', en: 'gym' },
      requires: ['heavy_duty'],
      mentions: { de: '', en: '' },
    });
  });

  // Rendering the Discovery section with its needs takes 17 s in jsdom on a loaded 2-core machine.
  it('edits a need in its collapsed panel (closed panels render no fields) and saves it with the configuration', { timeout: 90_000 }, async () => {
    await renderApp();
    fireEvent.click(tab('Discovery texts'));
    const needs = server.config.discovery.vocabulary!.needs!;
    expect(document.querySelector('[data-list="/discovery/vocabulary/needs"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Needs and ordered scales' }));
    expect(document.querySelector('[data-field="/discovery/vocabulary/needs/0/words/de"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: needs[0].label.en }));
    fireEvent.change(field('/discovery/vocabulary/needs/0/words/de'), { target: { value: `${needs[0].words.de}, Nasszelle` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await inScreen().findByText('Saved. The public endpoints and documents show the change now.')).toBeTruthy();
    const sent = (server.puts()[0].data as { config: typeof server.config }).config;
    expect(sent.discovery.vocabulary!.needs![0].words.de).toBe(`${needs[0].words.de}, Nasszelle`);
    expect(sent.discovery.vocabulary!.needs![0].met_by).toEqual(needs[0].met_by);
    expect(sent.discovery.vocabulary!.scales).toEqual(server.config.discovery.vocabulary!.scales);
  });

  it('shows the server’s field messages in the form when it refuses a save', async () => {
    await renderApp();
    fireEvent.click(tab('Company'));
    fireEvent.change(field('/company/name'), { target: { value: 'Wandwerk' } });
    server.nextSave = {
      status: 400,
      body: {
        code: 'invalid_config',
        message: 'The configuration was not saved: some fields are invalid.',
        data: { errors: [{ field: '/company/name', message: 'is already used by another site' }] },
      },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await inScreen().findByText('The server refused the save: 1 field needs attention. Nothing was saved.')).toBeTruthy();
    await waitFor(() => expect(description(field('/company/name'))).toContain('is already used by another site'));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    // Editing the field clears the server's message for it.
    fireEvent.change(field('/company/name'), { target: { value: 'Wandwerk AG' } });
    expect(description(field('/company/name'))).not.toContain('is already used by another site');
  });

  it('says so when the service is down, and keeps the edits', async () => {
    await renderApp();
    fireEvent.click(tab('Company'));
    fireEvent.change(field('/company/name'), { target: { value: 'Wandwerk' } });
    server.nextSave = { status: 503, body: { code: 'sidecar_unavailable', message: 'The agent service cannot be reached right now.' } };
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await inScreen().findByText(/The service is not reachable at the moment; nothing was saved/)).toBeTruthy();
    expect(field('/company/name').value).toBe('Wandwerk');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('removes a recommended material only after another is chosen for its priority', async () => {
    await renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Glass fibre fabric A2' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Remove material' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const select = within(dialog).getByRole('combobox', { name: 'New recommendation for “Fire protection”' });
    expect(within(select).queryByRole('option', { name: /glasfaser-a2/ })).toBeNull();
    fireEvent.change(select, { target: { value: 'vlies-fr-b1' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Remove Glass fibre fabric A2' })).toBeNull();
    fireEvent.click(tab('Recommendations'));
    expect(field('/recommendations/brandschutz/material_id').value).toBe('vlies-fr-b1');
  });

  it('adds and duplicates materials, each opening in the editor', async () => {
    await renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Non-woven Classic 150' }));
    expect(field('/materials/1/id').value).toBe('vlies-classic-2');
    expect(field('/materials/1/name/en').value).toBe('Non-woven Classic 150 (copy)');
    fireEvent.click(screen.getByRole('button', { name: 'Add material' }));
    const last = server.config.materials.length + 1;
    expect(field(`/materials/${last}/id`).value).toBe('new-material');
    expect(description(field(`/materials/${last}/name/de`))).toContain('Must not be empty.');
  });

  it('lists handoffs newest first, filtered by next step, a page at a time', async () => {
    await renderApp();
    fireEvent.click(tab('Handoffs'));
    expect(await screen.findByText('45 handoffs')).toBeTruthy();
    const rows = () => screen.getAllByRole('row').filter((row) => row.hasAttribute('data-handoff'));
    await waitFor(() => expect(rows()).toHaveLength(20));
    const times = rows().map((row) => row.querySelector('time')!.getAttribute('datetime')!);
    expect([...times].sort().reverse()).toEqual(times);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeTruthy());
    fireEvent.change(screen.getByRole('combobox', { name: 'Next step' }), { target: { value: 'wallcheck' } });
    expect(await screen.findByText('15 handoffs')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    const last = server.calls.filter((call) => call.route === '/handoffs').at(-1)!;
    expect(last.query.get('next_step')).toBe('wallcheck');
    expect(last.query.get('page')).toBe('1');
    await waitFor(() => expect(rows().every((row) => row.textContent!.includes('Wallcheck'))).toBe(true));
  });

  it('shows the status of the service', async () => {
    server.sidecarReachable = false;
    await renderApp();
    fireEvent.click(tab('Status'));
    const table = await screen.findByRole('table', { name: 'Service status' });
    expect(within(table).getByRole('row', { name: /Service reachable\s*No/ })).toBeTruthy();
    server.sidecarReachable = true;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    });
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Service status' })).getByRole('row', { name: /Service version\s*1\.1\.4/ })).toBeTruthy(),
    );
    expect(within(screen.getByRole('table', { name: 'Service status' })).getByRole('row', { name: /Configuration in sync\s*Yes/ })).toBeTruthy();
  });

  it('after a sidecar restart: sends the saved configuration, says so, and shows nothing red', async () => {
    server.sidecarHeldRevision = 'default';
    await renderApp();
    fireEvent.click(tab('Status'));
    const table = await screen.findByRole('table', { name: 'Service status' });
    expect(within(table).getByRole('row', { name: /Configuration in sync\s*Yes/ })).toBeTruthy();
    expect(screen.getAllByText(/held configuration revision default .* was sent to it just now/).length).toBeGreaterThan(0);
    expect(server.sidecarHeldRevision).toBeNull();
    expect(document.querySelectorAll('.ma-section[data-section="status"] .ma-badge--error')).toHaveLength(0);
    expect(document.querySelector('[data-check="config_sync"]')!.getAttribute('data-status')).toBe('good');
  });

  it('red for what needs a person: a refused push, a sidecar that does not answer (its sync then unknown, not red)', async () => {
    server.sidecarHeldRevision = 'default';
    server.pushRefusal = '/company/name: must not be empty';
    await renderApp();
    fireEvent.click(tab('Status'));
    const table = await screen.findByRole('table', { name: 'Service status' });
    const syncRow = within(table).getByRole('row', { name: /Configuration in sync\s*No/ });
    expect(syncRow.querySelector('.ma-badge--error')).toBeTruthy();
    expect(screen.getAllByText(/sending it the saved configuration failed: \/company\/name: must not be empty/).length).toBeGreaterThan(0);
    const check = document.querySelector('[data-check="config_sync"]')!;
    expect(check.getAttribute('data-status')).toBe('critical');
    expect(within(check as HTMLElement).getByRole('link', { name: 'Open the agent service’s status' })).toBeTruthy();

    server.sidecarReachable = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    });
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Service status' })).getByRole('row', { name: /Service reachable\s*No/ })).toBeTruthy(),
    );
    const unknown = within(screen.getByRole('table', { name: 'Service status' })).getByRole('row', { name: /Configuration in sync\s*Unknown/ });
    expect(unknown.querySelector('.ma-badge--error')).toBeNull();
    expect(document.querySelector('[data-check="reachable"]')!.getAttribute('data-status')).toBe('critical');
  });

  it('operates with buttons and form controls only (keyboard reachable)', async () => {
    await renderApp();
    editFirstMaterial();
    for (const element of document.querySelectorAll<HTMLElement>('.ma-admin [onclick], .ma-admin [role="button"]')) {
      expect(['BUTTON', 'A', 'INPUT'].includes(element.tagName) || element.tabIndex >= 0, element.outerHTML.slice(0, 120)).toBe(true);
    }
    for (const button of document.querySelectorAll<HTMLButtonElement>('.ma-admin button')) {
      expect((button.getAttribute('aria-label') ?? button.textContent ?? '').trim(), button.outerHTML.slice(0, 120)).not.toBe('');
    }
  });
});
