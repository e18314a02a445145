// @vitest-environment jsdom
// The Handoffs tab with each handoff's state and enquiry, and the Enquiry form tab with its own
// validation and save through /wp/v2/settings, against the stand-in of WordPress's REST API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from '@wordpress/element';
import { App } from '../../admin-ui/src/App.js';
import { ENQUIRY_FORM_OPTION } from '../../admin-ui/src/types.js';
import { FakeServer, defaultEnquiryFormSettings } from './fake-server.js';
import { description, field } from './dom.js';

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer().install();
});
afterEach(() => cleanup());

async function openTab(name: string) {
  render(<App />);
  await screen.findByRole('table', { name: 'Materials in the catalog' });
  fireEvent.click(screen.getByRole('tab', { name }));
}

const rows = () => screen.getAllByRole('row').filter((row) => row.hasAttribute('data-handoff'));

describe('Handoffs tab', () => {
  it('shows each handoff’s state by its label and filters by state', async () => {
    await openTab('Handoffs');
    await waitFor(() => expect(rows()).toHaveLength(20));
    for (const row of rows()) {
      const handoff = server.handoffs.find((h) => h.id === row.getAttribute('data-handoff'))!;
      const label = { created: 'Created', opened: 'Link opened', submitted: 'Enquiry sent', expired: 'Expired' }[handoff.state];
      expect(row.querySelector('.ma-state')!.textContent).toBe(label);
    }
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'submitted' } });
    const submitted = server.handoffs.filter((h) => h.state === 'submitted').length;
    expect(await screen.findByText(`${submitted} handoffs`)).toBeTruthy();
    const last = server.calls.filter((call) => call.route === '/handoffs').at(-1)!;
    expect(last.query.get('state')).toBe('submitted');
    expect(last.query.get('page')).toBe('1');
    await waitFor(() => expect(rows().every((row) => row.querySelector('.ma-state')!.textContent === 'Enquiry sent')).toBe(true));
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: '' } });
    expect(await screen.findByText('45 handoffs')).toBeTruthy();
    expect(
      server.calls
        .filter((call) => call.route === '/handoffs')
        .at(-1)!
        .query.has('state'),
    ).toBe(false);
  });

  it('opens a handoff’s enquiry: name, company, e-mail as mailto, phone, message, sent at, whether the e-mail went out', async () => {
    await openTab('Handoffs');
    await waitFor(() => expect(rows()).toHaveLength(20));
    const withEnquiry = rows().filter((row) => within(row).queryByRole('button', { name: /^Show the enquiry of / }));
    const without = rows().filter((row) => !within(row).queryByRole('button', { name: /^Show the enquiry of / }));
    expect(withEnquiry.length).toBeGreaterThan(0);
    expect(without.every((row) => server.handoffs.find((h) => h.id === row.getAttribute('data-handoff'))!.enquiry === null)).toBe(true);

    // One that went out and one that failed, as the fake server alternates them.
    for (const row of withEnquiry.slice(0, 2)) {
      const handoff = server.handoffs.find((h) => h.id === row.getAttribute('data-handoff'))!;
      const enquiry = handoff.enquiry!;
      const toggle = within(row).getByRole('button', { name: `Show the enquiry of ${enquiry.name}` });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      const text = details.textContent!;
      expect(text).toContain(enquiry.name);
      expect(text).toContain(enquiry.company || '—');
      expect(text).toContain(enquiry.message);
      expect(within(details).getByRole('link', { name: enquiry.email }).getAttribute('href')).toBe(`mailto:${enquiry.email}`);
      if (enquiry.phone) expect(within(details).getByRole('link', { name: enquiry.phone }).getAttribute('href')).toBe('tel:+49711123');
      expect(details.querySelector('time')!.getAttribute('datetime')).toBe(enquiry.sent_at);
      expect(text).toContain(enquiry.mail_sent === '1' ? 'Sent to the advisors' : 'Not sent: the e-mail failed');
      fireEvent.click(within(row).getByRole('button', { name: `Hide the enquiry of ${enquiry.name}` }));
      expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeNull();
    }
  });
});

describe('Enquiry form tab', () => {
  it('shows the saved settings and saves a change through /wp/v2/settings', async () => {
    server.enquiryForm = { ...defaultEnquiryFormSettings(), advisor_emails: ['a@example.com'] };
    await openTab('Enquiry form');
    await screen.findByRole('heading', { name: 'Enquiry form' });
    expect(field('/advisor_emails').value).toBe('a@example.com');
    expect(field('/retention_days').value).toBe('180');
    expect((field('/enabled') as HTMLInputElement).checked).toBe(true);
    const save = screen.getByRole('button', { name: 'Save the enquiry form' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    // One save button on this tab: the site configuration's bar is not shown while it has nothing unsaved.
    expect(screen.queryByRole('region', { name: 'Save changes' })).toBeNull();

    fireEvent.change(field('/advisor_emails'), { target: { value: 'a@example.com\n  b@example.com \n' } });
    fireEvent.change(field('/retention_days'), { target: { value: '30' } });
    fireEvent.change(field('/consent_text/en'), { target: { value: 'I agree. {privacy_policy}' } });
    fireEvent.click(field('/send_confirmation'));
    fireEvent.click(save);
    expect(await screen.findByText('The enquiry form’s settings are saved.', { selector: '.ma-message *' })).toBeTruthy();
    expect(server.settingsPosts()).toHaveLength(1);
    const expected = {
      ...defaultEnquiryFormSettings(),
      advisor_emails: ['a@example.com', 'b@example.com'],
      retention_days: 30,
      send_confirmation: true,
      consent_text: { ...defaultEnquiryFormSettings().consent_text, en: 'I agree. {privacy_policy}' },
    };
    expect(server.settingsPosts()[0].data).toEqual({ [ENQUIRY_FORM_OPTION]: expected });
    expect(server.enquiryForm).toEqual(expected);
    await waitFor(() => expect(save.disabled).toBe(true));
    // The site configuration was not touched.
    expect(server.puts()).toHaveLength(0);
  });

  it('names what is wrong at each field and saves nothing invalid', async () => {
    await openTab('Enquiry form');
    await screen.findByRole('heading', { name: 'Enquiry form' });
    fireEvent.change(field('/advisor_emails'), { target: { value: 'beratung@example.com\nnot-an-address' } });
    fireEvent.change(field('/retention_days'), { target: { value: '0' } });
    fireEvent.change(field('/submissions_per_hour'), { target: { value: 'many' } });
    fireEvent.change(field('/consent_text/de'), { target: { value: 'x'.repeat(5000) } });

    expect(field('/advisor_emails').getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('[data-field-errors="/advisor_emails"]')!.textContent).toContain(
      'Line 2: Enter an e-mail address such as beratung@example.com.',
    );
    expect(description(field('/retention_days'))).toContain('Must be at least 1.');
    expect(description(field('/submissions_per_hour'))).toContain('Enter a whole number.');

    fireEvent.click(screen.getByRole('button', { name: 'Save the enquiry form' }));
    expect(await screen.findByText('Nothing was saved: correct the marked fields first.', { selector: '.ma-message *' })).toBeTruthy();
    expect(server.settingsPosts()).toHaveLength(0);

    fireEvent.change(field('/advisor_emails'), { target: { value: 'beratung@example.com' } });
    fireEvent.change(field('/retention_days'), { target: { value: '3650' } });
    fireEvent.change(field('/submissions_per_hour'), { target: { value: '10' } });
    fireEvent.change(field('/consent_text/de'), { target: { value: 'Einverstanden.' } });
    expect(field('/retention_days').getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save the enquiry form' }));
    expect(await screen.findByText('The enquiry form’s settings are saved.', { selector: '.ma-message *' })).toBeTruthy();
    expect(server.enquiryForm.retention_days).toBe(3650);
  });

  it('says so when WordPress refuses the save (a user without the capability)', async () => {
    await openTab('Enquiry form');
    await screen.findByRole('heading', { name: 'Enquiry form' });
    server.canManageOptions = false;
    fireEvent.change(field('/retention_days'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the enquiry form' }));
    expect(await screen.findByText(/The settings were not saved\. Sorry, you are not allowed to do that\./, { selector: '.ma-message *' })).toBeTruthy();
    expect(server.enquiryForm.retention_days).toBe(180);
  });
});
