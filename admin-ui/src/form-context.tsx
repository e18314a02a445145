import { createContext, createElement, useContext, useMemo } from '@wordpress/element';
import type { ReactNode } from 'react';
import type { Action, FormState } from './state.js';
import type { FieldError } from './types.js';
import { getAt } from './pointer.js';

export interface FormContextValue {
  state: FormState;
  dispatch: (action: Action) => void;
  /** Client (schema) and server messages, by JSON pointer. */
  errors: Map<string, string[]>;
}

const FormContext = createContext<FormContextValue | null>(null);

export function errorsByField(...lists: FieldError[][]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const list of lists) {
    for (const error of list) {
      const messages = map.get(error.field) ?? [];
      if (!messages.includes(error.message)) messages.push(error.message);
      map.set(error.field, messages);
    }
  }
  return map;
}

export function FormProvider({ value, children }: { value: FormContextValue; children: ReactNode }) {
  return <FormContext.Provider value={value}>{children}</FormContext.Provider>;
}

export function useForm(): FormContextValue {
  const value = useContext(FormContext);
  if (!value) throw new Error('useForm outside FormProvider');
  return value;
}

export interface FieldHandle<T> {
  value: T;
  errors: string[];
  set: (value: unknown) => void;
}

/** The value at a JSON pointer of the configuration, its messages, and a setter. */
export function useField<T = unknown>(pointer: string): FieldHandle<T> {
  const { state, dispatch, errors } = useForm();
  const value = getAt(state.config, pointer) as T;
  const messages = errors.get(pointer) ?? [];
  return useMemo(
    () => ({ value, errors: messages, set: (next: unknown) => dispatch({ type: 'set', pointer, value: next }) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [value, messages.join('\n'), pointer, dispatch],
  );
}

/** How many messages lie at or under a pointer (for badges on sections and list rows). */
export function countErrors(errors: Map<string, string[]>, container: string): number {
  let count = 0;
  for (const [field, messages] of errors) {
    if (container === '' || field === container || field.startsWith(`${container}/`)) count += messages.length;
  }
  return count;
}
