/**
 * The language of the interface ("de" for a German user or site), for choosing which of the two
 * names to show. The plugin's page names the locale; the document language is the fallback.
 */
export function interfaceLanguage(): 'de' | 'en' {
  const settings = (globalThis as { manufacturerAgentAdmin?: { locale?: string } }).manufacturerAgentAdmin;
  const lang = settings?.locale || (typeof document !== 'undefined' ? document.documentElement.lang : '');
  return lang.toLowerCase().startsWith('de') ? 'de' : 'en';
}
