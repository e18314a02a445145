// The enquiry form's settings: one WordPress option (manufacturer_agent_enquiry_form) saved through
// /wp/v2/settings on its own, apart from the site configuration agents read. The same fields and
// schema messages as the rest of the screen, from a form state of its own.
import { createElement, useEffect, useMemo, useReducer, useState } from '@wordpress/element';
import { Button, Notice, Spinner, TextareaControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { loadEnquiryFormSettings, saveEnquiryFormSettings, type ApiError } from '../api.js';
import { errorsByField, FormProvider, useField } from '../form-context.js';
import { CheckboxField, ErrorText, GroupErrors, LocalizedTextField, NumberField } from '../fields.js';
import { initialState, isDirty, reducer } from '../state.js';
import { validateEnquiryFormSettings } from '../validation.js';
import type { EnquiryFormSettings, FieldError, SiteConfig } from '../types.js';

/** The advisors' addresses as one text, one address a line; each line's schema message names its line. */
function AdvisorEmails() {
  const field = useField<string[]>('/advisor_emails');
  const [text, setText] = useState(() => (field.value ?? []).join('\n'));
  const messages = field.errors;
  return (
    <div className="ma-field-group" data-field-errors="/advisor_emails">
      <TextareaControl
        __nextHasNoMarginBottom
        label={__('Advisor e-mail addresses', 'manufacturer-agent')}
        help={__('One address a line. Enquiries go to every address; without one, to the site’s administration e-mail address.', 'manufacturer-agent')}
        className={`ma-field${messages.length ? ' has-error' : ''}`}
        value={text}
        rows={3}
        data-field="/advisor_emails"
        aria-invalid={messages.length ? true : undefined}
        onChange={(value: string) => {
          setText(value);
          field.set(
            value
              .split('\n')
              .map((line) => line.trim())
              .filter((line) => line !== ''),
          );
        }}
      />
      <ErrorText messages={messages} />
    </div>
  );
}

/** Messages of each address, said with its line, shown under the text (the schema names /advisor_emails/N). */
function advisorLineErrors(errors: FieldError[]): FieldError[] {
  return errors.map((error) => {
    const line = /^\/advisor_emails\/(\d+)$/.exec(error.field);
    if (!line) return error;
    /* translators: 1: line number, 2: what is wrong with it */
    return { field: '/advisor_emails', message: sprintf(__('Line %1$d: %2$s', 'manufacturer-agent'), Number(line[1]) + 1, error.message) };
  });
}

export function EnquiryFormSection() {
  const [state, dispatch] = useReducer(reducer, initialState);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    setLoadError(null);
    loadEnquiryFormSettings()
      .then((settings) => {
        // The screen's form state holds any document; here it is the option, not the site configuration.
        if (live) dispatch({ type: 'loaded', revision: '', config: settings as unknown as SiteConfig });
      })
      .catch((reason: ApiError) => {
        if (live) setLoadError(reason.message);
      });
    return () => {
      live = false;
    };
  }, [reload]);

  const clientErrors = useMemo(() => (state.config ? advisorLineErrors(validateEnquiryFormSettings(state.config)) : []), [state.config]);
  const errors = useMemo(() => errorsByField(clientErrors, state.serverErrors), [clientErrors, state.serverErrors]);
  const dirty = isDirty(state);

  const save = async () => {
    if (!state.config) return;
    if (clientErrors.length) {
      setMessage({ status: 'error', text: __('Nothing was saved: correct the marked fields first.', 'manufacturer-agent') });
      return;
    }
    const submitted = state.config;
    dispatch({ type: 'saveStarted' });
    setMessage(null);
    try {
      const saved = await saveEnquiryFormSettings(submitted as unknown as EnquiryFormSettings);
      dispatch({ type: 'saveSucceeded', revision: '', config: saved as unknown as SiteConfig, submitted });
      setMessage({ status: 'success', text: __('The enquiry form’s settings are saved.', 'manufacturer-agent') });
    } catch (reason) {
      const error = reason as ApiError;
      dispatch({ type: 'saveFailed', errors: error.fieldErrors });
      setMessage({ status: 'error', text: `${__('The settings were not saved.', 'manufacturer-agent')} ${error.message}` });
    }
  };

  if (loadError) {
    return (
      <div className="ma-section" data-section="enquiry_form">
        <Notice status="error" isDismissible={false}>
          {__('The enquiry form’s settings could not be loaded.', 'manufacturer-agent')} {loadError}
        </Notice>
        <Button variant="secondary" onClick={() => setReload((n) => n + 1)}>
          {__('Try again', 'manufacturer-agent')}
        </Button>
      </div>
    );
  }
  if (!state.config) {
    return (
      <p className="ma-loading">
        <Spinner /> {__('Loading the enquiry form’s settings…', 'manufacturer-agent')}
      </p>
    );
  }

  return (
    <FormProvider value={{ state, dispatch, errors }}>
      <div className="ma-section" data-section="enquiry_form">
        <h2>{__('Enquiry form', 'manufacturer-agent')}</h2>
        <p className="ma-section__intro">
          {__(
            'The form under a handoff’s review, where the person adds their contact details and sends the enquiry. Saved on its own: agents never see these settings or any enquiry.',
            'manufacturer-agent',
          )}
        </p>
        <GroupErrors pointer="" />
        <CheckboxField
          pointer="/enabled"
          label={__('Show the plugin’s enquiry form', 'manufacturer-agent')}
          help={__('Switch it off when a form plugin of the site takes the enquiries through the plugin’s hooks.', 'manufacturer-agent')}
        />
        <AdvisorEmails />
        <LocalizedTextField
          pointer="/consent_text"
          label={__('Consent text', 'manufacturer-agent')}
          help={__('The text of the consent checkbox. {privacy_policy} becomes a link to the privacy policy page.', 'manufacturer-agent')}
          multiline
        />
        <CheckboxField
          pointer="/send_confirmation"
          label={__('Send the person a confirmation of their enquiry', 'manufacturer-agent')}
          help={__(
            'Anyone can type any address into the form, so the confirmation repeats nothing that was typed, and an address gets at most one a day.',
            'manufacturer-agent',
          )}
        />
        <NumberField
          pointer="/retention_days"
          label={__('Keep enquiries for', 'manufacturer-agent')}
          unit={__('days', 'manufacturer-agent')}
          help={__('Older enquiries, with the contact details in them, are deleted every day.', 'manufacturer-agent')}
        />
        <NumberField
          pointer="/submissions_per_hour"
          label={__('Enquiries per hour from one client', 'manufacturer-agent')}
          help={__('Further enquiries in that hour are refused as likely spam.', 'manufacturer-agent')}
        />
        {message ? (
          <Notice status={message.status} onRemove={() => setMessage(null)} className="ma-message">
            {message.text}
          </Notice>
        ) : null}
        <div className="ma-toolbar">
          <Button variant="primary" onClick={save} isBusy={state.saving} disabled={state.saving || !dirty} className="ma-save-enquiry-form">
            {state.saving ? __('Saving…', 'manufacturer-agent') : __('Save the enquiry form', 'manufacturer-agent')}
          </Button>
        </div>
      </div>
    </FormProvider>
  );
}
