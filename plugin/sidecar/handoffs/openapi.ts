import { AGENT_PREFIX } from '../core/paths.js';
import { jsonContent, jsonRequestBody, responseRef, schemaRef, type OpenApiPaths } from '../core/openapi-parts.js';
import { HANDOFF_BODY } from './handoff.js';
import { IDEMPOTENCY_KEY_SCOPE } from './idempotency.js';
import type { ServiceConfig } from '../core/config.js';

export type Retention = Pick<ServiceConfig, 'idempotencyRetentionDays' | 'handoffRetentionDays'>;

/** A handoff's lifetime (main.ts expires and deletes by it), in the words openapi.json and llms-full.txt both use. */
export function handoffLifetimeText(handoffRetentionDays: number): string {
  return `the link works ${handoffRetentionDays} days, then the handoff expires; its record is deleted ${handoffRetentionDays} days after that`;
}

export function handoffOperations({ idempotencyRetentionDays, handoffRetentionDays }: Retention): OpenApiPaths {
  const handoffHeaders = { 'Cache-Control': { $ref: '#/components/headers/CacheControl' } };
  return {
    [`${AGENT_PREFIX}/handoffs`]: {
      post: {
        operationId: 'createProjectHandoff',
        summary: 'Create a human-reviewed next-step URL (project enquiry, sample request, Wallcheck)',
        description:
          `Nothing is ordered: the link opens the site's own form, where the person checks what was collected and sends it themselves. ` +
          `A retry with the same Idempotency-Key and the same body returns 200 with the identical body and Idempotent-Replayed: true; ` +
          `the same key with another body is refused with 422. ${IDEMPOTENCY_KEY_SCOPE} Keys are kept for ${idempotencyRetentionDays} days; ` +
          `${handoffLifetimeText(handoffRetentionDays)}. ` +
          `The body takes no personal data: contact data in its text (e-mail addresses, telephone numbers, IBANs, street addresses) is refused with 400.`,
        tags: ['handoffs'],
        'x-idempotency-key-retention-days': idempotencyRetentionDays,
        'x-handoff-retention-days': handoffRetentionDays,
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: true,
            description: 'Client-generated unique key; visible ASCII characters; the RFC 8941 quoted form is accepted.',
            schema: schemaRef('IdempotencyKey'),
          },
        ],
        requestBody: jsonRequestBody(HANDOFF_BODY),
        responses: {
          '201': { description: 'A new handoff was created.', headers: handoffHeaders, content: jsonContent('Handoff') },
          '200': {
            description: 'An earlier handoff replayed for a retry with the same key and body.',
            headers: { ...handoffHeaders, 'Idempotent-Replayed': { description: 'true on a replay.', schema: { type: 'string', const: 'true' } } },
            content: jsonContent('Handoff'),
          },
          '400': responseRef('BadRequest'),
          '413': responseRef('PayloadTooLarge'),
          '422': responseRef('IdempotencyKeyReused'),
          '429': responseRef('TooManyRequests'),
          '500': responseRef('ServerError'),
          '503': responseRef('ServiceUnavailable'),
        },
      },
    },
  };
}
