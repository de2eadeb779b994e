// Pondering as the user sees it, and the page shell: tabs, the Hex placeholder, ?lang=.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, screenshot, engineReady, clickMove, waitForMoveCount, moveList, legalMovesAfter, START_FEN } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

test('ponder hit: the engine thinks on the user\'s time about the move it expects, and that move is answered', async () => {
  const page = await app.newPage('#xiangqi');
  await engineReady(page);
  assert.equal(await page.isChecked('[data-testid="ponder"]'), true, 'pondering is on by default');
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  // after its reply the engine ponders, and shows the move it expects
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]');
  const expected = page.locator('[data-testid="ponder-move"]');
  await expected.waitFor({ state: 'visible' });
  const iccs = await expected.getAttribute('data-iccs');
  const moves = await moveList(page);
  assert.ok((await legalMovesAfter(page, START_FEN, moves)).includes(iccs), `the expected move ${iccs} is legal`);
  await screenshot(page, 'xiangqi-pondering');
  await clickMove(page, iccs);
  // the same search goes on (no new position is sent): a ponder hit
  await page.waitForFunction(() => /猜中了/.test(document.querySelector('[data-testid="engine-status"]').textContent));
  await waitForMoveCount(page, 4);
  const after = await moveList(page);
  assert.equal(after[2], iccs);
  assert.ok((await legalMovesAfter(page, START_FEN, after.slice(0, 3))).includes(after[3]), 'the reply is legal');

  // ponder miss: another move stops the ponder search and the engine thinks afresh
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]');
  const expectedNow = await page.locator('[data-testid="ponder-move"]').getAttribute('data-iccs');
  const other = (await legalMovesAfter(page, START_FEN, after)).find((m) => m !== expectedNow);
  await clickMove(page, other);
  await page.waitForFunction(() => /没猜中/.test(document.querySelector('[data-testid="engine-status"]').textContent));
  await waitForMoveCount(page, 6);
  assert.equal((await moveList(page))[4], other);

  // switching pondering off stops it: the engine is idle on the user's turn
  await page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]');
  await page.uncheck('[data-testid="ponder"]');
  await page.waitForSelector('[data-testid="engine-status"][data-state="idle"]');
  assert.equal(await expected.isVisible(), false);
  assert.deepEqual(app.errorsOf(page), []);
});

test('tabs: the Hex placeholder, back to Xiangqi with the game intact, and ?lang=en', async () => {
  const page = await app.newPage('#xiangqi');
  await engineReady(page);
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  const moves = await moveList(page);
  await page.click('[data-route="hex"]');
  await page.waitForSelector('[data-testid="hex-placeholder"]');
  assert.equal(await page.getAttribute('[data-route="hex"]', 'aria-current'), 'page');
  await page.click('[data-route="xiangqi"]');
  await waitForMoveCount(page, 2);
  assert.deepEqual(await moveList(page), moves);

  const en = await app.newPage('?lang=en#hex');
  await en.waitForSelector('[data-testid="hex-placeholder"]');
  assert.match(await en.textContent('[data-testid="hex-placeholder"]'), /Coming soon/);
  assert.equal(await en.textContent('[data-route="xiangqi"]'), 'Xiangqi');
  assert.deepEqual(app.errorsOf(page), []);
  assert.deepEqual(app.errorsOf(en), []);
});

test('a whole game: a random Red against the engine (0.2 s a move) until the engine wins', async (t) => {
  const page = await app.newPage('#xiangqi');
  await engineReady(page);
  await page.selectOption('[data-testid="movetime"]', '200');
  let seed = 20261129;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const result = page.locator('[data-testid="game-result"]');
  for (let turn = 0; turn < 120; turn++) {
    if (await result.isVisible()) break;
    const moves = await moveList(page);
    const legal = await legalMovesAfter(page, START_FEN, moves);
    assert.ok(legal.length > 0, 'Red has a move while the game goes on');
    await clickMove(page, legal[random(legal.length)]);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="move-list"] [data-iccs]').length >= n + 2
        || !document.querySelector('[data-testid="game-result"]').hidden,
      moves.length,
      { timeout: 20000 },
    );
  }
  await result.waitFor({ state: 'visible' });
  const moves = await moveList(page);
  t.diagnostic(`game over after ${moves.length} plies: ${await result.textContent()}`);
  assert.equal(await result.getAttribute('data-result'), 'black');
  assert.equal(await page.locator('[data-square][data-dest]').count(), 0, 'nobody can move');
  // every move of the game was legal, and the final position has no legal move for Red
  const finalLegal = await legalMovesAfter(page, START_FEN, moves);
  assert.deepEqual(finalLegal, []);
  await screenshot(page, 'xiangqi-whole-game');
  assert.deepEqual(app.errorsOf(page), []);
});
