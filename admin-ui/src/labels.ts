// Interface names of the enumeration values, as schemas/common.schema.json keeps them beside the values
// (x-labels, German and English); the values themselves stay as the specification spells them.
import common from '../../schemas/common.schema.json' with { type: 'json' };
import { LABELS_KEYWORD } from '../../plugin/sidecar/core/schema-keywords.js';
import { interfaceLanguage } from './locale.js';
import type { HandoffState, NextStep, Priority } from './types.js';

type Names = Record<string, { de: string; en: string }>;
const defs = common.$defs as unknown as Record<'Priority' | 'NextStep' | 'HandoffState', Record<typeof LABELS_KEYWORD, Names>>;

function labelIn(names: Names, value: string): string {
  return names[value]?.[interfaceLanguage()] ?? value;
}

export function priorityLabel(priority: Priority | string): string {
  return labelIn(defs.Priority[LABELS_KEYWORD], priority);
}

export function nextStepLabel(step: NextStep | string): string {
  return labelIn(defs.NextStep[LABELS_KEYWORD], step);
}

export function stateLabel(state: HandoffState | string): string {
  return labelIn(defs.HandoffState[LABELS_KEYWORD], state);
}
