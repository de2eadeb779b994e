// Assets several views load on demand: chart.js (bundled by scripts/build.sh from scripts/vendor/chart.mjs),
// a view's own string table (www/i18n/<view>.<lang>.json) and a view's stylesheet. Each is fetched once per page
// and shared.

let chartReady = null;

/** chart.js's `Chart` (with the line and bar charts registered), or `null` when it did not load (the views
 *  then show their tables without charts). */
export function loadChart() {
  chartReady ??= import('../vendor/chart.js').then(
    (mod) => {
      // also a global, as chart.js's UMD build made it: the tests and the console find charts by Chart.getChart
      globalThis.Chart ??= mod.Chart;
      return mod.Chart;
    },
    (err) => {
      console.warn('chart.js did not load', err);
      chartReady = null; // tried again by the next view
      return null;
    },
  );
  return chartReady;
}

const stringsCache = new Map();
// Each table by a literal URL, so the static bundle (scripts/dist.mjs) can follow and rename it.
const VIEW_STRINGS = {
  'combat.zh': new URL('../i18n/combat.zh.json', import.meta.url),
  'combat.en': new URL('../i18n/combat.en.json', import.meta.url),
  'circle.zh': new URL('../i18n/circle.zh.json', import.meta.url),
  'circle.en': new URL('../i18n/circle.en.json', import.meta.url),
  'games.zh': new URL('../i18n/games.zh.json', import.meta.url),
  'games.en': new URL('../i18n/games.en.json', import.meta.url),
  'puzzles.zh': new URL('../i18n/puzzles.zh.json', import.meta.url),
  'puzzles.en': new URL('../i18n/puzzles.en.json', import.meta.url),
};

/** The string table `www/i18n/<view>.<lang>.json` (e.g. `combat.zh.json`); throws naming the file on an HTTP
 *  error. */
export async function loadViewStrings(view, lang) {
  const key = `${view}.${lang}`;
  if (!stringsCache.has(key)) {
    if (!Object.hasOwn(VIEW_STRINGS, key)) throw new Error(`${key}.json: no such string table`);
    const res = await fetch(VIEW_STRINGS[key]);
    if (!res.ok) throw new Error(`${key}.json: HTTP ${res.status}`);
    stringsCache.set(key, await res.json());
  }
  return stringsCache.get(key);
}

/** Appends a view's stylesheet (`href`: its URL, written as a literal `new URL(…, import.meta.url)` in the view
 *  so the static bundle can follow it) to the document's head, and resolves with the `<link>` once the sheet
 *  has loaded, or failed (the view then shows unstyled rather than not at all). A view awaits it before it
 *  draws: laid out without its styles, a wide table pushes a phone's page sideways until they arrive.
 *  The caller removes the `<link>` when it unmounts. */
export function loadStyle(href) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise((resolve) => {
    link.addEventListener('load', () => resolve(link), { once: true });
    link.addEventListener('error', () => resolve(link), { once: true });
  });
  document.head.append(link);
  return loaded;
}
