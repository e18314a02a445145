import type { SiteConfig } from '../core/site-config.js';

/** Company facts plus absolute links built from the site's own URL. */
export function companyInformation(config: SiteConfig, publicBase: string) {
  const { company } = config;
  return {
    company,
    links: {
      website: `${publicBase}/`,
      contact_form: `${publicBase}${company.entry_points.contact_form}`,
      wallcheck: `${publicBase}${company.entry_points.wallcheck}`,
      telephone: `tel:${company.telephone.number.replace(/[^+0-9]/g, '')}`,
    },
  };
}
