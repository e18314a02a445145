// What a reader sees of text the plugin wrote into HTML: the entities its escaping uses, decoded
// (Handoff_Review::inert() also writes [ and ] as hex references).
export function decodeHtmlText(value: string): string {
  return value
    .replace(/&#x5B;/gi, '[')
    .replace(/&#x5D;/gi, ']')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&');
}
