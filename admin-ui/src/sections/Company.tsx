import { createElement } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { useForm } from '../form-context.js';
import { CheckboxField, FixedValue, LocalizedTextField, NumberField, TextField } from '../fields.js';
import { ListEditor } from '../list-editor.js';
import type { WorkflowStep } from '../types.js';

function stepTitle(step: WorkflowStep, index: number): string {
  /* translators: %d: number of the workflow step */
  return sprintf(__('Step %d', 'manufacturer-agent'), typeof step.step === 'number' ? step.step : index + 1);
}

export function CompanySection() {
  const { state } = useForm();
  const company = state.config!.company;
  return (
    <div className="ma-section" data-section="company">
      <h2>{__('Company information', 'manufacturer-agent')}</h2>
      <p className="ma-section__intro">{__('Facts agents give about the company and how people reach an advisor.', 'manufacturer-agent')}</p>

      <section className="ma-card" aria-labelledby="ma-company-general">
        <h3 id="ma-company-general">{__('General', 'manufacturer-agent')}</h3>
        <div className="ma-grid">
          <TextField pointer="/company/name" label={__('Company name', 'manufacturer-agent')} />
          <TextField
            pointer="/company/country"
            label={__('Country code', 'manufacturer-agent')}
            help={__('Two capital letters, e.g. DE.', 'manufacturer-agent')}
          />
        </div>
        <LocalizedTextField pointer="/company/description" label={__('Description', 'manufacturer-agent')} multiline />
        <LocalizedTextField pointer="/company/ordering_note" label={__('Note on ordering', 'manufacturer-agent')} multiline />
        <div className="ma-fixed-list" aria-label={__('Fixed by the service specification', 'manufacturer-agent')} role="group">
          <p className="ma-muted">{__('Fixed by the service specification:', 'manufacturer-agent')}</p>
          <FixedValue label={__('Business model', 'manufacturer-agent')} value={String(company.business_model)} />
          <FixedValue label={__('Self-service', 'manufacturer-agent')} value={String(company.self_service)} />
          <FixedValue label={__('Production', 'manufacturer-agent')} value={String(company.production)} />
          <FixedValue label={__('Ordering', 'manufacturer-agent')} value={String(company.ordering)} />
          <FixedValue label={__('Agent authentication', 'manufacturer-agent')} value={String(company.agent_auth)} />
        </div>
      </section>

      <section className="ma-card" aria-labelledby="ma-company-contact">
        <h3 id="ma-company-contact">{__('Contact', 'manufacturer-agent')}</h3>
        <div className="ma-grid">
          <TextField
            pointer="/company/entry_points/contact_form"
            label={__('Contact form page', 'manufacturer-agent')}
            help={__('Path on this site, e.g. /kontakt/.', 'manufacturer-agent')}
          />
          <TextField
            pointer="/company/entry_points/wallcheck"
            label={__('Wallcheck page', 'manufacturer-agent')}
            help={__('Path on this site, e.g. /wallcheck.', 'manufacturer-agent')}
          />
          <TextField
            pointer="/company/telephone/number"
            type="tel"
            label={__('Telephone number', 'manufacturer-agent')}
            help={__('International form, e.g. +49 711 9876540.', 'manufacturer-agent')}
          />
          <TextField pointer="/company/telephone/opens" label={__('Telephone opens at', 'manufacturer-agent')} help={__('HH:MM', 'manufacturer-agent')} />
          <TextField pointer="/company/telephone/closes" label={__('Telephone closes at', 'manufacturer-agent')} help={__('HH:MM', 'manufacturer-agent')} />
          <TextField
            pointer="/company/telephone/timezone"
            label={__('Time zone', 'manufacturer-agent')}
            help={__('As people read it, e.g. CET.', 'manufacturer-agent')}
          />
          <NumberField pointer="/company/advisor_response_business_days" label={__('Advisor answers within (business days)', 'manufacturer-agent')} />
        </div>
        <FixedValue label={__('Telephone days', 'manufacturer-agent')} value={String(company.telephone?.days)} />
      </section>

      <section className="ma-card" aria-labelledby="ma-company-workflow">
        <h3 id="ma-company-workflow">{__('Workflow', 'manufacturer-agent')}</h3>
        <ListEditor<WorkflowStep>
          list="/company/workflow"
          legend={__('Steps from first contact to delivery, in order', 'manufacturer-agent')}
          itemTitle={stepTitle}
          minItems={1}
          renderItem={(pointer) => (
            <div>
              <NumberField pointer={`${pointer}/step`} label={__('Step number', 'manufacturer-agent')} />
              <LocalizedTextField pointer={`${pointer}/title`} label={__('Title', 'manufacturer-agent')} />
              <LocalizedTextField pointer={`${pointer}/description`} label={__('Description', 'manufacturer-agent')} multiline />
            </div>
          )}
          newItem={(items) => ({
            step: items.reduce((max, item) => (typeof item.step === 'number' && item.step > max ? item.step : max), 0) + 1,
            title: { de: '', en: '' },
            description: { de: '', en: '' },
          })}
          addLabel={__('Add step', 'manufacturer-agent')}
        />
      </section>

      <section className="ma-card" aria-labelledby="ma-company-delivery">
        <h3 id="ma-company-delivery">{__('Print files, production and delivery', 'manufacturer-agent')}</h3>
        <LocalizedTextField pointer="/company/file_transfer/note" label={__('Note on print-file transfer', 'manufacturer-agent')} multiline />
        <FixedValue label={__('Transfer method', 'manufacturer-agent')} value={String(company.file_transfer?.method)} />
        <FixedValue label={__('Credentials issued', 'manufacturer-agent')} value={String(company.file_transfer?.credentials_issued)} />
        <FixedValue label={__('Credentials grant interface access', 'manufacturer-agent')} value={String(company.file_transfer?.grants_interface_access)} />
        <div className="ma-grid">
          <NumberField
            pointer="/company/production_and_delivery/business_days_min"
            label={__('Production and delivery: fewest business days', 'manufacturer-agent')}
          />
          <NumberField
            pointer="/company/production_and_delivery/business_days_max"
            label={__('Production and delivery: most business days', 'manufacturer-agent')}
          />
        </div>
        <CheckboxField pointer="/company/production_and_delivery/neutral_shipping" label={__('Neutral shipping available', 'manufacturer-agent')} />
        <LocalizedTextField pointer="/company/production_and_delivery/note" label={__('Note on production and delivery', 'manufacturer-agent')} multiline />
        <LocalizedTextField pointer="/company/samples" label={__('How to get material samples', 'manufacturer-agent')} multiline />
        <LocalizedTextField pointer="/company/wallcheck" label={__('What the Wallcheck is', 'manufacturer-agent')} multiline />
      </section>
    </div>
  );
}
