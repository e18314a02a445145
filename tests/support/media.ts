// The Media Library of the stack's WordPress: a PNG uploaded through the REST API, with its alt text.
import path from 'node:path';
import { expect } from 'vitest';
import { basicAuth, siteFetch, type WordPressStack } from './stack.js';
import { stripedPng } from './png.js';

/** Uploads a striped PNG of this size; returns its attachment id and file name (without .png). */
export async function uploadPng(
  stack: WordPressStack,
  name: string,
  size: [number, number],
  colours: [[number, number, number], [number, number, number]],
  alt: string,
): Promise<{ id: number; file: string }> {
  const res = await siteFetch(`${stack.url}/wp-json/wp/v2/media`, {
    method: 'POST',
    headers: { ...basicAuth(stack.admin), 'content-type': 'image/png', 'content-disposition': `attachment; filename="${name}"` },
    body: new Uint8Array(stripedPng(size[0], size[1], colours[0], colours[1])),
  });
  const media = (await res.json()) as any;
  expect(res.status, JSON.stringify(media).slice(0, 400)).toBe(201);
  if (alt) {
    const update = await siteFetch(`${stack.url}/wp-json/wp/v2/media/${media.id}`, {
      method: 'POST',
      headers: { ...basicAuth(stack.admin), 'content-type': 'application/json' },
      body: JSON.stringify({ alt_text: alt }),
    });
    expect(update.status).toBe(200);
  }
  return { id: media.id, file: path.basename(new URL(media.source_url).pathname, '.png') };
}
