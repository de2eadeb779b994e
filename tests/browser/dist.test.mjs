// The static bundle (issue 24): `npm run dist`'s output served by a plain static host under a sub-path
// (scripts/static-host.mjs: files only, no headers of ours), installed and played offline in Chromium, and
// replaced cleanly by a new build. Every wait is on page state.
//
//   1. the bundle's invariants: every reference resolves inside dist/, every hashed name is its content's hash,
//      and a reference the build cannot follow stops it with the file and line;
//   2. first visit online, then the host stopped and the browser offline: a reload plays a Xiangqi move and a
//      Hex move against the engine, the heatmap renders, the lab, #combat and #circle run; no console errors;
//   3. a new build on the host: an open page is told a new version is ready, the next visit runs it (with the
//      "updated" notice) and loads only its files, and offline it is the new version that is cached;
//   4. a file missing on the host: no offline copy, no partial cache, and a console warning that says why;
//   5. with the optional COOP/COEP headers the page is cross-origin isolated and still plays, and reviews a game
//      with two review workers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildDist, referencesOf, DistError } from '../../scripts/dist.mjs';
import { startStaticHost, ISOLATION_HEADERS } from '../../scripts/static-host.mjs';
import { REPO_ROOT, READY_MS, STEP_MS, clickMove, waitForMoveCount, screenshot } from './harness.mjs';

const WWW = path.join(REPO_ROOT, 'www');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
let tmp;

before(() => {
  if (!fs.existsSync(path.join(WWW, 'pkg', 'duiyi_xiangqi_bg.wasm'))) throw new Error('www/pkg is missing: run `npm run build` first');
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'duiyi-dist-'));
});
after(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** A fresh Chromium profile, with console errors, page errors and HTTP errors of every page collected. */
async function browser() {
  const profile = fs.mkdtempSync(path.join(tmp, 'profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
  });
  context.setDefaultTimeout(STEP_MS);
  context.setDefaultNavigationTimeout(READY_MS);
  const errors = [];
  const watch = (page) => {
    page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()} (${m.location()?.url ?? ''})`));
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('response', (r) => r.status() >= 400 && errors.push(`http ${r.status()}: ${r.url()}`));
  };
  context.on('page', watch);
  for (const p of context.pages()) watch(p);
  return {
    context,
    errors,
    page: () => context.pages()[0] ?? context.newPage(),
    close: () => context.close().catch(() => {}),
  };
}

/** Opens `url` and waits until the page is ready and the service worker controls it (the app is cached). */
async function visit(page, url) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
  await page.waitForSelector('html[data-offline="ready"]', { timeout: READY_MS });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: READY_MS });
}

/**
 * Builds the bundle into a folder of its own, lets `prepare(built, site)` change the deployed files, serves it
 * under /duiyi/ (`headers`: sent with every response) and opens a fresh browser; runs `body`, then closes both.
 */
async function onHost(name, { prepare, headers } = {}, body) {
  const site = path.join(tmp, name);
  const built = await buildDist({ out: site });
  const prepared = prepare?.(built, site);
  const host = await startStaticHost({ root: site, base: '/duiyi/', headers });
  const b = await browser();
  try {
    await body({ site, built, prepared, host, b });
  } finally {
    await b.close();
    await host.close();
  }
}

const sha8 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 8);

test('the bundle: every reference resolves inside dist/, every hashed name is its content hash, within 1 MB gzipped, the play path within 250 KB', async () => {
  const out = path.join(tmp, 'check');
  const summary = await buildDist({ out });
  const names = new Set(summary.files.map((f) => f.path));
  for (const name of ['index.html', 'manifest.webmanifest', 'sw.js', 'build.json']) assert.ok(fs.existsSync(path.join(out, name)), name);
  for (const f of summary.files) {
    const bytes = fs.readFileSync(path.join(out, f.path));
    assert.equal(bytes.length, f.bytes, f.path);
    if (f.hashed) assert.match(f.path, new RegExp(`\\.${sha8(bytes)}\\.[a-z0-9]+$`), `${f.path} is named by its content`);
    if (!/\.(js|css|html|webmanifest)$/.test(f.path) || f.path === 'sw.js') continue;
    for (const ref of referencesOf(f.path, bytes.toString('utf8'))) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(f.path), ref.spec));
      assert.ok(names.has(target), `${f.path} refers to ${ref.spec}, which is in the bundle`);
    }
  }
  // the service worker caches exactly the bundle
  const sw = fs.readFileSync(path.join(out, 'sw.js'), 'utf8');
  const build = JSON.parse(/^const BUILD = (.*); \/\/ DIST:BUILD$/m.exec(sw)[1]);
  assert.equal(build.version, summary.version);
  assert.deepEqual([...build.hashed, 'index.html', 'manifest.webmanifest'].sort(), [...names].filter((n) => n !== 'sw.js').sort());
  assert.match(fs.readFileSync(path.join(out, 'index.html'), 'utf8'), new RegExp(`<meta name="duiyi-version" content="${summary.version}">`));
  assert.ok(summary.gzip <= 1_000_000, `${summary.gzip} bytes gzipped`);
  // issue 35: the wasm the default view's board needs before it plays (the Xiangqi module) within 250 KB
  assert.ok(summary.playPathGzip <= 250_000, `play path ${summary.playPathGzip} bytes gzipped`);
  assert.ok(summary.playPaths.hex > 0, 'the Hex module is in the bundle');
  // the same sources give the same bundle
  const again = await buildDist({ out: path.join(tmp, 'check-again') });
  assert.equal(again.version, summary.version);

  // a reference the build cannot follow stops it, naming the file and line
  const src = path.join(tmp, 'bad-src');
  fs.cpSync(WWW, src, { recursive: true });
  fs.appendFileSync(path.join(src, 'views', 'assets.js'), '\nexport const x = (n) => new URL(`./${n}.json`, import.meta.url);\n');
  await assert.rejects(buildDist({ src, out: path.join(tmp, 'bad-out') }), (err) => err instanceof DistError && /views\/assets\.js:\d+: new URL with a template literal/.test(err.message));
  fs.writeFileSync(path.join(src, 'views', 'assets.js'), "import './missing.js';\n");
  await assert.rejects(buildDist({ src, out: path.join(tmp, 'bad-out') }), (err) => err instanceof DistError && /refers to views\/missing\.js/.test(err.message));
  // opened as a file (no server), the page says what to do instead of staying blank
  const b = await browser();
  try {
    const page = await b.page();
    await page.goto(`file://${out}/index.html`);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.boot-hint')).opacity === '1', null, { timeout: STEP_MS });
    assert.match(await page.textContent('[data-testid="boot-message"]'), /open the page through a web server/);
  } finally {
    await b.close();
  }

  // and it never replaces a folder that is not a bundle
  const precious = path.join(tmp, 'precious');
  fs.mkdirSync(precious);
  fs.writeFileSync(path.join(precious, 'notes.txt'), 'mine');
  await assert.rejects(buildDist({ out: precious }), /not empty and holds no earlier bundle/);
  assert.equal(fs.readFileSync(path.join(precious, 'notes.txt'), 'utf8'), 'mine');
});

test('offline: after one visit, with the host stopped and the browser offline, both games play against the engine and every view runs', () =>
  onHost('site-offline', {}, async ({ built: { version }, host, b }) => {
    // a fast engine for the test: 1 s a move in Xiangqi, 500 ms and a 7×7 board in Hex (set before the
    // page's first script, once)
    await b.context.addInitScript(() => {
      if (localStorage.getItem('test.seeded')) return;
      localStorage.setItem('test.seeded', '1');
      localStorage.setItem('duiyi.xiangqi.settings.v1', JSON.stringify({ tc: 'movetime', movetime: 1000 }));
      localStorage.setItem('duiyi.hex.settings.v1', JSON.stringify({ size: '7', movetime: 500 }));
    });
    const page = await b.page();
    await visit(page, `${host.url}?lang=en#xiangqi`);
    assert.equal(await page.getAttribute('html', 'data-version'), version);
    await page.waitForSelector('[data-testid="app-notice"][data-kind="offline-ready"]', { state: 'attached' });
    // the notice covers no control (it once floated over the draw buttons: clicks passed through, the eye did
    // not): with each button scrolled to the window's bottom edge, the notice's box and the button's are apart
    assert.equal(await page.isVisible('[data-testid="app-notice"]'), true);
    for (const id of ['offer-draw', 'claim-draw', 'resign', 'new-game']) {
      const overlap = await page.$eval(`[data-testid="${id}"]`, (b) => {
        b.scrollIntoView({ block: 'end' });
        const r = b.getBoundingClientRect();
        const n = document.querySelector('[data-testid="app-notice"]').getBoundingClientRect();
        return Math.max(0, Math.min(r.right, n.right) - Math.max(r.left, n.left)) * Math.max(0, Math.min(r.bottom, n.bottom) - Math.max(r.top, n.top));
      });
      assert.equal(overlap, 0, `the notice covers ${id}`);
    }
    // installable: Chromium finds the manifest and its icons and reports no installability error
    const cdp = await b.context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    assert.equal(manifest.url, `${host.url}manifest.webmanifest`);
    assert.deepEqual(manifest.errors, []);
    assert.deepEqual((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, []);
    await cdp.detach();

    await host.close();
    await b.context.setOffline(true);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
    assert.equal(await page.getAttribute('html', 'data-version'), version);
    assert.equal(await page.evaluate(() => navigator.onLine), false);

    // Xiangqi: a move, and the engine's reply
    await page.waitForSelector('[data-testid="engine-status"][data-ready="true"]', { timeout: READY_MS });
    await clickMove(page, 'h2e2');
    await waitForMoveCount(page, 2, READY_MS);

    // Hex: a move, the engine's reply, and the Black potential heatmap. Each view is a fresh page load (another
    // query), not a jump within the page.
    await page.goto(`${host.url}?lang=en&visit=hex#hex`);
    await page.waitForSelector('.hex-layout[data-ready="true"]', { timeout: READY_MS });
    await page.click('[data-testid="board"] [data-square="d4"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length >= 2, null, { timeout: READY_MS });
    await page.click('[data-testid="overlay"] [data-overlay="black"]');
    await page.waitForSelector('[data-testid="heatmap"][data-overlay="black"]');
    const heat = await page.$$eval('[data-testid="heatmap"] [data-square]', (n) => n.map((x) => x.dataset.value));
    assert.ok(heat.length >= 40 && heat.some((v) => /^\d+$/.test(v)), `heatmap values: ${heat.slice(0, 8)}`);
    await screenshot(page, 'dist-offline-hex');

    // the lab searches, #combat computes, #circle runs its worker
    await page.goto(`${host.url}?lang=en&visit=lab#lab?fen=${encodeURIComponent('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1')}&depth=3&run=1`);
    await page.waitForSelector('[data-testid="lab-view"][data-state="done"]', { timeout: READY_MS });
    await page.goto(`${host.url}?lang=en&visit=combat#combat`);
    await page.waitForSelector('[data-testid="combat-view"][data-ready="true"]', { timeout: READY_MS });
    await page.goto(`${host.url}?lang=en&visit=circle#circle`);
    await page.waitForSelector('[data-testid="circle-view"][data-ready="true"]', { timeout: READY_MS });
    // #puzzles: the sets are data files of the bundle; showing a Hex puzzle's solution counts it, so the
    // rating library is loaded offline too
    await page.goto(`${host.url}?lang=en&visit=puzzles#puzzles?game=xiangqi`);
    await page.waitForSelector('[data-testid="puzzle"][data-id][data-state="solving"]', { timeout: READY_MS });
    await page.click('[data-testid="puzzle-game-hex"]');
    await page.waitForSelector('[data-testid="puzzle"][data-game="hex"][data-state="solving"]', { timeout: READY_MS });
    await page.click('[data-testid="puzzle-solution"]');
    await page.waitForSelector('[data-testid="puzzle"][data-state="failed"][data-rated="true"]', { timeout: READY_MS });

    assert.deepEqual(b.errors, [], 'no console errors, page errors or failed requests');
  }));

// Version A was deployed ten days ago: with Last-Modified and no Cache-Control (a plain host), a browser would
// take its index.html as fresh for a day by heuristic, unless the worker asks the host each time.
const deployedTenDaysAgo = (built, site) => {
  const old = new Date(Date.now() - 10 * 24 * 3600 * 1000);
  for (const f of built.files) fs.utimesSync(path.join(site, f.path), old, old);
};

test('update: a new build on the host replaces the cached one on the next visit, without mixing files', () =>
  onHost('site-update', { prepare: deployedTenDaysAgo }, async ({ site, built: a, host, b }) => {
    const page = await b.page();
    await visit(page, `${host.url}?lang=en#xiangqi`);
    assert.equal(await page.getAttribute('html', 'data-version'), a.version);

    // version B: the same app with one string changed
    const src = path.join(tmp, 'src-b');
    fs.cpSync(WWW, src, { recursive: true });
    const enFile = path.join(src, 'i18n', 'en.json');
    const en = JSON.parse(fs.readFileSync(enFile, 'utf8'));
    en['nav.hex'] = 'Hex (B)';
    fs.writeFileSync(enFile, JSON.stringify(en, null, 2));
    const bBuild = await buildDist({ src, out: site });
    assert.notEqual(bBuild.version, a.version);
    // unchanged files keep their names (cached across versions): the wasm, chart.js
    const same = a.files.filter((f) => /\.wasm$|chart\.umd/.test(f.path)).map((f) => f.path);
    for (const name of same) assert.ok(bBuild.files.some((f) => f.path === name), `${name} is in both builds`);

    // the open page (version A) learns of B once the browser checks for an update
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.waitForSelector('[data-testid="app-notice"][data-kind="update-ready"]:not([hidden])', { timeout: READY_MS });
    assert.equal(await page.getAttribute('[data-testid="app-notice"]', 'data-version'), bBuild.version.slice(0, 7));
    assert.equal(await page.textContent('.app-notice-text'), 'A new version of duiyi is ready.');
    assert.equal(await page.isVisible('[data-testid="app-notice-reload"]'), true);
    // …and keeps working on A's files: a view it had not loaded yet comes from A's cache
    await page.evaluate(() => {
      location.hash = '#circle';
    });
    await page.waitForSelector('[data-testid="circle-view"][data-ready="true"]', { timeout: READY_MS });
    assert.equal(await page.getAttribute('html', 'data-version'), a.version);

    // the next visit, at the same address as the first, is version B, says so, and loads only B's files
    await page.close();
    const next = await b.context.newPage();
    await next.goto(`${host.url}?lang=en#xiangqi`);
    await next.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
    assert.equal(await next.getAttribute('html', 'data-version'), bBuild.version);
    assert.equal(await next.textContent('[data-route="hex"]'), 'Hex (B)');
    await next.waitForSelector('[data-testid="app-notice"][data-kind="updated"]', { state: 'attached' });
    assert.equal(await next.getAttribute('[data-testid="app-notice"]', 'data-from'), a.version.slice(0, 7));
    const bNames = new Set(bBuild.files.map((f) => f.path));
    const loaded = await next.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    const base = host.url;
    for (const url of loaded.filter((u) => u.startsWith(base))) {
      assert.ok(bNames.has(url.slice(base.length)), `${url} is a file of version B`);
    }
    await next.waitForFunction(
      async (v) => (await caches.keys()).includes(`duiyi-${v}`) && navigator.serviceWorker.controller !== null,
      bBuild.version,
      { timeout: READY_MS, polling: 200 },
    );
    const keys = await next.evaluate(() => caches.keys());
    assert.ok(keys.length <= 2, `at most this version's and the one before's caches: ${keys}`);

    // offline, it is B that was cached
    await host.close();
    await b.context.setOffline(true);
    await next.reload();
    await next.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
    assert.equal(await next.getAttribute('html', 'data-version'), bBuild.version);
    assert.equal(await next.textContent('[data-route="hex"]'), 'Hex (B)');
    assert.deepEqual(b.errors, [], 'no console errors, page errors or failed requests');
  }));

/** Deletes one hashed file (#circle's CSS) from the host; returns its name. */
const withoutOneFile = (built, site) => {
  const missing = built.files.find((f) => /^views\/circle\.[0-9a-f]{8}\.css$/.test(f.path)).path;
  fs.rmSync(path.join(site, missing));
  return missing;
};

test('a file missing on the host: the page plays, says in the console why it is not saved offline, and keeps no partial cache', () =>
  onHost('site-missing', { prepare: withoutOneFile }, async ({ prepared: missing, b, host }) => {
    const page = await b.page();
    const warning = page.waitForEvent('console', { predicate: (m) => m.type() === 'warning' && /could not be saved for offline use/.test(m.text()), timeout: READY_MS });
    await page.goto(`${host.url}?lang=en#xiangqi`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
    assert.match((await warning).text(), new RegExp(`${missing.replace(/\./g, '\\.')}: HTTP 404`));
    assert.deepEqual(await page.evaluate(() => caches.keys()), []);
    assert.equal(await page.getAttribute('html', 'data-offline'), null);
    assert.equal(await page.$('[data-testid="app-notice"]'), null, 'no offline-ready notice');
    // the failed install's own request is the only error; the game itself plays
    assert.deepEqual(b.errors.filter((e) => !e.includes(missing)), []);
  }));

test('the optional COOP/COEP headers: the page is cross-origin isolated and plays as without them', () =>
  onHost('site-isolated', { headers: ISOLATION_HEADERS }, async ({ host, b }) => {
    await b.context.addInitScript(() => {
      if (!localStorage.getItem('duiyi.xiangqi.settings.v1')) localStorage.setItem('duiyi.xiangqi.settings.v1', JSON.stringify({ tc: 'movetime', movetime: 1000 }));
    });
    const page = await b.page();
    await visit(page, `${host.url}?lang=en#xiangqi`);
    assert.equal(await page.evaluate(() => crossOriginIsolated && typeof SharedArrayBuffer === 'function'), true);
    await page.waitForSelector('[data-testid="engine-status"][data-ready="true"]', { timeout: READY_MS });
    await clickMove(page, 'h2e2');
    await waitForMoveCount(page, 2, READY_MS);
    // The game review over two workers (issue 37) runs on the isolated page as on a plain one (review.test.mjs).
    await page.evaluate(() => localStorage.setItem('duiyi.threads.v1', JSON.stringify({ v: 1, threads: 2 })));
    await page.goto(`${host.url}?lang=en&moves=h2e2%20h9g7%20h0g2%20i9h9#xiangqi`);
    await page.waitForSelector('[data-testid="move-list"] li[data-ply="4"]', { timeout: READY_MS });
    await page.click('[data-testid="review-run"]');
    await page.waitForSelector('[data-testid="review-progress"][data-state="done"]', { timeout: READY_MS * 3 });
    assert.equal(await page.$eval('[data-testid="review-progress"]', (el) => `${el.dataset.done}/${el.dataset.total} ${el.dataset.threads}`), '5/5 2');
    assert.deepEqual(b.errors, [], 'no console errors, page errors or failed requests');
  }));
