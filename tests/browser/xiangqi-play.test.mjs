// Playing a real game on the Xiangqi page (issue 12): clocks and time controls, flag fall, levels, the ponder
// hit/miss figures, resignation and draw claims, the notation lens, PGN / ICCS import and export, the share
// URL, and screenshots. Short time controls keep it fast; every wait is on page state, never a sleep.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  startApp, screenshot, engineReady, clickMove, waitForMoveCount, moveList, legalMovesAfter, readData, DATA_DIR, START_FEN, STEP_MS, READY_MS, FREEZE_MS,
} from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});
// Each test's pages are closed when it ends: a page left running (its engine still playing, its clocks still
// saving) shares the origin's localStorage with the next test's page and could write a finished game into it
// after the next page cleared it (seen once as "Game over" on a fresh page).
afterEach(async () => {
  for (const p of app.context.pages()) await p.close().catch(() => {});
});

/** A page with the page's own defaults (timed game), optionally with saved settings. */
async function open(query = '?lang=en#xiangqi', settings = null) {
  const page = await app.newPage(query, { xiangqiSettings: settings });
  await engineReady(page);
  return page;
}

const clockMs = async (page, side) => Number(await page.getAttribute(`[data-testid="clock-${side}"]`, 'data-ms'));
const result = (page) => page.$eval('[data-testid="game-result"]', (e) => ({ result: e.dataset.result ?? null, reason: e.dataset.reason ?? null, text: e.textContent }));
/** how many visible elements hold text matching `pattern` themselves (a message shown once is 1) */
const shownCount = (page, pattern) => page.evaluate((source) => {
  const re = new RegExp(source);
  return [...document.querySelectorAll('body *')].filter((e) => e.getClientRects().length > 0
    && [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && re.test(n.textContent))).length;
}, pattern.source);
const hasWasm = (page, name) => page.evaluate((n) => typeof window.duiyi.wasm[n] === 'function' || typeof window.duiyi.wasm.XiangqiGame.prototype[n] === 'function', name);

/** Custom time control: `min` minutes plus `inc` seconds per move. */
async function customTc(page, min, inc) {
  await page.selectOption('[data-testid="time-control"]', 'custom');
  await page.fill('[data-testid="tc-minutes"]', String(min));
  await page.fill('[data-testid="tc-increment"]', String(inc));
  await page.dispatchEvent('[data-testid="tc-increment"]', 'change');
  await page.waitForFunction((ms) => Number(document.querySelector('[data-testid="clock-red"]').dataset.ms) === ms, Math.round(min * 60000));
}

test('a casual game by default (no clock, no note); a timed game says its clocks run while the tab is hidden; the engine moves on its own clock and within it; clocks survive a reload', async (t) => {
  // settings saved while 10+5 was the default, not chosen: the game is casual (issue 32, defect 5)
  const page = await app.newPage('?lang=en#xiangqi', { xiangqiSettings: { tc: '10+5', mode: 'red' } });
  await engineReady(page);
  assert.equal(await page.$eval('[data-testid="time-control"]', (e) => e.value), 'casual', 'casual by default');
  assert.equal(await page.$eval('[data-testid="clock-red"]', (e) => e.dataset.ms ?? null), null, 'no clock in a casual game');
  assert.equal(await page.$eval('[data-testid="tc-note"]', (e) => e.dataset.timed), 'false');
  await page.selectOption('[data-testid="time-control"]', '10+5');
  assert.equal(await page.$eval('[data-testid="tc-note"]', (e) => e.dataset.timed), 'true');
  assert.match(await page.$eval('[data-testid="tc-note"]', (e) => e.textContent), /hidden or closed/);
  const chosen = await page.evaluate(() => JSON.parse(localStorage.getItem('duiyi.xiangqi.settings.v1')));
  assert.equal(chosen.tc, '10+5');
  assert.equal(chosen.tcChosen, true, 'a chosen time control is kept as chosen');

  await customTc(page, 0.5, 1);
  // from here on, the game: no main-thread task over 50 ms (PerformanceObserver 'longtask'; the page's
  // start-up, fonts included, is before)
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration)); })
      .observe({ type: 'longtask' });
  });
  await clickMove(page, 'h2e2');
  // the engine thinks on its own clock (go wtime/btime/winc/binc, not movetime)
  const params = await page.evaluate(() => ({ ...window.duiyi.view.client.current?.params }));
  assert.equal(typeof params.btime, 'number', `go carries the clocks: ${JSON.stringify(params)}`);
  assert.equal(params.winc, 1000);
  assert.equal(params.movetime, undefined);
  await page.waitForFunction(() => document.querySelector('[data-testid="clock-black"]').classList.contains('clock-running'), null, { polling: 50 });
  await waitForMoveCount(page, 2);
  const black = await clockMs(page, 'black');
  // 30 s + 1 s increment, less what it used: it moved well within its time (soft budget ≈ 30 s / 30 + 0.75 s)
  assert.ok(black > 25000 && black <= 31000, `black's clock after its move: ${black} ms`);
  assert.ok(await page.$eval('[data-testid="clock-red"]', (e) => e.classList.contains('clock-running')), "the user's clock runs");
  const redBefore = await clockMs(page, 'red');
  await page.waitForFunction((ms) => Number(document.querySelector('[data-testid="clock-red"]').dataset.ms) < ms - 300, redBefore, { polling: 50 });

  // The page's own work stays under 50 ms a task on an idle machine; on a loaded one a task also waits for the
  // CPU, so the tasks are reported and held to the freeze bound only.
  const longTasks = await page.evaluate(() => window.__longTasks);
  t.diagnostic(`main-thread long tasks during the game (ms): [${longTasks}]`);
  assert.deepEqual(longTasks.filter((d) => d >= FREEZE_MS), [], `main-thread tasks of ${FREEZE_MS} ms or more: ${longTasks}`);

  // reload: the clocks go on from their saved state (the running clock counts the time away too)
  const blackSaved = await clockMs(page, 'black');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
  await waitForMoveCount(page, 2);
  assert.equal(await clockMs(page, 'black'), blackSaved, "the stopped clock is as it was");
  assert.ok(await clockMs(page, 'red') < redBefore, 'the running clock kept running');
  assert.deepEqual(app.errorsOf(page), []);
});

test('a worker crash while the engine thinks loses no time: its clock ran on through the restart', async () => {
  const page = await open();
  await customTc(page, 0.5, 1);
  await clickMove(page, 'h2e2');
  await page.waitForSelector('[data-testid="engine-status"][data-state="thinking"]');
  await page.evaluate(() => window.duiyi.view.client.worker.terminate()); // as if the worker died
  await page.waitForFunction(() => window.duiyi.view.client.crashCount >= 1, null, { timeout: STEP_MS });
  await waitForMoveCount(page, 2);
  const black = await clockMs(page, 'black');
  // the watchdog needs seconds without an answer to declare the worker dead: all of it is on Black's clock
  const used = 30000 + 1000 - black;
  assert.ok(used >= 2500, `Black used ${used} ms, the crash included`);
  assert.ok(await page.$eval('[data-testid="clock-red"]', (e) => e.classList.contains('clock-running')));
  assert.deepEqual(app.errorsOf(page).filter((e) => !/engine-client/.test(e)), []);
});

test('offer a draw: the engine declines when level early on, accepts when it is losing (its documented rule)', async (t) => {
  const page = await open('?lang=en#xiangqi', { tc: 'movetime', movetime: 300 });
  await page.click('[data-testid="offer-draw"]');
  assert.equal(await page.getAttribute('[data-testid="offer-draw"]', 'aria-pressed'), 'true');
  await clickMove(page, 'h2e2');
  await page.waitForFunction(() => {
    const kind = document.querySelector('[data-testid="engine-notice"]').dataset.kind;
    const reason = document.querySelector('[data-testid="game-result"]').dataset.reason;
    return reason === 'draw_agreed' || kind === 'draw-declined' || kind === 'draw-unsupported';
  }, null, { timeout: STEP_MS });
  if (await page.getAttribute('[data-testid="engine-notice"]', 'data-kind') === 'draw-unsupported') {
    t.skip('this engine build cannot answer draw offers (issue 12, Rust side)');
    return;
  }
  // move 1, about level: declined (src/engine.rs accepts_draw: losing by ≥ 1 pawn, or ≤ 0.2 pawn from move 30)
  assert.equal(await page.getAttribute('[data-testid="engine-notice"]', 'data-kind'), 'draw-declined');
  await waitForMoveCount(page, 2);
  assert.equal((await result(page)).result, null, 'play goes on');
  // Black a rook down: it accepts
  const fen = 'rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
  await page.fill('[data-testid="fen-input"]', fen);
  await page.click('[data-testid="load-fen"]');
  await page.waitForFunction((f) => document.querySelector('[data-testid="fen"]').textContent === f, fen);
  await page.click('[data-testid="offer-draw"]');
  await clickMove(page, 'h2e2');
  await page.waitForSelector('[data-testid="game-result"][data-reason="draw_agreed"]', { timeout: STEP_MS });
  const r = await result(page);
  assert.equal(r.result, 'draw');
  assert.match(r.text, /draw agreed/);
  assert.deepEqual(await moveList(page), ['h2e2'], 'no move after the agreement');
  assert.deepEqual(app.errorsOf(page), []);
});

test('flag fall ends the game: the side whose clock runs out loses', async () => {
  const page = await open();
  await customTc(page, 0.05, 0); // 3 s each
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  // Red (the user) does not move: its 3 s run out
  await page.waitForSelector('[data-testid="game-result"][data-reason="flag"]', { timeout: STEP_MS });
  const r = await result(page);
  assert.equal(r.result, 'black');
  assert.match(r.text, /Red ran out of time/);
  assert.equal(await clockMs(page, 'red'), 0);
  assert.ok(await page.$eval('[data-testid="clock-red"]', (e) => e.classList.contains('clock-flagged')));
  assert.equal(await page.isDisabled('[data-testid="resign"]'), true);
  assert.match(await page.textContent('[data-testid="move-list-result"]'), /^0-1 Red ran out of time/);
  assert.deepEqual(app.errorsOf(page), []);
});

test('each level reaches the engine as its Level option (and the opening book at levels 1–8), with its handicap shown', async () => {
  const page = await open('?lang=en#xiangqi', { tc: 'movetime', movetime: 500 });
  const levels = await page.evaluate(() => {
    const w = window.duiyi.wasm;
    const l = typeof w.levels === 'function' ? w.levels() : typeof w.Engine?.levels === 'function' ? w.Engine.levels() : null;
    return l ? Array.from(l) : null;
  });
  for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 0]) {
    await page.selectOption('[data-testid="level"]', String(n));
    const sent = await page.evaluate(() => Object.fromEntries(window.duiyi.view.client.optionValues));
    assert.equal(sent.Level, String(n), `level ${n} sent`);
    assert.equal(sent.OwnBook, n > 0 ? 'true' : 'false');
    const note = await page.textContent('[data-testid="level-note"]');
    if (levels && n > 0) {
      const info = levels.find((l) => l.level === n);
      assert.ok(note.includes(String(info.depth)) && note.includes(String(info.marginCp)), `level ${n}: ${note}`);
    } else if (!levels) {
      assert.match(note, /no levels yet/);
    }
  }
  await page.selectOption('[data-testid="level"]', '3');
  await screenshot(page, 'xiangqi-play-level-en');
  // the engine still plays (no option error shown)
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  assert.equal(await page.isHidden('[data-testid="error"]'), true);
  assert.deepEqual(app.errorsOf(page), []);
});

test('ponder hit: the note says how long it had already thought and when it answered, within its budget', async (t) => {
  const page = await open();
  await customTc(page, 1, 0);
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]');
  const expected = await page.getAttribute('[data-testid="ponder-move"]', 'data-iccs');
  assert.ok(await page.$('.xq-hint-ponder'), 'the ghost arrow of the expected reply');
  // let it ponder for 1.5 s of its own search time (the page's state, not a sleep)
  await page.waitForFunction(() => {
    const a = window.duiyi.view.client.active;
    return a?.params.ponder && a.sentAt !== null && performance.now() - a.sentAt > 1500;
  });
  await clickMove(page, expected);
  await page.waitForSelector('[data-testid="ponder-saved"]:not([hidden])');
  assert.equal(await page.getAttribute('[data-testid="engine-notice"]', 'data-kind'), 'ponder-hit');
  const saved = Number(await page.getAttribute('[data-testid="ponder-saved"]', 'data-ms'));
  // The engine's own figure for the predicted reply (the worker's `resumed`): with three replies pondered it had
  // the first turn (the move's planned time, about 1 s at 1 min + 0) and the rest went to the others, so it is
  // at most the 1.5 s pondered and well above nothing.
  assert.ok(saved >= 300, `thinking saved: ${saved} ms`);
  await waitForMoveCount(page, 4);
  await page.waitForSelector('[data-testid="ponder-saved"][data-answer-ms]');
  const answer = Number(await page.getAttribute('[data-testid="ponder-saved"]', 'data-answer-ms'));
  // its budget for this move (src/search/limits.rs, move 2 of a 1+0 game: 58 moves to go), under the default
  // Pace (brisk: TargetMoveTime 2 s): soft = min((time − 30 ms) / 58, 2 s), hard = min(2.5 × soft, ⅛ of the time)
  const usable = 60000 - 30;
  const soft = Math.min(usable / 58, 2000);
  const hard = Math.min(2.5 * soft, usable / 8);
  assert.ok(answer < hard, `answered ${answer} ms after the hit (hard budget ${hard} ms)`);
  const note = await page.textContent('[data-testid="ponder-saved"]');
  assert.match(note, /^Ponder hit: it had already thought \d+\.\d s about this position; it answered \d+\.\d s after your move\.$/);
  assert.equal(note.match(/thought (\d+\.\d) s/)[1], (saved / 1000).toFixed(1), 'the time already thought, as measured');
  assert.equal(await shownCount(page, /Ponder hit:/), 1, 'the hit is told once');
  assert.equal(await page.getAttribute('[data-testid="ponder-hit-rate"]', 'data-hits'), '1');
  assert.equal(await page.getAttribute('[data-testid="ponder-hit-rate"]', 'data-top1'), '1');
  assert.equal(await page.getAttribute('[data-testid="ponder-saved"]', 'data-candidate'), '1', 'a hit on the predicted move');
  assert.match(await page.textContent('[data-testid="ponder-hit-rate"]'), /^Predicted move: 1\/1 \(100%\) · any pondered reply: 1\/1 \(100%\)/);
  t.diagnostic(`ponder hit: ${saved} ms of thinking saved, the reply ${answer} ms after the hit (hard budget ${Math.round(hard)} ms)`);
  await screenshot(page, 'xiangqi-play-ponder-hit-en');
  assert.deepEqual(app.errorsOf(page), []);
});

test('ponder miss: "ponder miss" is shown and the reply is for the position actually played', async () => {
  const page = await open();
  await customTc(page, 1, 0);
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]');
  const expected = await page.getAttribute('[data-testid="ponder-move"]', 'data-iccs');
  const before = await moveList(page);
  const legal = await legalMovesAfter(page, START_FEN, before);
  const other = legal.find((m) => m !== expected);
  await clickMove(page, other);
  await page.waitForSelector('[data-testid="ponder-saved"].ponder-miss:not([hidden])');
  assert.equal(await page.getAttribute('[data-testid="engine-notice"]', 'data-kind'), 'ponder-miss');
  const played = await page.getAttribute(`[data-testid="move-list"] [data-ply="3"]`, 'data-wxf');
  const note = await page.textContent('[data-testid="ponder-saved"]');
  assert.match(note, /^Ponder miss: you played \S+, it expected \S+; it thinks afresh\.$/);
  assert.ok(note.includes(`you played ${played},`), `the move played, in WXF (${played}): ${note}`);
  assert.equal(await shownCount(page, /Ponder miss:/), 1, 'the miss is told once');
  await waitForMoveCount(page, 4);
  const moves = await moveList(page);
  assert.equal(moves[2], other);
  assert.ok((await legalMovesAfter(page, START_FEN, moves.slice(0, 3))).includes(moves[3]), 'the reply is legal after the move played');
  assert.equal(await page.getAttribute('[data-testid="ponder-hit-rate"]', 'data-hits'), '0');
  assert.equal(await page.getAttribute('[data-testid="ponder-hit-rate"]', 'data-tried'), '1');
  assert.deepEqual(app.errorsOf(page), []);
});

test('the engine opens when the user takes Black, and the board turns', async () => {
  const page = await open('?lang=en#xiangqi', { tc: 'movetime', movetime: 200 });
  await page.selectOption('[data-testid="side"]', 'black');
  await waitForMoveCount(page, 1);
  const y = async (sq) => (await page.locator(`[data-square="${sq}"]`).boundingBox()).y;
  assert.ok((await y('a0')) < (await y('a9')), "Black's side is at the bottom");
  assert.match(await page.textContent('[data-testid="turn"]'), /Your move \(Black\)/);
  await page.selectOption('[data-testid="piece-set"]', 'pictogram');
  assert.equal(await page.getAttribute('.xq-board', 'data-piece-set'), 'pictogram');
  await screenshot(page, 'xiangqi-play-black-pictogram-en');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
  assert.equal(await page.$eval('[data-testid="piece-set"]', (e) => e.value), 'pictogram', 'the piece set is remembered');
  assert.equal(await page.getAttribute('.xq-board', 'data-piece-set'), 'pictogram');
  assert.deepEqual(app.errorsOf(page), []);
});

test('engine against engine: the engine plays both sides, on both clocks, without pondering', async () => {
  const page = await open('?lang=en#xiangqi', { mode: 'engine', tc: 'custom', customMin: 0.2, customInc: 0 });
  await waitForMoveCount(page, 4);
  const moves = (await moveList(page)).slice(0, 4);
  for (let i = 0; i < 4; i++) {
    assert.ok((await legalMovesAfter(page, START_FEN, moves.slice(0, i))).includes(moves[i]), `move ${i + 1} is legal`);
  }
  assert.ok(await clockMs(page, 'red') < 12000 && await clockMs(page, 'black') < 12000, 'both clocks ran');
  assert.equal(await page.isDisabled('[data-testid="resign"]'), true, 'nobody to resign');
  assert.notEqual(await page.getAttribute('[data-testid="engine-status"]', 'data-state'), 'pondering');
  await page.selectOption('[data-testid="side"]', 'human'); // stop it: two people take over
  assert.deepEqual(app.errorsOf(page), []);
});

test('resign ends the game with its reason, in the move list too; two people on one board', async () => {
  const page = await open('?lang=en#xiangqi', { mode: 'human' });
  await clickMove(page, 'h2e2');
  await clickMove(page, 'h9g7');
  assert.deepEqual(await moveList(page), ['h2e2', 'h9g7'], 'no engine move in a two-person game');
  await page.click('[data-testid="resign"]');
  const r = await result(page);
  assert.deepEqual([r.result, r.reason], ['black', 'resign']);
  assert.match(r.text, /Red resigned/);
  assert.match(await page.textContent('[data-testid="move-list-result"]'), /^0-1 Red resigned/);
  // the ending survives a reload
  await page.reload();
  await page.waitForSelector('[data-testid="game-result"][data-reason="resign"]');
  assert.deepEqual(app.errorsOf(page), []);
});

test('claim draw: enabled only when the rules give a reason, then ends the game with it', async (t) => {
  const page = await open('?lang=en#xiangqi', { mode: 'human' });
  assert.equal(await page.isDisabled('[data-testid="claim-draw"]'), true, 'nothing to claim at the start');
  if (!(await hasWasm(page, 'claimableDraw'))) {
    t.skip('this build has no XiangqiGame.claimableDraw (issue 12, Rust side)');
    return;
  }
  // a repetition without a perpetual verdict: both horses out and back
  const cycle = ['h0g2', 'h9g7', 'g2h0', 'g7h9', 'h0g2', 'h9g7', 'g2h0', 'g7h9'];
  let played = 0;
  while (await page.isDisabled('[data-testid="claim-draw"]')) {
    assert.ok(played < cycle.length, 'the repetition gives a claim');
    await clickMove(page, cycle[played++]);
  }
  assert.equal(await page.getAttribute('[data-testid="claim-draw"]', 'data-reason'), 'repetition');
  await page.click('[data-testid="claim-draw"]');
  const r = await result(page);
  assert.deepEqual([r.result, r.reason], ['draw', 'claim_repetition']);
  assert.match(r.text, /draw claimed: repetition/);
  assert.equal(await page.isDisabled('[data-testid="claim-draw"]'), true);
  // no mating material on either side: claimable at once
  const bare = '3aka3/9/9/9/9/9/9/9/4A4/3K1A3 w - - 0 1'; // generals and advisors only
  await page.fill('[data-testid="fen-input"]', bare);
  await page.click('[data-testid="load-fen"]');
  await page.waitForSelector('[data-testid="claim-draw"][data-reason="material"]:not([disabled])');
  await page.click('[data-testid="claim-draw"]');
  assert.equal((await result(page)).reason, 'claim_material');
  assert.deepEqual(app.errorsOf(page), []);
});

test('flag fall when the opponent cannot mate is a draw', async (t) => {
  const fen = '3aka3/9/9/9/9/9/9/9/4A4/3K1A2R w - - 0 1'; // Black has only its general and advisors
  const page = await open(`?lang=en&fen=${encodeURIComponent(fen)}#xiangqi`, { tc: 'custom', customMin: 0.05, customInc: 0 });
  if (!(await hasWasm(page, 'hasMatingMaterial'))) {
    t.skip('this build has no XiangqiGame.hasMatingMaterial (issue 12, Rust side)');
    return;
  }
  await clickMove(page, 'i0i1');
  await waitForMoveCount(page, 2);
  await page.waitForSelector('[data-testid="game-result"][data-reason="flag_material"]', { timeout: STEP_MS });
  const r = await result(page);
  assert.equal(r.result, 'draw');
  assert.match(r.text, /Red ran out of time, but the opponent cannot mate/);
  assert.deepEqual(app.errorsOf(page), []);
});

test('import: a plain ICCS move list; a bad file gives a typed error and keeps the game; the share URL reproduces the game', async () => {
  const page = await open('?lang=en#xiangqi', { mode: 'human' });
  await clickMove(page, 'b2e2');
  await page.fill('[data-testid="pgn-text"]', '1. h2e2 h9g7 2. h0g2 i9h9');
  await page.click('[data-testid="import-pgn"]');
  await waitForMoveCount(page, 4);
  assert.deepEqual(await moveList(page), ['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  // a bad list: the game stays as it was, the error names the move
  await page.fill('[data-testid="pgn-text"]', 'h2e2 h9g7 h2e2');
  await page.click('[data-testid="import-pgn"]');
  await page.waitForSelector('[data-testid="error"]:not([hidden])');
  assert.equal(await page.getAttribute('[data-testid="error"]', 'data-code'), 'pgn.bad_move');
  assert.match(await page.textContent('[data-testid="error"]'), /move 3 "h2e2"/);
  assert.deepEqual(await moveList(page), ['h2e2', 'h9g7', 'h0g2', 'i9h9'], 'the game in progress is kept');
  // the share URL: a fresh page (empty storage) shows the same game
  const href = await page.getAttribute('[data-testid="share-url"]', 'href');
  assert.match(href, /[?&]moves=h2e2/);
  const fresh = await app.newPage(new URL(href).search + '#xiangqi', { xiangqiSettings: { mode: 'human' } });
  await waitForMoveCount(fresh, 4);
  assert.deepEqual(await moveList(fresh), ['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  assert.doesNotMatch(fresh.url(), /moves=/, 'the link is applied once, then a reload resumes the game');
  assert.deepEqual(app.errorsOf(page), []);
  assert.deepEqual(app.errorsOf(fresh), []);
});

test('PGN export then import reproduces the game and its result, in each notation; other programs\' files open', async (t) => {
  const page = await open('?lang=en#xiangqi', { mode: 'human' });
  if (!(await hasWasm(page, 'pgnWrite'))) {
    t.skip('this build has no pgnWrite / pgnParse (issue 12, Rust side)');
    return;
  }
  const moves = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7'];
  for (const m of moves) await clickMove(page, m);
  await page.click('[data-testid="resign"]'); // Red resigns: 0-1
  for (const format of ['iccs', 'wxf', 'chinese']) {
    await page.selectOption('[data-testid="pgn-format"]', format);
    await page.click('[data-testid="export-pgn"]');
    const tag = `[Format "${{ iccs: 'ICCS', wxf: 'WXF', chinese: 'Chinese' }[format]}"]`;
    await page.waitForFunction((f) => document.querySelector('[data-testid="pgn-text"]').value.includes(f), tag);
    const pgn = await page.inputValue('[data-testid="pgn-text"]');
    assert.match(pgn, /\[Game "Chinese Chess"\]/);
    assert.match(pgn, /\[Result "0-1"\]/);
    assert.match(pgn, /Red resigned/, 'the reason is in the export');
    assert.equal(await page.isVisible('[data-testid="pgn-download"]'), true);
    // import into a fresh game
    await page.click('[data-testid="new-game"]');
    await page.fill('[data-testid="pgn-text"]', pgn);
    await page.click('[data-testid="import-pgn"]');
    await waitForMoveCount(page, moves.length);
    assert.deepEqual(await moveList(page), moves, format);
    const r = await result(page);
    assert.equal(r.result, 'black', `${format}: the result comes back`);
    assert.match(r.text, /Red resigned/);
  }
  // files written by other programs (tests/data/pgn, see tests/data/README.md): the 1982 game's opening
  const game = readData('xiangqi_games.json').games[0];
  await page.click('[data-testid="new-game"]');
  for (const file of ['xqbase-style-iccs.pgn', 'liu-yang-1982-iccs.pgn', 'wxf-glued-numbers.pgn', 'chinese-traditional.pgn']) {
    // from an empty board, so that the wait below cannot take the game before for the file's (a file is read
    // asynchronously)
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] [data-iccs]').length === 0);
    await page.setInputFiles('[data-testid="import-pgn-file"]', path.join(DATA_DIR, 'pgn', file));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] [data-iccs]').length > 0 && !document.querySelector('[data-testid="game-result"][data-reason="resign"]'));
    const got = await moveList(page);
    assert.ok(got.length >= 10, `${file}: ${got.length} moves`);
    assert.deepEqual(got, game.moves.slice(0, got.length), `${file}: the moves of the record`);
    await page.click('[data-testid="new-game"]');
  }
  // a bad file: the reason with its line and column, the game kept
  await page.fill('[data-testid="pgn-text"]', '1. h2e2 h9g7 2. h0g2 i9h9');
  await page.click('[data-testid="import-pgn"]');
  await waitForMoveCount(page, 4);
  await page.fill('[data-testid="pgn-text"]', '[Game "Chinese Chess"]\n[FEN "rnbakabnr/9 w"]\n1. h2e2 *');
  await page.click('[data-testid="import-pgn"]');
  await page.waitForSelector('[data-testid="error"]:not([hidden])');
  assert.equal(await page.getAttribute('[data-testid="error"]', 'data-code'), 'pgn.bad_fen');
  assert.equal((await moveList(page)).length, 4, 'the game in progress is kept');
  assert.deepEqual(app.errorsOf(page), []);
});

test('notation lens: ICCS / 中文 / WXF; every move of a long real game written in WXF is read back to the same move', async (t) => {
  const page = await open('?lang=en#xiangqi', { mode: 'human' });
  const game = readData('xiangqi_games.json').games[0]; // 柳大华 – 杨官璘, 1982 (its _about names the source)
  const moves = game.moves;
  await page.fill('[data-testid="pgn-text"]', moves.join(' '));
  await page.click('[data-testid="import-pgn"]');
  await waitForMoveCount(page, moves.length);
  assert.equal(await page.textContent('[data-testid="fen"]'), game.final_fen, 'the final position of the record');
  await page.click('[data-testid="notation"] [data-value="iccs"]');
  assert.equal(await page.getAttribute('[data-testid="notation"]', 'data-notation'), 'iccs');
  assert.deepEqual(await page.$$eval('[data-testid="move-list"] [data-iccs] .move-text', (els) => els.map((e) => e.textContent)), moves);
  await page.click('[data-testid="notation"] [data-value="chinese"]');
  assert.equal(await page.textContent('[data-testid="move-list"] [data-ply="1"] .move-text'), '炮八平五');
  if (!(await hasWasm(page, 'wxf'))) {
    t.skip('this build has no XiangqiGame.wxf (issue 12, Rust side)');
    return;
  }
  await page.click('[data-testid="notation"] [data-value="wxf"]');
  assert.equal(await page.getAttribute('[data-testid="notation"]', 'data-notation'), 'wxf');
  // the WXF document writes a traverse with '.', some programs with '=': either reads back the same move
  assert.match(await page.textContent('[data-testid="move-list"] [data-ply="1"] .move-text'), /^C8[.=]5$/);
  const wxf = await page.$$eval('[data-testid="move-list"] [data-iccs] .move-text', (els) => els.map((e) => e.textContent));
  assert.equal(wxf.length, moves.length);
  // typed back through the page's move input, from the start: each WXF move plays the same ICCS move
  await page.click('[data-testid="new-game"]');
  for (const [i, w] of wxf.entries()) {
    await page.fill('[data-testid="move-input"]', w);
    await page.press('[data-testid="move-input"]', 'Enter');
    await waitForMoveCount(page, i + 1);
  }
  assert.deepEqual(await moveList(page), moves);
  assert.deepEqual(app.errorsOf(page), []);
});

test('screenshots: zh, en and phone width', async () => {
  for (const [query, name, viewport] of [['?lang=zh#xiangqi', 'xiangqi-play-zh'], ['?lang=en#xiangqi', 'xiangqi-play-en'], ['?lang=zh#xiangqi', 'xiangqi-play-phone', { width: 390, height: 844 }]]) {
    const page = await open(query, { tc: 'custom', customMin: 1, customInc: 1 });
    if (viewport) await page.setViewportSize(viewport);
    await clickMove(page, 'h2e2');
    await waitForMoveCount(page, 2);
    await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]');
    await screenshot(page, name);
    assert.deepEqual(app.errorsOf(page), []);
    await page.close();
  }
});
