// Every field of schemas/material.schema.json, German and English side by side.
import { createElement } from '@wordpress/element';
import { CheckboxControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useField } from '../form-context.js';
import { CheckboxField, GroupErrors, LocalizedTextField, NullableTextField, NumberField, SelectField, TextField } from '../fields.js';
import { ListEditor } from '../list-editor.js';
import { PicturesField } from '../pictures.js';
import { priorityLabel } from '../labels.js';
import { PRIORITIES, type Priority } from '../types.js';
import material from '../../../schemas/material.schema.json' with { type: 'json' };

const DIN_4102 = (material.properties.fire_classification.properties.din_4102.enum as (string | null)[]).filter((value): value is string => value !== null);
const CLEANABILITY_STANDARDS = material.properties.cleanability.properties.standard.enum as string[];

function PrioritiesField({ pointer }: { pointer: string }) {
  const field = useField<Priority[]>(pointer);
  const selected = Array.isArray(field.value) ? field.value : [];
  const toggle = (priority: Priority, on: boolean) => {
    const next = on ? PRIORITIES.filter((p) => p === priority || selected.includes(p)) : selected.filter((p) => p !== priority);
    field.set(next);
  };
  return (
    <fieldset className="ma-checkbox-group" data-field={pointer}>
      <legend>{__('Priorities this material serves', 'manufacturer-agent')}</legend>
      {PRIORITIES.map((priority) => (
        <CheckboxControl
          key={priority}
          __nextHasNoMarginBottom
          className="ma-checkbox-group__option"
          label={priorityLabel(priority)}
          checked={selected.includes(priority)}
          onChange={(checked: boolean) => toggle(priority, checked)}
        />
      ))}
      <GroupErrors pointer={pointer} />
    </fieldset>
  );
}

function certificationLabel(index: number): string {
  /* translators: %d: position of the certification in the list */
  return sprintf(__('Certification %d', 'manufacturer-agent'), index + 1);
}

function CertificationInput({ pointer, label }: { pointer: string; label: string }) {
  return <TextField pointer={pointer} label={label} />;
}

export function MaterialEditor({ index }: { index: number }) {
  const base = `/materials/${index}`;
  const wetRoom = useField<boolean>(`${base}/wet_room_suitable`);
  return (
    <div className="ma-material-editor">
      <div className="ma-grid">
        <TextField
          pointer={`${base}/id`}
          label={__('ID', 'manufacturer-agent')}
          help={__('Stable identifier used in links and by agents; renaming it updates the recommendations that use it.', 'manufacturer-agent')}
        />
      </div>
      <LocalizedTextField pointer={`${base}/name`} label={__('Name', 'manufacturer-agent')} />
      <LocalizedTextField pointer={`${base}/summary`} label={__('Summary', 'manufacturer-agent')} multiline />
      <LocalizedTextField pointer={`${base}/base_material`} label={__('Base material', 'manufacturer-agent')} />
      <LocalizedTextField pointer={`${base}/surface`} label={__('Surface', 'manufacturer-agent')} />
      <LocalizedTextField pointer={`${base}/applications`} label={__('Applications', 'manufacturer-agent')} multiline />
      <PicturesField base={base} />

      <h4 className="ma-subheading">{__('Technical values', 'manufacturer-agent')}</h4>
      <div className="ma-grid">
        <NumberField
          pointer={`${base}/weight_g_m2`}
          label={__('Weight', 'manufacturer-agent')}
          unit="g/m²"
          help={__('Whole number, typical value.', 'manufacturer-agent')}
        />
        <NumberField pointer={`${base}/printable_width_cm`} label={__('Largest printable width', 'manufacturer-agent')} unit="cm" />
        <NullableTextField
          pointer={`${base}/fire_classification/en_13501_1`}
          label={__('Fire classification EN 13501-1', 'manufacturer-agent')}
          help={__('Euroclass, e.g. B-s1, d0; empty if not tested.', 'manufacturer-agent')}
        />
        <SelectField
          pointer={`${base}/fire_classification/din_4102`}
          label={__('Building material class DIN 4102-1', 'manufacturer-agent')}
          options={DIN_4102.map((value) => ({ value, label: value }))}
          nullable
        />
        <SelectField
          pointer={`${base}/cleanability/standard`}
          label={__('Cleanability standard', 'manufacturer-agent')}
          options={CLEANABILITY_STANDARDS.map((value) => ({ value, label: value }))}
        />
      </div>
      <GroupErrors pointer={`${base}/fire_classification`} />
      <LocalizedTextField pointer={`${base}/cleanability/class`} label={__('Cleanability class', 'manufacturer-agent')} />
      <CheckboxField pointer={`${base}/wet_room_suitable`} label={__('Suitable for wet rooms', 'manufacturer-agent')} />
      <LocalizedTextField
        pointer={`${base}/wet_room_note`}
        label={__('Wet-room note', 'manufacturer-agent')}
        help={
          wetRoom.value
            ? __('Where exactly the material may be used; optional.', 'manufacturer-agent')
            : __('Optional; leave both languages empty for none.', 'manufacturer-agent')
        }
        optional
        multiline
      />
      <ListEditor<string>
        list={`${base}/certifications`}
        legend={__('Certifications', 'manufacturer-agent')}
        itemTitle={(item, i) => item || certificationLabel(i)}
        renderItem={(pointer, i) => <CertificationInput pointer={pointer} label={certificationLabel(i)} />}
        newItem={() => ''}
        addLabel={__('Add certification', 'manufacturer-agent')}
        compact
      />
      <PrioritiesField pointer={`${base}/priorities`} />
      <CheckboxField
        pointer={`${base}/values_are_typical`}
        label={__('Figures are typical values', 'manufacturer-agent')}
        help={__('Always on: the figures are published as typical values of the test reports, not as guaranteed minimums.', 'manufacturer-agent')}
        disabled
      />
    </div>
  );
}
