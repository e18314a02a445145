import { describe, expect, it } from 'vitest';
import { REVIEW_TEXT, buildHandoff, checkHandoffRequest, handoffLink, newHandoffId, parseHandoffCall } from '../../plugin/sidecar/handoffs/handoff.js';
import { defaultConfig } from '../../plugin/sidecar/core/site-config.js';
import { validatorFor } from '../../plugin/sidecar/core/schemas.js';
import { ProblemError } from '../../plugin/sidecar/core/errors.js';

const config = defaultConfig();

describe('handoff link', () => {
  it('points at the site page for the step, carrying only the opaque id', () => {
    const id = newHandoffId();
    const link = new URL(handoffLink('https://example.com/shop', '/kontakt/', id));
    expect(link.origin + link.pathname).toBe('https://example.com/shop/kontakt/');
    expect([...link.searchParams.keys()]).toEqual(['handoff']);
    expect(link.searchParams.get('handoff')).toBe(id);
  });

  it('uses the configured target per next step', () => {
    const handoff = buildHandoff({
      id: 'ho_abcdefghijklmnopqrstuvwx',
      request: { next_step: 'wallcheck' },
      config,
      publicBase: 'https://example.com',
      now: new Date(0),
    });
    expect(handoff.link).toBe('https://example.com/wallcheck?handoff=ho_abcdefghijklmnopqrstuvwx');
    const body = JSON.parse(handoff.body);
    expect(validatorFor('Handoff')(body)).toBe(true);
    expect(body.status).toBe('awaiting_human_review');
  });

  it('builds the same link and answer for every site address and target, however often and in whatever order', () => {
    const sites = ['https://example.com', 'https://example.com/shop', 'http://127.0.0.1:8080', 'https://bücher.example/de', 'https://EXAMPLE.com:443/a b'];
    const targets = ['/kontakt/', '/muster?lang=de&handoff=old#form', '/wall check/?x=%C3%BC', '?only=query'];
    for (let round = 0; round < 3; round++) {
      for (const publicBase of sites) {
        for (const target of targets) {
          const id = newHandoffId();
          const siteConfig = { ...config, handoff_targets: { ...config.handoff_targets, sample_request: target } };
          const requirements = { motif_description: `Motiv „${round}“ 🎨`, locale: 'de' };
          const now = new Date(Date.UTC(2026, 10, 21, 12, 0, round));
          const handoff = buildHandoff({ id, request: { next_step: 'sample_request', requirements }, config: siteConfig, publicBase, now });
          const link = handoffLink(publicBase, target, id);
          expect(handoff.link).toBe(link);
          expect(handoff.body).toBe(
            JSON.stringify({
              id,
              next_step: 'sample_request',
              link,
              status: 'awaiting_human_review',
              review: REVIEW_TEXT,
              requirements,
              created_at: now.toISOString(),
            }),
          );
          expect(validatorFor('Handoff')(JSON.parse(handoff.body))).toBe(true);
        }
      }
    }
  });

  it('makes ids that are unique and match the schema', () => {
    const ids = new Set(Array.from({ length: 1000 }, newHandoffId));
    expect(ids.size).toBe(1000);
    expect([...ids].every((id) => /^ho_[A-Za-z0-9_-]{16,64}$/.test(id))).toBe(true);
  });

  it('puts the creation time in front of 144 random bits, so a later id sorts after an earlier one', () => {
    const t = Date.parse('2026-11-21T12:00:00.000Z');
    const [early, sameTime, later] = [newHandoffId(t), newHandoffId(t), newHandoffId(t + 1)];
    expect(early.slice(0, 15)).toBe(`ho_${t.toString(16).padStart(12, '0')}`);
    expect(sameTime.slice(0, 15)).toBe(early.slice(0, 15));
    // 18 random bytes: 24 base64url characters, different for every id made in the same millisecond.
    expect(early.slice(15)).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(sameTime.slice(15)).not.toBe(early.slice(15));
    expect(later > early && later > sameTime).toBe(true);
  });
});

describe('handoff request', () => {
  it('accepts the collected requirements', () => {
    expect(
      checkHandoffRequest(
        {
          next_step: 'project_enquiry',
          requirements: {
            dimensions: { width_cm: 420, height_cm: 260 },
            material_id: 'vlies-fr-b1',
            priority: 'brandschutz',
            motif_description: 'Skyline bei Nacht',
            locale: 'de',
          },
        },
        config,
      ),
    ).toEqual([]);
  });

  it('refuses unknown fields, wrong types and unknown next steps, each by field', () => {
    const errors = checkHandoffRequest({ next_step: 'order_now', email: 'a@b.de', requirements: { dimensions: { width_cm: '3m', height_cm: 2 } } }, config);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: '/next_step', message: 'must be one of: project_enquiry, sample_request, wallcheck' },
        { field: '/email', message: 'is not an accepted field' },
        { field: '/requirements/dimensions/width_cm', message: 'must be number' },
      ]),
    );
  });

  it('refuses personal data in the motif description', () => {
    const errors = checkHandoffRequest(
      { next_step: 'sample_request', requirements: { motif_description: 'Bitte an max.mustermann@example.de schicken' } },
      config,
    );
    expect(errors.map((e) => e.field)).toEqual(['/requirements/motif_description']);
  });

  it('refuses a material that is not in the catalog', () => {
    expect(checkHandoffRequest({ next_step: 'sample_request', requirements: { material_id: 'gold-leaf' } }, config)).toEqual([
      { field: '/requirements/material_id', message: 'names no material in the catalog ("gold-leaf")' },
    ]);
  });

  it('reports header and body problems in one answer', () => {
    let error: ProblemError | undefined;
    try {
      parseHandoffCall({ 'content-type': 'text/plain' }, { next_step: 'x' }, config);
    } catch (e) {
      error = e as ProblemError;
    }
    expect(error?.code).toBe('missing_idempotency_key');
    expect(error?.errors?.map((e) => e.field)).toEqual(['header:Idempotency-Key', 'header:Content-Type', '/next_step']);
  });
});
