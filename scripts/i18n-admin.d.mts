export interface ExtractedEntry {
  msgid: string;
  msgctxt?: string;
  msgid_plural?: string;
  references: string[];
  comments: string[];
}
export const DOMAIN: 'manufacturer-agent';
export function extractScript(file: string, entries: Map<string, ExtractedEntry>, problems: string[]): void;
export function extractPhp(file: string, entries: Map<string, ExtractedEntry>, problems: string[]): void;
export function extractAll(): { entries: Map<string, ExtractedEntry>; problems: string[] };
export function scriptFileName(locale: string, script: string): string;
