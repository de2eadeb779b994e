// `npm run dist`: the static bundle. Writes dist/ from www/ (after the wasm build): every file the page can
// reach, under a content-hashed name (`views/hex.3f9a0c1b.js`), plus the three files whose names must stay
// put (index.html, manifest.webmanifest, sw.js). dist/ needs no server logic: any static host, at any
// sub-path, serves it as it is (docs/publishing.md).
//
// How names are hashed. Starting from index.html, the script follows every reference a file makes:
//   - JavaScript: static and dynamic imports (es-module-lexer) and `new URL('…', import.meta.url)`;
//   - CSS: url(…);  HTML: src="…" and href="…";  the web app manifest: "src": "…".
// A file's hash is taken over its bytes after its own references were renamed, so a change anywhere renames
// the file and every file that leads to it, up to index.html (a Merkle tree); unchanged files keep their
// names and stay cached. A reference the script cannot follow (a template literal in `new URL`, a computed
// import) stops the build with its file and line: a file it did not see would be missing offline.
//
// Our JavaScript and CSS are minified first (esbuild's transform, file by file: the modules stay modules, with
// the same imports and exports), JSON is written without spaces; the vendored *.min.js files and the wasm are
// taken as they are. --no-minify keeps the sources readable (for debugging a bundle).
//
// The service worker (www/sw.js) gets the build's version and its file list; index.html gets the version as
// <meta name="duiyi-version">, which turns on the service worker and the update notice (www/pwa.js).
// dist/build.json lists every file with its size and gzipped size.
//
//   node scripts/dist.mjs [--out DIR] [--src DIR] [--no-minify]     (defaults: dist/ and www/)
//
// Also imported by the browser tests: buildDist({ src, out }) → the build summary.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { init as lexerReady, parse as parseModule } from 'es-module-lexer';
import { transformSync } from 'esbuild';

let lexerReadyNow = false;
/** Resolves once referencesOf can be called (the lexer is a wasm module). */
export const referencesReady = Promise.resolve(typeof lexerReady === 'function' ? lexerReady() : lexerReady).then(() => {
  lexerReadyNow = true;
});

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files that keep their names: the address people open, the manifest browsers re-read, the worker script. */
const ENTRY = 'index.html';
const MANIFEST = 'manifest.webmanifest';
const SERVICE_WORKER = 'sw.js';
/** The modules whose static imports index.html preloads: the page's and the default view's (main.js's
 *  DEFAULT_ROUTE), the board a visit opens on. */
const PRELOAD = ['main.js', 'views/xiangqi.js'];
/** Files fetched (not imported) at once by every visit, which index.html preloads. */
const PRELOAD_FETCH = ['pkg/duiyi_xiangqi_bg.wasm', 'i18n/en.json'];
/** The wasm a first visit of each board fetches before it plays and the engine moves (www/wasm-modules.js's
 *  ROUTE_MODULES; the engine worker and the review worker load the same module). The default view's is
 *  issue 35's play path. */
const PLAY_WASM = { xiangqi: 'pkg/duiyi_xiangqi_bg.wasm', hex: 'pkg/duiyi_hex_bg.wasm' };
/** issue 35's targets, in bytes gzipped: the default view's play path and the whole bundle */
const PLAY_PATH_TARGET = 250_000;
const BUNDLE_TARGET = 1_000_000;
/** The line of www/sw.js the build replaces. */
const BUILD_MARKER = /^const BUILD = .*\/\/ DIST:BUILD$/m;

/** A build error: the message names the file (and line) at fault. */
export class DistError extends Error {
  constructor(message) {
    super(message);
    this.name = 'DistError';
  }
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;
const isExternal = (spec) => /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(spec);

/**
 * The references of one file, as {start, end, spec, staticImport}: `text.slice(start, end) === spec`, a URL
 * relative to the file; staticImport marks an `import … from` (what index.html's modulepreload follows). Absolute URLs, other origins, data: URLs and fragment-only references are not the bundle's.
 * @param {string} rel path of the file inside the source folder ('views/hex.js')
 * @param {string} text its contents
 */
export function referencesOf(rel, text) {
  if (!lexerReadyNow) throw new Error('referencesOf: await referencesReady first (buildDist does)');
  const refs = [];
  const add = (start, spec, staticImport = false) => {
    if (isExternal(spec)) return;
    if (spec.startsWith('/')) {
      throw new DistError(`${rel}:${lineOf(text, start)}: '${spec}' is a root-relative URL; the bundle must work under any sub-path`);
    }
    if (/[?#]/.test(spec)) throw new DistError(`${rel}:${lineOf(text, start)}: '${spec}': a query or fragment cannot be hashed`);
    refs.push({ start, end: start + spec.length, spec, staticImport });
  };
  const ext = path.extname(rel);
  if (ext === '.js' || ext === '.mjs') {
    const [imports] = parseModule(text, rel);
    for (const imp of imports) {
      if (imp.type === 'import-meta') continue;
      const line = lineOf(text, imp.importStart);
      if (imp.specifier === undefined || imp.glob) {
        throw new DistError(`${rel}:${line}: an import whose specifier is computed; the bundle can only follow string literals`);
      }
      if (!imp.specifier.startsWith('./') && !imp.specifier.startsWith('../')) {
        throw new DistError(`${rel}:${line}: bare import '${imp.specifier}'; the page imports only relative files`);
      }
      const at = text.indexOf(imp.specifier, imp.importStart);
      if (at < 0 || at >= imp.importEnd) throw new DistError(`${rel}:${line}: cannot locate the specifier '${imp.specifier}'`);
      add(at, imp.specifier, imp.type !== 'dynamic');
    }
    for (const m of text.matchAll(/new URL\(\s*(['"])([^'"\n]+)\1\s*,\s*import\.meta\.url\s*\)/g)) {
      add(m.index + m[0].indexOf(m[2], 8), m[2]);
    }
    for (const m of text.matchAll(/new URL\(\s*`[^`]*`\s*,\s*import\.meta\.url\s*\)/g)) {
      if (/\$\{/.test(m[0])) {
        throw new DistError(`${rel}:${lineOf(text, m.index)}: new URL with a template literal; name each file as a string literal so the bundle can follow it`);
      }
    }
  } else if (ext === '.css') {
    for (const m of text.matchAll(/url\(\s*(['"]?)([^'")\s]+)\1\s*\)/g)) {
      if (!m[2].startsWith('data:')) add(m.index + m[0].indexOf(m[2]), m[2]);
    }
    for (const m of text.matchAll(/@import\s+(['"])([^'"]+)\1/g)) add(m.index + m[0].indexOf(m[2]), m[2]);
  } else if (ext === '.html') {
    for (const m of text.matchAll(/\s(?:src|href)="([^"]*)"/g)) add(m.index + m[0].indexOf('"') + 1, m[1]);
  } else if (ext === '.webmanifest') {
    for (const m of text.matchAll(/"src"\s*:\s*"([^"]+)"/g)) add(m.index + m[0].lastIndexOf(m[1]), m[1]);
  }
  return refs.sort((a, b) => a.start - b.start);
}

/** `views/hex.js` + hash → `views/hex.3f9a0c1b.js` (the hash before the last extension). */
function hashedName(rel, bytes) {
  const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 8);
  const ext = path.posix.extname(rel);
  return `${rel.slice(0, rel.length - ext.length)}.${hash}${ext}`;
}

/** The text as it is shipped: minified JavaScript (not *.min.js) and CSS, JSON without spaces. */
function shrink(rel, text, minify) {
  if (!minify) return text;
  const ext = path.extname(rel);
  try {
    if ((ext === '.js' || ext === '.mjs') && !rel.endsWith('.min.js')) {
      return transformSync(text, { loader: 'js', format: 'esm', minify: true, charset: 'utf8', sourcefile: rel }).code;
    }
    if (ext === '.css') return transformSync(text, { loader: 'css', minify: true, charset: 'utf8', sourcefile: rel }).code;
    if (ext === '.json') return JSON.stringify(JSON.parse(text));
  } catch (err) {
    throw new DistError(`${rel}: ${err.message.split('\n')[0]}`);
  }
  return text;
}

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.json', '.webmanifest', '.svg']);

/**
 * Builds the bundle.
 * @param {{src?: string, out?: string, minify?: boolean, log?: (line: string) => void}} [options] src: the
 *   page's folder (www/, with the wasm build in pkg/); out: where to write (replaced; refused when it is not empty
 *   and holds no earlier bundle); minify: JavaScript, CSS and JSON (default true)
 * @returns {Promise<{version: string, out: string, files: {path: string, bytes: number, gzip: number, hashed: boolean}[],
 *   bytes: number, gzip: number, playPathGzip: number, unreached: string[]}>} sizes in bytes; gzip at level 9, file
 *   by file; playPathGzip: the wasm the default view (#xiangqi) needs before its board plays and the engine
 *   moves; playPaths: the same for each board ({xiangqi, hex})
 * @throws {DistError} a missing wasm build, a reference to a missing file, a reference that cannot be followed,
 *   an import cycle
 */
export async function buildDist({ src = path.join(ROOT, 'www'), out = path.join(ROOT, 'dist'), minify = true, log = () => {} } = {}) {
  await referencesReady;
  src = path.resolve(src);
  out = path.resolve(out);
  for (const rel of Object.values(PLAY_WASM)) {
    if (!fs.existsSync(path.join(src, rel))) throw new DistError(`${path.join(src, rel)} is missing: run \`npm run build\` first`);
  }
  for (const name of [ENTRY, MANIFEST, SERVICE_WORKER]) {
    if (!fs.existsSync(path.join(src, name))) throw new DistError(`${path.join(src, name)} is missing`);
  }

  /** rel → {name, bytes} once done; 'busy' while its references are being followed */
  const done = new Map();
  const visit = (rel, from) => {
    const state = done.get(rel);
    if (state === 'busy') throw new DistError(`a reference cycle through ${rel} (from ${from}); the bundle needs an acyclic graph`);
    if (state) return state;
    const file = path.join(src, rel);
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
      throw new DistError(`${from} refers to ${rel}, which is not in ${src}`);
    }
    done.set(rel, 'busy');
    let bytes = fs.readFileSync(file);
    const staticImports = [];
    if (TEXT.has(path.extname(rel))) {
      const text = shrink(rel, bytes.toString('utf8'), minify);
      let rewritten = '';
      let at = 0;
      for (const ref of referencesOf(rel, text)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), ref.spec));
        if (target.startsWith('../')) throw new DistError(`${rel}: '${ref.spec}' points outside ${src}`);
        const { name } = visit(target, rel);
        if (ref.staticImport) staticImports.push(target);
        let spec = path.posix.relative(path.posix.dirname(rel), name);
        if (ref.spec.startsWith('./') && !spec.startsWith('.')) spec = `./${spec}`;
        rewritten += text.slice(at, ref.start) + spec;
        at = ref.end;
      }
      bytes = Buffer.from(rewritten + text.slice(at), 'utf8');
    }
    const fixed = rel === ENTRY || rel === MANIFEST;
    const result = { name: fixed ? rel : hashedName(rel, bytes), bytes, hashed: !fixed, staticImports };
    done.set(rel, result);
    return result;
  };
  visit(ENTRY, '(entry)');
  visit(MANIFEST, '(entry)');

  const outputs = [...done.values()];
  const version = crypto
    .createHash('sha256')
    .update(outputs.map((o) => `${o.name}\0${crypto.createHash('sha256').update(o.bytes).digest('hex')}`).sort().join('\n'))
    .digest('hex')
    .slice(0, 12);

  // index.html names its version (the page's update notice, the service worker's check of a fresh copy), and
  // preloads every module the first view needs, so the browser fetches them at once instead of level by level
  const entry = done.get(ENTRY);
  let html = entry.bytes.toString('utf8');
  if (!html.includes('<meta charset="utf-8">')) throw new DistError(`${ENTRY}: no <meta charset="utf-8"> to put the version after`);
  html = html.replace('<meta charset="utf-8">', `<meta charset="utf-8">\n  <meta name="duiyi-version" content="${version}">`);
  const preload = new Set();
  const closure = (rel) => {
    const node = done.get(rel);
    if (!node || preload.has(node.name)) return;
    preload.add(node.name);
    for (const dep of node.staticImports) closure(dep);
  };
  for (const rel of PRELOAD) {
    if (!done.has(rel)) throw new DistError(`${rel} (to preload) is not reached from ${ENTRY}`);
    closure(rel);
  }
  const already = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]));
  const links = [...preload].filter((n) => !already.has(n)).sort().map((n) => `  <link rel="modulepreload" href="${n}">`);
  // …and the files the page fetches as soon as it runs: the wasm (init() in main.js) and the English strings
  // (always loaded: the fallback of every language). `crossorigin` matches fetch()'s CORS mode, so the fetch
  // takes the preloaded response.
  for (const rel of PRELOAD_FETCH) {
    if (!done.has(rel)) throw new DistError(`${rel} (to preload) is not reached from ${ENTRY}`);
    links.push(`  <link rel="preload" href="${done.get(rel).name}" as="fetch" crossorigin>`);
  }
  const script = html.indexOf('  <script type="module"');
  if (script < 0) throw new DistError(`${ENTRY}: no <script type="module"> to put the preloads before`);
  html = `${html.slice(0, script)}${links.join('\n')}\n${html.slice(script)}`;
  entry.bytes = Buffer.from(html);

  const swSource = fs.readFileSync(path.join(src, SERVICE_WORKER), 'utf8');
  if (!BUILD_MARKER.test(swSource)) throw new DistError(`${SERVICE_WORKER}: no line 'const BUILD = … // DIST:BUILD' to fill in`);
  // './' stands for index.html: the address hosts serve it at (some redirect '…/index.html' to '…/')
  const build = { version, plain: ['./', MANIFEST], hashed: outputs.filter((o) => o.hashed).map((o) => o.name).sort() };
  const sw = { name: SERVICE_WORKER, bytes: Buffer.from(swSource.replace(BUILD_MARKER, `const BUILD = ${JSON.stringify(build)}; // DIST:BUILD`)), hashed: false };
  outputs.push(sw);

  // write: the folder is replaced only when it is empty or an earlier bundle
  if (fs.existsSync(out)) {
    const entries = fs.readdirSync(out);
    if (entries.length && !entries.includes('build.json')) {
      throw new DistError(`${out} is not empty and holds no earlier bundle (no build.json); refusing to replace it`);
    }
    fs.rmSync(out, { recursive: true, force: true });
  }
  const files = [];
  for (const o of outputs.sort((a, b) => a.name.localeCompare(b.name))) {
    const file = path.join(out, o.name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, o.bytes);
    files.push({ path: o.name, bytes: o.bytes.length, gzip: zlib.gzipSync(o.bytes, { level: 9 }).length, hashed: o.hashed });
  }
  const bytes = files.reduce((n, f) => n + f.bytes, 0);
  const gzip = files.reduce((n, f) => n + f.gzip, 0);

  // what www/ has that the page never reaches (type declarations, build stamps): left out, listed
  const reached = new Set(done.keys());
  const unreached = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(path.join(src, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      else if (!reached.has(rel) && rel !== SERVICE_WORKER) unreached.push(rel);
    }
  };
  walk('');
  const summary = { version, out, files, bytes, gzip, unreached: unreached.sort() };
  fs.writeFileSync(path.join(out, 'build.json'), `${JSON.stringify({ duiyi: version, bytes, gzip, files }, null, 1)}\n`);
  log(`dist: version ${version}, ${files.length} files in ${out}`);
  log(`dist: ${bytes} bytes, ${gzip} gzipped (${(gzip / 1024).toFixed(0)} KiB; target ≤ 1,000,000: ${gzip <= BUNDLE_TARGET ? 'met' : 'not met'})`);
  // what a first visit must fetch before the board plays and the engine moves: its game's wasm module
  summary.playPaths = {};
  for (const [board, rel] of Object.entries(PLAY_WASM)) {
    const f = files.find((x) => x.path === done.get(rel)?.name);
    if (!f) throw new DistError(`${rel} is not reached from ${ENTRY}`);
    summary.playPaths[board] = f.gzip;
  }
  summary.playPathGzip = summary.playPaths.xiangqi;
  log(`dist: play path of the default view (#xiangqi: the wasm its board needs to play): ${summary.playPathGzip} B gzipped (target ≤ 250,000: ${summary.playPathGzip <= PLAY_PATH_TARGET ? 'met' : 'not met'}); #hex: ${summary.playPaths.hex} B`);
  for (const f of [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 4)) log(`dist:   ${f.path}  ${f.bytes} B, ${f.gzip} B gzipped`);
  if (unreached.length) log(`dist: not reached from index.html, left out: ${unreached.join(', ')}`);
  return summary;
}

// `node scripts/dist.mjs`
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opts = {};
  for (let i = 0; i < args.length; i++) {
    if ((args[i] === '--out' || args[i] === '--src') && args[i + 1]) opts[args[i++].slice(2)] = args[i];
    else if (args[i] === '--no-minify') opts.minify = false;
    else {
      console.error(`dist: unknown argument '${args[i]}' (known: --out DIR, --src DIR, --no-minify)`);
      process.exit(2);
    }
  }
  try {
    await buildDist({ ...opts, log: (line) => console.log(line) });
  } catch (err) {
    console.error(err instanceof DistError ? `dist: ${err.message}` : err);
    process.exit(1);
  }
}
