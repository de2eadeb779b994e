// The game review's cost on the Xiangqi page (issue 22: a 100-ply game at the default budget in ≤ 60 s on a
// 2-core machine, and no main-thread task over 50 ms meanwhile). A headless Chromium opens the real page on
// a 100-ply game of our own matches (tools/review/data/, the first game of at least 100 plies, cut at 100),
// with two people on one board (the engine does not play), presses Review and waits for the last position.
//
// Measured: the wall time from the press to the review's end (the `done` state), the review's own positions
// and the longest main-thread tasks during it (PerformanceObserver 'longtask', Chromium: every task over
// 50 ms), the machine's load average before and after.
//
// With --threads 1,2 (issue 37) each run reviews the game once per thread count, in turn (the order swapped
// every run), with the page's `threads` setting at that count; the summary gives each count's median wall
// time and the ratio of the medians to the first count's.
//
//   node benches/review-page.mjs [--plies 100] [--file xq-base-ee200.json] [--threads 1,2] [--runs 1]
//                                [--json out.json]
//
// Needs a build (`npm run build`). Prints one JSON object per review: {threads, plies, positions, wallMs,
// perPositionMs, longTasks: [ms…], longestTaskMs, load: {before, after}, cpus}, then the summary
// {summary: {threads: {n: {runs, medianWallMs}}, ratio: {n: median / first count's median}}}.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, REPO_ROOT, READY_MS } from '../tests/browser/harness.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const PLIES = Number(opt('plies', 100));
const FILE = opt('file', 'xq-base-ee200.json');
const JSON_OUT = opt('json', null);
const THREADS = String(opt('threads', '')).split(',').filter(Boolean).map(Number);
const RUNS = Number(opt('runs', 1));
if (THREADS.some((n) => !Number.isInteger(n) || n < 1) || !Number.isInteger(RUNS) || RUNS < 1) {
  console.error('review-page: --threads takes whole numbers above 0 (e.g. 1,2), --runs a whole number above 0');
  process.exit(2);
}

if (!Number.isInteger(PLIES) || PLIES < 1) {
  console.error(`review-page: --plies must be a whole number above 0, got ${opt('plies')}`);
  process.exit(2);
}
let games;
try {
  games = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'tools', 'review', 'data', FILE), 'utf8')).games;
} catch (err) {
  console.error(`review-page: cannot read tools/review/data/${FILE}: ${err.message}`);
  process.exit(2);
}
const game = games.find((g) => g.moves.trim().split(/\s+/).length >= PLIES);
if (!game) {
  console.error(`review-page: no game of ${PLIES} plies in ${FILE}`);
  process.exit(2);
}
const moves = game.moves.trim().split(/\s+/).slice(0, PLIES);

/** Reviews the game once on a fresh page (threads: the setting, or null for the page's default). */
async function reviewOnce(app, threads) {
  const storage = threads ? { 'duiyi.threads.v1': { v: 1, threads } } : {};
  const page = await app.newPage(`?lang=en&moves=${moves.join('%20')}#xiangqi`, { xiangqiSettings: { mode: 'human', tc: 'movetime', movetime: 1000 }, storage });
  try {
    await page.waitForSelector(`[data-testid="move-list"] li[data-ply="${PLIES}"]`, { timeout: READY_MS });
    await page.evaluate(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
    });
    const loadBefore = os.loadavg()[0];
    const t0 = Date.now();
    await page.click('[data-testid="review-run"]');
    await page.waitForSelector('[data-testid="review-progress"][data-state="done"]', { timeout: 20 * 60_000, polling: 500 });
    const wallMs = Date.now() - t0;
    const longTasks = (await page.evaluate(() => window.__longTasks)).map((d) => Math.round(d)).sort((a, b) => b - a);
    const positions = Number(await page.getAttribute('[data-testid="review-progress"]', 'data-done'));
    const used = Number(await page.getAttribute('[data-testid="review-progress"]', 'data-threads'));
    return {
      threads: used, plies: PLIES, positions, wallMs, perPositionMs: Math.round(wallMs / positions), longTasks: longTasks.slice(0, 10),
      longestTaskMs: longTasks[0] ?? 0, load: { before: loadBefore, after: os.loadavg()[0] }, cpus: os.cpus().length,
      date: new Date().toISOString(),
    };
  } finally {
    await page.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const app = await startApp({ locale: 'en-US' });
try {
  const counts = THREADS.length ? THREADS : [null];
  const results = [];
  for (let run = 0; run < RUNS; run++) {
    const order = run % 2 ? [...counts].reverse() : counts;
    for (const n of order) {
      const out = await reviewOnce(app, n);
      console.log(JSON.stringify(out));
      results.push({ wanted: n, ...out });
    }
  }
  const summary = { threads: {}, ratio: {} };
  for (const n of counts) {
    const mine = results.filter((r) => r.wanted === n);
    summary.threads[n ?? 'default'] = { runs: mine.map((r) => r.wallMs), medianWallMs: median(mine.map((r) => r.wallMs)), used: mine[0].threads };
  }
  const first = summary.threads[counts[0] ?? 'default'].medianWallMs;
  for (const n of counts) summary.ratio[n ?? 'default'] = Math.round((summary.threads[n ?? 'default'].medianWallMs / first) * 1000) / 1000;
  console.log(JSON.stringify({ summary }));
  if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify({ results, summary }, null, 2));
} finally {
  await app.close();
}
