// Shared set-up for the browser tests: the static server (scripts/serve.mjs) on a free port, Debian's
// Chromium driven by playwright-core with a fresh profile, console-error collection, screenshots under
// test-artifacts/, and teardown of exactly what was started here.
//
//   const app = await startApp();           // in before()
//   const page = await app.newPage();       // fresh page (storage cleared on the first load)
//   …
//   await app.close();                      // in after()

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');
/** reference data of the tests (each file names its source in `_about`), shared with the Rust tests */
export const DATA_DIR = path.join(REPO_ROOT, 'tests', 'data');

// Timeouts, sized for a loaded machine: the project's machines have 2 cores, shared with builds, other test
// runs and other people's work (scripts/test-loaded.mjs runs the suite beside two busy loops to prove it).
// A wait on page state costs nothing when the state comes early, so these are generous; they only bound how
// long a real failure takes to show.
/** Loading: a page's data-ready, the engine worker's `ready` (wasm fetch, compile and warm-up search), a
 *  view's worker. Several times an idle machine's figure. */
export const READY_MS = 120000;
/** Any other wait on page state (playwright's default here: a selector after a click, a reply to a short
 *  timed search, a restarted worker's answer). */
export const STEP_MS = 60000;
/** A main-thread task longer than this is a freeze the user would notice even on a loaded machine; tests
 *  assert this bound and report the tasks over 50 ms (the idle-machine budget) as a diagnostic. */
export const FREEZE_MS = 1000;
/** A stop during a sliced search is answered within one 5 ms slice plus messaging: under 50 ms idle, which
 *  the median of many stops still meets on a loaded machine. */
export const STOP_MEDIAN_MS = 50;
/** One prompt answer (a single stop, a cancel, an input handled while a worker computes): idle well under
 *  0.5 s, but on a loaded machine a single one can wait for the CPU, so it is held to this generous bound
 *  (an answer that waited for the computation to end, the fault these checks catch, takes far longer). */
export const ANSWER_MS = 2000;

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// docs/architecture.md §7; playwright adds --headless itself.
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];

/**
 * Reads and parses one JSON file of tests/data/ (e.g. 'combat.json'). A missing or malformed file throws an
 * Error naming the file's full path, so the failing test says which file to restore.
 */
export function readData(name) {
  const file = path.join(DATA_DIR, name);
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`test data file ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`test data file ${file}: not valid JSON: ${err.message}`);
  }
}

/**
 * Starts the server and Chromium. `locale` is the browser's language (navigator.language(s) and
 * Accept-Language); the page picks its UI language from it when neither ?lang= nor a saved choice says.
 */
export async function startApp({ viewport = { width: 1280, height: 900 }, locale = 'zh-CN', hasTouch = false, env = null } = {}) {
  if (!fs.existsSync(path.join(REPO_ROOT, 'www', 'pkg', 'duiyi.js'))) {
    throw new Error('www/pkg/duiyi.js is missing: run `npm run build` first');
  }
  const server = await startServer({ port: 0 });
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duiyi-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport,
      locale,
      hasTouch, // a touch screen (page.tap sends touch pointers)
      // extra environment for the browser (e.g. FONTCONFIG_FILE: another font configuration)
      ...(env ? { env: { ...process.env, ...env } } : {}),
    });
  } catch (err) {
    await server.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
    throw err;
  }
  context.setDefaultTimeout(STEP_MS);
  context.setDefaultNavigationTimeout(READY_MS);
  /** console errors and uncaught exceptions of every page, as strings */
  const errors = [];
  const pages = [];
  const pageErrors = new WeakMap();

  return {
    url: server.url,
    context,
    errors,
    /**
     * A new tab on `query` (e.g. '?fen=…#xiangqi'), with localStorage cleared first unless keepStorage.
     * `xiangqiSettings`: the Xiangqi page's saved settings to start from. By default the engine gets a fixed
     * 1 s per move (the tests written before clocks existed time its replies by that); pass null for the
     * page's own defaults (a 10+5 timed game, tests/browser/xiangqi-play.test.mjs). `storage`: more saved
     * entries to start from, {key: value} (each stored as JSON).
     */
    async newPage(query = '', { keepStorage = false, xiangqiSettings = { tc: 'movetime', movetime: 1000 }, storage = {} } = {}) {
      const page = await context.newPage();
      pages.push(page);
      const mine = [];
      pageErrors.set(page, mine);
      const record = (text) => {
        errors.push(text);
        mine.push(text);
      };
      page.on('console', (msg) => {
        if (msg.type() === 'error') {
          const where = msg.location()?.url;
          record(`console: ${msg.text()}${where ? ` (${where})` : ''}`);
        }
      });
      page.on('pageerror', (err) => record(`pageerror: ${err.message}`));
      page.on('response', (res) => {
        if (res.status() >= 400) record(`http ${res.status()}: ${res.url()}`);
      });
      page.on('crash', () => record('page crashed'));
      if (!keepStorage) {
        // a same-origin file that runs no script, so nothing can write the storage back meanwhile
        await page.goto(new URL('favicon.svg', server.url).href);
        await page.evaluate(([settings, more]) => {
          localStorage.clear();
          if (settings) localStorage.setItem('duiyi.xiangqi.settings.v1', JSON.stringify(settings));
          for (const [key, value] of Object.entries(more)) localStorage.setItem(key, JSON.stringify(value));
        }, [xiangqiSettings, storage]);
      }
      await page.goto(server.url + query);
      await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
      return page;
    },
    /** the console errors and uncaught exceptions of one page */
    errorsOf(page) {
      return pageErrors.get(page) ?? [];
    },
    async close() {
      for (const p of pages) await p.close().catch(() => {});
      await context.close().catch(() => {});
      await server.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

// ---- Xiangqi page helpers ------------------------------------------------------------------------------

export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

/** waits until the engine worker has loaded (status data-ready="true") */
export async function engineReady(page, timeout = READY_MS) {
  await page.waitForSelector('[data-testid="engine-status"][data-ready="true"]', { timeout });
}

/** the moves of the move list's main line (its items; not the moves of variations shown under them), as ICCS */
export async function moveList(page) {
  return page.$$eval('[data-testid="move-list"] li[data-iccs]', (els) => els.map((e) => e.dataset.iccs));
}

export async function waitForMoveCount(page, n, timeout = STEP_MS) {
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-testid="move-list"] li[data-iccs]').length >= count,
    n,
    { timeout, polling: 50 }, // not every frame: the tests that measure the page's main thread stay fair
  );
}

/** plays a move by clicking the piece, checking its destination is shown, then clicking the destination */
export async function clickMove(page, iccs) {
  const from = iccs.slice(0, 2), to = iccs.slice(2, 4);
  await page.click(`[data-square="${from}"]`);
  await page.waitForSelector(`[data-square="${to}"][data-dest]`);
  await page.click(`[data-square="${to}"]`);
}

/** the legal moves after `moves` from `fen`, computed by the page's own rules module */
export async function legalMovesAfter(page, fen, moves) {
  return page.evaluate(([f, ms]) => {
    const g = new window.duiyi.wasm.XiangqiGame(f);
    try {
      for (const m of ms) g.play(m);
      return Array.from(g.legalMoves());
    } finally {
      g.free();
    }
  }, [fen, moves]);
}

/** the piece letter shown on a point, or null */
export async function pieceAt(page, square) {
  return page.$eval(`[data-square="${square}"]`, (el) => el.querySelector('[data-piece]')?.dataset.piece ?? null);
}

export async function boardPieces(page) {
  return page.$$eval('[data-square]', (els) =>
    Object.fromEntries(els.filter((e) => e.querySelector('[data-piece]')).map((e) => [e.dataset.square, e.querySelector('[data-piece]').dataset.piece])));
}
