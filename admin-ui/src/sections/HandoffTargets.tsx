import { createElement } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { TextField } from '../fields.js';
import { nextStepLabel } from '../labels.js';
import { NEXT_STEPS } from '../types.js';

export function HandoffTargetsSection() {
  return (
    <div className="ma-section" data-section="handoff-targets">
      <h2>{__('Handoff targets', 'manufacturer-agent')}</h2>
      <p className="ma-section__intro">
        {__(
          'The page of this site each next step links to. The person checks what the agent collected there and sends the form themselves.',
          'manufacturer-agent',
        )}
      </p>
      <div className="ma-card">
        {NEXT_STEPS.map((step) => (
          <TextField
            key={step}
            pointer={`/handoff_targets/${step}`}
            /* translators: %s: a next step, e.g. Sample request */
            label={sprintf(__('Page for “%s”', 'manufacturer-agent'), nextStepLabel(step))}
            help={__('Path on this site starting with a slash, e.g. /kontakt/.', 'manufacturer-agent')}
          />
        ))}
      </div>
    </div>
  );
}
