// How long a person waits for the engine on the Xiangqi page at its default settings (issue 19: median reply
// ≤ 3 s and max ≤ 15 s over the first 30 moves). A headless Chromium plays Red on the real page (a fresh
// profile, the page's own defaults: 10+5, full strength, pondering on, the default Pace); Red's moves come
// from the native engine at a fixed depth (a steady club-level opponent that answers at once), so the game
// is a real one and the page's pondering hits and misses as it would against a person.
//
// Each reply time is measured from the click that completes the user's move to the engine's move appearing
// in the move list (what the person sees), with the budget the engine reported (`data-budget-ms`).
//
//   node benches/page-pace.mjs [--moves 30] [--user-depth 5] [--pace brisk|steady|clock] [--json out.json]
//
// Needs a build (`npm run build`) and the native binary (`cargo build --release`). Prints one JSON object:
// {moves, replies: [{ply, ms, budgetMs, ponder}], median, p90, max, ponderHits, load}.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, engineReady, moveList, waitForMoveCount, clickMove, REPO_ROOT } from '../tests/browser/harness.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const MOVES = Number(opt('moves', 30));
const USER_DEPTH = Number(opt('user-depth', 5));
const PACE = opt('pace', null);
const JSON_OUT = opt('json', null);
const NATIVE = path.join(REPO_ROOT, 'target', 'release', 'duiyi');
if (!fs.existsSync(NATIVE)) {
  console.error(`page-pace: ${NATIVE} is missing: run cargo build --release`);
  process.exit(2);
}

/** The native engine as the user's move source: `go depth N` on the game so far. */
function userEngine() {
  const p = spawn(NATIVE, [], { stdio: ['pipe', 'pipe', 'ignore'] });
  let buf = '';
  let waiter = null;
  p.stdout.on('data', (d) => {
    buf += d;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i).trim();
      buf = buf.slice(i + 1);
      if (waiter && line.startsWith('bestmove')) {
        const w = waiter;
        waiter = null;
        w(line.split(/\s+/)[1]);
      }
    }
  });
  p.stdin.write('uci\n');
  return {
    move(moves) {
      return new Promise((resolve) => {
        waiter = resolve;
        p.stdin.write(`position startpos${moves.length ? ` moves ${moves.join(' ')}` : ''}\ngo depth ${USER_DEPTH}\n`);
      });
    },
    quit() {
      p.stdin.end('quit\n');
    },
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};

const app = await startApp({ locale: 'en-US' });
const user = userEngine();
const replies = [];
try {
  const settings = PACE ? { pace: PACE } : null;
  const page = await app.newPage('?lang=en#xiangqi', { xiangqiSettings: settings });
  await engineReady(page, 180000);
  for (let n = 0; n < MOVES; n++) {
    const played = await moveList(page);
    const over = await page.$('[data-testid="game-result"]:not([hidden])');
    if (over && (await over.textContent()).trim()) break;
    const mv = await user.move(played);
    if (!mv || mv === '(none)') break;
    const budgets = [];
    const watch = setInterval(async () => {
      const b = await page.$eval('[data-testid="engine-status"]', (e) => e.dataset.budgetMs ?? null).catch(() => null);
      if (b) budgets.push(Number(b));
    }, 100);
    const t0 = performance.now();
    await clickMove(page, mv);
    await waitForMoveCount(page, played.length + 2, 180000);
    const ms = performance.now() - t0;
    clearInterval(watch);
    const kind = await page.$eval('[data-testid="engine-notice"]', (e) => e.dataset.kind ?? '').catch(() => '');
    replies.push({ ply: played.length + 2, ms: Math.round(ms), budgetMs: budgets.length ? budgets[budgets.length - 1] : null, ponder: kind });
    console.error(`move ${n + 1}: ${mv} → reply in ${(ms / 1000).toFixed(2)} s (budget ${budgets.at(-1) ?? '–'} ms${kind ? `, ${kind}` : ''})`);
    // the user's clock starts once the engine's move has slid in; a person takes a moment too
    await page.waitForTimeout(400);
  }
} finally {
  user.quit();
  await app.close();
}
const ms = replies.map((r) => r.ms);
const sorted = [...ms].sort((a, b) => a - b);
const out = {
  date: new Date().toISOString(),
  moves: replies.length,
  pace: PACE ?? 'default',
  median: median(ms),
  p90: sorted.length ? sorted[Math.floor(0.9 * (sorted.length - 1))] : null,
  max: sorted.at(-1) ?? null,
  ponderHits: replies.filter((r) => r.ponder === 'ponder-hit').length,
  load: os.loadavg(),
  replies,
};
if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(out, null, 1));
console.log(JSON.stringify({ ...out, replies: undefined }));
