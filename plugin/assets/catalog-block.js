/*
 * The editor side of the material catalog block: the server renders it (Catalog_Block.php), here as
 * in the page; the sidebar chooses a priority, materials and whether visitors get the filter.
 * Title, category, attributes and API version come from the server's registration.
 */
(function (blocks, element, blockEditor, components, i18n, ServerSideRender) {
  var __ = i18n.__;
  var el = element.createElement;
  var data = window.manufacturerAgentCatalog || { materials: [], priorities: [] };
  blocks.registerBlockType('manufacturer-agent/catalog', {
    edit: function (props) {
      var attributes = props.attributes;
      var chosen = attributes.materials || [];
      var toggle = function (id, on) {
        var next = data.materials
          .map(function (m) {
            return m.id;
          })
          .filter(function (m) {
            return m === id ? on : chosen.indexOf(m) >= 0;
          });
        props.setAttributes({ materials: next });
      };
      return el(
        'div',
        blockEditor.useBlockProps(),
        el(
          blockEditor.InspectorControls,
          null,
          el(
            components.PanelBody,
            { title: __('Materials shown', 'manufacturer-agent') },
            el(components.SelectControl, {
              label: __('Only materials for this priority', 'manufacturer-agent'),
              value: attributes.priority,
              options: [{ value: '', label: __('All priorities', 'manufacturer-agent') }].concat(data.priorities),
              onChange: function (value) {
                props.setAttributes({ priority: value });
              },
              __nextHasNoMarginBottom: true,
            }),
            el(components.ToggleControl, {
              label: __('Visitors can filter by priority', 'manufacturer-agent'),
              checked: attributes.filter,
              onChange: function (value) {
                props.setAttributes({ filter: value });
              },
              __nextHasNoMarginBottom: true,
            }),
            el('p', null, __('Choose materials (none chosen: the whole catalog).', 'manufacturer-agent')),
            data.materials.map(function (m) {
              return el(components.CheckboxControl, {
                key: m.id,
                label: m.name || m.id,
                checked: chosen.indexOf(m.id) >= 0,
                onChange: function (on) {
                  toggle(m.id, on);
                },
                __nextHasNoMarginBottom: true,
              });
            }),
          ),
        ),
        el(ServerSideRender, { block: 'manufacturer-agent/catalog', attributes: attributes }),
      );
    },
    save: function () {
      return null;
    },
  });
})(window.wp.blocks, window.wp.element, window.wp.blockEditor, window.wp.components, window.wp.i18n, window.wp.serverSideRender);
