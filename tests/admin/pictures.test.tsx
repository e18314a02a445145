// @vitest-environment jsdom
// Pictures in the material editor against a stand-in of WordPress's media modal (window.wp.media): the
// chosen attachment becomes the swatch with its alt text in both languages (the material's name when it
// has none), application photos stop at six, the save sends ids and alt texts, and a picture the server
// reports as unpublishable is marked in the list and in the editor.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from '@wordpress/element';
import { App } from '../../admin-ui/src/App.js';
import { MAX_APPLICATION_PHOTOS } from '../../admin-ui/src/pictures.js';
import { FakeServer } from './fake-server.js';
import { field } from './dom.js';

interface Attachment {
  id: number;
  alt: string;
  url: string;
  sizes: { thumbnail: { url: string } };
}

let server: FakeServer;
/** What the stand-in modal hands over on its next opening, and the options it was opened with. */
let nextChoice: Attachment[] = [];
const openings: Record<string, unknown>[] = [];

const attachment = (id: number, alt: string): Attachment => ({
  id,
  alt,
  url: `https://www.example.test/wp-content/uploads/${id}.jpg`,
  sizes: { thumbnail: { url: `https://www.example.test/wp-content/uploads/${id}-150x150.jpg` } },
});

beforeEach(() => {
  server = new FakeServer().install();
  (window as unknown as { wp: unknown }).wp = {
    media: (options: Record<string, unknown>) => {
      openings.push(options);
      let onSelect = () => {};
      return {
        on: (_event: string, callback: () => void) => (onSelect = callback),
        open: () => onSelect(),
        state: () => ({ get: () => ({ toJSON: () => nextChoice }) }),
      };
    },
  };
});

afterEach(() => {
  cleanup();
  delete (window as unknown as { wp?: unknown }).wp;
  openings.length = 0;
});

async function editFirstMaterial() {
  render(<App />);
  await screen.findByRole('table', { name: 'Materials in the catalog' });
  fireEvent.click(screen.getByRole('button', { name: 'Edit Non-woven Classic 150' }));
}

describe('pictures in the material editor', () => {
  it('takes the swatch and application photos from the media modal, with their alt texts, and saves ids and alt texts', async () => {
    await editFirstMaterial();
    nextChoice = [attachment(11, 'Vlies, Nahaufnahme')];
    fireEvent.click(screen.getByRole('button', { name: 'Choose swatch' }));
    expect(openings[0]).toMatchObject({ multiple: false, library: { type: 'image' } });
    expect(field('/materials/0/pictures/swatch/alt/de').value).toBe('Vlies, Nahaufnahme');
    expect(field('/materials/0/pictures/swatch/alt/en').value).toBe('Vlies, Nahaufnahme');
    fireEvent.change(field('/materials/0/pictures/swatch/alt/en'), { target: { value: 'Non-woven, close-up' } });

    // Without an alt text of its own, a photo is described by the material's name until staff write one.
    nextChoice = Array.from({ length: MAX_APPLICATION_PHOTOS + 1 }, (_, i) => attachment(20 + i, i === 0 ? '' : `Raum ${i}`));
    fireEvent.click(screen.getByRole('button', { name: 'Add application photos' }));
    expect(openings[1]).toMatchObject({ multiple: true });
    expect(field('/materials/0/pictures/applications/0/alt/de').value).toBe(server.config.materials[0].name.de);
    expect(field('/materials/0/pictures/applications/0/alt/en').value).toBe(server.config.materials[0].name.en);
    expect(screen.queryByRole('button', { name: 'Add application photos' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.config.materials[0].pictures).toBeDefined());
    const pictures = server.config.materials[0].pictures!;
    expect(pictures.swatch).toEqual({ attachment_id: 11, alt: { de: 'Vlies, Nahaufnahme', en: 'Non-woven, close-up' } });
    expect(pictures.applications!.map((p) => p.attachment_id)).toEqual([20, 21, 22, 23, 24, 25]);

    // Removing every picture leaves no pictures field behind.
    const removeButtons = () => screen.queryAllByRole('button', { name: 'Remove' }).filter((b) => b.closest('.ma-picture'));
    while (removeButtons().length) fireEvent.click(removeButtons()[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.config.materials[0].pictures).toBeUndefined());
  });

  it('marks a material whose picture the server can no longer publish, in the list and in the editor', async () => {
    const id = server.config.materials[0].id;
    server.config.materials[0].pictures = { swatch: { attachment_id: 7, alt: { de: 'Weg', en: 'Gone' } } };
    server.pictures = { previews: { 7: null }, unavailable: { [id]: [7] } };
    await editFirstMaterial();
    const row = screen.getAllByRole('row').find((r) => within(r).queryByText(id))!;
    expect(within(row).getByText('1 picture not published')).toBeTruthy();
    const slot = document.querySelector('[data-field="/materials/0/pictures/swatch"]')!;
    expect(slot.textContent).toContain('deleted or is not public');
  });
});
