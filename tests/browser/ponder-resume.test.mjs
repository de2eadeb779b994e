// Pondering across a reload, and the ponder hit/miss note's life: after a reload mid-game with the user to
// move and Ponder on, the engine ponders again on the move it expected (kept with the saved game), or, when
// the saved game has none, on the best move of a short search of the user's position; a hit/miss note speaks
// of the last move only and goes when the next move is made.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, screenshot, engineReady, clickMove, waitForMoveCount, moveList, legalMovesAfter, START_FEN, READY_MS } from './harness.mjs';

const GAME_KEY = 'duiyi.xiangqi.game.v1';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const pondering = (page) => page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]');
const expectedMove = (page) => page.locator('[data-testid="ponder-move"]');
const savedGame = (page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key)), GAME_KEY);
const notice = (page) => page.$eval('[data-testid="engine-notice"]', (e) => ({ kind: e.dataset.kind ?? null, text: e.hidden ? '' : e.textContent }));

async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
  await engineReady(page);
}

test('after a reload mid-game the engine ponders again on the move it expected, and a hit still counts', async () => {
  const page = await app.newPage('#xiangqi');
  await engineReady(page);
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  await pondering(page);
  await expectedMove(page).waitFor({ state: 'visible' });
  const guess = await expectedMove(page).getAttribute('data-iccs');
  const moves = await moveList(page);
  const { info, ...saved } = await savedGame(page);
  assert.deepEqual(saved, { v: 1, startFen: START_FEN, moves, ponder: guess }, 'the expected move is saved with the game');
  assert.equal(info.source, 'played', 'with its info (the library id, www/views/xiangqi-game-info.js)');

  await reload(page);
  await waitForMoveCount(page, 2);
  assert.deepEqual(await moveList(page), moves);
  await pondering(page);
  await expectedMove(page).waitFor({ state: 'visible' });
  assert.equal(await expectedMove(page).getAttribute('data-iccs'), guess, 'the same expected move as before the reload');
  assert.match(await expectedMove(page).textContent(), /^引擎预计你会走：/);
  assert.equal(await page.isChecked('[data-testid="ponder"]'), true);
  await screenshot(page, 'xiangqi-ponder-after-reload');

  // The resumed ponder search is a real one: playing the expected move is a ponder hit.
  await clickMove(page, guess);
  await page.waitForFunction(() => document.querySelector('[data-testid="engine-notice"]').dataset.kind === 'ponder-hit');
  await waitForMoveCount(page, 4);
  const after = await moveList(page);
  assert.ok((await legalMovesAfter(page, START_FEN, after.slice(0, 3))).includes(after[3]), 'the reply is legal');
  assert.deepEqual(app.errorsOf(page), []);
});

test('a reload of a game saved without the expected move: a short search finds one and the engine ponders on it', async () => {
  const page = await app.newPage('#xiangqi');
  await engineReady(page);
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  await pondering(page);
  const moves = await moveList(page);
  // As an older version saved it: the moves only.
  await page.evaluate((key) => {
    const g = JSON.parse(localStorage.getItem(key));
    delete g.ponder;
    localStorage.setItem(key, JSON.stringify(g));
  }, GAME_KEY);
  // Watch the board and the engine panel from the first moment of the reloaded page: while the short search
  // runs (state "thinking" on the user's move), it must not show the user's best move (no arrow, no line).
  await page.addInitScript(() => {
    window.__spoilers = [];
    new MutationObserver(() => {
      const status = document.querySelector('[data-testid="engine-status"]');
      if (status?.dataset.state !== 'thinking') return;
      if (document.querySelector('.xq-hint')) window.__spoilers.push('arrow');
      if (document.querySelector('[data-testid="engine-pv"]')?.textContent) window.__spoilers.push('line');
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await reload(page);
  await pondering(page);
  await expectedMove(page).waitFor({ state: 'visible' });
  const guess = await expectedMove(page).getAttribute('data-iccs');
  assert.ok((await legalMovesAfter(page, START_FEN, moves)).includes(guess), `the expected move ${guess} is legal for Red`);
  assert.equal((await savedGame(page)).ponder, guess, 'and it is saved for the next reload');
  assert.deepEqual(await page.evaluate(() => window.__spoilers), [], 'the short search showed no arrow and no line');
  assert.deepEqual(app.errorsOf(page), []);
});

test('Ponder off: no pondering after a reload; switched on, the engine ponders', async () => {
  const page = await app.newPage('#xiangqi');
  await engineReady(page);
  await page.uncheck('[data-testid="ponder"]');
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  await page.waitForSelector('[data-testid="engine-status"][data-state="idle"]');
  await reload(page);
  await waitForMoveCount(page, 2);
  assert.equal(await page.isChecked('[data-testid="ponder"]'), false);
  assert.equal(await page.$eval('[data-testid="engine-status"]', (e) => e.dataset.state), 'idle');
  await page.check('[data-testid="ponder"]');
  await pondering(page);
  await expectedMove(page).waitFor({ state: 'visible' });
  assert.deepEqual(app.errorsOf(page), []);
});

test('a ponder hit/miss note speaks of the last move only: the next move clears it', async () => {
  const page = await app.newPage('#xiangqi');
  await engineReady(page);
  await page.selectOption('[data-testid="movetime"]', '200');
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  await pondering(page);
  let moves = await moveList(page);
  const guess = await expectedMove(page).getAttribute('data-iccs');

  // A ponder miss: the note says so, and stays after the engine's reply (it is about that move) …
  const miss = (await legalMovesAfter(page, START_FEN, moves)).find((m) => m !== guess);
  await clickMove(page, miss);
  const missNote = await notice(page);
  assert.equal(missNote.kind, 'ponder-miss');
  const played = await page.getAttribute('[data-testid="move-list"] [data-ply="3"]', 'data-chinese');
  assert.match(missNote.text, /^后台思考未命中：你走了\S+，它预计的是\S+；它重新思考。$/);
  assert.ok(missNote.text.startsWith(`后台思考未命中：你走了${played}，`), `the move played, in 中文 (${played}): ${missNote.text}`);
  await waitForMoveCount(page, 4);
  assert.equal((await notice(page)).kind, 'ponder-miss');
  await screenshot(page, 'xiangqi-ponder-miss-note');

  // … and goes with the next move, here one made with Ponder off (so no new note replaces it).
  await page.uncheck('[data-testid="ponder"]');
  await page.waitForSelector('[data-testid="engine-status"][data-state="idle"]');
  moves = await moveList(page);
  await clickMove(page, (await legalMovesAfter(page, START_FEN, moves))[0]);
  await waitForMoveCount(page, 5);
  assert.deepEqual(await notice(page), { kind: null, text: '' }, 'the old note is gone as soon as the move is made');
  await waitForMoveCount(page, 6);
  assert.deepEqual(await notice(page), { kind: null, text: '' }, 'and does not come back with the reply');
  assert.deepEqual(app.errorsOf(page), []);
});
