// @vitest-environment jsdom
// With the German locale data WordPress hands to wp.i18n (the shipped JED JSON), the screen is German,
// its validation messages included.
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from '@wordpress/element';
import { setLocaleData } from '@wordpress/i18n';
import { App } from '../../admin-ui/src/App.js';
// manufacturer-agent-de_DE-<md5('build/admin/index.js')>.json, as load_script_textdomain looks it up.
import german from '../../plugin/languages/manufacturer-agent-de_DE-757eccaece1679b51289d2c0f1a3403c.json' with { type: 'json' };
import { FakeServer } from './fake-server.js';
import { GERMAN_TAB_NAMES } from '../support/admin-tabs.js';

afterEach(() => cleanup());

it('shows the screen in German when WordPress loads the German translation', async () => {
  new FakeServer().install();
  document.documentElement.lang = 'de-DE';
  setLocaleData(german.locale_data.messages as never, 'manufacturer-agent');
  render(<App />);
  await screen.findByRole('table', { name: 'Materialien im Katalog' });
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(GERMAN_TAB_NAMES);
  fireEvent.click(screen.getByRole('button', { name: 'Vlies Classic 150 bearbeiten' }));
  const weight = document.querySelector<HTMLInputElement>('[data-field="/materials/0/weight_g_m2"]')!;
  fireEvent.change(weight, { target: { value: '20' } });
  expect(screen.getByText('Muss mindestens 50 sein.')).toBeTruthy();
  expect(screen.getByRole('textbox', { name: 'Name (Deutsch)' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Änderungen speichern' })).toBeTruthy();
});
