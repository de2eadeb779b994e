// #puzzles (issue 36): a Xiangqi and a Hex puzzle solved by playing their shipped solutions on the board, one of
// each failed on purpose, the Glicko-2 rating seen moving both ways (and counted once: a retry solved does not
// move it), the hints drawn, and the rating and the puzzle kept over a reload. Off a Hex puzzle's main line
// (its other winning first move) the engine defends and the review worker's solver judges each move, with the
// native solver choosing the test's winning moves. The puzzles are the first ones
// of the shipped sets (www/data/puzzles-*.txt, read here with the page's own parser), so the test follows
// the data. Waits are for page state (READY_MS: a loaded 2-core machine); nothing here times anything.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, READY_MS, REPO_ROOT, clickMove, legalMovesAfter } from './harness.mjs';
import { execFileSync } from 'node:child_process';
import { parseSet } from '../../www/views/puzzle-set.js';
import { nativeBinary } from './native.mjs';

const sets = Object.fromEntries(['xiangqi', 'hex'].map((g) => [g, parseSet(g, fs.readFileSync(path.join(REPO_ROOT, 'www', 'data', `puzzles-${g}.txt`), 'utf8'))]));

let app;
before(async () => {
  app = await startApp({ locale: 'en-US' });
  app.context.setDefaultTimeout(READY_MS);
});
after(async () => {
  await app?.close();
});
afterEach(async () => {
  for (const p of app.context.pages()) await p.close().catch(() => {});
});

const panel = (page) => page.locator('[data-testid="puzzle"]');
const data = (page) => panel(page).evaluate((e) => ({ ...e.dataset }));
const rating = (page) => page.$eval('[data-testid="puzzle-rating"]', (e) => Number(e.dataset.rating));

let visits = 0;
/** Opens a puzzle by its address (a fresh page load: `visit` changes the query, so it is never a hash jump). */
async function open(page, game, id, lang = 'en') {
  visits += 1;
  await page.goto(`${app.url}?lang=${lang}&visit=${visits}#puzzles?game=${game}&id=${id}`);
  await page.waitForSelector(`[data-testid="puzzle"][data-id="${id}"][data-state="solving"]`, { timeout: READY_MS });
}

/** Waits until the puzzle's board holds `n` moves since its position (the defender's reply included). */
async function playedCount(page, n) {
  await page.waitForFunction((k) => {
    const p = document.querySelector('[data-testid="puzzle"]')?.dataset.played ?? '';
    return (p ? p.split(' ').length : 0) === k;
  }, n, { timeout: READY_MS });
}

async function waitState(page, state) {
  await page.waitForSelector(`[data-testid="puzzle"][data-state="${state}"][data-rated="true"]`, { timeout: READY_MS });
}

test('the shipped sets: at least 500 Xiangqi and 200 Hex puzzles, unique ids', () => {
  assert.ok(sets.xiangqi.length >= 500, `${sets.xiangqi.length} Xiangqi puzzles`);
  assert.ok(sets.hex.length >= 200, `${sets.hex.length} Hex puzzles`);
  for (const s of Object.values(sets)) assert.equal(new Set(s.map((p) => p.id)).size, s.length);
});

test('Xiangqi: a puzzle solved on the board raises the rating, a wrong move lowers it, a retry does not count (zh)', async () => {
  const page = await app.newPage('', {});
  const [a, b] = sets.xiangqi;
  await open(page, 'xiangqi', a.id, 'zh');
  const d = await data(page);
  assert.equal(d.fen, a.fen);
  assert.equal(d.toMove, a.toMove);
  assert.equal(await rating(page), 1500);
  // the hint: first the piece (a ring on its point), then the move (an arrow)
  await page.click('[data-testid="puzzle-hint"]');
  await page.waitForSelector(`[data-hint-square="${a.solution[0].slice(0, 2)}"]`, { state: 'attached' });
  assert.equal(await page.$eval('[data-testid="puzzle-hint"]', (e) => e.dataset.level), '1');
  await page.click('[data-testid="puzzle-hint"]');
  await page.waitForSelector('.xq-hint', { state: 'attached' });
  // a hint makes a solve count as a loss, and it is only counted at the end: opened again, the puzzle is fresh
  await open(page, 'xiangqi', a.id, 'zh');
  assert.equal(await page.$eval('[data-testid="puzzle-hint"]', (e) => e.dataset.level), '0');
  for (let i = 0; i < a.solution.length; i += 2) {
    await clickMove(page, a.solution[i]);
    if (i + 1 < a.solution.length) await playedCount(page, i + 2);
  }
  await waitState(page, 'solved');
  const up = await rating(page);
  assert.ok(up > 1500, `rating after a solve: ${up}`);
  assert.match(await page.textContent('[data-testid="puzzle-change"]'), /^\+\d+$/);

  // the second puzzle: a legal move that is not the solution's and does not mate
  await open(page, 'xiangqi', b.id, 'zh');
  const legal = await legalMovesAfter(page, b.fen, []);
  const mates = await page.evaluate(([fen, moves]) => moves.filter((m) => {
    const g = new window.duiyi.wasm.XiangqiGame(fen);
    try {
      g.play(m);
      return Boolean(g.result());
    } finally {
      g.free();
    }
  }), [b.fen, legal]);
  const wrong = legal.find((m) => m !== b.solution[0] && !mates.includes(m));
  await clickMove(page, wrong);
  await waitState(page, 'failed');
  const down = await rating(page);
  assert.ok(down < up, `rating after a failure: ${down} (was ${up})`);
  assert.equal(await page.$eval('[data-testid="puzzle-feedback"]', (e) => e.dataset.kind), 'wrong');
  // retry and solve: the puzzle counted already
  await page.click('[data-testid="puzzle-retry"]');
  await page.waitForSelector('[data-testid="puzzle"][data-state="solving"]');
  for (let i = 0; i < b.solution.length; i += 2) {
    await clickMove(page, b.solution[i]);
    if (i + 1 < b.solution.length) await playedCount(page, i + 2);
  }
  await page.waitForSelector('[data-testid="puzzle"][data-state="solved"]');
  assert.equal(await rating(page), down);
  // a reload keeps the rating and the puzzle shown
  await page.reload();
  await page.waitForSelector(`[data-testid="puzzle"][data-id="${b.id}"]`, { timeout: READY_MS });
  assert.equal(await rating(page), down);
  // next: another puzzle
  await page.click('[data-testid="puzzle-next"]');
  await page.waitForFunction((id) => document.querySelector('[data-testid="puzzle"]').dataset.id !== id, b.id);
  assert.deepEqual(app.errorsOf(page), []);
});

test('Hex: a proved puzzle solved on the board ends on a drawn connection; a losing move fails it (en)', async () => {
  const page = await app.newPage('', {});
  const [a, b] = sets.hex;
  await open(page, 'hex', a.id, 'en');
  const d = await data(page);
  assert.equal(d.size, String(a.size));
  assert.equal(d.moves, a.moves.join(','));
  assert.equal(d.toMove, a.toMove);
  for (let i = 0; i < a.solution.length; i += 2) {
    await page.click(`.pz-board g[data-square="${a.solution[i]}"]`);
    if (i + 1 < a.solution.length) await playedCount(page, i + 2);
  }
  await waitState(page, 'solved');
  assert.ok(await rating(page) > 1500);
  // the proved connection is drawn: its carrier, or the winning chain when the last move connected outright
  const carrier = await page.$$eval('.pz-board [data-mark="carrier"]', (els) => els.length);
  const chain = await page.$$eval('.pz-board g[data-chain]', (els) => els.length);
  assert.ok(carrier + chain > 0, 'the connection is shown');

  await open(page, 'hex', b.id, 'en');
  await page.click('[data-testid="puzzle-hint"]');
  await page.waitForSelector('.pz-board [data-mark="must-play"]');
  await page.click('[data-testid="puzzle-hint"]');
  await page.waitForSelector(`.pz-board [data-mark="move"][data-square="${b.solution[0]}"]`);
  // a losing move: an empty cell not among the winning ones
  const taken = new Set(b.moves);
  const letters = 'abcdefghijklmnopqrs';
  let losing = null;
  for (let r = 1; r <= b.size && !losing; r++) {
    for (let c = 0; c < b.size && !losing; c++) {
      const cell = `${letters[c]}${r}`;
      if (!taken.has(cell) && !b.wins[0].includes(cell)) losing = cell;
    }
  }
  const before = await rating(page);
  await page.click(`.pz-board g[data-square="${losing}"]`);
  await waitState(page, 'failed');
  assert.ok(await rating(page) < before);
  assert.deepEqual(app.errorsOf(page), []);
});

test('Hex: another winning move leaves the main line; the engine defends and each move is proved until the connection is (en)', async () => {
  // the first puzzle whose first step has two winning moves and whose main line is longer than one move
  const p = sets.hex.find((x) => x.wins[0].length === 2 && x.solution.length >= 3);
  assert.ok(p, 'a puzzle with two winning first moves and a longer line');
  const page = await app.newPage('', {});
  await open(page, 'hex', p.id, 'en');
  const bin = nativeBinary();
  let move = p.wins[0].find((c) => c !== p.solution[0]);
  for (let step = 0; step < p.size * p.size; step++) {
    await page.click(`.pz-board g[data-square="${move}"]`);
    // the engine's reply (a hint in the review worker), or the end
    await page.waitForFunction(() => {
      const d = document.querySelector('[data-testid="puzzle"]').dataset;
      return d.state !== 'solving' || (d.played ?? '').split(' ').filter(Boolean).length % 2 === 0;
    }, null, { timeout: READY_MS });
    const d = await data(page);
    if (d.state !== 'solving') break;
    // the last move is marked on the board: the defender's reply
    const played = d.played.split(' ');
    assert.equal(await page.getAttribute(`.pz-board g[data-square="${played.at(-1)}"]`, 'data-last'), '', 'the reply is marked');
    // a winning move here, from the native solver
    const all = [...p.moves, ...played].map((c, i) => `${i % 2 === 0 ? 'b' : 'w'}:${c}`).join(' ');
    const out = JSON.parse(execFileSync(bin, ['hex', 'solve', '--size', String(p.size), '--moves', all, '--time-limit', '60']).toString());
    assert.equal(out.winner, p.toMove, 'the player still wins after the engine\'s reply');
    move = out.winning_moves[0];
  }
  await waitState(page, 'solved');
  // the proved connection: its carrier drawn, or the stones already connected (the winning chain)
  const carrier = await page.$$eval('.pz-board [data-mark="carrier"]', (els) => els.length);
  const chain = await page.$$eval('.pz-board g[data-chain]', (els) => els.length);
  assert.ok(carrier + chain > 0, 'the connection is shown');
  assert.deepEqual(app.errorsOf(page), []);
});
