// The enquiry form as a browser sees and sends it without JavaScript: its hidden fields read from the
// page, a person's fields, and the urlencoded body of a POST.
import { randomUUID } from 'node:crypto';
import { decodeHtmlText } from './html.js';

/** The form's hidden fields (nonce, view token, marker), decoded. */
export function hiddenFields(html: string): Record<string, string> {
  const hidden: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) hidden[m[1]] = decodeHtmlText(m[2]);
  return hidden;
}

/** A person's fields, each unique by the tag (the e-mail address too). */
export function person(tag = randomUUID().slice(0, 8)) {
  return {
    ma_name: `Erika Muster ${tag}`,
    ma_company: 'Hotel Sonne GmbH',
    ma_email: `erika.${tag}@kunde.example`,
    ma_phone: '+49 89 123456',
    ma_message: 'Bitte um ein Angebot für die Lobby.',
    ma_consent: '1',
  };
}

/** The POST body: the hidden fields, then the fields given (an array as name[] entries, as PHP reads them). */
export function formFields(hidden: Record<string, string>, fields: Record<string, string | string[]>): string {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...hidden, ...fields })) {
    if (Array.isArray(v)) v.forEach((item) => body.append(`${k}[]`, item));
    else body.append(k, v);
  }
  return body.toString();
}
