// The admin screen's build: @wordpress/scripts' webpack configuration with our entry, output folder
// (plugin/build/admin: index.js, index.css, index.asset.php) and Babel preset (classic JSX runtime).
const path = require('node:path');
const defaultConfig = require('@wordpress/scripts/config/webpack.config');

const root = path.resolve(__dirname, '..');

if (Array.isArray(defaultConfig)) throw new Error('admin-ui/webpack.config.cjs expects one webpack configuration');

function withOurBabel(rule) {
  const uses = Array.isArray(rule.use) ? rule.use : [];
  const babel = uses.find((use) => use && typeof use.loader === 'string' && use.loader.includes('babel-loader'));
  if (!babel) return rule;
  return {
    ...rule,
    use: uses.map((use) =>
      use === babel
        ? {
            ...use,
            options: {
              cacheDirectory: process.env.BABEL_CACHE_DIRECTORY || true,
              babelrc: false,
              configFile: false,
              presets: [require.resolve('./babel-preset.cjs')],
            },
          }
        : use,
    ),
  };
}

// Only what this screen needs: the default's copy plugin (block.json, PHP files of a src/ folder) has nothing to do here.
const plugins = defaultConfig.plugins.filter((plugin) => plugin && plugin.constructor && plugin.constructor.name !== 'CopyPlugin');

module.exports = {
  ...defaultConfig,
  context: root,
  entry: { index: path.resolve(__dirname, 'src/index.tsx') },
  output: { ...defaultConfig.output, path: path.resolve(root, 'plugin/build/admin'), clean: true },
  resolve: {
    ...defaultConfig.resolve,
    extensions: ['.tsx', '.ts', '.js', '.jsx', '.json'],
    // Sources import './x.js' (what TypeScript's NodeNext and Bundler resolution both accept) for x.ts / x.tsx.
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
  },
  module: { ...defaultConfig.module, rules: defaultConfig.module.rules.map(withOurBabel) },
  plugins,
  performance: { hints: false },
};
