// duiyi page shell: loads the view's wasm modules (www/wasm-modules.js), the UI strings, and shows one tool per URL hash:
// #xiangqi (default), #hex, #games, #puzzles, #combat, #circle, #lab. Each tool is a view module with mount(root, ctx) → {unmount, setLang?}.

import { ROUTE_MODULES, loadModules, loadedExports } from './wasm-modules.js';
import { LANGS, loadStrings, translator, applyStrings } from './i18n/i18n.js';
import { createSoundToggle } from './sound.js';
import { startOfflineApp, setNoticeStrings } from './pwa.js';

const LANG_KEY = 'duiyi.lang';
const ROUTES = {
  xiangqi: () => import('./views/xiangqi.js'),
  hex: () => import('./views/hex.js'),
  games: () => import('./views/games.js'),
  puzzles: () => import('./views/puzzles.js'),
  combat: () => import('./views/combat.js'),
  circle: () => import('./views/circle.js'),
  lab: () => import('./views/lab.js'),
};
const DEFAULT_ROUTE = 'xiangqi';

const viewRoot = document.getElementById('view');
const langButton = document.getElementById('lang-toggle');
const params = new URLSearchParams(location.search);

let lang = pickLang();
let t = (key) => key;
let current = null; // { route, view }
let routeToken = 0;

/**
 * The UI language: `?lang=zh|en` in the URL (for this visit), else the user's own choice (saved when they
 * press the language button), else the browser's: the first of navigator.languages that the page has
 * (zh-* → Chinese, en-* → English); English when the browser asks for neither.
 */
function pickLang() {
  const fromUrl = params.get('lang');
  if (LANGS.includes(fromUrl)) return fromUrl;
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (LANGS.includes(saved)) return saved;
  } catch {
    /* no storage */
  }
  return browserLang(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** The first supported language among the browser's preferences ('zh-CN' → 'zh'); 'en' when none is. */
function browserLang(preferences) {
  for (const tag of preferences ?? []) {
    const primary = String(tag ?? '').toLowerCase().split(/[-_]/)[0];
    if (LANGS.includes(primary)) return primary;
  }
  return 'en';
}

async function setLang(next) {
  const [strings, fallback] = await Promise.all([loadStrings(next), loadStrings('en')]);
  lang = next;
  t = translator(strings, fallback);
  document.documentElement.lang = lang === 'zh' ? 'zh-Hans' : 'en';
  showTitle();
  applyStrings(document.querySelector('.topbar'), t);
  langButton.textContent = t('app.otherLanguage');
  langButton.setAttribute('aria-label', t('app.switchLanguage'));
  setNoticeStrings(t);
}

/** Remembers the language the user picked with the button (the browser's default is not stored, so a
 *  change of browser language still applies until the user chooses). */
function rememberLang() {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* no storage */
  }
}

/** The tab's title: the current view's name (as its tab says it) and the site's, in the page's language. */
function showTitle(route = current?.route ?? routeFromHash()) {
  document.title = t('app.titleView', { view: t(`nav.${route}`) });
}

function routeFromHash() {
  const name = location.hash.replace(/^#/, '').split(/[?&/]/)[0];
  return Object.hasOwn(ROUTES, name) ? name : DEFAULT_ROUTE;
}

function showMessage(key, detail) {
  const box = document.createElement('div');
  box.className = 'view-message';
  box.dataset.testid = 'view-message';
  const title = document.createElement('p');
  title.textContent = t(key);
  box.append(title);
  if (detail) {
    const pre = document.createElement('pre');
    pre.textContent = detail;
    box.append(pre);
  }
  viewRoot.replaceChildren(box);
}

async function show(route) {
  const token = ++routeToken;
  for (const link of document.querySelectorAll('[data-route]')) {
    link.toggleAttribute('aria-current', link.dataset.route === route);
    if (link.dataset.route === route) link.setAttribute('aria-current', 'page');
  }
  if (current) {
    try {
      current.view?.unmount?.();
    } catch (err) {
      console.error('unmount failed', err);
    }
    current = null;
  }
  viewRoot.dataset.route = route;
  showTitle(route);
  viewRoot.replaceChildren();
  // The view's wasm modules load while its JavaScript does (the Xiangqi module alone for #xiangqi).
  const wasmReady = loadModules(ROUTE_MODULES[route]);
  wasmReady.catch(() => {}); // awaited below; a view module that fails first must not leave it unhandled
  let mod;
  try {
    mod = await ROUTES[route]();
  } catch (err) {
    if (token !== routeToken) return;
    console.warn(`the ${route} view could not be loaded`, err);
    showMessage('app.viewUnavailable', err?.message);
    return;
  }
  if (token !== routeToken) return;
  try {
    // Every view uses its wasm modules on this thread as soon as it mounts (Hex: `new HexGame` in mount), so
    // it mounts once they are ready.
    let wasm;
    try {
      wasm = await wasmReady;
    } catch (err) {
      if (token !== routeToken) return;
      console.error('the wasm module failed to load', err);
      showMessage('app.wasmFailed', err?.message ?? String(err));
      return;
    }
    if (token !== routeToken) return;
    const view = await mod.mount(viewRoot, { lang, t, wasm, params: viewParams() });
    if (token !== routeToken) {
      view?.unmount?.();
      return;
    }
    current = { route, view };
  } catch (err) {
    if (token !== routeToken) return;
    console.error(`the ${route} view failed`, err);
    showMessage('app.viewFailed', err?.message ?? String(err));
  }
}

langButton.addEventListener('click', async () => {
  const next = lang === 'zh' ? 'en' : 'zh';
  await setLang(next);
  rememberLang();
  if (params.has('lang')) {
    // The choice replaces a ?lang= in the address, so a reload keeps what the user picked.
    params.delete('lang');
    const url = new URL(location.href);
    url.searchParams.delete('lang');
    history.replaceState(history.state, '', url);
  }
  if (current?.view?.setLang) current.view.setLang(lang, t);
  else await show(current?.route ?? routeFromHash());
});

/**
 * The view's parameters: the address's query (`?fen=…`) and the hash's (`#xiangqi?game=<id>`, how the library
 * of games opens a game), the hash's winning.
 */
function viewParams() {
  const merged = new URLSearchParams(params);
  const q = location.hash.indexOf('?');
  if (q >= 0) for (const [k, v] of new URLSearchParams(location.hash.slice(q + 1))) merged.set(k, v);
  return merged;
}

window.addEventListener('hashchange', () => {
  const route = routeFromHash();
  // a game opened from the library while its view is shown: the view is mounted again with it
  if (route !== current?.route || viewParams().has('game')) show(route);
});

async function start() {
  // the first view's module graph and wasm modules load while the strings do (show() then finds them loading)
  ROUTES[routeFromHash()]().catch(() => {});
  loadModules(ROUTE_MODULES[routeFromHash()]).catch(() => {});
  try {
    await setLang(lang);
  } catch (err) {
    console.error('UI strings failed to load', err);
  }
  // the site-wide sound switch, in the top bar (translated with it by setLang's applyStrings)
  langButton.before(createSoundToggle(t));
  await show(routeFromHash());
  // Debugging handle for the console (and the browser tests): the current view and its engine client.
  window.duiyi = {
    get view() { return current?.view ?? null; },
    get route() { return current?.route ?? null; },
    /** the exports of the wasm modules loaded so far (www/wasm-modules.js) */
    get wasm() { return loadedExports(); },
  };
  document.body.dataset.ready = 'true';
  // the static bundle's service worker and version notices (www/pwa.js); nothing when served from www/
  startOfflineApp(t).catch((err) => console.warn('offline app', err));
}

start();
