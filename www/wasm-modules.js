// The page's WebAssembly modules (docs/architecture.md, "The wasm modules"). The Rust crate is built into one
// module per game, each with only what that game's pages need (scripts/build.sh, cargo features):
//   xiangqi  pkg/duiyi_xiangqi.js: the Xiangqi rules, engine, opening book, review, ECCO, PGN and XQF, the
//            lab's search tree; the engine's Hex search is left out;
//   hex      pkg/duiyi_hex.js: the Hex rules, engine, knowledge, review, solver, hints and SGF, and the combat
//            and circle views' code; the engine's Xiangqi search is left out.
// A first visit on the default view (#xiangqi) fetches only the Xiangqi module; each other module is fetched
// the first time a view (or the engine worker, www/worker.js) needs it. Both export the engine (`Engine`), the
// levels and the review's functions, so a name found in both is the same function of two builds.
// (pkg/duiyi.js, the crate with every feature, is for Node's tools and tests; the page never loads it.)

/** How each module is imported (literal paths: the bundler, scripts/dist.mjs, follows them). */
const IMPORTS = {
  xiangqi: () => import('./pkg/duiyi_xiangqi.js'),
  hex: () => import('./pkg/duiyi_hex.js'),
};

/** The module names, in the order their exports are merged (the later wins a name both have). */
export const MODULES = Object.freeze(Object.keys(IMPORTS));

/** The modules each view needs on the page's thread before it mounts (main.js's routes). */
export const ROUTE_MODULES = Object.freeze({
  xiangqi: ['xiangqi'],
  hex: ['hex'],
  games: ['xiangqi', 'hex'],
  puzzles: ['xiangqi', 'hex'],
  combat: ['hex'],
  circle: ['hex'],
  lab: ['xiangqi', 'hex'],
});

/** name → Promise of the initialised module's exports */
const loading = new Map();
/** name → the initialised module's exports */
const ready = new Map();

/**
 * The module `name` ('xiangqi' | 'hex'), fetched, compiled and initialised once per page (later calls get the
 * same promise).
 * @param {'xiangqi'|'hex'} name
 * @returns {Promise<object>} the module's exports (classes and functions of src/wasm/)
 * @throws {Error} for an unknown name; the promise rejects when the module fails to load (network, compile)
 */
export function loadModule(name) {
  if (!Object.hasOwn(IMPORTS, name)) throw new Error(`unknown wasm module '${name}' (known: ${MODULES.join(', ')})`);
  let p = loading.get(name);
  if (!p) {
    p = IMPORTS[name]().then(async (mod) => {
      await mod.default();
      ready.set(name, mod);
      return mod;
    });
    // a failed load is tried again by the next call (a network error must not stick for the whole visit)
    p.catch(() => loading.delete(name));
    loading.set(name, p);
  }
  return p;
}

/**
 * Loads every module in `names` and returns their exports merged into one object (what a view gets as
 * `ctx.wasm`).
 * @param {string[]} names
 * @returns {Promise<object>}
 */
export async function loadModules(names) {
  await Promise.all(names.map(loadModule));
  return loadedExports();
}

/**
 * The exports of every module loaded so far, merged into one plain object (a fresh object each call).
 * @returns {object}
 */
export function loadedExports() {
  const merged = {};
  for (const name of MODULES) {
    const mod = ready.get(name);
    if (mod) Object.assign(merged, mod);
  }
  delete merged.default;
  return merged;
}

/**
 * The exports of module `name` if it is loaded, else null (for code that must stay synchronous).
 * @param {'xiangqi'|'hex'} name
 * @returns {object|null}
 */
export function moduleIfLoaded(name) {
  return ready.get(name) ?? null;
}
