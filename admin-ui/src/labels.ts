// Interface names of the enumeration values; the values themselves stay as the specification spells them.
import { __ } from '@wordpress/i18n';
import type { HandoffState, NextStep, Priority } from './types.js';

export function priorityLabel(priority: Priority | string): string {
  switch (priority) {
    case 'brandschutz':
      return __('Fire protection', 'manufacturer-agent');
    case 'robust':
      return __('Robustness', 'manufacturer-agent');
    case 'effekt':
      return __('Visual effect', 'manufacturer-agent');
    case 'nachhaltig':
      return __('Sustainability', 'manufacturer-agent');
    case 'feuchtraum':
      return __('Wet rooms', 'manufacturer-agent');
    default:
      return priority;
  }
}

export function nextStepLabel(step: NextStep | string): string {
  switch (step) {
    case 'project_enquiry':
      return __('Project enquiry', 'manufacturer-agent');
    case 'sample_request':
      return __('Sample request', 'manufacturer-agent');
    case 'wallcheck':
      return __('Wallcheck', 'manufacturer-agent');
    default:
      return step;
  }
}

export function stateLabel(state: HandoffState | string): string {
  switch (state) {
    case 'created':
      return __('Created', 'manufacturer-agent');
    case 'opened':
      return __('Link opened', 'manufacturer-agent');
    case 'submitted':
      return __('Enquiry sent', 'manufacturer-agent');
    case 'expired':
      return __('Expired', 'manufacturer-agent');
    default:
      return state;
  }
}
