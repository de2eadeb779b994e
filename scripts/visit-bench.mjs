// How long a visit takes to a playable board, in headless Chromium (issue 24's figures in the README):
//
//   dist, first visit    a fresh browser profile opens the bundle on a plain static host under /duiyi/
//   dist, repeat tab     the same browser opens it again in a new tab (from the service worker's cache; the
//                        page itself from the network first)
//   dist, repeat cold    the browser is closed and started again on the same profile, and opens it again (the
//                        returning user: nothing in memory, the service worker not running)
//   dist, offline        the same as repeat cold, with the host stopped and the browser offline
//   www, …               the same page as `npm start` serves it (scripts/serve.mjs, no service worker, no
//                        HTTP caching), the comparison measured in the same run
//
// Two moments of each visit, in ms from the start of the navigation (performance.now() in the page):
//   board    the Xiangqi board is on the page with its pieces and takes a click (body[data-ready]: the rules
//            module is loaded and the view mounted);
//   engine   the engine worker has loaded the wasm and answered (engine-status[data-ready]), so a move gets
//            a reply.
// Localhost, no network throttling: the figures are the page's own cost, not the network's. Each visit is a
// new tab; RUNS visits of each kind (default 7), medians and ranges printed, and JSON with --json FILE.
//
// With --throttle KBPS,RTT (e.g. 200,150: about Chrome's "Slow 4G": 1.6 Mbit/s down, 150 ms round trip) only
// first visits of the bundle are measured, over a network throttled that way (Chromium's network emulation of
// the page and its workers): what the bytes of a first visit cost.
//
//   node scripts/visit-bench.mjs [--runs N] [--json FILE] [--throttle KBPS,RTT]     (after npm run dist)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticHost } from './static-host.mjs';
import { startServer } from './serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
let runs = 7;
let jsonOut = null;
let throttle = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs' && args[i + 1]) runs = Number(args[++i]);
  else if (args[i] === '--json' && args[i + 1]) jsonOut = args[++i];
  else if (args[i] === '--throttle' && /^\d+,\d+$/.test(args[i + 1] ?? '')) {
    const [kbps, rtt] = args[++i].split(',').map(Number);
    throttle = { kbps, rtt };
  } else {
    console.error(`visit-bench: unknown argument '${args[i]}' (known: --runs N, --json FILE, --throttle KBPS,RTT)`);
    process.exit(2);
  }
}
const DIST = path.join(ROOT, 'dist');
if (!fs.existsSync(path.join(DIST, 'build.json'))) {
  console.error('visit-bench: dist/ is missing: run `npm run dist` first');
  process.exit(1);
}

// Records, in the page, when the two moments happen (checked at every DOM change).
const PROBE = () => {
  const marks = {};
  window.__visit = marks;
  const check = () => {
    if (!marks.board && document.body?.dataset.ready === 'true' && document.querySelector('[data-square]')) marks.board = performance.now();
    if (!marks.engine && document.querySelector('[data-testid="engine-status"][data-ready="true"]')) marks.engine = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
};

/** A browser on a fresh profile; reopen() closes the browser and starts it again on the same profile (the
 *  next visit of a returning user: nothing in memory, the service worker not running). */
async function newProfile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duiyi-visit-'));
  const browser = { context: await launch(dir) };
  browser.reopen = async () => {
    await browser.context.close();
    browser.context = await launch(dir);
  };
  browser.close = async () => {
    await browser.context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return browser;
}

async function launch(dir) {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
  });
  await context.addInitScript(PROBE);
  return context;
}

/** One visit in a new tab: the two moments, in ms. With `net` {kbps, rtt}: over a throttled network. */
async function visit(context, url, net = null) {
  const page = await context.newPage();
  try {
    if (net) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: net.rtt, downloadThroughput: net.kbps * 1024, uploadThroughput: net.kbps * 1024 });
    }
    await page.goto(url);
    await page.waitForFunction(() => window.__visit?.board && window.__visit?.engine, null, { timeout: 120000, polling: 20 });
    const marks = await page.evaluate(() => window.__visit);
    const controlled = await page.evaluate(() => navigator.serviceWorker?.controller != null);
    // a first visit of the bundle: wait until the app is cached before the next visit
    await page.waitForFunction(() => !document.querySelector('meta[name="duiyi-version"]') || document.documentElement.dataset.offline === 'ready', null, { timeout: 120000 });
    return { board: marks.board, engine: marks.engine, controlled };
  } finally {
    await page.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const results = { date: new Date().toISOString(), runs, cpus: os.cpus().length, kinds: {} };
const record = (kind, r) => (results.kinds[kind] ??= []).push(r);

const build = JSON.parse(fs.readFileSync(path.join(DIST, 'build.json'), 'utf8'));
results.dist = { version: build.duiyi, bytes: build.bytes, gzip: build.gzip, files: build.files.length };

/** A first visit, a repeat visit in a new tab, and one after a browser restart, recorded as `<who> …`. */
async function firstAndRepeats(who, profile, url) {
  record(`${who} first`, await visit(profile.context, url));
  record(`${who} repeat tab`, await visit(profile.context, url));
  await profile.reopen();
  record(`${who} repeat cold`, await visit(profile.context, url));
}

for (let i = 0; throttle && i < runs; i++) {
  console.error(`visit-bench: run ${i + 1}/${runs} (throttled: ${throttle.kbps} KB/s, ${throttle.rtt} ms)`);
  const host = await startStaticHost({ root: DIST, base: '/duiyi/' });
  const p = await newProfile();
  try {
    record(`dist first, ${throttle.kbps} KB/s ${throttle.rtt} ms`, await visit(p.context, `${host.url}?lang=en#xiangqi`, throttle));
  } finally {
    await p.close();
    await host.close();
  }
}

for (let i = 0; !throttle && i < runs; i++) {
  // the bundle: first, repeats, then offline after a restart (one profile)
  const host = await startStaticHost({ root: DIST, base: '/duiyi/' });
  const p = await newProfile();
  try {
    await firstAndRepeats('dist', p, `${host.url}?lang=en#xiangqi`);
    await host.close();
    await p.reopen();
    await p.context.setOffline(true);
    record('dist offline', await visit(p.context, `${host.url}?lang=en#xiangqi`));
  } finally {
    await p.close();
    await host.close();
  }
  // the same page from www/ (npm start's server)
  const server = await startServer({ port: 0 });
  const q = await newProfile();
  try {
    await firstAndRepeats('www', q, `${server.url}?lang=en#xiangqi`);
  } finally {
    await q.close();
    await server.close();
  }
  process.stderr.write(`visit-bench: run ${i + 1}/${runs}\n`);
}

console.log(`dist/: ${build.files.length} files, ${build.bytes} bytes, ${build.gzip} gzipped`);
console.log(`visits to a playable Xiangqi board, ms from navigation start (median [min, max] of ${runs}):`);
console.log('kind               board                 engine ready          served by the service worker');
for (const [kind, rs] of Object.entries(results.kinds)) {
  const f = (k) => `${median(rs.map((r) => r[k])).toFixed(0)} [${Math.min(...rs.map((r) => r[k])).toFixed(0)}, ${Math.max(...rs.map((r) => r[k])).toFixed(0)}]`;
  console.log(`${kind.padEnd(throttle ? 32 : 18)} ${f('board').padEnd(21)} ${f('engine').padEnd(21)} ${rs.filter((r) => r.controlled).length}/${rs.length}`);
}
const ratio = (a, b, k) => median(results.kinds[a].map((r) => r[k])) / median(results.kinds[b].map((r) => r[k]));
for (const kind of throttle ? [] : ['first', 'repeat tab', 'repeat cold']) {
  console.log(`${kind}, dist against www: board ${ratio(`dist ${kind}`, `www ${kind}`, 'board').toFixed(2)}×, engine ${ratio(`dist ${kind}`, `www ${kind}`, 'engine').toFixed(2)}×`);
}
if (jsonOut) fs.writeFileSync(jsonOut, `${JSON.stringify(results, null, 1)}\n`);
