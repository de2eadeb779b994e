// Pondering as the user sees it, and the page shell: tabs, the Hex page, ?lang=.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, screenshot, engineReady, clickMove, waitForMoveCount, moveList, legalMovesAfter, START_FEN, STEP_MS, ANSWER_MS } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

test('pondering: the engine thinks on the user\'s time; a ponder miss restarts it, a ponder hit goes on', async () => {
  const page = await app.newPage('#xiangqi');
  await engineReady(page);
  assert.equal(await page.isChecked('[data-testid="ponder"]'), true, 'pondering is on by default');
  await page.evaluate(() => {
    const c = window.duiyi.view.client;
    const trace = (window.__trace = []);
    const post = c.post.bind(c);
    c.post = (m) => { if (m.type !== 'isready') trace.push(`-> ${JSON.stringify(m)}`); post(m); };
    const receive = c.receive.bind(c);
    c.receive = (m) => { if (m?.type !== 'readyok' && m?.type !== 'info') trace.push(`<- ${JSON.stringify(m)}`); receive(m); };
  });
  const traced = (promise) => promise.catch(async (err) => {
    throw new Error(`${err.message}\nengine messages:\n${(await page.evaluate(() => window.__trace)).join('\n')}`);
  });
  const pondering = () => traced(page.waitForSelector('[data-testid="engine-status"][data-state="pondering"]'));
  const expected = page.locator('[data-testid="ponder-move"]');

  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  // after its reply the engine ponders, and shows the move it expects
  await pondering();
  await expected.waitFor({ state: 'visible' });
  let moves = await moveList(page);
  const firstGuess = await expected.getAttribute('data-iccs');
  assert.ok((await legalMovesAfter(page, START_FEN, moves)).includes(firstGuess), `the expected move ${firstGuess} is legal`);
  await screenshot(page, 'xiangqi-pondering');

  // switching pondering off stops it at once; on again, it resumes
  await page.uncheck('[data-testid="ponder"]');
  await page.waitForSelector('[data-testid="engine-status"][data-state="idle"]');
  assert.equal(await expected.isVisible(), false);
  await page.check('[data-testid="ponder"]');
  await pondering();

  // ponder miss: another move stops the ponder search and the engine thinks afresh
  const other = (await legalMovesAfter(page, START_FEN, moves)).find((m) => m !== firstGuess);
  await clickMove(page, other);
  await page.waitForFunction(() => /后台思考未命中：/.test(document.querySelector('[data-testid="engine-status"]').textContent));
  await waitForMoveCount(page, 4);
  moves = await moveList(page);
  assert.equal(moves[2], other);
  assert.ok((await legalMovesAfter(page, START_FEN, moves.slice(0, 3))).includes(moves[3]), 'the reply is legal');

  // ponder hit: the expected move is answered by the search already running (no new position is sent)
  await pondering();
  const guess = await expected.getAttribute('data-iccs');
  const sent = await page.evaluate(() => window.__trace.length);
  await clickMove(page, guess);
  await page.waitForFunction(() => /后台思考命中：/.test(document.querySelector('[data-testid="engine-status"]').textContent));
  await waitForMoveCount(page, 6);
  moves = await moveList(page);
  assert.equal(moves[4], guess);
  assert.ok((await legalMovesAfter(page, START_FEN, moves.slice(0, 5))).includes(moves[5]), 'the reply is legal');
  // (the worker's reports of the pondered replies, `candidates`, may arrive at any moment: left out)
  const afterHit = (await page.evaluate(() => window.__trace)).slice(sent).filter((m) => !/"type":"candidates"/.test(m));
  assert.match(afterHit[0], /"type":"ponderhit"/, `after the hit: ${afterHit.join(' | ')}`);
  assert.ok(!afterHit.slice(0, afterHit.findIndex((m) => /bestmove/.test(m))).some((m) => /"type":"position"/.test(m)),
    'no new search before the bestmove');
  assert.deepEqual(app.errorsOf(page), []);
});

test('tabs: the Hex page, back to Xiangqi with the game intact, and ?lang=en', async () => {
  const page = await app.newPage('#xiangqi');
  await engineReady(page);
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  const moves = await moveList(page);
  await page.click('[data-route="hex"]');
  await page.waitForSelector('.hex-layout [data-testid="board"] [data-square="a1"]');
  assert.equal(await page.getAttribute('[data-route="hex"]', 'aria-current'), 'page');
  await page.click('[data-route="xiangqi"]');
  await waitForMoveCount(page, 2);
  assert.deepEqual(await moveList(page), moves);

  const en = await app.newPage('?lang=en#hex');
  await en.waitForSelector('.hex-layout [data-testid="overlay"]');
  assert.equal(await en.textContent('[data-testid="overlay"] [data-overlay="black"]'), 'Black potential');
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
      { timeout: STEP_MS },
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

test('"Move now" stops a long think: the engine plays at once', async () => {
  const page = await app.newPage('#xiangqi');
  await engineReady(page);
  await page.selectOption('[data-testid="movetime"]', '10000');
  await clickMove(page, 'h2e2');
  await page.waitForSelector('[data-testid="engine-status"][data-state="thinking"]');
  await page.waitForSelector('[data-testid="move-now"]:not([disabled])');
  const t0 = Date.now();
  await page.click('[data-testid="move-now"]');
  await waitForMoveCount(page, 2);
  const ms = Date.now() - t0;
  // idle within 2 s; a loaded machine adds its delays, and the reply still comes long before the 10 s were up
  assert.ok(ms < 2000 + ANSWER_MS, `the reply came ${ms} ms after "Move now", not after 10 s`);
  const moves = await moveList(page);
  assert.ok((await legalMovesAfter(page, START_FEN, ['h2e2'])).includes(moves[1]));
  assert.equal(await page.isDisabled('[data-testid="move-now"]'), true);
  assert.deepEqual(app.errorsOf(page), []);
});

test('phone width (390 px): no view pushes the page sideways, in either language', async () => {
  const phone = await startApp({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    for (const lang of ['en', 'zh']) {
      for (const route of ['xiangqi', 'hex', 'games', 'combat', 'circle', 'lab']) {
        const page = await phone.newPage(`?lang=${lang}#${route}`, { xiangqiSettings: null });
        // the view is drawn (its module loads after the shell), then two frames for layout
        await page.waitForFunction(() => document.querySelector('[data-testid="view"]').getBoundingClientRect().height > 400
          || document.querySelector('[data-testid="games-view"][data-ready="true"]'));
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const wide = await page.evaluate(() => [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.closest('[style*="overflow"], .lab-scroll'))
          .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}`));
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, `#${route} (${lang}) is wider than the window: ${wide.join(', ')}`);
        await page.close();
      }
    }
  } finally {
    await phone.close();
  }
});
