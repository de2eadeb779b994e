// The technique lab (#lab, issue 13): its table, run by the real engine in the page's worker, equals the native
// `duiyi bench --ablation --fen … --json` figures committed in tests/data/lab-ablation.json (the Rust test
// tests/lab_ablation.rs checks those figures against the native search, so both sides meet in one file);
// predict-then-reveal scores a guess; a lesson link replays the same table and guess in a fresh page; a bad
// position is refused with its reason; a long run stops.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, screenshot, readData, READY_MS, STEP_MS } from './harness.mjs';

const DATA = readData('lab-ablation.json');

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

function labHash({ fen, moves = [], depth, rows, guess, run }) {
  const q = new URLSearchParams();
  q.set('fen', fen);
  if (moves.length) q.set('moves', moves.join(','));
  q.set('depth', String(depth));
  if (rows) q.set('rows', rows.join(','));
  if (guess) q.set('guess', guess);
  if (run) q.set('run', '1');
  return `#lab?${q}`;
}

async function waitState(page, state, timeout = READY_MS) {
  await page.waitForSelector(`[data-testid="lab-view"][data-state="${state}"]`, { timeout });
}

async function tableRows(page) {
  return page.$$eval('[data-testid^="lab-row-"]', (els) => els.map((e) => ({
    name: e.dataset.testid.slice('lab-row-'.length),
    state: e.dataset.state,
    nodes: e.dataset.nodes === undefined ? null : Number(e.dataset.nodes),
    best: e.dataset.best ?? null,
    cp: e.dataset.cp === undefined ? null : Number(e.dataset.cp),
    depth: e.dataset.depth === undefined ? null : Number(e.dataset.depth),
  })));
}

test("the lab's node counts equal the native bench's for the same position, depth and switches", async () => {
  for (const c of DATA.cases) {
    const page = await app.newPage(`?lang=en${labHash({ fen: c.fen, moves: c.moves, depth: c.depth, run: true })}`);
    await waitState(page, 'done');
    // The page's configuration list sends exactly the switches the native rows were run with.
    const switches = await page.evaluate(async (depth) => {
      const m = await import('./views/lab-configs.js');
      return m.configsAt(depth).map((cfg) => ({ name: cfg.name, options: m.switchesOf(cfg) }));
    }, c.depth);
    assert.deepEqual(switches, c.rows.map((r) => ({ name: r.name, options: r.options })), `depth ${c.depth}: configurations`);
    // The depth limits of the heavy rows are the native ones (duiyi::bench).
    const counts = await page.evaluate(async () => {
      const m = await import('./views/lab-configs.js');
      return [4, 5, 6, 7].map((d) => m.configsAt(d).length);
    });
    assert.deepEqual(counts, [16, 15, 15, 14]);
    const rows = await tableRows(page);
    assert.deepEqual(
      rows.map((r) => ({ name: r.name, nodes: r.nodes, best: r.best, cp: r.cp, depth: r.depth })),
      c.rows.map((r) => ({ name: r.name, nodes: r.nodes, best: r.best, cp: r.cp, depth: r.depth })),
      `${c.fen} ${c.moves.join(' ')} depth ${c.depth}`,
    );
    assert.equal(await page.$eval('[data-testid="lab-chart"]', (e) => Number(e.dataset.rows)), c.rows.length);
    assert.ok(await page.$('[data-testid="lab-chart"] canvas'));
    // Every row has its explanation with a source.
    for (const r of c.rows) {
      const text = await page.$eval(`[data-testid="lab-explain-${r.name}"]`, (e) => e.textContent);
      assert.ok(text.length > 60, r.name);
      if (r.name !== 'all') assert.match(text, /Source: /, r.name);
    }
    const nps = await page.$eval('[data-testid="lab-nps"]', (e) => e.textContent);
    console.log(`# lab worker, ${c.fen} ${c.moves.join(' ')} depth ${c.depth}: ${nps}`);
    await screenshot(page, `lab-table-en-d${c.depth}`);
    assert.deepEqual(app.errorsOf(page), []);
  }
});

test('predict, then reveal: a guess on the board is scored, and the lesson link replays table and verdict', async () => {
  const c = DATA.cases[0];
  const best = c.rows[0].best;
  const page = await app.newPage(`?lang=zh${labHash({ fen: c.fen, depth: c.depth, rows: ['all', 'no-pvs', 'minimax'] })}`);
  await waitState(page, 'idle');
  // Guess by clicking on the board: the engine's move, from then to.
  await page.click(`[data-testid="lab-board"] [data-square="${best.slice(0, 2)}"]`);
  await page.click(`[data-testid="lab-board"] [data-square="${best.slice(2, 4)}"]`);
  assert.equal(await page.$eval('[data-testid="lab-guess"]', (e) => e.dataset.guess), best);
  assert.equal(await page.$eval('[data-testid="lab-verdict"]', (e) => e.hidden), true, 'no answer before the run');
  await page.click('[data-testid="lab-run"]');
  await waitState(page, 'done');
  assert.equal(await page.$eval('[data-testid="lab-verdict"]', (e) => e.dataset.verdict), 'right');
  assert.match(await page.$eval('[data-testid="lab-verdict"]', (e) => e.textContent), /猜对了/);
  const shown = await tableRows(page);
  assert.deepEqual(shown.map((r) => r.name), ['all', 'no-pvs', 'minimax']);
  await screenshot(page, 'lab-guess-zh');

  // A wrong guess, typed in Chinese notation: scored wrong, the engine's move named.
  const legal = await page.evaluate((fen) => {
    const g = new window.duiyi.wasm.XiangqiGame(fen);
    return Array.from(g.legalMoves());
  }, c.fen);
  const other = legal.find((m) => m !== best);
  const otherChinese = await page.evaluate(([fen, m]) => new window.duiyi.wasm.XiangqiGame(fen).chinese(m), [c.fen, other]);
  await page.fill('[data-testid="lab-guess-input"]', otherChinese);
  await page.click('[data-testid="lab-guess-set"]');
  assert.equal(await page.$eval('[data-testid="lab-guess"]', (e) => e.dataset.guess), other);
  await page.click('[data-testid="lab-run"]');
  await waitState(page, 'done');
  assert.equal(await page.$eval('[data-testid="lab-verdict"]', (e) => e.dataset.verdict), 'wrong');

  // The address is the lesson link: a fresh page opened on it shows the same table and the same verdict.
  const link = await page.$eval('[data-testid="lab-link"]', (e) => e.getAttribute('href'));
  assert.equal(new URL(page.url()).hash, link.slice(link.indexOf('#')));
  assert.match(link, /run=1/);
  assert.match(link, new RegExp(`guess=${other}`));
  const fresh = await app.newPage(link.slice(link.indexOf('?')));
  await waitState(fresh, 'done');
  assert.deepEqual(await tableRows(fresh), await tableRows(page));
  assert.equal(await fresh.$eval('[data-testid="lab-verdict"]', (e) => e.dataset.verdict), 'wrong');
  assert.equal(await fresh.$eval('[data-testid="lab-depth"]', (e) => e.value), String(c.depth));
  assert.deepEqual(app.errorsOf(page), []);
  assert.deepEqual(app.errorsOf(fresh), []);
});

test('a bad position is refused with its reason and the lab stays usable; a long run stops', async () => {
  const page = await app.newPage(`?lang=en${labHash({ fen: 'startpos', depth: 2 })}`);
  await waitState(page, 'idle');
  await page.fill('[data-testid="lab-fen"]', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w');
  await page.dispatchEvent('[data-testid="lab-fen"]', 'change');
  const code = await page.$eval('[data-testid="error"]', (e) => e.dataset.code);
  assert.equal(code, 'fen.wrong_rank_count');
  assert.match(await page.$eval('[data-testid="error"]', (e) => e.textContent), /9/);
  await page.fill('[data-testid="lab-guess-input"]', 'a0a5');
  await page.click('[data-testid="lab-guess-set"]');
  // The FEN stayed the start position, where a0a5 is not legal.
  assert.equal(await page.$eval('[data-testid="error"]', (e) => e.dataset.code), 'lab.guess_illegal');

  // A deep run (depth 8 of the start position, all rows) stops on request, and the worker serves the next run.
  await page.selectOption('[data-testid="lab-preset"]', 'start');
  await page.selectOption('[data-testid="lab-depth"]', '8');
  await page.click('[data-testid="lab-run"]');
  await waitState(page, 'running');
  await page.waitForSelector('[data-testid="lab-row-all"][data-state="running"]');
  const t0 = Date.now();
  await page.click('[data-testid="lab-stop"]');
  // idle within a few seconds (a stop finishes the root move in progress, exact slices); generous under load
  await waitState(page, 'stopped', STEP_MS);
  console.log(`# lab stop: ${Date.now() - t0} ms from the click to the stopped state`);
  await page.selectOption('[data-testid="lab-depth"]', '2');
  await page.click('[data-testid="lab-run"]');
  await waitState(page, 'done');
  const rows = await tableRows(page);
  assert.ok(rows.every((r) => r.state === 'done' && r.depth === 2));
  assert.deepEqual(app.errorsOf(page), []);
});

test("Hex: a guess of the hottest cell is scored against Queenbee's lowest total potential, and kept in the link", async () => {
  const page = await app.newPage('?lang=en#lab?fen=startpos&depth=2&hexsize=7&hexmoves=d4,c5,e3');
  await waitState(page, 'idle');
  // The reference: the wasm rules' own maps of the same position (the lab must agree with them).
  const ref = await page.evaluate(() => {
    const g = new window.duiyi.wasm.HexGame(7, 7, false);
    for (const m of ['d4', 'c5', 'e3']) g.play(m);
    const m = g.maps('queenbee', false);
    const name = (i) => `${String.fromCharCode(97 + (i % 7))}${Math.floor(i / 7) + 1}`;
    const empty = [...m.total.keys()].filter((i) => !m.stones[i]);
    return {
      lowest: m.lowestTotal,
      hottest: empty.filter((i) => m.total[i] === m.lowestTotal).map(name),
      cold: name(empty.find((i) => m.total[i] > m.lowestTotal)),
    };
  });
  assert.ok(ref.hottest.length >= 1);
  await page.click(`[data-testid="lab-hex-board"] [data-square="${ref.cold}"]`);
  assert.equal(await page.$eval('[data-testid="lab-hex-verdict"]', (e) => e.dataset.verdict), 'wrong');
  assert.match(await page.$eval('[data-testid="lab-hex-verdict"]', (e) => e.textContent), new RegExp(`lowest is ${ref.lowest}`));
  // The reveal shows the totals; the hottest cells carry the lowest value.
  for (const cell of ref.hottest) {
    assert.equal(await page.$eval(`[data-testid="lab-hex-board"] [data-testid="heatmap"] [data-square="${cell}"]`, (e) => e.dataset.value), String(ref.lowest));
  }
  assert.match(new URL(page.url()).hash, new RegExp(`hexguess=${ref.cold}`));
  await screenshot(page, 'lab-hex-en');
  // A fresh page on a link with the hottest cell as the guess: right.
  const fresh = await app.newPage(`?lang=zh#lab?fen=startpos&depth=2&hexsize=7&hexmoves=d4,c5,e3&hexguess=${ref.hottest[0]}`);
  await waitState(fresh, 'idle');
  assert.equal(await fresh.$eval('[data-testid="lab-hex-verdict"]', (e) => e.dataset.verdict), 'right');
  assert.match(await fresh.$eval('[data-testid="lab-hex-verdict"]', (e) => e.textContent), /猜对了/);
  assert.deepEqual(app.errorsOf(page), []);
  assert.deepEqual(app.errorsOf(fresh), []);
});

// ---- Hex rows: the Hex searcher's technique table (lab-hex-table.js) against tests/data/lab-ablation-hex.json ----

const HEX_DATA = readData('lab-ablation-hex.json');

async function hexRows(page) {
  return page.$$eval('[data-testid^="lab-hex-row-"]', (els) => els.map((e) => ({
    name: e.dataset.testid.slice('lab-hex-row-'.length),
    state: e.dataset.state,
    nodes: e.dataset.nodes === undefined ? null : Number(e.dataset.nodes),
    best: e.dataset.best ?? null,
    cp: e.dataset.cp === undefined ? null : Number(e.dataset.cp),
    depth: e.dataset.depth === undefined ? null : Number(e.dataset.depth),
  })));
}

test("Hex rows: the worker's Hex searcher gives the native bench's nodes, best moves and scores, and the link replays them", async () => {
  for (const [i, c] of HEX_DATA.cases.entries()) {
    const lang = i === 0 ? 'zh' : 'en';
    const page = await app.newPage(`?lang=${lang}#lab?fen=startpos&depth=2&hexsize=${c.size}&hexmoves=${c.moves.join(',')}&hexdepth=${c.depth}&hexrun=1`);
    await page.waitForSelector('[data-testid="lab-hex-table-view"][data-state="done"]', { timeout: 120000 });
    // The page's configurations send exactly the switches the native rows were run with.
    const configs = await page.evaluate(async () => {
      const m = await import('./views/lab-configs.js');
      return m.HEX_CONFIGS.map((cfg) => ({ name: cfg.name, options: cfg.options }));
    });
    assert.deepEqual(configs, c.rows.map((r) => ({ name: r.name, options: r.options })), 'configurations');
    const rows = await hexRows(page);
    assert.deepEqual(
      rows.map((r) => ({ name: r.name, nodes: r.nodes, best: r.best, cp: r.cp, depth: r.depth })),
      c.rows.map((r) => ({ name: r.name, nodes: r.nodes, best: r.best, cp: r.cp, depth: r.depth })),
      `${c.size} ${c.moves.join(' ')} depth ${c.depth}`,
    );
    assert.equal(await page.$eval('[data-testid="lab-hex-chart"]', (e) => Number(e.dataset.rows)), c.rows.length);
    assert.ok(await page.$('[data-testid="lab-hex-chart"] canvas'));
    for (const r of c.rows) {
      const text = await page.$eval(`[data-testid="lab-hex-explain-${r.name}"]`, (e) => e.textContent);
      assert.ok(text.length > 60, r.name);
      if (r.name !== 'all') assert.match(text, lang === 'zh' ? /出处|Source/ : /Source: .*van Rijswijck/, r.name);
    }
    const all = rows.find((r) => r.name === 'all');
    const timeMs = await page.$eval('[data-testid="lab-hex-row-all"]', (e) => Number(e.dataset.timeMs));
    console.log(`# lab worker, Hex ${c.size} ${c.moves.join(' ')} depth ${c.depth}: all on ${all.nodes} nodes in ${timeMs} ms`);
    if (i < 2) await (await page.$('[data-testid="lab-hex-table-view"]')).scrollIntoViewIfNeeded();
    if (i < 2) await screenshot(page, `lab-hex-table-${lang}-d${c.depth}`);
    // The lesson link holds the Hex settings; a fresh page on it shows the same rows.
    const link = await page.$eval('[data-testid="lab-link"]', (e) => e.getAttribute('href'));
    assert.match(link, /hexrun=1/);
    assert.match(link, new RegExp(`hexdepth=${c.depth}`));
    if (i === 0) {
      const fresh = await app.newPage(link.slice(link.indexOf('?')));
      await fresh.waitForSelector('[data-testid="lab-hex-table-view"][data-state="done"]', { timeout: 120000 });
      assert.deepEqual((await hexRows(fresh)).map((r) => [r.name, r.nodes, r.best]), rows.map((r) => [r.name, r.nodes, r.best]));
      assert.equal(await fresh.$eval('[data-testid="lab-hex-depth"]', (e) => e.value), String(c.depth));
      assert.deepEqual(app.errorsOf(fresh), []);
    }
    assert.deepEqual(app.errorsOf(page), []);
  }
});

test('Hex rows: a bad switch is refused by the worker with its code; a changed position clears the table', async () => {
  const page = await app.newPage('?lang=en#lab?fen=startpos&depth=2&hexsize=5&hexmoves=c3&hexdepth=2');
  await page.waitForSelector('[data-testid="lab-hex-table-view"][data-state="idle"]');
  const refused = await page.evaluate(async () => {
    const client = window.duiyi.view.client;
    const out = [];
    for (const options of [{ beam: 'yes' }, { width: 3 }, { beambase: -1 }]) {
      try {
        await client.lab({ game: 'hex', size: 5, moves: ['c3'] }, 2, options);
        out.push('accepted');
      } catch (err) {
        out.push(err.code);
      }
    }
    return out;
  });
  assert.deepEqual(refused, ['worker.go_flag', 'engine.unknown_option', 'worker.go_flag']);
  await page.click('[data-testid="lab-hex-run"]');
  await page.waitForSelector('[data-testid="lab-hex-table-view"][data-state="done"]', { timeout: READY_MS });
  assert.ok((await hexRows(page)).every((r) => r.state === 'done' && r.depth === 2));
  await page.fill('[data-testid="lab-hex-moves"]', 'c3 b4');
  await page.dispatchEvent('[data-testid="lab-hex-moves"]', 'change');
  await page.waitForSelector('[data-testid="lab-hex-table-view"][data-state="idle"]');
  assert.ok((await hexRows(page)).every((r) => r.state === 'pending'));
  assert.doesNotMatch(new URL(page.url()).hash, /hexrun=1/);
});

test('before any run, each chart box says what will be drawn there (both languages), not an empty chart grid', async () => {
  const visible = (page, testid) => page.$eval(`[data-testid="${testid}"]`, (e) => !e.hidden && e.getBoundingClientRect().height > 0);
  for (const [lang, words] of [['en', /No results yet: run an experiment/], ['zh', /还没有结果：运行一次实验/]]) {
    // an address with settings (a plain #lab runs the tables on opening: the next test)
    const page = await app.newPage(`?lang=${lang}#lab?fen=startpos&depth=3`);
    await page.waitForSelector('[data-testid="lab-view"]');
    for (const box of ['lab-chart', 'lab-hex-chart']) {
      assert.equal(await page.$eval(`[data-testid="${box}"]`, (e) => e.dataset.empty), 'true', box);
      assert.equal(await visible(page, `${box}-empty`), true, `${box}: the placeholder is shown`);
      assert.match(await page.$eval(`[data-testid="${box}-empty"]`, (e) => e.textContent), words);
      assert.equal(await page.$eval(`[data-testid="${box}"] canvas`, (e) => e.hidden), true, `${box}: no empty chart`);
    }
    await page.locator('[data-testid="lab-chart"]').screenshot({ path: (await screenshot(page, `lab-chart-empty-${lang}`)).replace(/\.png$/, '-box.png') });
    if (lang === 'en') {
      // one row run: the placeholder gives way to the chart
      const run = await app.newPage(`?lang=en${labHash({ fen: 'startpos', depth: 1, rows: ['all'], run: true })}`);
      await waitState(run, 'done');
      assert.equal(await run.$eval('[data-testid="lab-chart"]', (e) => e.dataset.empty), 'false');
      assert.equal(await visible(run, 'lab-chart-empty'), false);
      assert.equal(await run.$eval('[data-testid="lab-chart"] canvas', (e) => e.hidden), false);
      assert.ok(await run.$eval('[data-testid="lab-chart"] canvas', (e) => e.height > 100), 'the chart is drawn at its size');
      assert.deepEqual(app.errorsOf(run), []);
    }
    assert.deepEqual(app.errorsOf(page), []);
  }
});

test('a plain #lab fills both technique tables on opening, the best moves hidden until a guess or "Show the moves"', async () => {
  const bestCell = (page, row) => page.$eval(`[data-testid="lab-row-${row}"] td:nth-of-type(6)`, (td) => td.textContent);
  for (const lang of ['en', 'zh']) {
    const page = await app.newPage(`?lang=${lang}#lab`);
    await waitState(page, 'done');
    const rows = await tableRows(page);
    assert.ok(rows.length >= 10 && rows.every((r) => r.state === 'done' && r.nodes > 0 && r.depth === 3), JSON.stringify(rows));
    assert.equal(await bestCell(page, 'all'), '?', 'the best move is hidden');
    assert.equal(await page.isVisible('[data-testid="lab-reveal"]'), true);
    assert.match(await page.textContent('[data-testid="lab-mask-note"]'), lang === 'en' ? /at depth 3: the best moves and scores stay hidden/ : /深度 3/);
    assert.equal(await page.$eval('[data-testid="lab-chart"]', (e) => e.dataset.empty), 'false', 'the chart is drawn');
    // then the Hex table, at its own default depth
    await page.waitForSelector('[data-testid="lab-hex-table-view"][data-state="done"]', { timeout: READY_MS });
    assert.equal(await page.$eval('[data-testid="lab-hex-chart"]', (e) => e.dataset.empty), 'false');
    if (lang === 'en') {
      await page.click('[data-testid="lab-reveal"]');
      const all = rows.find((r) => r.name === 'all');
      assert.match(await bestCell(page, 'all'), new RegExp(`^${all.best} `));
      assert.equal(await page.isVisible('[data-testid="lab-reveal"]'), false);
      await screenshot(page, 'lab-on-opening-en');
    } else {
      // a guess reveals them: the verdict, and the moves in the table
      await page.fill('[data-testid="lab-guess-input"]', 'h2e2');
      await page.click('[data-testid="lab-guess-set"]');
      await page.waitForSelector('[data-testid="lab-verdict"][data-verdict]');
      assert.notEqual(await bestCell(page, 'all'), '?');
      assert.equal(await page.isVisible('[data-testid="lab-reveal"]'), false);
    }
    assert.deepEqual(app.errorsOf(page), []);
    await page.close();
  }
});
