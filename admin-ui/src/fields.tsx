// Inputs bound to a JSON pointer of the configuration. Each shows its label, its help and the
// messages for its pointer (schema and server alike) right below it, linked by aria-describedby.
import { createElement, Fragment } from '@wordpress/element';
import type { ReactNode } from 'react';
import { CheckboxControl, SelectControl, TextControl, TextareaControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useField, useForm } from './form-context.js';
import type { LocalizedText } from './types.js';
import { parseNumberInput } from './numbers.js';

export function ErrorText({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <span className="ma-field-error">
      {messages.map((message, index) => (
        <span key={index} className="ma-field-error__message">
          {message}{' '}
        </span>
      ))}
    </span>
  );
}

function helpWith(messages: string[], help?: ReactNode): ReactNode {
  if (!messages.length) return help;
  return (
    <Fragment>
      <ErrorText messages={messages} />
      {help ? <span className="ma-field-help">{help}</span> : null}
    </Fragment>
  );
}

function invalidProps(pointer: string, messages: string[]) {
  return { 'data-field': pointer, 'aria-invalid': messages.length ? true : undefined };
}

interface FieldProps {
  pointer: string;
  label: string;
  help?: ReactNode;
  className?: string;
}

export function TextField({ pointer, label, help, className, type = 'text', multiline = false }: FieldProps & { type?: 'text' | 'tel'; multiline?: boolean }) {
  const field = useField<string | undefined | null>(pointer);
  const common = {
    __nextHasNoMarginBottom: true,
    label,
    help: helpWith(field.errors, help),
    className: `ma-field${field.errors.length ? ' has-error' : ''}${className ? ` ${className}` : ''}`,
    value: field.value ?? '',
    onChange: (value: string) => field.set(value),
    ...invalidProps(pointer, field.errors),
  };
  return multiline ? <TextareaControl {...common} rows={3} /> : <TextControl {...common} type={type} />;
}

/** A text field whose empty value is null (a classification the material has none of). */
export function NullableTextField({ pointer, label, help }: FieldProps) {
  const field = useField<string | null>(pointer);
  return (
    <TextControl
      __nextHasNoMarginBottom
      label={label}
      help={helpWith(field.errors, help)}
      className={`ma-field${field.errors.length ? ' has-error' : ''}`}
      value={field.value ?? ''}
      onChange={(value: string) => field.set(value.trim() === '' ? null : value)}
      {...invalidProps(pointer, field.errors)}
    />
  );
}

export function NumberField({ pointer, label, help, unit }: FieldProps & { unit?: string }) {
  const field = useField<number | string>(pointer);
  return (
    <TextControl
      __nextHasNoMarginBottom
      label={unit ? sprintf('%1$s (%2$s)', label, unit) : label}
      help={helpWith(field.errors, help)}
      className={`ma-field ma-field--number${field.errors.length ? ' has-error' : ''}`}
      value={field.value === undefined || field.value === null ? '' : String(field.value)}
      inputMode="decimal"
      onChange={(value: string) => field.set(parseNumberInput(value))}
      {...invalidProps(pointer, field.errors)}
    />
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({ pointer, label, help, options, nullable = false }: FieldProps & { options: Option[]; nullable?: boolean }) {
  const field = useField<string | null>(pointer);
  const value = field.value ?? '';
  const known = options.some((option) => option.value === value);
  const all = [
    ...(nullable ? [{ value: '', label: __('— none —', 'manufacturer-agent') }] : []),
    // A value that is no longer offered (a removed material) stays visible until it is replaced.
    ...(!known && !(nullable && value === '')
      ? [{ value, label: sprintf(__('%s (not available)', 'manufacturer-agent'), value || __('nothing chosen', 'manufacturer-agent')) }]
      : []),
    ...options,
  ];
  return (
    <SelectControl
      __nextHasNoMarginBottom
      label={label}
      help={helpWith(field.errors, help)}
      className={`ma-field${field.errors.length ? ' has-error' : ''}`}
      value={value}
      options={all}
      onChange={(next: string) => field.set(nullable && next === '' ? null : next)}
      {...invalidProps(pointer, field.errors)}
    />
  );
}

export function CheckboxField({ pointer, label, help, disabled = false }: FieldProps & { disabled?: boolean }) {
  const field = useField<boolean>(pointer);
  return (
    <CheckboxControl
      __nextHasNoMarginBottom
      label={label}
      help={helpWith(field.errors, help)}
      className={`ma-field ma-field--checkbox${field.errors.length ? ' has-error' : ''}`}
      checked={!!field.value}
      disabled={disabled}
      onChange={(checked: boolean) => field.set(checked)}
      {...invalidProps(pointer, field.errors)}
    />
  );
}

/** A set of values chosen from a fixed list (an array of enum values), one checkbox each. */
export function CheckboxSetField<T extends string>({ pointer, label, help, options }: FieldProps & { options: { value: T; label: string }[] }) {
  const field = useField<T[] | undefined>(pointer);
  const chosen = field.value ?? [];
  return (
    <fieldset className="ma-checkbox-set" data-field={pointer}>
      <legend className="ma-localized__legend">{label}</legend>
      {help ? <p className="ma-localized__help">{help}</p> : null}
      {options.map((option) => (
        <CheckboxControl
          key={option.value}
          __nextHasNoMarginBottom
          label={option.label}
          className="ma-field ma-field--checkbox"
          checked={chosen.includes(option.value)}
          onChange={(checked: boolean) => field.set(options.map((o) => o.value).filter((v) => (v === option.value ? checked : chosen.includes(v))))}
        />
      ))}
      <GroupErrors pointer={pointer} />
    </fieldset>
  );
}

/** Messages that belong to a group or list rather than one input. */
export function GroupErrors({ pointer }: { pointer: string }) {
  const { errors } = useForm();
  const messages = errors.get(pointer) ?? [];
  if (!messages.length) return null;
  return (
    <p className="ma-group-error" data-field-errors={pointer}>
      <ErrorText messages={messages} />
    </p>
  );
}

/**
 * A text kept in German and English, the two side by side. `optional`: both left empty removes it
 * (a note the material may have or not).
 */
export function LocalizedTextField({ pointer, label, help, multiline = false, optional = false }: FieldProps & { multiline?: boolean; optional?: boolean }) {
  const field = useField<LocalizedText | undefined>(pointer);
  const setLanguage = (language: 'de' | 'en', text: string) => {
    const current = field.value ?? { de: '', en: '' };
    const next = { ...current, [language]: text };
    field.set(optional && next.de === '' && next.en === '' ? undefined : next);
  };
  const languages: ['de' | 'en', string][] = [
    ['de', __('German', 'manufacturer-agent')],
    ['en', __('English', 'manufacturer-agent')],
  ];
  return (
    <fieldset className="ma-localized">
      <legend className="ma-localized__legend">{label}</legend>
      {help ? <p className="ma-localized__help">{help}</p> : null}
      <div className="ma-localized__pair">
        {languages.map(([language, languageName]) => (
          <LanguageInput
            key={language}
            pointer={`${pointer}/${language}`}
            label={languageName}
            /* translators: 1: the field, e.g. Name; 2: the language, e.g. German */
            accessibleName={sprintf(__('%1$s (%2$s)', 'manufacturer-agent'), label, languageName)}
            value={field.value?.[language] ?? ''}
            multiline={multiline}
            onChange={(text) => setLanguage(language, text)}
          />
        ))}
      </div>
      <GroupErrors pointer={pointer} />
    </fieldset>
  );
}

function LanguageInput({
  pointer,
  label,
  accessibleName,
  value,
  multiline,
  onChange,
}: {
  pointer: string;
  label: string;
  accessibleName: string;
  value: string;
  multiline: boolean;
  onChange: (text: string) => void;
}) {
  const { errors } = useForm();
  const messages = errors.get(pointer) ?? [];
  const common = {
    __nextHasNoMarginBottom: true,
    label,
    help: helpWith(messages),
    className: `ma-field${messages.length ? ' has-error' : ''}`,
    value,
    onChange,
    'aria-label': accessibleName,
    ...invalidProps(pointer, messages),
  };
  return multiline ? <TextareaControl {...common} rows={4} /> : <TextControl {...common} />;
}

/** A value the specification fixes: shown so editors know it, never editable. */
export function FixedValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="ma-fixed">
      <span className="ma-fixed__label">{label}</span> <code className="ma-fixed__value">{value}</code>
    </div>
  );
}
