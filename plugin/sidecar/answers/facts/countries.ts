import type { LocalizedText } from '../../core/site-config.js';

/*
 * Country names in German and English from the runtime's own locale data (Intl.DisplayNames over the
 * ISO 3166-1 alpha-2 codes), not a list written here: a question naming a country the site's data
 * does not name is told that nothing about it is published.
 */

export interface Country {
  code: string;
  name: LocalizedText;
}

/** Codes that are no country: user-assigned ranges (AA, QM–QZ, XA–XZ, ZZ) and exceptional reservations (EU, EZ, UN). */
const NOT_COUNTRIES = /^(AA|Q[M-Z]|X[A-Z]|ZZ|EU|EZ|UN)$/;

let cached: Country[] | undefined;

export function countryNames(): Country[] {
  if (cached) return cached;
  const de = new Intl.DisplayNames(['de'], { type: 'region', fallback: 'none' });
  const en = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const out: Country[] = [];
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      if (NOT_COUNTRIES.test(code)) continue;
      let names: [string | undefined, string | undefined];
      try {
        names = [de.of(code), en.of(code)];
      } catch {
        continue;
      }
      const [nameDe, nameEn] = names;
      // Only the name proper: "Kongo (Brazzaville)" is "Kongo".
      if (nameDe && nameEn) out.push({ code, name: { de: nameDe.split('(')[0].trim(), en: nameEn.split('(')[0].trim() } });
    }
  }
  return (cached = out);
}
