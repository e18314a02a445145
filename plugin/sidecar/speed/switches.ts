/**
 * The speed tricks (README.md beside this file: what each does, its measured gain). Each is on by
 * default; MANUFACTURER_AGENT_SPEED_OFF lists those to switch off, and the service then takes the
 * plain path of the capability folders.
 */
export const SPEED_TRICKS = ['fast-door', 'tick-anchor', 'access-log-buffer', 'answer-json', 'tool-answer-memo'] as const;

export type SpeedTrick = (typeof SPEED_TRICKS)[number];

/** The tricks switched off, from a comma-separated list; an unknown name is refused rather than ignored. */
export function parseSpeedOff(raw: string): ReadonlySet<SpeedTrick> {
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(SPEED_TRICKS as readonly string[]).includes(name));
  if (unknown.length) {
    throw new Error(`MANUFACTURER_AGENT_SPEED_OFF names no speed trick: ${unknown.join(', ')} (known: ${SPEED_TRICKS.join(', ')})`);
  }
  return new Set(names as SpeedTrick[]);
}
