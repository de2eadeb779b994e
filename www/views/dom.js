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
