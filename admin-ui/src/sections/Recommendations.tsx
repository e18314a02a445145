import { createElement } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { useForm } from '../form-context.js';
import { LocalizedTextField, SelectField } from '../fields.js';
import { priorityLabel } from '../labels.js';
import { PRIORITIES } from '../types.js';
import { materialName } from './Materials.js';

export function RecommendationsSection() {
  const { state } = useForm();
  const materials = state.config!.materials;
  const options = materials.map((material) => ({ value: material.id, label: `${materialName(material)} (${material.id})` }));
  return (
    <div className="ma-section" data-section="recommendations">
      <h2>{__('Recommendations', 'manufacturer-agent')}</h2>
      <p className="ma-section__intro">{__('The material agents recommend for each project priority, and why.', 'manufacturer-agent')}</p>
      {PRIORITIES.map((priority) => {
        const tagged = materials.filter((material) => material.priorities?.includes(priority)).map(materialName);
        const label = priorityLabel(priority);
        return (
          <section key={priority} className="ma-card" aria-labelledby={`ma-recommendation-${priority}`}>
            <h3 id={`ma-recommendation-${priority}`}>
              {label} <code className="ma-muted">{priority}</code>
            </h3>
            <SelectField
              pointer={`/recommendations/${priority}/material_id`}
              /* translators: %s: a project priority, e.g. Fire protection */
              label={sprintf(__('Recommended material for “%s”', 'manufacturer-agent'), label)}
              options={options}
              help={
                tagged.length
                  ? /* translators: %s: list of material names */
                    sprintf(__('Materials marked for this priority: %s', 'manufacturer-agent'), tagged.join(', '))
                  : __('No material is marked for this priority yet.', 'manufacturer-agent')
              }
            />
            <LocalizedTextField
              pointer={`/recommendations/${priority}/reason`}
              /* translators: %s: a project priority, e.g. Fire protection */
              label={sprintf(__('Reason for “%s”', 'manufacturer-agent'), label)}
              multiline
            />
          </section>
        );
      })}
    </div>
  );
}
