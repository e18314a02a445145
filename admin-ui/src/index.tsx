// Mounts the screen into the container the plugin's admin page renders. WordPress 6.1 ships React 17
// (wp.element.render); 6.2 and later React 18 (createRoot). JSX compiles to wp.element.createElement.
import { createElement } from '@wordpress/element';
import * as element from '@wordpress/element';
import { App } from './App.js';
import './admin.css';

type Root = { render: (node: unknown) => void };
const platform = element as unknown as {
  createRoot?: (container: Element) => Root;
  render?: (node: unknown, container: Element) => void;
};

function mount(): void {
  const container = document.getElementById('manufacturer-agent-admin');
  if (!container) return;
  if (typeof platform.createRoot === 'function') platform.createRoot(container).render(<App />);
  else platform.render?.(<App />, container);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
else mount();
