// The needs model of the question endpoint (schemas/answer-vocabulary.schema.json: needs, scales):
// what customers need, in their words, and what satisfies each; the ordered scales needs are measured
// on. Each need and scale is a collapsed panel: its fields are rendered only when staff open it.
import { createElement, useEffect, useRef, useState } from '@wordpress/element';
import { Button, PanelBody, SelectControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { CheckboxField, LocalizedTextField, SelectField, TextField } from '../fields.js';
import { parseNumberInput } from '../numbers.js';
import { useField, useForm } from '../form-context.js';
import { getAt } from '../pointer.js';
import { ListEditor } from '../list-editor.js';
import { interfaceLanguage } from '../locale.js';
import { withWords, type QuestionWords } from '../insights-data.js';
import type { LocalizedText, Need, NeedTest, Scale } from '../types.js';

const NEEDS = '/discovery/vocabulary/needs';

type TestKind = 'scale' | 'flag' | 'text' | 'number';

function kindOf(test: NeedTest | undefined): TestKind {
  if (!test) return 'text';
  if ('scale' in test) return 'scale';
  if ('is' in test) return 'flag';
  if ('contains' in test) return 'text';
  return 'number';
}

/** A new test of a kind, to be filled in. */
function template(kind: TestKind, scales: Scale[]): NeedTest {
  switch (kind) {
    case 'scale':
      return { scale: scales[0]?.id ?? '', at_least: scales[0]?.levels[0]?.code ?? '' };
    case 'flag':
      return { field: 'wet_room_suitable', is: true };
    case 'text':
      return { field: 'certifications', contains: '' };
    case 'number':
      return { field: 'printable_width_cm', stated: 'at_least' };
  }
}

function useScales(): Scale[] {
  const { state } = useForm();
  const scales = getAt(state.config, '/discovery/vocabulary/scales');
  return (Array.isArray(scales) ? scales : []) as Scale[];
}

function useNeeds(): Need[] {
  const { state } = useForm();
  const needs = getAt(state.config, NEEDS);
  return (Array.isArray(needs) ? needs : []) as Need[];
}

/** A need's name in the interface's language, else in the other, else its id. */
function needLabel(need: Need): string {
  const language = interfaceLanguage();
  return need.label?.[language] || need.label?.en || need.label?.de || need.id;
}

/** The needs as options for a use case's requirements. */
export function useNeedOptions(): { value: string; label: string }[] {
  return useNeeds().map((need) => ({ value: need.id, label: needLabel(need) }));
}

/** A number a test may leave out: empty removes it. */
function OptionalNumber({ pointer, label }: { pointer: string; label: string }) {
  const field = useField<number | string | undefined>(pointer);
  return (
    <TextControl
      __nextHasNoMarginBottom
      label={label}
      className="ma-field ma-field--number"
      value={field.value === undefined ? '' : String(field.value)}
      inputMode="decimal"
      onChange={(value: string) => field.set(value.trim() === '' ? undefined : parseNumberInput(value))}
      data-field={pointer}
    />
  );
}

function TestEditor({ pointer }: { pointer: string }) {
  const test = useField<NeedTest | undefined>(pointer);
  const scales = useScales();
  const kind = kindOf(test.value);
  const scale = test.value && 'scale' in test.value ? scales.find((s) => s.id === (test.value as { scale: string }).scale) : undefined;
  return (
    <div className="ma-need-test">
      <SelectControl
        __nextHasNoMarginBottom
        label={__('Test', 'manufacturer-agent')}
        value={kind}
        options={[
          { value: 'scale', label: __('A class at least a level of a scale', 'manufacturer-agent') },
          { value: 'flag', label: __('Suitable for wet rooms (yes or no)', 'manufacturer-agent') },
          { value: 'text', label: __('A field names one of some words', 'manufacturer-agent') },
          { value: 'number', label: __('A width or weight at least or at most', 'manufacturer-agent') },
        ]}
        onChange={(next: string) => test.set(template(next as TestKind, scales))}
      />
      {kind === 'scale' ? (
        <div>
          <SelectField
            pointer={`${pointer}/scale`}
            label={__('Scale', 'manufacturer-agent')}
            options={scales.map((s) => ({ value: s.id, label: s.label?.en || s.id }))}
          />
          <SelectField
            pointer={`${pointer}/at_least`}
            label={__('At least', 'manufacturer-agent')}
            options={(scale?.levels ?? []).map((level) => ({ value: level.code, label: level.code }))}
          />
        </div>
      ) : null}
      {kind === 'flag' ? <CheckboxField pointer={`${pointer}/is`} label={__('Must be suitable for wet rooms', 'manufacturer-agent')} /> : null}
      {kind === 'text' ? (
        <div>
          <SelectField
            pointer={`${pointer}/field`}
            label={__('Field', 'manufacturer-agent')}
            options={[
              { value: 'certifications', label: __('Certifications', 'manufacturer-agent') },
              { value: 'base_material', label: __('Base material', 'manufacturer-agent') },
              { value: 'surface', label: __('Surface', 'manufacturer-agent') },
              { value: 'applications', label: __('Applications', 'manufacturer-agent') },
              { value: 'summary', label: __('Summary', 'manufacturer-agent') },
              { value: 'cleanability_standard', label: __('Cleanability standard', 'manufacturer-agent') },
            ]}
          />
          <TextField pointer={`${pointer}/contains`} label={__('Names one of (comma-separated)', 'manufacturer-agent')} />
        </div>
      ) : null}
      {kind === 'number' ? (
        <div>
          <SelectField
            pointer={`${pointer}/field`}
            label={__('Field', 'manufacturer-agent')}
            options={[
              { value: 'printable_width_cm', label: __('Printable width (cm)', 'manufacturer-agent') },
              { value: 'weight_g_m2', label: __('Weight (g/m²)', 'manufacturer-agent') },
            ]}
          />
          <OptionalNumber pointer={`${pointer}/at_least`} label={__('At least', 'manufacturer-agent')} />
          <OptionalNumber pointer={`${pointer}/at_most`} label={__('At most', 'manufacturer-agent')} />
          <StatedSelect pointer={`${pointer}/stated`} />
        </div>
      ) : null}
    </div>
  );
}

/** Whether a number test compares with the number the question states (a wall's width); none removes it. */
function StatedSelect({ pointer }: { pointer: string }) {
  const field = useField<'at_least' | 'at_most' | undefined>(pointer);
  return (
    <SelectControl
      __nextHasNoMarginBottom
      label={__('Compared with the number the question states', 'manufacturer-agent')}
      value={field.value ?? ''}
      options={[
        { value: '', label: __('— no —', 'manufacturer-agent') },
        { value: 'at_least', label: __('At least that number', 'manufacturer-agent') },
        { value: 'at_most', label: __('At most that number', 'manufacturer-agent') },
      ]}
      onChange={(next: string) => field.set(next === '' ? undefined : next)}
    />
  );
}

/** The title of a collapsed panel: the entry's label in the interface's language, else in the other, else its id. */
function usePanelTitle(pointer: string): string {
  const label = useField<LocalizedText | undefined>(`${pointer}/label`).value;
  const id = useField<string | undefined>(`${pointer}/id`).value;
  return label?.[interfaceLanguage()] || label?.en || label?.de || id || __('New entry', 'manufacturer-agent');
}

function NeedEditor({ pointer, initialOpen = false }: { pointer: string; initialOpen?: boolean }) {
  const scales = useScales();
  return (
    <PanelBody title={usePanelTitle(pointer)} initialOpen={initialOpen}>
      <TextField
        pointer={`${pointer}/id`}
        label={__('ID', 'manufacturer-agent')}
        help={__('Lower-case letters, digits and underscores; use cases name it.', 'manufacturer-agent')}
      />
      <LocalizedTextField pointer={`${pointer}/label`} label={__('Named in answers as', 'manufacturer-agent')} />
      <LocalizedTextField pointer={`${pointer}/words`} label={__('Customers say', 'manufacturer-agent')} help={__('Comma-separated.', 'manufacturer-agent')} />
      <ListEditor<NeedTest[]>
        list={`${pointer}/met_by`}
        legend={__('Met by: any one of these alternatives, each when all its tests hold', 'manufacturer-agent')}
        /* translators: %d: position of the alternative */
        itemTitle={(_, index) => sprintf(__('Alternative %d', 'manufacturer-agent'), index + 1)}
        renderItem={(alternative) => (
          <ListEditor<NeedTest>
            list={alternative}
            legend={__('Tests', 'manufacturer-agent')}
            /* translators: %d: position of the test */
            itemTitle={(_, index) => sprintf(__('Test %d', 'manufacturer-agent'), index + 1)}
            renderItem={(test) => <TestEditor pointer={test} />}
            newItem={() => template('text', scales)}
            addLabel={__('Add test', 'manufacturer-agent')}
            minItems={1}
            compact
          />
        )}
        newItem={() => [template('text', scales)]}
        addLabel={__('Add alternative', 'manufacturer-agent')}
        minItems={1}
        compact
      />
      <LocalizedTextField pointer={`${pointer}/reason`} label={__('Why (said when a material does not meet it)', 'manufacturer-agent')} optional multiline />
    </PanelBody>
  );
}

function ScaleEditor({ pointer }: { pointer: string }) {
  return (
    <PanelBody title={usePanelTitle(pointer)} initialOpen={false}>
      <TextField pointer={`${pointer}/id`} label={__('ID', 'manufacturer-agent')} />
      <LocalizedTextField pointer={`${pointer}/label`} label={__('Named in answers as', 'manufacturer-agent')} />
      <SelectField
        pointer={`${pointer}/reads`}
        label={__('Reads', 'manufacturer-agent')}
        options={[
          { value: 'din_4102', label: __('DIN 4102 class', 'manufacturer-agent') },
          { value: 'en_13501_1', label: __('EN 13501-1 classification', 'manufacturer-agent') },
          { value: 'cleanability_class', label: __('Cleanability class', 'manufacturer-agent') },
        ]}
      />
      <LocalizedTextField
        pointer={`${pointer}/words`}
        label={__('Customers name the scale as', 'manufacturer-agent')}
        help={__('Comma-separated.', 'manufacturer-agent')}
      />
      <ListEditor<Scale['levels'][number]>
        list={`${pointer}/levels`}
        legend={__('Levels, worst first', 'manufacturer-agent')}
        itemTitle={(level, index) => level.code || sprintf(__('Level %d', 'manufacturer-agent'), index + 1)}
        renderItem={(level) => (
          <div>
            <TextField pointer={`${level}/code`} label={__('Class as the catalog writes it', 'manufacturer-agent')} />
            <LocalizedTextField pointer={`${level}/words`} label={__('Other words for it', 'manufacturer-agent')} optional />
          </div>
        )}
        newItem={() => ({ code: '' })}
        addLabel={__('Add level', 'manufacturer-agent')}
        minItems={2}
        compact
      />
    </PanelBody>
  );
}

/**
 * A question's words (from the Insights tab) on their way to a need: staff pick the need, and the words
 * join its words in the question's language, saved with the rest of the configuration.
 */
function QuestionWordsPicker({
  question,
  onAdded,
  onCancel,
}: {
  question: QuestionWords;
  onAdded: (index: number, pointer: string) => void;
  onCancel: () => void;
}) {
  const { state, dispatch } = useForm();
  const needs = useNeeds();
  const [choice, setChoice] = useState('');
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => select.current?.focus(), []);
  const add = () => {
    const index = Number(choice);
    const pointer = `${NEEDS}/${index}/words/${question.language}`;
    const words = getAt(state.config, pointer);
    dispatch({ type: 'set', pointer, value: withWords(typeof words === 'string' ? words : '', question.words) });
    onAdded(index, pointer);
  };
  const language = question.language === 'de' ? __('German', 'manufacturer-agent') : __('English', 'manufacturer-agent');
  return (
    <div className="ma-need-words" role="group" aria-labelledby="ma-need-words-title">
      <p id="ma-need-words-title" className="ma-need-words__title">
        {sprintf(
          /* translators: %s: the question's language, German or English */
          __('Words from a question (%s)', 'manufacturer-agent'),
          language,
        )}
      </p>
      <p className="ma-need-words__words" lang={question.language}>
        {question.words}
      </p>
      <SelectControl
        __nextHasNoMarginBottom
        ref={select}
        label={__('Add them to the words of', 'manufacturer-agent')}
        help={__("They join the need's words in the question's language; nothing is saved until you save the changes.", 'manufacturer-agent')}
        value={choice}
        options={[
          { value: '', label: __('— choose a need —', 'manufacturer-agent'), disabled: true },
          ...needs.map((need, index) => ({ value: String(index), label: needLabel(need) })),
        ]}
        onChange={setChoice}
      />
      <div className="ma-need-words__actions">
        <Button variant="primary" onClick={add} disabled={choice === ''}>
          {__('Add the words', 'manufacturer-agent')}
        </Button>
        <Button variant="tertiary" onClick={onCancel}>
          {__('Cancel', 'manufacturer-agent')}
        </Button>
      </div>
    </div>
  );
}

/**
 * A question's words from the Insights tab for the needs editor (`needWords`), and what is told when
 * staff added them to a need (`onNeedWordsDone` with the field they went into) or set them aside (null).
 */
export interface NeedWordsProps {
  needWords?: QuestionWords | null;
  onNeedWordsDone?: (pointer: string | null) => void;
}

/**
 * The needs and the scales: one collapsed panel, and each need and scale in it collapsed until opened.
 * With a question's words it opens at the picker of the need they go to.
 */
export function NeedsEditor({ needWords = null, onNeedWordsDone = () => undefined }: NeedWordsProps = {}) {
  // PanelBody reads initialOpen on every render until it is toggled: the panel stays as it started.
  const [startOpen] = useState(needWords !== null);
  // The need the words went to: its panel opens (a new key mounts it open, even if it was toggled shut).
  const [opened, setOpened] = useState<number | null>(null);
  return (
    <PanelBody className="ma-needs" title={__('Needs and ordered scales', 'manufacturer-agent')} initialOpen={startOpen}>
      {needWords ? (
        <QuestionWordsPicker
          question={needWords}
          onAdded={(index, pointer) => {
            setOpened(index);
            onNeedWordsDone(pointer);
          }}
          onCancel={() => onNeedWordsDone(null)}
        />
      ) : null}
      <ListEditor<Need>
        list={NEEDS}
        legend={__('Needs: what customers need, in their words, and what satisfies it', 'manufacturer-agent')}
        /* translators: %d: position of the need */
        itemTitle={(need, index) => needLabel(need) || sprintf(__('Need %d', 'manufacturer-agent'), index + 1)}
        renderItem={(pointer, index) => <NeedEditor key={index === opened ? 'opened' : 'closed'} pointer={pointer} initialOpen={index === opened} />}
        newItem={(items) => {
          const ids = new Set(items.map((item) => item.id));
          let n = items.length + 1;
          while (ids.has(`need_${n}`)) n += 1;
          return { id: `need_${n}`, label: { de: '', en: '' }, words: { de: '', en: '' }, met_by: [[{ field: 'certifications', contains: '' }]] };
        }}
        addLabel={__('Add need', 'manufacturer-agent')}
      />
      <ListEditor<Scale>
        list="/discovery/vocabulary/scales"
        legend={__('Ordered scales: classes from worst to best, for "at least" and "better than"', 'manufacturer-agent')}
        /* translators: %d: position of the scale */
        itemTitle={(scale, index) => scale.label?.en || scale.id || sprintf(__('Scale %d', 'manufacturer-agent'), index + 1)}
        renderItem={(pointer) => <ScaleEditor pointer={pointer} />}
        newItem={(items) => ({
          id: `scale_${items.length + 1}`,
          label: { de: '', en: '' },
          reads: 'en_13501_1',
          words: { de: '', en: '' },
          levels: [{ code: '' }, { code: '' }],
        })}
        addLabel={__('Add scale', 'manufacturer-agent')}
      />
    </PanelBody>
  );
}
