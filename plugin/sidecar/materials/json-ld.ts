// schema.org JSON-LD of the catalog for pages that show it to people (the catalog block): the same
// Product objects the question endpoint's results carry, built by the same function.
import { materialResult } from '../answers/compose.js';
import type { Lang } from '../answers/documents.js';
import type { SiteConfig } from '../core/site-config.js';

export const JSON_LD_QUERY = {
  type: 'object',
  properties: { lang: { type: 'string', enum: ['de', 'en'] } },
  required: ['lang'],
} as const;

/** An ItemList of every material as a Product, in the page's language; the page keeps the ones it shows. */
export function catalogJsonLd(config: SiteConfig, base: string, lang: Lang) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: config.materials.map((material, index) => {
      const { '@context': _context, ...product } = materialResult(config, base, material, lang).schema_object as Record<string, unknown>;
      return { '@type': 'ListItem', position: index + 1, item: product };
    }),
  };
}
