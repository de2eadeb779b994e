// The engine worker and its client in headless Chromium: the worker protocol (errors, never a dead
// worker), stop latency of the time-sliced search, and recovery from a killed worker.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, screenshot, engineReady, clickMove, waitForMoveCount, moveList, legalMovesAfter, START_FEN, STEP_MS, STOP_MEDIAN_MS, ANSWER_MS } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

test('worker protocol: bad input gets an error naming the problem, and the worker keeps working', async () => {
  const page = await app.newPage('#hex');
  const replies = await page.evaluate(async (startFen) => {
    const w = new Worker('./worker.js', { type: 'module' });
    const inbox = [];
    const waiters = [];
    w.onmessage = (e) => {
      inbox.push(e.data);
      for (const wt of waiters.splice(0)) wt();
    };
    const next = async (type) => {
      for (;;) {
        const i = inbox.findIndex((m) => m.type === type);
        if (i >= 0) return inbox.splice(i, 1)[0];
        await new Promise((r) => waiters.push(r));
      }
    };
    await next('ready');
    const out = {};
    w.postMessage({ type: 'frobnicate' });
    out.unknown = await next('error');
    w.postMessage('not an object');
    out.notObject = await next('error');
    w.postMessage({ type: 'position', fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w - - 0 1', moves: [] });
    out.badFen = await next('error');
    w.postMessage({ type: 'go', depth: 2 });
    out.goAfterBadPosition = [await next('error'), await next('bestmove')];
    w.postMessage({ type: 'position', fen: startFen, moves: ['h2e2', 'e2e9'] });
    out.illegalMove = await next('error');
    w.postMessage({ type: 'position', fen: startFen, moves: [] });
    w.postMessage({ type: 'go', depth: -3 });
    out.badGo = [await next('error'), await next('bestmove')];
    w.postMessage({ type: 'go', speed: 'ludicrous' });
    out.unknownGo = [await next('error'), await next('bestmove')];
    w.postMessage({ type: 'setoption', name: 'NoSuchOption', value: '1' });
    out.badOption = await next('error');
    w.postMessage({ type: 'isready' });
    out.readyok = await next('readyok');
    w.postMessage({ type: 'position', fen: startFen, moves: ['h2e2'] });
    w.postMessage({ type: 'go', depth: 3 });
    out.search = await next('bestmove');
    out.infos = inbox.filter((m) => m.type === 'info').length;
    w.terminate();
    return out;
  }, START_FEN);
  assert.match(replies.unknown.message, /unknown message type 'frobnicate'/);
  assert.match(replies.notObject.message, /message must be an object/);
  assert.equal(replies.badFen.command, 'position');
  assert.match(replies.badFen.message, /rank|FEN/i);
  assert.match(replies.goAfterBadPosition[0].message, /no valid position/);
  assert.equal(replies.goAfterBadPosition[1].move, null);
  assert.equal(replies.illegalMove.command, 'position');
  assert.match(replies.illegalMove.message, /e2e9/);
  assert.match(replies.badGo[0].message, /depth/);
  assert.equal(replies.badGo[1].move, null);
  assert.match(replies.unknownGo[0].message, /unknown go parameter 'speed'/);
  assert.equal(replies.badOption.command, 'setoption');
  assert.match(replies.badOption.message, /NoSuchOption/);
  assert.equal(replies.readyok.type, 'readyok');
  assert.match(replies.search.move, /^[a-i][0-9][a-i][0-9]$/);
  assert.ok(replies.infos >= 1, 'the search reported info');
  assert.deepEqual(app.errorsOf(page), []);
});

test('worker: a draw offer (go draw:true) is answered on the bestmove; Level caps the search', async () => {
  const page = await app.newPage('#hex');
  const out = await page.evaluate(async () => {
    const w = new Worker('./worker.js', { type: 'module' });
    const inbox = [];
    const waiters = [];
    w.onmessage = (e) => {
      inbox.push(e.data);
      for (const wt of waiters.splice(0)) wt();
    };
    const next = async (type) => {
      for (;;) {
        const i = inbox.findIndex((m) => m.type === type);
        if (i >= 0) return inbox.splice(i, 1)[0];
        await new Promise((r) => waiters.push(r));
      }
    };
    await next('ready');
    const r = {};
    w.postMessage({ type: 'position', fen: '3k5/9/9/9/9/9/9/9/R8/4K4 b - - 0 1', moves: [] });
    w.postMessage({ type: 'go', depth: 3, draw: true });
    r.losing = await next('bestmove');
    w.postMessage({ type: 'position', fen: '3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1', moves: [] });
    w.postMessage({ type: 'go', depth: 3, draw: true });
    r.winning = await next('bestmove');
    w.postMessage({ type: 'go', depth: 3 });
    r.noOffer = await next('bestmove');
    w.postMessage({ type: 'setoption', name: 'Level', value: '2' });
    w.postMessage({ type: 'position', moves: [] });
    inbox.length = 0;
    w.postMessage({ type: 'go', depth: 12 });
    r.levelled = await next('bestmove');
    r.depths = inbox.filter((m) => m.type === 'info').map((m) => m.depth);
    w.terminate();
    return r;
  });
  assert.equal(out.losing.draw, true, JSON.stringify(out.losing));
  assert.equal(out.winning.draw, false, JSON.stringify(out.winning));
  assert.equal('draw' in out.noOffer, false);
  assert.match(out.levelled.move, /^[a-i][0-9][a-i][0-9]$/);
  assert.ok(out.depths.length >= 1 && Math.max(...out.depths) <= 2, `level 2 caps depth at 2: ${out.depths}`);
  assert.deepEqual(app.errorsOf(page), []);
});

test('stop during a long search gets its bestmove within a slice (median under 50 ms)', async (t) => {
  const page = await app.newPage('#hex');
  const measure = () => page.evaluate(async (startFen) => {
    const w = new Worker('./worker.js', { type: 'module' });
    let onMsg = () => {};
    w.onmessage = (e) => onMsg(e.data);
    await new Promise((resolve) => { onMsg = (m) => m.type === 'ready' && resolve(); });
    const out = [];
    for (let i = 0; i < 20; i++) {
      const moves = i % 2 ? ['h2e2'] : [];
      w.postMessage({ type: 'position', fen: startFen, moves });
      w.postMessage({ type: 'go', infinite: true });
      // Once the search has reported its first lines, stop it at an arbitrary moment of a slice: a
      // different delay each round (3…290 ms), so the stop lands anywhere in the 5 ms slices.
      let t0 = null;
      let infos = 0;
      const bestmove = new Promise((resolve) => {
        onMsg = (m) => {
          if (m.type === 'info' && ++infos === 1) {
            setTimeout(() => {
              t0 = performance.now();
              w.postMessage({ type: 'stop' });
            }, 3 + ((i * 37) % 288));
          } else if (m.type === 'bestmove') {
            resolve({ ms: performance.now() - t0, move: m.move, stopped: t0 !== null });
          }
        };
      });
      out.push(await bestmove);
    }
    w.terminate();
    return out;
  }, START_FEN);
  // A stop is read between two 5 ms slices, so idle every stop of a round of 20 is answered within 50 ms. On a
  // loaded 2-core machine the OS deschedules the worker's thread now and then (58 and 141 ms seen beside two
  // busy loops), so the median is held to 50 ms and each stop to seconds (a stop left unread until the search
  // ended would never be answered: the search is infinite); a round with a stop over 50 ms is measured again.
  let worst = Infinity;
  let median = Infinity;
  for (let round = 1; round <= 2 && worst >= STOP_MEDIAN_MS; round++) {
    const latencies = await measure();
    for (const l of latencies) {
      assert.ok(l.stopped, 'the infinite search ran until stop');
      assert.match(l.move, /^[a-i][0-9][a-i][0-9]$/);
    }
    const ms = latencies.map((l) => l.ms).sort((a, b) => a - b);
    worst = ms.at(-1);
    median = ms[ms.length >> 1];
    t.diagnostic(`round ${round}: stop → bestmove median ${ms[ms.length >> 1].toFixed(2)} ms, max ${worst.toFixed(2)} ms over ${ms.length} stops`);
  }
  assert.ok(median < STOP_MEDIAN_MS, `the median stop answered within ${STOP_MEDIAN_MS} ms (${median.toFixed(2)} ms)`);
  assert.ok(worst < ANSWER_MS, `every stop answered within ${ANSWER_MS} ms (max ${worst.toFixed(2)} ms)`);
  assert.deepEqual(app.errorsOf(page), []);
});

test('the engine client: stop through the page, and the status shows thinking then idle', async (t) => {
  const page = await app.newPage('#xiangqi');
  await engineReady(page);
  const result = await page.evaluate(async (startFen) => {
    const client = window.duiyi.view.client;
    const search = client.search({ fen: startFen, moves: ['h2e2'] }, { infinite: true });
    await new Promise((resolve) => {
      const off = client.on('info', (i) => { if (i.depth >= 2) { off(); resolve(); } });
    });
    const state = document.querySelector('[data-testid="engine-status"]').dataset.state;
    const t0 = performance.now();
    client.stop();
    const res = await search;
    return { state, ms: performance.now() - t0, res, latency: client.lastStopLatencyMs };
  }, START_FEN);
  assert.equal(result.state, 'thinking');
  assert.equal(result.res.cancelled, false);
  assert.match(result.res.move, /^[a-i][0-9][a-i][0-9]$/);
  t.diagnostic(`client stop → bestmove: ${result.ms.toFixed(2)} ms (worker reply after ${result.latency.toFixed(2)} ms)`);
  // one stop: idle within 50 ms; a loaded machine may keep the worker's thread waiting (see the test above)
  assert.ok(result.latency < ANSWER_MS, `the worker's bestmove reached the page within ${ANSWER_MS} ms of the stop (${result.latency.toFixed(2)} ms)`);
  assert.ok(result.ms - result.latency < 250, `and the caller had it right after (${(result.ms - result.latency).toFixed(2)} ms later)`);
  await page.waitForSelector('[data-testid="engine-status"][data-state="idle"]');
  assert.deepEqual(app.errorsOf(page), []);
});

test('the watchdog does not take a stall of the page\'s own thread for a dead worker; a dead one is still replaced', async () => {
  // On a loaded machine the page's thread can be kept from running for longer than the ping timeout; the
  // worker's readyok then waits in the queue, and the watchdog's late tick must not declare the worker dead
  // (a false restart throws the search away). Made deterministic: the page's thread is blocked in the task that
  // sends a ping, and the watchdog's next tick is run before the queued readyok can be read.
  const page = await app.newPage('#hex');
  const out = await page.evaluate(async (startFen) => {
    const { EngineClient } = await import('./engine-client.js');
    const client = new EngineClient({ pingTimeoutMs: 1000 });
    const search = client.search({ fen: startFen, moves: [] }, { infinite: true });
    await new Promise((resolve) => {
      const off = client.on('info', () => { off(); resolve(); });
    });
    await new Promise((resolve) => {
      const post = client.post.bind(client);
      client.post = (msg) => {
        post(msg);
        if (msg.type !== 'isready') return;
        client.post = post;
        const until = performance.now() + 2500; // 2.5 × the ping timeout
        while (performance.now() < until) { /* the page's thread is busy */ }
        client.checkHealth();
        resolve();
      };
    });
    const crashesAfterStall = client.crashCount;
    if (crashesAfterStall > 0) {
      client.dispose();
      return { crashesAfterStall, message: client.crashMessage };
    }
    client.stop();
    const res = await search;
    // a worker that really stopped answering: replaced after the ping timeout
    const crashed = new Promise((resolve) => {
      const off = client.on('crash', (c) => { off(); resolve(c.code); });
    });
    client.worker.terminate();
    const code = await crashed;
    const r = { crashesAfterStall, move: res.move, cancelled: res.cancelled, code, crashes: client.crashCount };
    client.dispose();
    return r;
  }, START_FEN);
  assert.equal(out.crashesAfterStall, 0, `no restart for the page's own stall (${out.message})`);
  assert.equal(out.cancelled, false);
  assert.match(out.move, /^[a-i][0-9][a-i][0-9]$/, 'the search went on and answered its stop');
  assert.equal(out.code, 'noReply');
  assert.equal(out.crashes, 1);
  assert.deepEqual(app.errorsOf(page), []);
});

test('a killed engine worker is detected, replaced, and the game goes on from the record', async (t) => {
  const page = await app.newPage('#xiangqi');
  await engineReady(page);
  await page.selectOption('[data-testid="movetime"]', '5000');
  // record every state the status element shows
  await page.evaluate(() => {
    window.__states = [];
    const el = document.querySelector('[data-testid="engine-status"]');
    new MutationObserver(() => window.__states.push(el.dataset.state)).observe(el, { attributes: true, attributeFilter: ['data-state'] });
  });
  await clickMove(page, 'h2e2');
  await page.waitForSelector('[data-testid="engine-status"][data-state="thinking"]');
  const killedAt = Date.now();
  await page.evaluate(() => window.duiyi.view.client.worker.terminate()); // as if the tab's worker died (OOM, bug)
  // (the crashed state lasts only until the new worker is up, so wait on the client's count, and check
  //  below that the status element did show it)
  await page.waitForFunction(() => window.duiyi.view.client.crashCount >= 1, null, { timeout: STEP_MS });
  const detectedMs = Date.now() - killedAt;
  await waitForMoveCount(page, 2);
  const moves = await moveList(page);
  const legal = await legalMovesAfter(page, START_FEN, ['h2e2']);
  assert.ok(legal.includes(moves[1]), `reply ${moves[1]} after the restart is legal`);
  const states = await page.evaluate(() => window.__states);
  assert.ok(states.includes('crashed'), `states seen: ${states.join(' → ')}`);
  assert.ok(states.lastIndexOf('thinking') > states.indexOf('crashed'), 'thinking again after the crash');
  assert.equal(await page.evaluate(() => window.duiyi.view.client.crashCount), 1);
  // the user is told what happened, in the page's language
  assert.match(await page.$eval('[data-testid="engine-status"]', (e) => e.textContent), /引擎 \d+ 毫秒无响应/);
  t.diagnostic(`worker death detected after ${detectedMs} ms; states: ${states.join(' → ')}`);
  await screenshot(page, 'engine-recovered');
  // the watchdog itself logs nothing as an error
  assert.deepEqual(app.errorsOf(page), []);
});
