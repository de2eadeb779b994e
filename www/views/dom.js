// Tiny DOM helpers. Text goes in with textContent only: nothing a user or an engine typed is ever parsed
// as HTML.

/**
 * h('button', { class: 'x', dataset: { testid: 'y' }, on: { click } , text: 'label' }, child, …)
 * Attribute values that are false/null/undefined are left out; `true` sets an empty attribute.
 */
export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = String(value);
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key === 'on') for (const [type, fn] of Object.entries(value)) node.addEventListener(type, fn);
    else if (key === 'class') node.className = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Sets the text of a node, and hides it when the text is empty. */
export function setText(node, text) {
  node.textContent = text ?? '';
  node.hidden = !text;
}

const ICON_PATHS = {
  first: 'M4 3h2v10H4zM13 3v10L7 8z',
  prev: 'M11 3v10L5 8z',
  next: 'M5 3v10l6-5z',
  last: 'M10 3h2v10h-2zM3 3v10l6-5z',
};

/**
 * An SVG drawing for a button (aria-hidden, class "icon"): `paths` are attribute sets of its <path>s
 * (e.g. `{d, fill: 'currentColor'}`), `viewBox` and the size in px.
 */
export function svgIcon(paths, { viewBox = '0 0 16 16', width = 14, height = 14 } = {}) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', viewBox);
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'icon');
  for (const attrs of paths) {
    const path = document.createElementNS(ns, 'path');
    for (const [k, v] of Object.entries(attrs)) path.setAttribute(k, String(v));
    svg.append(path);
  }
  return svg;
}

/** A small SVG icon (no icon font needed, so nothing can render as an empty box). */
export function icon(name) {
  return svgIcon([{ d: ICON_PATHS[name] ?? '', fill: 'currentColor' }]);
}
