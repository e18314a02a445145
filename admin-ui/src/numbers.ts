/** Text typed in a number field becomes a number once it is one ("320,5" too); until then the schema says what is wrong. */
export function parseNumberInput(text: string): number | string {
  const trimmed = text.trim();
  if (/^-?\d+([.,]\d+)?$/.test(trimmed)) return Number(trimmed.replace(',', '.'));
  return text;
}
