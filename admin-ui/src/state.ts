// The one form state of the screen: the configuration as last saved, the configuration being edited,
// and the server's field errors of the last refused save. Pure: the reducer is tested on its own.
import { __, sprintf } from '@wordpress/i18n';
import type { FieldError, Material, Priority, SiteConfig } from './types.js';
import { PRIORITIES } from './types.js';
import { priorityLabel } from './labels.js';
import { getAt, isWithin, overlaps, parsePointer, setAt } from './pointer.js';

export interface FormState {
  /** The configuration as the server last confirmed it (null until loaded). */
  saved: SiteConfig | null;
  revision: string | null;
  /** The configuration being edited. */
  config: SiteConfig | null;
  /** Field errors of the last save the server refused; an edit of a field clears its own. */
  serverErrors: FieldError[];
  saving: boolean;
}

export const initialState: FormState = { saved: null, revision: null, config: null, serverErrors: [], saving: false };

export type Action =
  | { type: 'loaded'; revision: string; config: SiteConfig }
  | { type: 'set'; pointer: string; value: unknown }
  | { type: 'addItem'; list: string; item: unknown }
  | { type: 'removeItem'; list: string; index: number }
  | { type: 'moveItem'; list: string; from: number; to: number }
  | { type: 'addMaterial' }
  | { type: 'duplicateMaterial'; index: number }
  | { type: 'removeMaterial'; index: number; replacements?: Partial<Record<Priority, string>> }
  | { type: 'discard' }
  | { type: 'saveStarted' }
  | { type: 'saveSucceeded'; revision: string; config: SiteConfig; submitted?: SiteConfig }
  | { type: 'saveFailed'; errors: FieldError[] };

function withoutServerErrors(errors: FieldError[], pointer: string, inside = false): FieldError[] {
  return errors.filter((error) => !(inside ? isWithin(error.field, pointer) || isWithin(pointer, error.field) : overlaps(error.field, pointer)));
}

/** An id not yet in the catalog: base, base-2, base-3, … */
export function uniqueMaterialId(materials: readonly Material[], base: string): string {
  const ids = new Set(materials.map((entry) => entry.id));
  const stem = base.replace(/-\d+$/, '') || 'material';
  if (!ids.has(stem)) return stem;
  for (let n = 2; ; n += 1) {
    const candidate = `${stem}-${n}`;
    if (!ids.has(candidate)) return candidate;
  }
}

export function emptyMaterial(id: string): Material {
  const text = () => ({ de: '', en: '' });
  return {
    id,
    name: text(),
    summary: text(),
    base_material: text(),
    surface: text(),
    weight_g_m2: '',
    printable_width_cm: '',
    fire_classification: { en_13501_1: null, din_4102: null },
    cleanability: { standard: 'EN 233', class: text() },
    wet_room_suitable: false,
    certifications: [],
    priorities: [],
    applications: text(),
    values_are_typical: true,
  };
}

/** The priorities whose recommendation names the material. */
export function prioritiesUsing(config: SiteConfig, materialId: string): Priority[] {
  return PRIORITIES.filter((priority) => config.recommendations[priority]?.material_id === materialId);
}

/** Replacements that make removing the material at index safe, or the reason they do not. */
export function checkReplacements(config: SiteConfig, index: number, replacements: Partial<Record<Priority, string>> = {}): string | null {
  const removed = config.materials[index];
  if (!removed) return __('There is no such material.', 'manufacturer-agent');
  if (config.materials.length <= 1) return __('The catalog needs at least one material.', 'manufacturer-agent');
  const remaining = new Set(config.materials.filter((_, i) => i !== index).map((entry) => entry.id));
  for (const priority of prioritiesUsing(config, removed.id)) {
    const replacement = replacements[priority];
    if (!replacement || !remaining.has(replacement) || replacement === removed.id) {
      /* translators: %s: a project priority, e.g. Fire protection */
      return sprintf(__('Choose another material for the priority “%s” first.', 'manufacturer-agent'), priorityLabel(priority));
    }
  }
  return null;
}

function listAt(config: SiteConfig, list: string): unknown[] {
  const value = getAt(config, list);
  return Array.isArray(value) ? value : [];
}

function edit(state: FormState, config: SiteConfig, serverErrors = state.serverErrors): FormState {
  return { ...state, config, serverErrors };
}

export function reducer(state: FormState, action: Action): FormState {
  if (action.type === 'loaded') {
    return { saved: action.config, revision: action.revision, config: action.config, serverErrors: [], saving: false };
  }
  if (action.type === 'saveSucceeded') {
    // Edits made while the save was under way stay; they are simply unsaved.
    const editedMeanwhile = action.submitted !== undefined && state.config !== null && !sameJson(state.config, action.submitted);
    return { saved: action.config, revision: action.revision, config: editedMeanwhile ? state.config : action.config, serverErrors: [], saving: false };
  }
  if (action.type === 'saveStarted') return { ...state, saving: true };
  if (action.type === 'saveFailed') return { ...state, saving: false, serverErrors: action.errors };
  const config = state.config;
  if (!config) return state;
  switch (action.type) {
    case 'set': {
      let next = setAt(config, action.pointer, action.value);
      // Renaming a material keeps the recommendations that named it pointing at it.
      const tokens = parsePointer(action.pointer);
      if (tokens.length === 3 && tokens[0] === 'materials' && tokens[2] === 'id') {
        const before = config.materials[Number(tokens[1])]?.id;
        const after = action.value;
        const stillThere = next.materials.some((entry) => entry.id === before);
        if (before !== undefined && typeof after === 'string' && before !== after && !stillThere) {
          for (const priority of PRIORITIES) {
            if (next.recommendations[priority]?.material_id === before) {
              next = setAt(next, `/recommendations/${priority}/material_id`, after);
            }
          }
        }
      }
      return edit(state, next, withoutServerErrors(state.serverErrors, action.pointer));
    }
    case 'addItem':
      return edit(state, setAt(config, action.list, [...listAt(config, action.list), action.item]), withoutServerErrors(state.serverErrors, action.list, true));
    case 'removeItem': {
      const items = listAt(config, action.list).filter((_, i) => i !== action.index);
      return edit(state, setAt(config, action.list, items), withoutServerErrors(state.serverErrors, action.list, true));
    }
    case 'moveItem': {
      const items = [...listAt(config, action.list)];
      if (action.to < 0 || action.to >= items.length || action.from < 0 || action.from >= items.length) return state;
      const [item] = items.splice(action.from, 1);
      items.splice(action.to, 0, item);
      return edit(state, setAt(config, action.list, items), withoutServerErrors(state.serverErrors, action.list, true));
    }
    case 'addMaterial': {
      const material = emptyMaterial(uniqueMaterialId(config.materials, 'new-material'));
      return edit(state, { ...config, materials: [...config.materials, material] }, withoutServerErrors(state.serverErrors, '/materials', true));
    }
    case 'duplicateMaterial': {
      const original = config.materials[action.index];
      if (!original) return state;
      const copy: Material = structuredClone(original);
      copy.id = uniqueMaterialId(config.materials, original.id);
      // Content, not interface text: each language of the name gets its own word for "copy".
      copy.name = { de: `${original.name.de} (Kopie)`, en: `${original.name.en} (copy)` };
      const materials = [...config.materials];
      materials.splice(action.index + 1, 0, copy);
      return edit(state, { ...config, materials }, withoutServerErrors(state.serverErrors, '/materials', true));
    }
    case 'removeMaterial': {
      if (checkReplacements(config, action.index, action.replacements) !== null) return state;
      const removed = config.materials[action.index];
      let next: SiteConfig = { ...config, materials: config.materials.filter((_, i) => i !== action.index) };
      for (const priority of prioritiesUsing(config, removed.id)) {
        next = setAt(next, `/recommendations/${priority}/material_id`, action.replacements?.[priority]);
      }
      return edit(state, next, withoutServerErrors(withoutServerErrors(state.serverErrors, '/materials', true), '/recommendations', true));
    }
    case 'discard':
      return { ...state, config: state.saved, serverErrors: [] };
    default:
      return state;
  }
}

/** Deep equality of JSON values, key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameJson(item, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const otherKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return keys.length === otherKeys.length && keys.every((key) => sameJson(left[key], right[key]));
}

export function isDirty(state: FormState): boolean {
  return state.config !== null && !sameJson(state.config, state.saved);
}
