// The game review's cost on the Xiangqi page (issue 22: a 100-ply game at the default budget in ≤ 60 s on a
// 2-core machine, and no main-thread task over 50 ms meanwhile). A headless Chromium opens the real page on
// a 100-ply game of our own matches (tools/review/data/, the first game of at least 100 plies, cut at 100),
// with two people on one board (the engine does not play), presses Review and waits for the last position.
//
// Measured: the wall time from the press to the review's end (the `done` state), the review's own positions
// and the longest main-thread tasks during it (PerformanceObserver 'longtask', Chromium: every task over
// 50 ms), the machine's load average before and after.
//
//   node benches/review-page.mjs [--plies 100] [--file xq-base-ee200.json] [--json out.json]
//
// Needs a build (`npm run build`). Prints one JSON object: {plies, positions, wallMs, perPositionMs,
// longTasks: [ms…], longestTaskMs, load: {before, after}, cpus}.

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

const app = await startApp({ locale: 'en-US' });
try {
  const page = await app.newPage(`?lang=en&moves=${moves.join('%20')}#xiangqi`, { xiangqiSettings: { mode: 'human', tc: 'movetime', movetime: 1000 } });
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
  const out = {
    plies: PLIES, positions, wallMs, perPositionMs: Math.round(wallMs / positions), longTasks: longTasks.slice(0, 10),
    longestTaskMs: longTasks[0] ?? 0, load: { before: loadBefore, after: os.loadavg()[0] }, cpus: os.cpus().length,
    date: new Date().toISOString(),
  };
  console.log(JSON.stringify(out));
  if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(out, null, 2));
} finally {
  await app.close();
}
