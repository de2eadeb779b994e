// #circle (smallest enclosing circle) in a real browser: the known point sets of tests/data/circle.json (the
// same answers the Rust tests check) for both methods, degenerate inputs, bad lists, agreement of the two
// methods on 10⁴ random sets in the page's wasm, editing with the pointer, the lesson link, the guess and its
// score, the sweep in the worker; and the crit guess of the #combat page.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, screenshot, readData, READY_MS, FREEZE_MS } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const DATA = readData('circle.json');
const METHODS = ['seed', 'welzl'];

async function ready(page) {
  await page.waitForSelector('[data-testid="circle-view"][data-ready="true"]', { timeout: READY_MS });
}

/** The results table of both methods, full precision. */
async function results(page) {
  return page.evaluate((methods) => Object.fromEntries(methods.map((m) => {
    const q = (id) => document.querySelector(`[data-testid="result-${m}-${id}"]`);
    if (!q('radius')) return [m, null];
    return [m, {
      center: [Number(q('center').dataset.x), Number(q('center').dataset.y)],
      radius: Number(q('radius').dataset.value),
      on: JSON.parse(q('on').dataset.indices),
      ops: Number(q('ops').dataset.value),
    }];
  })), METHODS);
}

async function drawnCircle(page, m) {
  return page.evaluate((method) => {
    const c = document.querySelector(`[data-testid="circle-${method}"]`);
    return c ? { cx: Number(c.dataset.cx), cy: Number(c.dataset.cy), r: Number(c.dataset.r) } : null;
  }, m);
}

async function points(page) {
  return page.$$eval('[data-testid="point"]', (els) => els.map((e) => [Number(e.dataset.x), Number(e.dataset.y)]));
}

/** Loads a point list through the paste box and waits for its circles. */
async function paste(page, text) {
  await page.evaluate(() => { document.querySelector('.cc-paste-box').open = true; });
  await page.fill('[data-testid="paste"]', text);
  await page.click('[data-testid="paste-load"]');
}

/** Client coordinates of a world point of the canvas. */
async function screenOf(page, x, y) {
  return page.evaluate(([wx, wy]) => {
    const svg = document.querySelector('[data-testid="circle-svg"]');
    const p = svg.createSVGPoint();
    p.x = wx;
    p.y = -wy;
    const s = p.matrixTransform(svg.getScreenCTM());
    return { x: s.x, y: s.y };
  }, [x, y]);
}

const close = (a, b, rel = 1e-9) => Math.abs(a - b) <= rel * Math.max(1, Math.abs(b));

test('known point sets: both methods give the known circles, exact to 1e-9, and draw them', async () => {
  const page = await app.newPage('?lang=en#circle');
  await ready(page);
  for (const set of DATA.sets) {
    await paste(page, set.points.map(([x, y]) => `${x} ${y}`).join('\n'));
    await page.waitForFunction((n) => {
      const v = document.querySelector('[data-testid="circle-view"]');
      return v.dataset.ready === 'true' && v.dataset.count === String(n);
    }, set.points.length);
    const got = await results(page);
    for (const m of METHODS) {
      const r = got[m];
      assert.ok(r, `${set.name}: ${m} result shown`);
      assert.ok(close(r.radius, set.radius), `${set.name} ${m}: radius ${r.radius} vs ${set.radius}`);
      assert.ok(close(r.center[0], set.center[0]) && close(r.center[1], set.center[1]), `${set.name} ${m}: centre ${r.center} vs ${set.center}`);
      assert.deepEqual(r.on, set.points_on_circle, `${set.name} ${m}: points on the circle`);
      const drawn = await drawnCircle(page, m);
      assert.deepEqual(drawn, { cx: r.center[0], cy: r.center[1], r: r.radius }, `${set.name} ${m}: the drawn circle`);
      const marked = await page.$$eval('[data-testid="point"]', (els, meth) => els.filter((e) => (e.dataset.on ?? '').split(' ').includes(meth)).map((e) => Number(e.dataset.index)), m);
      assert.deepEqual(marked, set.points_on_circle, `${set.name} ${m}: marked points`);
    }
    const n = set.points.length;
    assert.equal(got.seed.ops, n <= 2 ? 1 : (n * (n - 1) * (n - 2)) / 6, `${set.name}: the seed method builds C(n, 3) circles`);
  }
  // a file in the same format, opened through the file input
  await page.setInputFiles('[data-testid="paste-file"]', { name: 'triangle.txt', mimeType: 'text/plain', buffer: Buffer.from('# right triangle\n0 0\n4 0\n0 3\n') });
  await page.waitForFunction(() => document.querySelector('[data-testid="circle-view"]').dataset.count === '3');
  await ready(page);
  const fromFile = await results(page);
  assert.deepEqual([fromFile.welzl.center, fromFile.welzl.radius], [[2, 1.5], 2.5]);
  assert.deepEqual(app.errorsOf(page), []);
});

test('bad lists are explained with their line, in both languages; the points shown stay', async () => {
  for (const [lang, wants] of [
    ['en', ['Line 2: “abc” is not a number.', 'The list has no points.', 'Line 1: “nan” is not a finite number.', 'Line 3: expected two numbers “x y”, found 3.']],
    ['zh', ['第 2 行：“abc”不是数。', '列表中没有点。', '第 1 行：“nan”不是有限数。', '第 3 行：应为两个数“x y”，实际有 3 个。']],
  ]) {
    const page = await app.newPage(`?lang=${lang}#circle?p=0,0;4,0;0,3`);
    await ready(page);
    const cases = [['1 2\n3 abc', 'points.not_a_number'], ['# nothing\n\n', 'points.none'], ['nan 1', 'points.not_finite'], ['1 1\n2 2\n3 3 3', 'points.wrong_count']];
    for (const [i, [text, code]] of cases.entries()) {
      await paste(page, text);
      await page.waitForFunction((c) => document.querySelector('[data-testid="error"]').dataset.code === c, code);
      assert.equal(await page.textContent('[data-testid="error"]'), wants[i]);
      assert.deepEqual(await points(page), [[0, 0], [4, 0], [0, 3]]);
    }
    await paste(page, '1 1\n3 1');
    await page.waitForSelector('[data-testid="error"][hidden]', { state: 'attached' });
    assert.deepEqual(app.errorsOf(page), []);
  }
});

test('both methods agree on 10^4 random sets in the page\'s wasm (radius to 1e-9 relative)', async () => {
  const page = await app.newPage('#circle');
  await ready(page);
  const report = await page.evaluate(() => {
    const { circleEnclose } = window.duiyi.wasm;
    let s = 20261202; // mulberry32
    const rand = () => {
      s = (s + 0x6d2b79f5) | 0;
      let t = Math.imul(s ^ (s >>> 15), 1 | s);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    let worst = 0;
    let grid = 0;
    for (let k = 0; k < 10000; k++) {
      const n = 1 + Math.floor(rand() * 12);
      const onGrid = k % 2 === 0; // small integer grid: repeated, collinear, cocircular points
      if (onGrid) grid++;
      const coords = new Float64Array(2 * n).map(() => (onGrid ? Math.floor(rand() * 5) : rand() * 200 - 100));
      const a = circleEnclose('seed', coords, 0);
      const b = circleEnclose('welzl', coords, k);
      const rel = Math.abs(a.radius - b.radius) / Math.max(a.radius, 1e-300);
      if (a.radius === 0 && b.radius === 0) continue;
      worst = Math.max(worst, rel);
      for (let i = 0; i < n; i++) {
        for (const c of [a, b]) {
          if (Math.hypot(coords[2 * i] - c.center[0], coords[2 * i + 1] - c.center[1]) > c.radius * (1 + 1e-9) + 1e-12) return { uncovered: [k, i] };
        }
      }
    }
    return { worst, grid };
  });
  assert.equal(report.uncovered, undefined, 'every point is inside both circles');
  assert.ok(report.worst <= 1e-9, `largest relative radius difference ${report.worst}`);
  assert.equal(report.grid, 5000);
});

test('degenerate inputs and coded errors of the wasm module', async () => {
  const page = await app.newPage('#circle');
  await ready(page);
  const out = await page.evaluate(() => {
    const { circleEnclose, circleParsePoints, circleRandomPoints } = window.duiyi.wasm;
    const err = (f) => {
      try {
        f();
        return null;
      } catch (e) {
        return { code: e.code, params: e.params };
      }
    };
    return {
      one: ['seed', 'welzl'].map((m) => circleEnclose(m, new Float64Array([2.5, -1]), 0)),
      equal: ['seed', 'welzl'].map((m) => circleEnclose(m, new Float64Array([3, 3, 3, 3, 3, 3]), 0)),
      empty: err(() => circleEnclose('welzl', new Float64Array([]), 0)),
      nan: err(() => circleEnclose('seed', new Float64Array([0, 0, 1, NaN]), 0)),
      odd: err(() => circleEnclose('seed', new Float64Array([0, 0, 1]), 0)),
      method: err(() => circleEnclose('fast', new Float64Array([0, 0]), 0)),
      seed: err(() => circleEnclose('welzl', new Float64Array([0, 0]), 1.5)),
      parse: err(() => circleParsePoints('1 2\n\n3 x')),
      count: err(() => circleRandomPoints(0, 1)),
      random: Array.from(circleRandomPoints(3, 7)),
    };
  });
  for (const r of out.one) assert.deepEqual(r, { center: [2.5, -1], radius: 0, points_on_circle: [0], operations: r.operations });
  for (const r of out.equal) assert.deepEqual([r.center, r.radius, r.points_on_circle], [[3, 3], 0, [0, 1, 2]]);
  assert.deepEqual(out.empty, { code: 'circle.no_points', params: {} });
  assert.deepEqual(out.nan, { code: 'circle.not_finite', params: { index: 1, axis: 'y' } });
  assert.deepEqual(out.odd, { code: 'circle.odd_coordinates', params: { length: 3 } });
  assert.deepEqual(out.method, { code: 'circle.unknown_method', params: { name: 'fast' } });
  assert.equal(out.seed.code, 'circle.bad_seed');
  assert.deepEqual(out.parse, { code: 'points.not_a_number', params: { line: 3, text: 'x' } });
  assert.equal(out.count.code, 'circle.bad_count');
  assert.equal(out.random.length, 6);
  assert.ok(out.random.every((v) => v >= 0 && v < 100 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9));
});

test('click to add, drag, right-click to delete; the lesson link reproduces the view', async () => {
  const page = await app.newPage('?lang=en#circle?p=&m=seed,welzl');
  await ready(page);
  assert.deepEqual(await points(page), []);
  for (const [x, y] of [[10, 10], [90, 20], [50, 80], [40, 40]]) {
    const s = await screenOf(page, x, y);
    await page.mouse.click(s.x, s.y);
  }
  await page.waitForFunction(() => document.querySelector('[data-testid="circle-view"]').dataset.count === '4');
  await ready(page);
  const placed = await points(page);
  for (const [i, [x, y]] of [[10, 10], [90, 20], [50, 80], [40, 40]].entries()) {
    assert.ok(Math.abs(placed[i][0] - x) < 0.3 && Math.abs(placed[i][1] - y) < 0.3, `point ${i}: ${placed[i]}`);
  }
  // drag point 3 far out: the circle grows to hold it
  const before = (await results(page)).welzl.radius;
  const from = await screenOf(page, ...placed[3]);
  const to = await screenOf(page, 5, 95);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await page.waitForFunction(() => {
    const p = document.querySelector('[data-testid="point"][data-index="3"]');
    return Number(p.dataset.x) < 10 && document.querySelector('[data-testid="circle-view"]').dataset.ready === 'true';
  });
  const dragged = await results(page);
  assert.ok(dragged.welzl.radius > before, `${dragged.welzl.radius} > ${before}`);
  assert.ok(dragged.welzl.on.includes(3), 'the dragged point is on the circle');
  // right-click deletes point 1
  const p1 = await screenOf(page, ...placed[1]);
  await page.mouse.click(p1.x, p1.y, { button: 'right' });
  await page.waitForFunction(() => document.querySelector('[data-testid="circle-view"]').dataset.count === '3');
  await ready(page);
  const shown = { points: await points(page), results: await results(page) };
  const url = await page.inputValue('[data-testid="lesson-link"]');
  assert.match(url, /#circle\?p=[-\d.,;]+&m=seed,welzl$/);
  // a fresh tab on the teacher's link: the same points, the same circles
  const copy = await app.newPage(url.slice(url.indexOf('?')));
  await ready(copy);
  assert.deepEqual({ points: await points(copy), results: await results(copy) }, shown);
  // random points travel as n and seed, and the method choice with them
  const random = await app.newPage('?lang=en#circle?n=40&s=7&m=welzl');
  await ready(random);
  assert.equal(await random.isChecked('[data-testid="method-seed"]'), false);
  assert.equal(await drawnCircle(random, 'seed'), null);
  const again = await app.newPage('?lang=en#circle?n=40&s=7&m=welzl');
  await ready(again);
  assert.deepEqual(await points(again), await points(random));
  assert.equal((await points(random)).length, 40);
  assert.deepEqual(await results(again), await results(random));
  assert.deepEqual(app.errorsOf(page), []);
});

test('predict, then reveal: the circles stay hidden until the guess is scored', async () => {
  const page = await app.newPage('?lang=en#circle?p=0,0;60,0;30,40&m=seed,welzl&predict=1');
  await ready(page);
  assert.equal(await page.isChecked('[data-testid="predict-toggle"]'), true);
  assert.equal(await drawnCircle(page, 'welzl'), null, 'no circle before the reveal');
  assert.equal(await page.textContent('[data-testid="result-welzl-radius"]'), '?');
  await page.click('[data-testid="tool-guess"]');
  // press at (30, 10), drag out to radius 30: true circle centre (30, 8.75), radius 31.25
  const c = await screenOf(page, 30, 10);
  const edge = await screenOf(page, 60, 10);
  await page.mouse.move(c.x, c.y);
  await page.mouse.down();
  await page.mouse.move(edge.x, edge.y, { steps: 5 });
  await page.mouse.up();
  const g = await page.$eval('[data-testid="guess"]', (e) => ({ cx: Number(e.dataset.cx), cy: Number(e.dataset.cy), r: Number(e.dataset.r) }));
  assert.ok(Math.abs(g.cx - 30) < 0.5 && Math.abs(g.cy - 10) < 0.5 && Math.abs(g.r - 30) < 0.6, JSON.stringify(g));
  await page.click('[data-testid="predict-reveal"]');
  await page.waitForSelector('[data-testid="guess-score"]:not([hidden])');
  const circle = await drawnCircle(page, 'welzl');
  assert.ok(close(circle.r, 31.25) && close(circle.cx, 30) && close(circle.cy, 8.75));
  const score = await page.$eval('[data-testid="guess-score"]', (e) => ({ ...e.dataset }));
  const distance = Math.hypot(g.cx - 30, g.cy - 8.75) / 31.25;
  const ratio = g.r / 31.25;
  assert.ok(Math.abs(Number(score.distance) - distance) < 1e-12);
  assert.ok(Math.abs(Number(score.ratio) - ratio) < 1e-12);
  assert.equal(Number(score.score), Math.round(100 * (1 - distance) * (1 - Math.abs(Math.log(ratio)))));
  assert.ok(Number(score.score) > 85, score.score);
  await screenshot(page, 'circle-predict-en');
  await page.click('[data-testid="predict-again"]');
  assert.equal(await drawnCircle(page, 'welzl'), null, 'hidden again for a new guess');
  assert.deepEqual(app.errorsOf(page), []);
});

test('the sweep runs in the worker: C(n, 3) seed operations up to n = 1000, Welzl to 10^4, the page stays free', async () => {
  const page = await app.newPage('?lang=zh#circle');
  await ready(page);
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
  });
  await page.selectOption('[data-testid="sweep-seed-max"]', '1000');
  await page.click('[data-testid="sweep-run"]');
  await page.waitForSelector('[data-testid="sweep-status"][data-state="done"]', { timeout: 240000 });
  const cells = await page.$$eval('[data-testid^="sweep-"][data-ops]', (els) => Object.fromEntries(els.map((e) => [e.dataset.testid, Number(e.dataset.ops)])));
  for (const n of [10, 20, 50, 100, 200, 500, 1000]) assert.equal(cells[`sweep-seed-${n}`], (n * (n - 1) * (n - 2)) / 6);
  assert.equal(cells['sweep-seed-2000'], undefined);
  for (const n of [10, 100, 1000, 10000]) assert.ok(cells[`sweep-welzl-${n}`] >= n, `welzl ${n}: ${cells[`sweep-welzl-${n}`]}`);
  // expected O(n): the operations per point stay bounded from 10^3 to 10^4
  assert.ok(cells['sweep-welzl-10000'] / 10000 < 3 * (cells['sweep-welzl-1000'] / 1000));
  // The page's share of a sweep is one table and two chart redraws every 250 ms at most; all computing is in
  // the worker, where the seed method's run at n = 1000 alone takes about 3 s of CPU. Quiet runs show no task
  // over 50 ms on the main thread; the bound asserted is 1 s, which a loaded shared machine cannot stretch the
  // page's own tasks to, but which the cubic computation would exceed had it run on the main thread.
  const longTasks = await page.evaluate(() => window.__longTasks);
  assert.ok(longTasks.every((d) => d < FREEZE_MS), `main-thread tasks: ${longTasks}`);
  await screenshot(page, 'circle-sweep-zh');
  assert.deepEqual(app.errorsOf(page), []);
});

test('combat: guess the crit share a sheet really yields, then reveal', async () => {
  const page = await app.newPage('?lang=en#combat?hit=0.9&crit=0.25&dodge=0.2&parry=0.15&block=0.3&predict=1');
  await page.waitForSelector('[data-testid="combat-view"][data-ready="true"]', { timeout: READY_MS });
  assert.equal(await page.getAttribute('[data-testid="guess-panel"]', 'data-state'), 'predicting');
  for (const id of ['dist-table', 'round-table-strip', 'mc-run', 'prd-p']) {
    assert.equal(await page.isVisible(`[data-testid="${id}"]`), false, `${id} is hidden while predicting`);
  }
  // the seed article's waterfall: crit 10.71% of all swings (tests/data/combat.json)
  const expected = readData('combat.json').seed_example;
  await page.selectOption('[data-testid="guess-model"]', 'waterfall');
  await page.fill('[data-testid="guess-input"]', '25');
  await page.click('[data-testid="guess-reveal"]');
  await page.waitForSelector('[data-testid="guess-result"]:not([hidden])');
  let r = await page.$eval('[data-testid="guess-result"]', (e) => ({ ...e.dataset }));
  assert.ok(Math.abs(Number(r.truth) * 100 - expected.waterfall.crit) < 1e-9, r.truth);
  assert.ok(Math.abs(Number(r.error) - (25 - expected.waterfall.crit)) < 1e-9);
  assert.equal(Number(r.score), 0, 'the sheet value is 14.29 points off');
  assert.equal(await page.isVisible('[data-testid="dist-table"]'), true, 'revealed');
  await page.click('[data-testid="guess-again"]');
  assert.equal(await page.isVisible('[data-testid="dist-table"]'), false);
  await page.selectOption('[data-testid="guess-model"]', 'round-table');
  await page.fill('[data-testid="guess-input"]', '24');
  await page.click('[data-testid="guess-reveal"]');
  r = await page.$eval('[data-testid="guess-result"]', (e) => ({ ...e.dataset }));
  assert.ok(Math.abs(Number(r.truth) * 100 - expected.round_table.crit) < 1e-9);
  assert.equal(Number(r.score), 90);
  await page.click('[data-testid="guess-again"]');
  await page.selectOption('[data-testid="guess-model"]', 'prd');
  await page.fill('[data-testid="guess-input"]', '25');
  await page.click('[data-testid="guess-reveal"]');
  r = await page.$eval('[data-testid="guess-result"]', (e) => ({ ...e.dataset }));
  assert.ok(Math.abs(Number(r.truth) - 0.25) < 1e-6, `PRD realises its nominal rate: ${r.truth}`);
  await screenshot(page, 'combat-guess-en');
  // the toggle is part of the link; switching it off shows everything
  assert.match(page.url(), /predict=1/);
  await page.uncheck('[data-testid="guess-toggle"]');
  assert.doesNotMatch(page.url(), /predict=1/);
  assert.equal(await page.isVisible('[data-testid="dist-table"]'), true);
  assert.deepEqual(app.errorsOf(page), []);
});

test('above 300 points the page skips the cubic method on an edit and says so; Welzl still answers', async () => {
  const page = await app.newPage('?lang=en#circle?n=400&s=3&m=seed,welzl');
  await ready(page);
  assert.equal(await page.textContent('[data-testid="result-seed-skipped"]'), 'skipped: 400 points > 300 (O(n³))');
  assert.equal(await drawnCircle(page, 'seed'), null);
  const w = (await results(page)).welzl;
  assert.ok(w.radius > 0 && w.on.length >= 2);
  // every point inside Welzl's circle
  const pts = await points(page);
  assert.equal(pts.length, 400);
  assert.ok(pts.every(([x, y]) => Math.hypot(x - w.center[0], y - w.center[1]) <= w.radius * (1 + 1e-9)));
  assert.deepEqual(app.errorsOf(page), []);
});
