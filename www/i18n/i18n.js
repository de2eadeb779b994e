// UI strings: www/i18n/{zh,en}.json, flat "dotted.key": "text" maps. `{name}` placeholders are filled
// from the params object. Text is only ever put into the page with textContent (never as HTML).

export const LANGS = ['zh', 'en'];
const cache = new Map();
// Each table by a literal URL, so the static bundle (scripts/dist.mjs) can follow and rename it.
const URLS = {
  zh: new URL('./zh.json', import.meta.url),
  en: new URL('./en.json', import.meta.url),
};

/** One language's strings, fetched once (two callers at once share the one request; a failure is retried on
 *  the next call). */
export async function loadStrings(lang) {
  if (!LANGS.includes(lang)) throw new Error(`unknown language '${lang}'`);
  if (!cache.has(lang)) {
    const loading = fetch(URLS[lang]).then((res) => {
      if (!res.ok) throw new Error(`could not load ${lang}.json: HTTP ${res.status}`);
      return res.json();
    });
    cache.set(lang, loading);
    loading.catch(() => cache.delete(lang));
  }
  return cache.get(lang);
}

/** A translate function over one language's strings, falling back to a second map, then to the key. */
export function translator(strings, fallback = {}) {
  return function t(key, params) {
    let text = strings[key] ?? fallback[key] ?? key;
    if (params) text = text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
    return text;
  };
}

/** Fills every element with data-i18n="key" (textContent), data-i18n-title, data-i18n-placeholder and
 *  data-i18n-aria-label under root. */
export function applyStrings(root, t) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-title]')) node.title = t(node.dataset.i18nTitle);
  for (const node of root.querySelectorAll('[data-i18n-placeholder]')) node.placeholder = t(node.dataset.i18nPlaceholder);
  for (const node of root.querySelectorAll('[data-i18n-aria-label]')) node.setAttribute('aria-label', t(node.dataset.i18nAriaLabel));
}
