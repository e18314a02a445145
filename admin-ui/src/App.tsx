// The "Manufacturer Agent" screen: one form state for the whole site configuration, sections as tabs
// (switching keeps every edit), schema validation next to each field, and one save for everything.
import { createElement, Fragment, useCallback, useEffect, useMemo, useReducer, useRef, useState } from '@wordpress/element';
import { Button, Notice, Spinner, TabPanel } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { loadConfig, saveConfig, type ApiError } from './api.js';
import { countErrors, errorsByField, FormProvider } from './form-context.js';
import { initialState, isDirty, reducer } from './state.js';
import { validateSiteConfig } from './validation.js';
import { parsePointer } from './pointer.js';
import { nextStepLabel, priorityLabel } from './labels.js';
import type { FieldError, SiteConfig } from './types.js';
import { MaterialsSection, materialName } from './sections/Materials.js';
import { RecommendationsSection } from './sections/Recommendations.js';
import { CompanySection } from './sections/Company.js';
import { HandoffTargetsSection } from './sections/HandoffTargets.js';
import { DiscoverySection } from './sections/Discovery.js';
import { HandoffsSection } from './sections/Handoffs.js';
import { EnquiryFormSection } from './sections/EnquiryForm.js';
import { StatusSection } from './sections/Status.js';
import { InsightsSection } from './sections/Insights.js';
import { questionWords, type QuestionWords, type WordsTarget } from './insights-data.js';

export type SectionName = 'materials' | 'recommendations' | 'company' | 'handoff_targets' | 'discovery' | 'handoffs' | 'insights' | 'enquiry_form' | 'status';

const CONFIG_SECTIONS: Record<string, SectionName> = {
  materials: 'materials',
  recommendations: 'recommendations',
  company: 'company',
  handoff_targets: 'handoff_targets',
  discovery: 'discovery',
};

/** The section that shows a field, and the material it belongs to. */
export function locate(pointer: string): { section: SectionName; material: number | null } {
  const [first, second] = parsePointer(pointer === '/' ? '' : pointer);
  const section = CONFIG_SECTIONS[first ?? ''] ?? 'materials';
  return { section, material: section === 'materials' && second !== undefined && /^\d+$/.test(second) ? Number(second) : null };
}

function sectionTitle(section: SectionName): string {
  switch (section) {
    case 'materials':
      return __('Materials', 'manufacturer-agent');
    case 'recommendations':
      return __('Recommendations', 'manufacturer-agent');
    case 'company':
      return __('Company', 'manufacturer-agent');
    case 'handoff_targets':
      return __('Handoff targets', 'manufacturer-agent');
    case 'discovery':
      return __('Discovery texts', 'manufacturer-agent');
    case 'handoffs':
      return __('Handoffs', 'manufacturer-agent');
    case 'insights':
      return __('Insights', 'manufacturer-agent');
    case 'enquiry_form':
      return __('Enquiry form', 'manufacturer-agent');
    case 'status':
      return __('Status', 'manufacturer-agent');
  }
}

/** The interface name of a configuration key, as the form labels it; the key itself where there is none. */
function keyLabel(key: string): string {
  const labels: Record<string, () => string> = {
    de: () => __('German', 'manufacturer-agent'),
    en: () => __('English', 'manufacturer-agent'),
    id: () => __('ID', 'manufacturer-agent'),
    name: () => __('Name', 'manufacturer-agent'),
    summary: () => __('Summary', 'manufacturer-agent'),
    base_material: () => __('Base material', 'manufacturer-agent'),
    surface: () => __('Surface', 'manufacturer-agent'),
    applications: () => __('Applications', 'manufacturer-agent'),
    weight_g_m2: () => __('Weight', 'manufacturer-agent'),
    printable_width_cm: () => __('Largest printable width', 'manufacturer-agent'),
    en_13501_1: () => __('Fire classification EN 13501-1', 'manufacturer-agent'),
    din_4102: () => __('Building material class DIN 4102-1', 'manufacturer-agent'),
    certifications: () => __('Certifications', 'manufacturer-agent'),
    priorities: () => __('Priorities', 'manufacturer-agent'),
    wet_room_note: () => __('Wet-room note', 'manufacturer-agent'),
    material_id: () => __('Material', 'manufacturer-agent'),
    reason: () => __('Reason', 'manufacturer-agent'),
    description: () => __('Description', 'manufacturer-agent'),
    question: () => __('Question', 'manufacturer-agent'),
    answer: () => __('Answer', 'manufacturer-agent'),
    title: () => __('Title', 'manufacturer-agent'),
  };
  return labels[key]?.() ?? key;
}

/** Where a field is, in words: "Materials › Vlies Classic 150 › Name › German". */
export function describeField(config: SiteConfig | null, pointer: string): string {
  const tokens = parsePointer(pointer === '/' ? '' : pointer);
  if (!tokens.length) return __('Whole configuration', 'manufacturer-agent');
  const { section } = locate(pointer);
  const parts = [sectionTitle(section)];
  let rest = tokens.slice(1);
  if (section === 'materials' && rest.length && /^\d+$/.test(rest[0])) {
    parts.push(materialName(config?.materials[Number(rest[0])]) || rest[0]);
    rest = rest.slice(1);
  } else if (section === 'recommendations' && rest.length) {
    parts.push(priorityLabel(rest[0]));
    rest = rest.slice(1);
  } else if (section === 'handoff_targets' && rest.length) {
    parts.push(nextStepLabel(rest[0]));
    rest = rest.slice(1);
  }
  return [...parts, ...rest.map(keyLabel)].join(' › ');
}

function focusField(pointer: string): boolean {
  const tokens = parsePointer(pointer === '/' ? '' : pointer);
  for (let n = tokens.length; n > 0; n -= 1) {
    const candidate = `/${tokens.slice(0, n).join('/')}`;
    const selector = ['data-field', 'data-list', 'data-field-errors'].map((attribute) => `[${attribute}="${candidate.replace(/["\\]/g, '\\$&')}"]`).join(',');
    const element = document.querySelector<HTMLElement>(selector);
    if (element) {
      const target = element.matches('input,select,textarea,button')
        ? element
        : (element.querySelector<HTMLElement>('input,select,textarea,button') ?? element);
      if (!target.matches('input,select,textarea,button') && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus();
      target.scrollIntoView?.({ block: 'center' });
      return true;
    }
  }
  return false;
}

interface Message {
  status: 'success' | 'error' | 'warning' | 'info';
  text: string;
}

export function App() {
  const [state, dispatch] = useReducer(reducer, initialState);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [section, setSection] = useState<SectionName>('materials');
  const [tabKey, setTabKey] = useState(0);
  const [material, setMaterial] = useState<number | null>(null);
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);
  const [summaryFocus, setSummaryFocus] = useState(0);
  /** A question's words waiting in the needs editor for staff to pick the need they go to. */
  const [needWords, setNeedWords] = useState<QuestionWords | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const load = useCallback(() => {
    setLoadError(null);
    loadConfig()
      .then((result) => dispatch({ type: 'loaded', revision: result.revision, config: result.config }))
      .catch((reason: ApiError) => setLoadError(reason.message));
  }, []);
  useEffect(load, [load]);

  const clientErrors = useMemo<FieldError[]>(() => (state.config ? validateSiteConfig(state.config) : []), [state.config]);
  const errors = useMemo(() => errorsByField(clientErrors, state.serverErrors), [clientErrors, state.serverErrors]);
  const allErrors = useMemo(
    () => [...clientErrors, ...state.serverErrors.filter((e) => !clientErrors.some((c) => c.field === e.field && c.message === e.message))],
    [clientErrors, state.serverErrors],
  );
  const dirty = isDirty(state);

  // Leaving the page (a link, reload, closing the tab) with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
      return '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // After the section (and material) of a field from the error summary has rendered: focus it, or
  // its nearest container when the field has no input of its own.
  useEffect(() => {
    if (!pendingFocus) return;
    focusField(pendingFocus);
    setPendingFocus(null);
  }, [pendingFocus, section, material, tabKey]);

  // A refused save moves the focus to the list of fields that need attention (once it has rendered).
  useEffect(() => {
    if (summaryFocus) summaryRef.current?.focus();
  }, [summaryFocus]);

  const openSection = (target: SectionName) => {
    if (target === section) return;
    setSection(target);
    setTabKey((key) => key + 1);
  };

  const goTo = (pointer: string) => {
    const target = locate(pointer);
    if (target.material !== null) setMaterial(target.material);
    openSection(target.section);
    setPendingFocus(pointer);
  };

  // A question the data could not answer, its words filled in: as a new entry of the customers' words,
  // or in the needs editor, opened, where staff pick the need whose words they join. Saved with the rest.
  const addWords = (target: WordsTarget, words: string, language: string) => {
    const question = questionWords(words, language);
    if (target === 'need') {
      setNeedWords(question);
      openSection('discovery');
      return;
    }
    const list = '/discovery/vocabulary/synonyms';
    const index = state.config?.discovery.vocabulary?.synonyms?.length ?? 0;
    const lang = question.language;
    dispatch({ type: 'addItem', list, item: { words: { de: lang === 'de' ? words : '', en: lang === 'en' ? words : '' }, means: { de: '', en: '' } } });
    goTo(`${list}/${index}/means/${lang}`);
  };

  /** The question's words were added to a need (the field to focus) or set aside (null). */
  const needWordsDone = (pointer: string | null) => {
    setNeedWords(null);
    if (pointer) goTo(pointer);
  };

  const save = async () => {
    if (!state.config) return;
    setAttempted(true);
    if (clientErrors.length) {
      setMessage({
        status: 'error',
        text: sprintf(
          /* translators: %d: number of problems */
          _n('Nothing was saved: %d field needs attention.', 'Nothing was saved: %d fields need attention.', clientErrors.length, 'manufacturer-agent'),
          clientErrors.length,
        ),
      });
      setSummaryFocus((n) => n + 1);
      return;
    }
    const submitted = state.config;
    dispatch({ type: 'saveStarted' });
    setMessage(null);
    try {
      const result = await saveConfig(submitted);
      dispatch({ type: 'saveSucceeded', revision: result.revision, config: result.config, submitted });
      setAttempted(false);
      setMessage({ status: 'success', text: __('Saved. The public endpoints and documents show the change now.', 'manufacturer-agent') });
    } catch (reason) {
      const error = reason as ApiError;
      dispatch({ type: 'saveFailed', errors: error.fieldErrors ?? [] });
      const text = error.fieldErrors?.length
        ? sprintf(
            /* translators: %d: number of problems */
            _n(
              'The server refused the save: %d field needs attention. Nothing was saved.',
              'The server refused the save: %d fields need attention. Nothing was saved.',
              error.fieldErrors.length,
              'manufacturer-agent',
            ),
            error.fieldErrors.length,
          )
        : error.message;
      setMessage({ status: 'error', text });
      setSummaryFocus((n) => n + 1);
    }
  };

  const discard = () => {
    if (window.confirm(__('Discard all unsaved changes?', 'manufacturer-agent'))) {
      dispatch({ type: 'discard' });
      setAttempted(false);
      setMessage(null);
    }
  };

  if (loadError) {
    return (
      <div className="ma-admin">
        <h1>{__('Manufacturer Agent', 'manufacturer-agent')}</h1>
        <Notice status="error" isDismissible={false}>
          {__('The configuration could not be loaded.', 'manufacturer-agent')} {loadError}
        </Notice>
        <Button variant="secondary" onClick={load}>
          {__('Try again', 'manufacturer-agent')}
        </Button>
      </div>
    );
  }
  if (!state.config) {
    return (
      <div className="ma-admin">
        <h1>{__('Manufacturer Agent', 'manufacturer-agent')}</h1>
        <p className="ma-loading">
          <Spinner /> {__('Loading the configuration…', 'manufacturer-agent')}
        </p>
      </div>
    );
  }

  const tabTitle = (name: SectionName, container?: string) => {
    const count = container ? countErrors(errors, container) : 0;
    if (!count) return sectionTitle(name);
    /* translators: 1: section name, 2: number of problems */
    return sprintf(_n('%1$s (%2$d problem)', '%1$s (%2$d problems)', count, 'manufacturer-agent'), sectionTitle(name), count);
  };
  const tabs = [
    { name: 'materials', title: tabTitle('materials', '/materials'), className: 'ma-tab' },
    { name: 'recommendations', title: tabTitle('recommendations', '/recommendations'), className: 'ma-tab' },
    { name: 'company', title: tabTitle('company', '/company'), className: 'ma-tab' },
    { name: 'handoff_targets', title: tabTitle('handoff_targets', '/handoff_targets'), className: 'ma-tab' },
    { name: 'discovery', title: tabTitle('discovery', '/discovery'), className: 'ma-tab' },
    { name: 'handoffs', title: tabTitle('handoffs'), className: 'ma-tab' },
    { name: 'insights', title: tabTitle('insights'), className: 'ma-tab' },
    { name: 'enquiry_form', title: tabTitle('enquiry_form'), className: 'ma-tab' },
    { name: 'status', title: tabTitle('status'), className: 'ma-tab' },
  ];
  const showSummary = (attempted || state.serverErrors.length > 0) && allErrors.length > 0;

  return (
    <FormProvider value={{ state, dispatch, errors }}>
      <div className="ma-admin">
        <h1 className="wp-heading-inline">{__('Manufacturer Agent', 'manufacturer-agent')}</h1>
        {/* The bar saves the site configuration: on the tabs that are not part of it (the enquiry form saves
            on its own) it shows only while the configuration has unsaved changes. */}
        {section in CONFIG_SECTIONS || dirty ? (
          <div className="ma-savebar" role="region" aria-label={__('Save changes', 'manufacturer-agent')}>
            <Button variant="primary" onClick={save} isBusy={state.saving} disabled={state.saving || !dirty} className="ma-save">
              {state.saving ? __('Saving…', 'manufacturer-agent') : __('Save changes', 'manufacturer-agent')}
            </Button>
            <Button variant="tertiary" onClick={discard} disabled={state.saving || !dirty}>
              {__('Discard changes', 'manufacturer-agent')}
            </Button>
            <span className={`ma-savebar__state${dirty ? ' is-dirty' : ''}`} aria-live="polite">
              {dirty ? __('Unsaved changes', 'manufacturer-agent') : __('All changes saved', 'manufacturer-agent')}
              {clientErrors.length
                ? ` · ${sprintf(
                    /* translators: %d: number of problems */
                    _n('%d problem', '%d problems', clientErrors.length, 'manufacturer-agent'),
                    clientErrors.length,
                  )}`
                : ''}
            </span>
          </div>
        ) : null}
        {message ? (
          <Notice status={message.status} onRemove={() => setMessage(null)} className="ma-message">
            {message.text}
          </Notice>
        ) : null}
        {showSummary ? (
          <div className="ma-error-summary" ref={summaryRef} tabIndex={-1} role="group" aria-labelledby="ma-error-summary-title">
            <h2 id="ma-error-summary-title">{__('Fields that need attention', 'manufacturer-agent')}</h2>
            <ul>
              {allErrors.slice(0, 50).map((error, index) => (
                <li key={`${error.field}-${index}`}>
                  <Button variant="link" onClick={() => goTo(error.field)}>
                    {describeField(state.config, error.field)}
                  </Button>
                  {': '}
                  {error.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <TabPanel key={tabKey} className="ma-tabs" initialTabName={section} onSelect={(name: string) => setSection(name as SectionName)} tabs={tabs}>
          {(tab: { name: string }) => (
            <Fragment>
              {tab.name === 'materials' ? <MaterialsSection selected={material} onSelect={setMaterial} /> : null}
              {tab.name === 'recommendations' ? <RecommendationsSection /> : null}
              {tab.name === 'company' ? <CompanySection /> : null}
              {tab.name === 'handoff_targets' ? <HandoffTargetsSection /> : null}
              {tab.name === 'discovery' ? <DiscoverySection needWords={needWords} onNeedWordsDone={needWordsDone} /> : null}
              {tab.name === 'handoffs' ? <HandoffsSection /> : null}
              {tab.name === 'insights' ? <InsightsSection onAddWords={addWords} /> : null}
              {tab.name === 'enquiry_form' ? <EnquiryFormSection /> : null}
              {tab.name === 'status' ? <StatusSection /> : null}
            </Fragment>
          )}
        </TabPanel>
      </div>
    </FormProvider>
  );
}
