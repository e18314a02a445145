// The form state: one configuration for the whole screen, dirty tracking, list operations and the
// rule that a recommended material is only removed once another takes its place.
import { describe, expect, it } from 'vitest';
import defaults from '../../plugin/data/default-site-config.json' with { type: 'json' };
import { checkReplacements, initialState, isDirty, reducer, sameJson, uniqueMaterialId, type Action, type FormState } from '../../admin-ui/src/state.js';
import { parseNumberInput } from '../../admin-ui/src/numbers.js';
import { getAt, joinPointer, parsePointer, setAt } from '../../admin-ui/src/pointer.js';
import { validateSiteConfig } from '../../admin-ui/src/validation.js';
import type { SiteConfig } from '../../admin-ui/src/types.js';

const config = (): SiteConfig => structuredClone(defaults) as unknown as SiteConfig;
const loaded = (): FormState => reducer(initialState, { type: 'loaded', revision: 'r1', config: config() });
const run = (state: FormState, ...actions: Action[]) => actions.reduce(reducer, state);

describe('JSON pointers', () => {
  it('read, write and escape like RFC 6901', () => {
    expect(parsePointer('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
    expect(joinPointer('/x', 'a/b', 2)).toBe('/x/a~1b/2');
    const original = { a: { b: [1, 2] }, c: { d: 1 } };
    const changed = setAt(original, '/a/b/1', 5);
    expect(changed).toEqual({ a: { b: [1, 5] }, c: { d: 1 } });
    expect(original.a.b[1]).toBe(2);
    expect(changed.c).toBe(original.c);
    expect(getAt(setAt(original, '/c/d', undefined), '/c')).toEqual({});
  });
});

describe('form state', () => {
  it('is clean after loading and dirty after an edit, clean again when the edit is undone', () => {
    const state = loaded();
    expect(isDirty(state)).toBe(false);
    const edited = reducer(state, { type: 'set', pointer: '/materials/0/name/de', value: 'Neu' });
    expect(isDirty(edited)).toBe(true);
    expect(edited.config!.materials[0].name.de).toBe('Neu');
    expect(edited.saved!.materials[0].name.de).toBe('Vlies Classic 150');
    const undone = reducer(edited, { type: 'set', pointer: '/materials/0/name/de', value: 'Vlies Classic 150' });
    expect(isDirty(undone)).toBe(false);
  });

  it('discards back to the saved configuration', () => {
    const state = run(loaded(), { type: 'set', pointer: '/company/name', value: 'X' }, { type: 'discard' });
    expect(isDirty(state)).toBe(false);
    expect(state.config!.company.name).toBe('Wandwerk Digitaldruck GmbH');
  });

  it('renaming a material keeps the recommendations that name it', () => {
    const index = config().materials.findIndex((m) => m.id === 'glasfaser-a2');
    const state = reducer(loaded(), { type: 'set', pointer: `/materials/${index}/id`, value: 'glasfaser-a2-neu' });
    expect(state.config!.recommendations.brandschutz.material_id).toBe('glasfaser-a2-neu');
    expect(validateSiteConfig(state.config)).toEqual([]);
  });

  it('duplicates a material right after the original with a free id and marked names', () => {
    const state = reducer(loaded(), { type: 'duplicateMaterial', index: 0 });
    const [original, copy] = state.config!.materials;
    expect(copy.id).toBe('vlies-classic-2');
    expect(copy.name).toEqual({ de: `${original.name.de} (Kopie)`, en: `${original.name.en} (copy)` });
    expect(copy.weight_g_m2).toBe(original.weight_g_m2);
    expect(validateSiteConfig(state.config)).toEqual([]);
    expect(uniqueMaterialId(state.config!.materials, 'vlies-classic-2')).toBe('vlies-classic-3');
  });

  it('adds an empty material whose missing texts the schema reports', () => {
    const state = reducer(loaded(), { type: 'addMaterial' });
    const index = state.config!.materials.length - 1;
    expect(state.config!.materials[index].id).toBe('new-material');
    const errors = validateSiteConfig(state.config);
    expect(errors).toContainEqual({ field: `/materials/${index}/name/de`, message: 'Must not be empty.' });
    expect(errors).toContainEqual({ field: `/materials/${index}/weight_g_m2`, message: 'Enter a whole number.' });
  });

  it('removes a material nobody recommends', () => {
    const state = reducer(loaded(), { type: 'removeMaterial', index: 0 });
    expect(state.config!.materials.map((m) => m.id)).not.toContain('vlies-classic');
    expect(validateSiteConfig(state.config)).toEqual([]);
  });

  it('refuses to remove a recommended material until another is chosen for each priority', () => {
    const start = loaded();
    const index = start.config!.materials.findIndex((m) => m.id === 'vinyl-auf-vlies');
    expect(checkReplacements(start.config!, index)).toMatch(/Wet room/);
    expect(reducer(start, { type: 'removeMaterial', index })).toBe(start);
    expect(reducer(start, { type: 'removeMaterial', index, replacements: { feuchtraum: 'vinyl-auf-vlies' } })).toBe(start);
    const removed = reducer(start, { type: 'removeMaterial', index, replacements: { feuchtraum: 'objektvinyl-typ-2' } });
    expect(removed.config!.materials.map((m) => m.id)).not.toContain('vinyl-auf-vlies');
    expect(removed.config!.recommendations.feuchtraum.material_id).toBe('objektvinyl-typ-2');
    expect(validateSiteConfig(removed.config)).toEqual([]);
  });

  it('never removes the last material', () => {
    let state = loaded();
    state = { ...state, config: { ...state.config!, materials: state.config!.materials.slice(0, 1) } };
    expect(reducer(state, { type: 'removeMaterial', index: 0 })).toBe(state);
  });

  it('adds, moves and removes list entries', () => {
    let state = reducer(loaded(), { type: 'addItem', list: '/materials/0/certifications', item: 'RAL' });
    expect(state.config!.materials[0].certifications).toEqual(['CE (EN 15102)', 'FSC Mix', 'RAL']);
    state = reducer(state, { type: 'moveItem', list: '/materials/0/certifications', from: 2, to: 0 });
    expect(state.config!.materials[0].certifications).toEqual(['RAL', 'CE (EN 15102)', 'FSC Mix']);
    state = reducer(state, { type: 'removeItem', list: '/materials/0/certifications', index: 1 });
    expect(state.config!.materials[0].certifications).toEqual(['RAL', 'FSC Mix']);
    expect(reducer(state, { type: 'moveItem', list: '/materials/0/certifications', from: 0, to: -1 })).toBe(state);
  });

  it('keeps the server’s field errors until that field is edited', () => {
    let state = run(loaded(), { type: 'set', pointer: '/company/name', value: 'A' }, { type: 'saveStarted' });
    expect(state.saving).toBe(true);
    state = reducer(state, {
      type: 'saveFailed',
      errors: [
        { field: '/company/name', message: 'taken' },
        { field: '/materials/0/name/de', message: 'too similar' },
      ],
    });
    expect(state.saving).toBe(false);
    expect(isDirty(state)).toBe(true);
    state = reducer(state, { type: 'set', pointer: '/company/name', value: 'B' });
    expect(state.serverErrors).toEqual([{ field: '/materials/0/name/de', message: 'too similar' }]);
  });

  it('after a save, takes the server’s configuration, unless the editor changed something meanwhile', () => {
    const edited = reducer(loaded(), { type: 'set', pointer: '/company/name', value: 'A' });
    const submitted = edited.config!;
    const fromServer = { ...submitted, company: { ...submitted.company, name: 'A' } };
    const saved = reducer(edited, { type: 'saveSucceeded', revision: 'r2', config: fromServer, submitted });
    expect(isDirty(saved)).toBe(false);
    expect(saved.revision).toBe('r2');
    const meanwhile = reducer(edited, { type: 'set', pointer: '/company/name', value: 'AB' });
    const savedMeanwhile = reducer(meanwhile, { type: 'saveSucceeded', revision: 'r2', config: fromServer, submitted });
    expect(savedMeanwhile.config!.company.name).toBe('AB');
    expect(isDirty(savedMeanwhile)).toBe(true);
  });

  it('compares JSON regardless of key order and undefined members', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1, d: undefined })).toBe(true);
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
  });
});

describe('number inputs', () => {
  it('turn into numbers once they are numbers, decimal comma included', () => {
    expect(parseNumberInput('150')).toBe(150);
    expect(parseNumberInput(' 320,5 ')).toBe(320.5);
    expect(parseNumberInput('320.')).toBe('320.');
    expect(parseNumberInput('')).toBe('');
    expect(parseNumberInput('abc')).toBe('abc');
  });
});
