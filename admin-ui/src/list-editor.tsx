// An ordered list inside the configuration (certifications, workflow steps, questions): add, remove,
// move up and down, all with buttons named after the entry they act on.
import { createElement } from '@wordpress/element';
import type { ReactNode } from 'react';
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useForm } from './form-context.js';
import { getAt } from './pointer.js';
import { GroupErrors } from './fields.js';

export function ListEditor<T>({
  list,
  legend,
  itemTitle,
  renderItem,
  newItem,
  addLabel,
  minItems = 0,
  compact = false,
}: {
  list: string;
  legend: string;
  itemTitle: (item: T, index: number) => string;
  renderItem: (pointer: string, index: number) => ReactNode;
  newItem: (items: T[]) => T;
  addLabel: string;
  minItems?: number;
  compact?: boolean;
}) {
  const { state, dispatch } = useForm();
  const value = getAt(state.config, list);
  const items = (Array.isArray(value) ? value : []) as T[];
  return (
    <fieldset className={`ma-list${compact ? ' ma-list--compact' : ''}`} data-list={list}>
      <legend className="ma-list__legend">{legend}</legend>
      {items.length === 0 ? <p className="ma-list__empty">{__('No entries yet.', 'manufacturer-agent')}</p> : null}
      <ol className="ma-list__items">
        {items.map((item, index) => {
          const title = itemTitle(item, index);
          return (
            <li key={index} className="ma-list__item">
              <div className="ma-list__body">{renderItem(`${list}/${index}`, index)}</div>
              <div className="ma-list__actions">
                <Button
                  variant="tertiary"
                  disabled={index === 0}
                  onClick={() => dispatch({ type: 'moveItem', list, from: index, to: index - 1 })}
                  /* translators: %s: the entry, e.g. Step 2 */
                  aria-label={sprintf(__('Move %s up', 'manufacturer-agent'), title)}
                >
                  {__('Up', 'manufacturer-agent')}
                </Button>
                <Button
                  variant="tertiary"
                  disabled={index === items.length - 1}
                  onClick={() => dispatch({ type: 'moveItem', list, from: index, to: index + 1 })}
                  /* translators: %s: the entry, e.g. Step 2 */
                  aria-label={sprintf(__('Move %s down', 'manufacturer-agent'), title)}
                >
                  {__('Down', 'manufacturer-agent')}
                </Button>
                <Button
                  variant="tertiary"
                  isDestructive
                  disabled={items.length <= minItems}
                  onClick={() => dispatch({ type: 'removeItem', list, index })}
                  /* translators: %s: the entry, e.g. Step 2 */
                  aria-label={sprintf(__('Remove %s', 'manufacturer-agent'), title)}
                >
                  {__('Remove', 'manufacturer-agent')}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <GroupErrors pointer={list} />
      <Button variant="secondary" onClick={() => dispatch({ type: 'addItem', list, item: newItem(items) })}>
        {addLabel}
      </Button>
    </fieldset>
  );
}
