// Finding the screen's inputs as a person sees them, for the jsdom tests of the admin screen.
/// <reference lib="dom" />

/** The input bound to a JSON pointer (data-field). */
export function field(pointer: string): HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  const element = document.querySelector<HTMLInputElement>(`[data-field="${pointer}"]`);
  if (!element) throw new Error(`no input for ${pointer}`);
  return element;
}

/** The text an input's aria-describedby points at: its help and its messages. */
export function description(element: Element): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
