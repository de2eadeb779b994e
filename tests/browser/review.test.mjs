// The Xiangqi game review and hint on the page (#xiangqi; www/views/xiangqi-review.js, xiangqi-hint.js,
// www/review-worker.js; docs/review.md).
//
// The planted blunder: a real opening (benches/real-openings.txt, "C 中炮对屏风马", 44 master games) after which
// Red plays h0h5, leaving the rook where Black's horse on g7 takes it (g7h5). Checked with the engine (the
// wasm build under Node, 200,000 nodes a position, 2026-12-03): before h0h5 Red stands at +15 cp; after it
// Black at +632 (its best reply g7h5); every other Red move there scores between +1 and −368 cp, and the
// moves within 1.2 pawns of the best are BETTER below — the better move shown must be one of them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, screenshot, legalMovesAfter, clickMove, START_FEN, READY_MS, STEP_MS } from './harness.mjs';

const OPENING = 'h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0a2 g6g5 b2c2 a9b9'.split(' ');
const BLUNDER = 'h0h5';
const GAME = [...OPENING, BLUNDER, 'g7h5', 'c3c4'];
const BLUNDER_PLY = OPENING.length + 1;
/** Red's moves after the opening scoring within 1.2 pawns of the best (engine, 200k nodes; see the header) */
const BETTER = ['a3a4', 'a0b0', 'c3c4', 'h0h4', 'f0e1', 'a0a1', 'c2d2', 'd0e1', 'i3i4', 'h0h1', 'c2b2', 'c2c1', 'e3e4',
  'g2e1', 'h0h2', 'h0h6', 'e2d2', 'e2e1', 'a2c1', 'e2f2', 'c2c6', 'h0h3', 'g0i2', 'g3g4', 'a2b0', 'e0e1', 'h0i0'];
/** two people on one board: the engine never moves, the page is only reviewed */
const HUMAN = { mode: 'human', tc: 'movetime', movetime: 1000 };

let app;
before(async () => {
  app = await startApp({ locale: 'en-US' });
});
after(async () => {
  await app?.close();
});

const gameUrl = (moves) => `?lang=en&moves=${moves.join('%20')}#xiangqi`;

async function reviewDone(page, timeout = READY_MS * 3) {
  await page.waitForSelector('[data-testid="review-progress"][data-state="done"]', { timeout });
}

/** The summary's cells: {red: {best, …, loss}, black: {…}} ('' where a cell is empty). */
async function summaryOf(page) {
  return page.$eval('[data-testid="review-summary"]', (el) => Object.fromEntries(['red', 'black'].map((side) => [side, {
    ...Object.fromEntries([...el.querySelectorAll(`td[data-side="${side}"][data-class]`)].map((td) => [td.dataset.class, td.textContent])),
    loss: el.querySelector(`td[data-side="${side}"][data-average-loss]`).textContent,
  }])));
}

async function item(page, ply) {
  return page.$eval(`[data-testid="move-list"] li[data-ply="${ply}"]`, (li) => ({ class: li.dataset.class ?? null, better: li.dataset.better ?? null }));
}

test('a hanging rook is a blunder with a better move; the graph has plies + 1 points; show me plays the line', async () => {
  const page = await app.newPage(gameUrl(GAME), { xiangqiSettings: HUMAN });
  await page.waitForSelector('[data-testid="move-list"] li[data-ply="13"]');
  await page.click('[data-testid="review-run"]');
  await page.waitForSelector('[data-testid="review-progress"][data-state="running"], [data-testid="review-progress"][data-state="done"]');
  await reviewDone(page);
  const progress = await page.$eval('[data-testid="review-progress"]', (el) => ({ done: Number(el.dataset.done), total: Number(el.dataset.total) }));
  assert.deepEqual(progress, { done: GAME.length + 1, total: GAME.length + 1 });

  const blunder = await item(page, BLUNDER_PLY);
  assert.equal(blunder.class, 'blunder', `h0h5 left the rook to the horse: ${JSON.stringify(blunder)}`);
  assert.ok(BETTER.includes(blunder.better), `the better move ${blunder.better} is one of the engine's good moves there`);
  const legal = await legalMovesAfter(page, START_FEN, OPENING);
  assert.ok(legal.includes(blunder.better));
  // every move has a class; only moves that were not best carry a better move
  for (let ply = 1; ply <= GAME.length; ply++) {
    const it = await item(page, ply);
    assert.match(it.class ?? '', /^(best|good|inaccuracy|mistake|blunder)$/, `ply ${ply}`);
    if (it.class === 'best') assert.equal(it.better, null, `ply ${ply}: a best move has no better one`);
  }
  // Black's capture is no mistake
  assert.match((await item(page, BLUNDER_PLY + 1)).class, /^(best|good)$/);

  const graph = await page.$eval('[data-testid="eval-graph"]', (el) => ({ points: Number(el.dataset.points), values: el.dataset.values.split(',').map(Number) }));
  assert.equal(graph.points, GAME.length + 1);
  assert.ok(graph.values[BLUNDER_PLY - 1] - graph.values[BLUNDER_PLY] > 30, `Red's chance falls with the blunder: ${graph.values}`);

  const summary = await page.$eval('[data-testid="review-summary"]', (el) => ({
    redBlunders: Number(el.querySelector('td[data-side="red"][data-class="blunder"]').textContent),
    redLoss: Number(el.querySelector('td[data-side="red"][data-average-loss]').dataset.averageLoss),
    blackLoss: Number(el.querySelector('td[data-side="black"][data-average-loss]').dataset.averageLoss),
  }));
  assert.ok(summary.redBlunders >= 1);
  assert.ok(summary.redLoss > summary.blackLoss, JSON.stringify(summary));

  // a click on the graph's point shows that position
  await page.waitForFunction(() => globalThis.Chart?.getChart(document.querySelector('[data-testid="eval-graph"] canvas')));
  const at = await page.evaluate((ply) => {
    const canvas = document.querySelector('[data-testid="eval-graph"] canvas');
    const pt = globalThis.Chart.getChart(canvas).getDatasetMeta(0).data[ply];
    const r = canvas.getBoundingClientRect();
    return { x: r.left + pt.x, y: r.top + pt.y };
  }, BLUNDER_PLY);
  await page.mouse.click(at.x, at.y);
  await page.waitForSelector(`[data-testid="move-list"] li[data-ply="${BLUNDER_PLY}"].move-viewing`);
  // the keyboard: the graph takes the focus, ←/→ go to the previous/next position
  assert.equal(await page.$eval('[data-testid="eval-graph"]', (el) => el.tabIndex), 0);
  assert.ok(await page.getAttribute('[data-testid="eval-graph"]', 'aria-label'));
  await page.focus('[data-testid="eval-graph"]');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector(`[data-testid="move-list"] li[data-ply="${BLUNDER_PLY - 1}"].move-viewing`);
  assert.equal(await page.getAttribute('[data-testid="eval-graph"]', 'aria-valuenow'), String(BLUNDER_PLY - 1));
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector(`[data-testid="move-list"] li[data-ply="${BLUNDER_PLY}"].move-viewing`);
  assert.match(await page.getAttribute('[data-testid="eval-graph"]', 'aria-valuetext'), /Ply 11 · Red's chance: \d+%/);
  // the better move: its text, and its arrow on the board
  const shown = await page.$eval('[data-testid="review-better"]', (el) => el.dataset.move);
  assert.equal(shown, blunder.better);
  await page.waitForSelector('.xq-board .xq-hint-better', { state: 'attached' });
  await screenshot(page, 'review-blunder');
  // "show me": the better move is played on the board from the position before the blunder, then it returns
  const piece = await page.evaluate(([moves, square]) => {
    const g = new window.duiyi.wasm.XiangqiGame();
    for (const m of moves) g.play(m);
    const found = Array.from(g.pieces()).find((p) => p.square === square)?.piece;
    g.free();
    return found;
  }, [OPENING, blunder.better.slice(0, 2)]);
  await page.click('[data-testid="review-show"]');
  await page.waitForSelector('.xq-board[data-showing="true"]');
  await page.waitForFunction(([square, letter]) => document.querySelector(`[data-square="${square}"] [data-piece]`)?.dataset.piece === letter,
    [blunder.better.slice(2, 4), piece]);
  await page.waitForSelector('.xq-board:not([data-showing])', { timeout: STEP_MS });

  // "show me" interrupted: another move with a better one is chosen while the line plays; the board shows
  // that position (not the line's) with that move's better arrow
  const other = await page.$$eval('[data-testid="move-list"] li[data-better]', (lis, b) => lis.map((li) => Number(li.dataset.ply)).find((p) => p !== b) ?? null, BLUNDER_PLY);
  if (other !== null) {
    await page.click('[data-testid="review-show"]');
    await page.waitForSelector('.xq-board[data-showing="true"]');
    await page.click(`[data-testid="move-list"] li[data-ply="${other}"]`);
    await page.waitForSelector(`[data-testid="move-list"] li[data-ply="${other}"].move-viewing`);
    await page.waitForSelector('.xq-board:not([data-showing])');
    const otherBetter = await page.getAttribute(`[data-testid="move-list"] li[data-ply="${other}"]`, 'data-better');
    assert.equal(await page.getAttribute('[data-testid="review-better"]', 'data-move'), otherBetter);
    await page.waitForSelector('.xq-board .xq-hint-better', { state: 'attached' });
    const expected = await page.evaluate(([moves]) => {
      const g = new window.duiyi.wasm.XiangqiGame();
      for (const m of moves) g.play(m);
      const out = Array.from(g.pieces()).map((p) => `${p.square}${p.piece}`).sort().join();
      g.free();
      return out;
    }, [GAME.slice(0, other)]);
    // the board settles on the position after move `other` (a step of the line never comes back)
    await page.waitForFunction((want) => [...document.querySelectorAll('.xq-board [data-square] [data-piece]')]
      .map((el) => `${el.closest('[data-square]').dataset.square}${el.dataset.piece}`).sort().join() === want, expected, { timeout: STEP_MS });
  }

  // a new game: the empty panel, as before any review (no "1 of 1 positions", no "Reviewed", no graph)
  await page.click('[data-testid="new-game"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="move-list"] li[data-ply]'));
  await page.waitForSelector('[data-testid="review-progress"][data-state="idle"][data-done="0"]', { state: 'attached' });
  assert.equal(await page.textContent('[data-testid="review-run"]'), 'Review the game');
  assert.ok(await page.isDisabled('[data-testid="review-run"]'), 'a game of no moves has nothing to review');
  assert.ok(await page.isHidden('[data-testid="eval-graph"]'));
  assert.ok(await page.isHidden('[data-testid="review-summary"]'));
  assert.equal(await page.getAttribute('[data-testid="eval-graph"]', 'data-points'), '0');
  assert.deepEqual(app.errorsOf(page), []);
});

test('progress, cancel, resume, and a reload resumes without analysing the finished positions again', async () => {
  // a longer game: the opening, then the engine's line from there
  const moves = [...OPENING, 'h0h4', 'd9e8', 'f0e1', 'b7a7', 'c2c6', 'g9e7', 'a0b0', 'b9b0', 'a2b0', 'a7a3'];
  const page = await app.newPage(gameUrl(moves), { xiangqiSettings: HUMAN });
  await page.waitForSelector(`[data-testid="move-list"] li[data-ply="${moves.length}"]`);
  await page.click('[data-testid="review-run"]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="review-progress"]').dataset.done) >= 3, null, { timeout: READY_MS });
  // while it runs, the (disabled) run button says so
  const during = await page.evaluate(() => ({ state: document.querySelector('[data-testid="review-progress"]').dataset.state, text: document.querySelector('[data-testid="review-run"]').textContent }));
  if (during.state === 'running') assert.equal(during.text, 'Reviewing…');
  const total = Number(await page.getAttribute('[data-testid="review-progress"]', 'data-total'));
  assert.equal(total, moves.length + 1);
  await page.click('[data-testid="review-cancel"]');
  await page.waitForSelector('[data-testid="review-progress"][data-state="cancelled"]');
  assert.ok(await page.isHidden('[data-testid="review-cancel"]'));
  const afterCancel = Number(await page.getAttribute('[data-testid="review-progress"]', 'data-done'));
  assert.ok(afterCancel >= 3 && afterCancel < total, `cancelled part-way: ${afterCancel} of ${total}`);

  // resume: the finished positions are kept (marked here so that a new analysis of them would show)
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('duiyi.xiangqi.review.v1'));
    saved.analyses[0].nodes = 4242;
    localStorage.setItem('duiyi.xiangqi.review.v1', JSON.stringify(saved));
  });
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
  await page.waitForSelector(`[data-testid="move-list"] li[data-ply="${moves.length}"]`);
  const doneAfterReload = Number(await page.getAttribute('[data-testid="review-progress"]', 'data-done'));
  assert.ok(doneAfterReload >= afterCancel, `the analyses survive the reload: ${doneAfterReload} >= ${afterCancel}`);
  assert.equal(await page.getAttribute('[data-testid="review-progress"]', 'data-state'), 'cancelled', 'a cancelled review waits for a press');
  await page.click('[data-testid="review-run"]');
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid="review-progress"]').dataset.done) >= n + 2, afterCancel, { timeout: READY_MS });
  // a reload in the middle of the run: it goes on by itself
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
  await reviewDone(page);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('duiyi.xiangqi.review.v1')));
  assert.equal(saved.analyses[0].nodes, 4242, 'the position analysed before the reloads was not analysed again');
  assert.equal(saved.analyses.filter(Boolean).length, total);
  assert.equal(saved.running, false);
  assert.equal(Number(await page.getAttribute('[data-testid="eval-graph"]', 'data-points')), total);
  assert.deepEqual(app.errorsOf(page).filter((e) => !/ERR_ABORTED|net::/.test(e)), []);
});

test('a review goes through PGN and back without a new analysis', async (t) => {
  const page = await app.newPage(gameUrl(GAME), { xiangqiSettings: HUMAN });
  await page.waitForSelector('[data-testid="move-list"] li[data-ply="13"]');
  await page.click('[data-testid="review-run"]');
  await reviewDone(page);
  const before = [];
  for (let ply = 1; ply <= GAME.length; ply++) before.push(await item(page, ply));
  const summary = await summaryOf(page);
  assert.match(summary.red.best, /^\d+$/, JSON.stringify(summary));
  // a reload draws the finished review's summary again (it once came back as headings only)
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
  await page.waitForFunction(() => document.querySelector('[data-testid="review-summary"] td[data-side="red"][data-class="best"]')?.textContent !== '');
  assert.deepEqual(await summaryOf(page), summary, 'the summary after a reload');
  await page.click('[data-testid="export-pgn"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="pgn-text"]').value.length > 0);
  const pgn = await page.$eval('[data-testid="pgn-text"]', (el) => el.value);
  if (!pgn.includes('[%eval')) {
    t.skip('this build\'s pgnWrite does not write annotations yet (the records branch)');
    return;
  }
  assert.match(pgn, /\$4|\?\?/, 'the blunder has its NAG');
  assert.match(pgn, /\[ReviewStartEval "/);
  // the comments name the better move in the PGN's own format (ICCS by default), not the page's notation
  const better = [...pgn.matchAll(/Better: ([^}]*)\}/g)].map((m) => m[1].trim());
  assert.ok(better.length > 0, 'a comment names a better move');
  for (const b of better) assert.match(b, /^[a-i]\d[a-i]\d$/, `ICCS PGN, comment move ${b}`);
  await page.selectOption('[data-testid="pgn-format"]', 'wxf');
  await page.click('[data-testid="export-pgn"]');
  await page.waitForFunction((old) => document.querySelector('[data-testid="pgn-text"]').value !== old, pgn);
  const wxf = await page.$eval('[data-testid="pgn-text"]', (el) => el.value);
  const betterWxf = [...wxf.matchAll(/Better: ([^}]*)\}/g)].map((m) => m[1].trim());
  assert.equal(betterWxf.length, better.length);
  betterWxf.forEach((b, i) => assert.match(b, new RegExp(`^[KAEBHNRCP][1-9+\\-=.][1-9+\\-=.]?[1-9]? \\(${better[i]}\\)$|^[A-Z+\\-=.\\d]{4} \\(${better[i]}\\)$`), `WXF PGN, comment move ${b}`));
  await page.selectOption('[data-testid="pgn-format"]', 'iccs');
  // a fresh page: no review saved; the PGN alone brings it back
  const fresh = await app.newPage('?lang=en#xiangqi', { xiangqiSettings: HUMAN });
  await fresh.fill('[data-testid="pgn-text"]', pgn);
  await fresh.click('[data-testid="import-pgn"]');
  await fresh.waitForSelector('[data-testid="review-progress"][data-state="imported"]');
  for (let ply = 1; ply <= GAME.length; ply++) assert.deepEqual(await item(fresh, ply), before[ply - 1], `ply ${ply}`);
  assert.equal(Number(await fresh.getAttribute('[data-testid="eval-graph"]', 'data-points')), GAME.length + 1);
  await fresh.reload();
  await fresh.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
  await fresh.waitForSelector('[data-testid="review-progress"][data-state="imported"]');
  await fresh.waitForFunction(() => document.querySelector('[data-testid="review-summary"] td[data-side="red"][data-class="best"]')?.textContent !== '');
  const imported = await summaryOf(fresh);
  // the same classes and the same average loss (a best move that was not the engine's once lost its loss)
  assert.deepEqual(imported, summary, 'the summary after the PGN round trip');
  assert.deepEqual(app.errorsOf(fresh), []);
});

test('hint: the first press marks the piece, the second gives a legal move; hints are recorded', async () => {
  const page = await app.newPage('?lang=en#xiangqi', { xiangqiSettings: HUMAN });
  const hint = '[data-testid="hint"]';
  await page.waitForSelector(`${hint}:not([disabled])`);
  const width = () => page.$eval(hint, (el) => el.getBoundingClientRect().width);
  const widthBefore = await width();
  await page.click(hint);
  await page.waitForSelector(`${hint}[data-stage="1"]`, { timeout: READY_MS });
  // its label changes ("Show the move"), its width does not: the row of buttons stays put
  assert.ok(Math.abs(await width() - widthBefore) < 1, `the hint button keeps its width: ${widthBefore} → ${await width()}`);
  assert.equal((await page.innerText(hint)).trim(), 'Show the move');
  const square = await page.getAttribute(hint, 'data-square');
  assert.match(square, /^[a-i]\d$/);
  assert.equal(await page.getAttribute(hint, 'data-move'), null, 'the move stays hidden after the first press');
  await page.waitForSelector(`.xq-board [data-hint-square="${square}"]`, { state: 'attached' });
  await page.click(hint);
  await page.waitForSelector(`${hint}[data-move]`);
  const move = await page.getAttribute(hint, 'data-move');
  const legal = await legalMovesAfter(page, START_FEN, []);
  assert.ok(legal.includes(move), `${move} is legal`);
  assert.equal(move.slice(0, 2), square);
  await page.waitForSelector('.xq-board .xq-hint-hint', { state: 'attached' });
  assert.equal(await page.getAttribute(hint, 'data-count'), '2');
  // recorded with the game: it survives a reload and goes into the PGN
  await page.reload();
  await page.waitForSelector(`${hint}[data-count="2"]`, { timeout: READY_MS });
  await page.click('[data-testid="export-pgn"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="pgn-text"]').value.length > 0);
  assert.match(await page.$eval('[data-testid="pgn-text"]', (el) => el.value), /\[Hints "1:piece 1:move"\]/);
  assert.deepEqual(app.errorsOf(page), []);
});

test('a review is reproducible and the same on one thread or two: the same analyses, classes, better moves and graph', async () => {
  // Each position is searched in one step of a review worker from emptied tables (docs/review.md), never cut
  // into time slices, so runs agree exactly however loaded the machine is, and however many workers share the
  // positions (the `threads` setting, www/threads.js; www/review-pool.js).
  const runs = [];
  for (const threads of [1, 2]) {
    const page = await app.newPage(gameUrl(GAME), { xiangqiSettings: HUMAN, storage: { 'duiyi.threads.v1': { v: 1, threads } } });
    await page.waitForSelector(`[data-testid="move-list"] li[data-ply="${GAME.length}"]`);
    await page.click('[data-testid="review-run"]');
    await reviewDone(page);
    assert.equal(await page.$eval('[data-testid="review-progress"]', (el) => el.dataset.threads), String(threads));
    const marks = [];
    for (let ply = 1; ply <= GAME.length; ply++) marks.push(await item(page, ply));
    const values = await page.$eval('[data-testid="eval-graph"]', (el) => el.dataset.values);
    // the saved analyses, written within a second of the last position (SAVE_MS)
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('duiyi.xiangqi.review.v1'))?.running === false, null, { timeout: READY_MS });
    const analyses = await page.evaluate(() => JSON.parse(localStorage.getItem('duiyi.xiangqi.review.v1')).analyses);
    runs.push({ marks, values, analyses });
    await page.close();
  }
  assert.equal(runs[0].analyses.length, GAME.length + 1);
  assert.ok(runs[0].analyses.every((a) => a && a.nodes > 0 && a.best), 'every position analysed by a search');
  assert.deepEqual(runs[1].analyses, runs[0].analyses);
  assert.deepEqual(runs[1].marks, runs[0].marks);
  assert.equal(runs[1].values, runs[0].values);
});

test('a laptop at 1366×900: the review beside the board, graph, moves and "Show me" in view without scrolling; a phone stacks them under it', async () => {
  const page = await app.newPage(gameUrl(GAME), { xiangqiSettings: HUMAN });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.waitForSelector('[data-testid="move-list"] li[data-ply="13"]');
  await page.click('[data-testid="review-run"]');
  await reviewDone(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; });
  const inView = (b, what) => assert.ok(b.top >= 0 && b.bottom <= 900 && b.right <= 1366 && b.bottom > b.top, `${what} in view: ${JSON.stringify(b)}`);
  const board = await box('[data-testid="board"]');
  inView(board, 'the board');
  inView(await box('[data-testid="eval-graph"]'), 'the graph');
  inView(await box('[data-testid="review-summary"]'), 'the summary');
  const blunderItem = await box(`[data-testid="move-list"] li[data-ply="${BLUNDER_PLY}"]`);
  inView(blunderItem, 'the blunder in the move list');
  assert.ok((await box('[data-testid="eval-graph"]')).left > board.right, 'the review is beside the board');
  // a click where the blunder is (no scrolling first): its better move and "Show me", with the board
  await page.mouse.click((blunderItem.left + blunderItem.right) / 2, (blunderItem.top + blunderItem.bottom) / 2);
  await page.waitForSelector(`[data-testid="move-list"] li[data-ply="${BLUNDER_PLY}"].move-viewing`);
  await page.waitForSelector('[data-testid="review-show"]', { state: 'visible' });
  inView(await box('[data-testid="review-show"]'), '"Show me"');
  inView(await box('[data-testid="board"]'), 'the board, still');
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'nothing scrolled');
  await screenshot(page, 'review-laptop-1366');
  // a phone: one column, the board first, the review under it
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => document.documentElement.scrollWidth <= 390);
  const phoneBoard = await box('[data-testid="board"]');
  assert.ok((await box('[data-testid="eval-graph"]')).top > phoneBoard.bottom, 'on a phone the review comes after the board');
  assert.deepEqual(app.errorsOf(page), []);
});

test('practise your mistakes: the reviewed blunder as a puzzle, a wrong try judged, the answer, a solve with the better move; both languages', async () => {
  const page = await app.newPage(gameUrl(GAME), { xiangqiSettings: HUMAN });
  await page.waitForSelector('[data-testid="move-list"] li[data-ply="13"]');
  assert.equal(await page.isVisible('[data-testid="practise-mistakes"]'), false, 'no practice before a review');
  await page.click('[data-testid="review-run"]');
  await reviewDone(page);
  const button = page.locator('[data-testid="practise-mistakes"]');
  await button.waitFor({ state: 'visible' });
  const count = Number(await button.getAttribute('data-count'));
  // every mistake and blunder of the game (two people played it: both sides), the blunder among them
  const marked = await page.$$eval('[data-testid="move-list"] li[data-class="mistake"], [data-testid="move-list"] li[data-class="blunder"]', (lis) => lis.map((li) => Number(li.dataset.ply)).sort((a, b) => a - b));
  assert.equal(count, marked.length);
  assert.ok(marked.includes(BLUNDER_PLY), `the blunder is a puzzle: ${marked}`);
  assert.equal(await button.textContent(), `Practise my mistakes (${count})`);
  await button.click();
  const panel = '[data-testid="practice"]';
  await page.waitForSelector(`${panel}[data-state="solving"]`);
  // go to the blunder's puzzle
  while (Number(await page.getAttribute(panel, 'data-ply')) !== BLUNDER_PLY) {
    await page.click('[data-testid="practice-next"]');
    await page.waitForSelector(`${panel}[data-state="solving"]`);
  }
  const index = Number(await page.getAttribute(panel, 'data-index'));
  assert.equal(Number(await page.getAttribute(panel, 'data-total')), count);
  // the board shows the position before the blunder, Red to move
  const fen = await page.getAttribute(panel, 'data-fen');
  const want = await page.evaluate((moves) => { const g = new window.duiyi.wasm.XiangqiGame(); for (const m of moves) g.play(m); const f = g.fen(); g.free(); return f; }, OPENING);
  assert.equal(fen, want);
  assert.match(await page.textContent('[data-testid="practice-prompt"]'), new RegExp(`^Puzzle ${index} of ${count}, move 6: Red to play\\. You played .*h0h5.*, a blunder\\. Find a better move on the board\\.$`));
  // the move played: not accepted
  await clickMove(page, BLUNDER);
  await page.waitForFunction(() => /is the move you played/.test(document.querySelector('[data-testid="practice-feedback"]').textContent));
  // a move the review would not call good: judged, and the puzzle stays open
  const legal = await legalMovesAfter(page, START_FEN, OPENING);
  const candidates = legal.filter((m) => !BETTER.includes(m) && m !== BLUNDER);
  let wrong = null;
  for (const m of candidates.slice(0, 4)) {
    await clickMove(page, m);
    await page.waitForSelector(`${panel}[data-state="judging"]`, { state: 'attached' }).catch(() => {});
    await page.waitForFunction(() => ['solving', 'solved'].includes(document.querySelector('[data-testid="practice"]').dataset.state)
      && document.querySelector('[data-testid="practice-feedback"]').dataset.class, null, { timeout: READY_MS });
    const cls = await page.getAttribute('[data-testid="practice-feedback"]', 'data-class');
    if (await page.getAttribute(panel, 'data-state') === 'solving') {
      wrong = { m, cls };
      break;
    }
    break; // solved by a move outside the list: nothing more to try here
  }
  assert.ok(wrong, 'a move outside the good ones was judged wrong');
  assert.match(wrong.cls, /^(inaccuracy|mistake|blunder)$/);
  assert.match(await page.textContent('[data-testid="practice-feedback"]'), /Try again, or show the answer\.$/);
  // the answer: the review's better move, drawn on the board
  const better = await page.getAttribute(`[data-testid="move-list"] li[data-ply="${BLUNDER_PLY}"]`, 'data-better');
  await page.click('[data-testid="practice-solution"]');
  await page.waitForSelector(`${panel}[data-state="failed"]`);
  assert.match(await page.textContent('[data-testid="practice-feedback"]'), new RegExp(`^The answer: .*${better}`));
  await page.waitForSelector('.xq-board .xq-hint-better', { state: 'attached' });
  await screenshot(page, 'practice-answer');
  // the game itself is untouched
  assert.equal(await page.$$eval('[data-testid="move-list"] li[data-ply]', (lis) => lis.length), GAME.length);
  // again, in Chinese, solved with the better move
  await page.click('[data-testid="practice-stop"]');
  await page.waitForSelector(`${panel}[hidden]`, { state: 'attached' });
  await page.click('[data-testid="lang-toggle"]');
  await page.click('[data-testid="practise-mistakes"]');
  await page.waitForSelector(`${panel}[data-state="solving"]`);
  while (Number(await page.getAttribute(panel, 'data-ply')) !== BLUNDER_PLY) {
    await page.click('[data-testid="practice-next"]');
    await page.waitForSelector(`${panel}[data-state="solving"]`);
  }
  assert.match(await page.textContent('[data-testid="practice-prompt"]'), /^第\d+题，共\d+题，第6回合：轮到红方。/);
  await clickMove(page, better);
  await page.waitForSelector(`${panel}[data-state="solved"]`, { timeout: READY_MS });
  assert.match(await page.getAttribute('[data-testid="practice-feedback"]', 'data-class'), /^(best|good)$/);
  assert.match(await page.textContent('[data-testid="practice-feedback"]'), /解出！$/);
  // to the end: the summary
  while (await page.getAttribute(panel, 'data-state') !== 'done') {
    await page.click('[data-testid="practice-next"]');
    await page.waitForSelector(`${panel}[data-state="solving"], ${panel}[data-state="done"]`);
  }
  assert.match(await page.textContent('[data-testid="practice-prompt"]'), /^练习完成：\d+题中解出1题。$/);
  assert.deepEqual(app.errorsOf(page), []);
});
