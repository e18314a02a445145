// @wordpress/babel-preset-default, but JSX compiles to createElement from @wordpress/element (classic
// runtime) instead of react/jsx-runtime: WordPress registers the react-jsx-runtime script handle only
// from 6.6 on, and this screen must load on 6.1.
const wordpressPreset = require('@wordpress/babel-preset-default');

const CLASSIC = { runtime: 'classic', pragma: 'createElement', pragmaFrag: 'Fragment' };

function named(entry, fragment) {
  const target = Array.isArray(entry) ? entry[0] : entry;
  return typeof target === 'string' && target.includes(fragment);
}

module.exports = (api, options) => {
  const config = wordpressPreset(api, options);
  let jsx = 0;
  let typescript = 0;
  config.plugins = config.plugins.map((plugin) => {
    if (!named(plugin, 'plugin-transform-react-jsx')) return plugin;
    jsx += 1;
    return [Array.isArray(plugin) ? plugin[0] : plugin, CLASSIC];
  });
  // preset-typescript drops imports used only by JSX unless it knows the pragma.
  config.presets = config.presets.map((preset) => {
    if (!named(preset, 'preset-typescript')) return preset;
    typescript += 1;
    const [path, own] = Array.isArray(preset) ? preset : [preset, {}];
    return [path, { ...own, jsxPragma: 'createElement', jsxPragmaFrag: 'Fragment' }];
  });
  if (jsx !== 1 || typescript !== 1) {
    throw new Error('admin-ui/babel-preset.cjs: @wordpress/babel-preset-default changed shape; check the JSX runtime setting');
  }
  return config;
};
