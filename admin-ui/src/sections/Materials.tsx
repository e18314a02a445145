// The catalog: a list with add, edit, duplicate and remove; the editor of the chosen material below it.
// A material a recommendation uses is removed only after another material is chosen for it.
import { createElement, Fragment, useEffect, useRef, useState } from '@wordpress/element';
import { Button, Modal, SelectControl } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { countErrors, useForm } from '../form-context.js';
import { checkReplacements, prioritiesUsing } from '../state.js';
import { priorityLabel } from '../labels.js';
import { interfaceLanguage } from '../locale.js';
import type { Material, Priority } from '../types.js';
import { GroupErrors } from '../fields.js';
import { MaterialEditor } from './MaterialEditor.js';
import { unavailablePictures } from '../pictures.js';

export function materialName(material: Material | undefined): string {
  if (!material) return '';
  const language = interfaceLanguage();
  return material.name?.[language] || material.name?.de || material.name?.en || material.id || __('(unnamed material)', 'manufacturer-agent');
}

function RemoveMaterialDialog({ index, onClose, onRemoved }: { index: number; onClose: () => void; onRemoved: () => void }) {
  const { state, dispatch } = useForm();
  const config = state.config!;
  const material = config.materials[index];
  const affected = prioritiesUsing(config, material.id);
  const others = config.materials.filter((_, i) => i !== index);
  const [replacements, setReplacements] = useState<Partial<Record<Priority, string>>>({});
  const problem = checkReplacements(config, index, replacements);
  const name = materialName(material);
  return (
    /* translators: %s: the material's name */
    <Modal title={sprintf(__('Remove “%s”?', 'manufacturer-agent'), name)} onRequestClose={onClose} className="ma-remove-dialog">
      {affected.length ? (
        <Fragment>
          <p>
            {sprintf(
              /* translators: %s: the material's name */
              _n(
                '“%s” is the recommendation for one priority. Choose the material that takes its place:',
                '“%s” is the recommendation for several priorities. Choose the material that takes its place for each:',
                affected.length,
                'manufacturer-agent',
              ),
              name,
            )}
          </p>
          {affected.map((priority) => (
            <SelectControl
              key={priority}
              __nextHasNoMarginBottom
              className="ma-field"
              /* translators: %s: a project priority, e.g. Fire protection */
              label={sprintf(__('New recommendation for “%s”', 'manufacturer-agent'), priorityLabel(priority))}
              value={replacements[priority] ?? ''}
              options={[
                { value: '', label: __('— choose a material —', 'manufacturer-agent') },
                ...others.map((entry) => ({ value: entry.id, label: `${materialName(entry)} (${entry.id})` })),
              ]}
              onChange={(value: string) => setReplacements((current) => ({ ...current, [priority]: value || undefined }))}
            />
          ))}
        </Fragment>
      ) : (
        <p>{__('No recommendation uses this material. The change takes effect when you save.', 'manufacturer-agent')}</p>
      )}
      {problem && affected.length ? <p className="ma-dialog-hint">{problem}</p> : null}
      <div className="ma-dialog-actions">
        <Button
          variant="primary"
          isDestructive
          disabled={problem !== null}
          onClick={() => {
            dispatch({ type: 'removeMaterial', index, replacements });
            onRemoved();
          }}
        >
          {__('Remove material', 'manufacturer-agent')}
        </Button>
        <Button variant="tertiary" onClick={onClose}>
          {__('Cancel', 'manufacturer-agent')}
        </Button>
      </div>
    </Modal>
  );
}

export function MaterialsSection({ selected, onSelect }: { selected: number | null; onSelect: (index: number | null) => void }) {
  const { state, dispatch, errors } = useForm();
  const materials = state.config!.materials;
  const [removing, setRemoving] = useState<number | null>(null);
  const editorHeading = useRef<HTMLHeadingElement>(null);
  const focusEditor = useRef(false);

  useEffect(() => {
    if (focusEditor.current && editorHeading.current) {
      editorHeading.current.focus();
      focusEditor.current = false;
    }
  }, [selected, materials.length]);

  const open = (index: number) => {
    focusEditor.current = true;
    onSelect(index);
  };
  const current = selected !== null && selected < materials.length ? selected : null;

  return (
    <div className="ma-section" data-section="materials">
      <h2>{__('Materials', 'manufacturer-agent')}</h2>
      <p className="ma-section__intro">{__('The catalog agents read. Technical figures are typical values of the test reports.', 'manufacturer-agent')}</p>
      <table className="widefat striped ma-table">
        <caption className="screen-reader-text">{__('Materials in the catalog', 'manufacturer-agent')}</caption>
        <thead>
          <tr>
            <th scope="col">{__('Name', 'manufacturer-agent')}</th>
            <th scope="col">{__('ID', 'manufacturer-agent')}</th>
            <th scope="col">{__('Priorities', 'manufacturer-agent')}</th>
            <th scope="col">{__('Recommended for', 'manufacturer-agent')}</th>
            <th scope="col">{__('Problems', 'manufacturer-agent')}</th>
            <th scope="col">{__('Actions', 'manufacturer-agent')}</th>
          </tr>
        </thead>
        <tbody>
          {materials.map((material, index) => {
            const name = materialName(material);
            const problems = countErrors(errors, `/materials/${index}`);
            const missingPictures = unavailablePictures(material).length;
            return (
              <tr key={index} className={index === current ? 'is-selected' : undefined}>
                <td>
                  <strong>{material.name?.de || '—'}</strong>
                  <br />
                  <span lang="en">{material.name?.en || '—'}</span>
                </td>
                <td>
                  <code>{material.id}</code>
                </td>
                <td>{(material.priorities ?? []).map(priorityLabel).join(', ') || '—'}</td>
                <td>{prioritiesUsing(state.config!, material.id).map(priorityLabel).join(', ') || '—'}</td>
                <td>
                  {problems ? (
                    <span className="ma-badge ma-badge--error">
                      {/* translators: %d: number of problems */}
                      {sprintf(_n('%d problem', '%d problems', problems, 'manufacturer-agent'), problems)}
                    </span>
                  ) : missingPictures ? null : (
                    '—'
                  )}
                  {missingPictures ? (
                    <span className="ma-badge ma-badge--warning" data-missing-pictures={missingPictures}>
                      {/* translators: %d: number of pictures */}
                      {sprintf(_n('%d picture not published', '%d pictures not published', missingPictures, 'manufacturer-agent'), missingPictures)}
                    </span>
                  ) : null}
                </td>
                <td className="ma-table__actions">
                  <Button
                    variant="secondary"
                    onClick={() => open(index)}
                    aria-pressed={index === current}
                    /* translators: %s: the material's name */
                    aria-label={sprintf(__('Edit %s', 'manufacturer-agent'), name)}
                  >
                    {__('Edit', 'manufacturer-agent')}
                  </Button>
                  <Button
                    variant="tertiary"
                    onClick={() => {
                      dispatch({ type: 'duplicateMaterial', index });
                      open(index + 1);
                    }}
                    /* translators: %s: the material's name */
                    aria-label={sprintf(__('Duplicate %s', 'manufacturer-agent'), name)}
                  >
                    {__('Duplicate', 'manufacturer-agent')}
                  </Button>
                  <Button
                    variant="tertiary"
                    isDestructive
                    disabled={materials.length <= 1}
                    onClick={() => setRemoving(index)}
                    /* translators: %s: the material's name */
                    aria-label={sprintf(__('Remove %s', 'manufacturer-agent'), name)}
                  >
                    {__('Remove', 'manufacturer-agent')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <GroupErrors pointer="/materials" />
      <p>
        <Button
          variant="secondary"
          onClick={() => {
            dispatch({ type: 'addMaterial' });
            open(materials.length);
          }}
        >
          {__('Add material', 'manufacturer-agent')}
        </Button>
      </p>
      {current !== null ? (
        <section className="ma-card" aria-labelledby="ma-material-editor-heading">
          <div className="ma-card__header">
            <h3 id="ma-material-editor-heading" ref={editorHeading} tabIndex={-1}>
              {/* translators: %s: the material's name */}
              {sprintf(__('Edit material: %s', 'manufacturer-agent'), materialName(materials[current]))}
            </h3>
            <Button variant="tertiary" onClick={() => onSelect(null)}>
              {__('Close editor', 'manufacturer-agent')}
            </Button>
          </div>
          <MaterialEditor index={current} />
        </section>
      ) : null}
      {removing !== null && removing < materials.length ? (
        <RemoveMaterialDialog
          index={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            if (current !== null && current >= removing) onSelect(current === removing ? null : current - 1);
            setRemoving(null);
          }}
        />
      ) : null}
    </div>
  );
}
