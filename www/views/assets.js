// Assets several views load on demand: chart.js (vendored by scripts/build.sh) and a view's own string table
// (www/i18n/<view>.<lang>.json). Each is fetched once per page and shared.

/** chart.js's `Chart` (the UMD build sets `globalThis.Chart` when imported as a module), or `null` when it did
 *  not load (the views then show their tables without charts). */
export async function loadChart() {
  if (globalThis.Chart) return globalThis.Chart;
  try {
    await import('../vendor/chart.umd.min.js');
  } catch (err) {
    console.warn('chart.js did not load', err);
  }
  return globalThis.Chart ?? null;
}

const stringsCache = new Map();

/** The string table `www/i18n/<view>.<lang>.json` (e.g. `combat.zh.json`); throws naming the file on an HTTP
 *  error. */
export async function loadViewStrings(view, lang) {
  const key = `${view}.${lang}`;
  if (!stringsCache.has(key)) {
    const res = await fetch(new URL(`../i18n/${key}.json`, import.meta.url));
    if (!res.ok) throw new Error(`${key}.json: HTTP ${res.status}`);
    stringsCache.set(key, await res.json());
  }
  return stringsCache.get(key);
}
