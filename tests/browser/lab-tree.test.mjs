// The lab's search tree explorer (#lab, view=tree; issue 13 item 2): the tree the page's worker records (sliced,
// exact slices) is the native one — node counts, best move, score, the first 40 nodes and a checksum of every
// listed node equal tests/data/lab-tree.json, made by `duiyi bench --tree --json` (tests/lab_tree.rs checks the
// file against the native search); its node count equals the search's; stepping with buttons, slider and keys
// follows the recorded order; clicking a node shows its board on the explorer's board; a beta cut-off greys the
// moves it left unsearched; the lesson link reproduces the view; the guess is scored.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, screenshot, readData, READY_MS } from './harness.mjs';

const DATA = readData('lab-tree.json');
const P = 1000000007;

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

function treeHash({ fen, moves = [], depth, step, node, guess }) {
  const q = new URLSearchParams();
  q.set('fen', fen);
  if (moves.length) q.set('moves', moves.join(','));
  q.set('depth', '3');
  q.set('view', 'tree');
  q.set('tdepth', String(depth));
  if (step !== undefined) q.set('tstep', String(step));
  if (node !== undefined) q.set('tnode', String(node));
  if (guess) q.set('tguess', guess);
  return `#lab?${q}`;
}

async function waitTree(page, state = 'done', timeout = READY_MS) {
  await page.waitForSelector(`[data-testid="lab-tree"][data-state="${state}"]`, { timeout });
}

/** The page's recorded tree as the flat array of the native JSON (the explorer decodes it into nodes). */
async function pageFlat(page) {
  return page.evaluate(() => {
    const t = window.duiyi.view.tree.tree;
    return t.nodes.flatMap((n) => t.summary.fields.map((f) => n[f]));
  });
}

function checksum(flat) {
  let acc = 0;
  flat.forEach((x, k) => {
    acc = (acc + (((x % P) + P) % P) * ((k % 1000) + 1)) % P;
  });
  return acc;
}

const step = (page) => page.$eval('[data-testid="lab-tree"]', (e) => Number(e.dataset.step));

test("the worker's recorded tree equals the native one, and its node count equals the search's", async () => {
  for (const c of DATA.cases) {
    const page = await app.newPage(`?lang=en${treeHash({ fen: c.fen, moves: c.moves, depth: c.depth })}`);
    await waitTree(page);
    const d = await page.$eval('[data-testid="lab-tree"]', (e) => ({ ...e.dataset }));
    assert.equal(Number(d.treeNodes), c.search_nodes, `${c.fen}: the explorer's node count`);
    assert.equal(Number(d.searchNodes), c.search_nodes, `${c.fen}: the search's node count`);
    assert.equal(Number(d.listed), c.listed);
    assert.equal(d.best, c.best);
    assert.equal(Number(d.score), c.score);
    const flat = await pageFlat(page);
    assert.deepEqual(flat.slice(0, c.first_nodes.length), c.first_nodes, 'the first nodes');
    assert.equal(checksum(flat), c.flat_checksum, 'every listed node');
    // The node counts add up in the page too: the passes' nodes sum to the search's.
    const sum = await page.evaluate(() => {
      const t = window.duiyi.view.tree.tree;
      return t.passes.reduce((a, i) => a + t.nodes[i].nodes, 0);
    });
    assert.equal(sum, c.search_nodes);
    await page.close();
  }
});

test('stepping follows the recorded order; clicking a node shows its board; cut-offs grey the unsearched moves', async () => {
  const c = DATA.cases[0];
  const page = await app.newPage(`?lang=en${treeHash({ fen: c.fen, moves: c.moves, depth: c.depth, step: 0 })}`);
  await waitTree(page);
  assert.equal(await step(page), 0);
  assert.equal(await page.$$eval('[data-testid="lab-tree-node"]', (els) => els.length), 0, 'nothing entered at step 0');
  await page.click('[data-testid="lab-tree-next"]');
  assert.equal(await step(page), 1);
  // Step 1: the first root pass (iteration 1) is entered, not yet returned.
  const first = await page.$eval('[data-testid="lab-tree-node"]', (e) => ({ ...e.dataset }));
  assert.equal(first.index, '0');
  assert.equal(first.type, 'open');
  await page.click('[data-testid="lab-tree-next"]');
  await page.focus('[data-testid="lab-tree"]');
  await page.keyboard.press('ArrowRight');
  assert.equal(await step(page), 3);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await step(page), 2);
  // The node entered at step 2 is the first root move searched in iteration 1: its board is on the explorer's board.
  const detail = await page.$eval('[data-testid="lab-tree-detail"]', (e) => ({ ...e.dataset }));
  assert.equal(detail.index, '1');
  const expected = await page.evaluate(([fen, moves, idx]) => {
    const t = window.duiyi.view.tree.tree;
    const g = new window.duiyi.wasm.XiangqiGame(fen === 'startpos' ? undefined : fen);
    for (const m of moves) g.play(m);
    g.play(t.nodes[idx].mv);
    return { fen: g.fen(), move: t.nodes[idx].mv };
  }, [c.fen, c.moves, 1]);
  assert.equal(detail.fen, expected.fen);
  // The slider jumps; End goes to the last step.
  await page.$eval('[data-testid="lab-tree-step"]', (e) => {
    e.value = '200';
    e.dispatchEvent(new Event('input', { bubbles: true }));
  });
  assert.equal(await step(page), 200);
  await page.focus('[data-testid="lab-tree"]');
  await page.keyboard.press('End');
  assert.equal(await step(page), c.listed);
  // Click a node two plies deep that cut off with a beta cut-off: the board shows its position (the move
  // highlighted), and its unsearched moves are listed, greyed.
  const target = await page.evaluate(() => {
    const t = window.duiyi.view.tree.tree;
    const n = t.nodes.find((x) => x.ply === 2 && (x.flags & 128) && x.children.length > 0 && !(x.flags & 1));
    return { index: n.index, parent: n.parent, grand: t.nodes[n.parent].parent, path: [t.nodes[n.parent].mv, n.mv], searched: n.children.map((i) => t.nodes[i].mv) };
  });
  // Open the path: click the iteration, the root move, then the reply.
  await page.click(`[data-testid="lab-tree-node"][data-index="${target.grand}"]`);
  await page.click(`[data-testid="lab-tree-node"][data-index="${target.parent}"]`);
  await page.click(`[data-testid="lab-tree-node"][data-index="${target.index}"]`);
  const sel = await page.$eval('[data-testid="lab-tree-detail"]', (e) => ({ ...e.dataset }));
  assert.equal(sel.index, String(target.index));
  const want = await page.evaluate(([fen, moves, path]) => {
    const g = new window.duiyi.wasm.XiangqiGame(fen === 'startpos' ? undefined : fen);
    for (const m of [...moves, ...path]) g.play(m);
    return { fen: g.fen(), legal: g.legalMoves() };
  }, [c.fen, c.moves, target.path]);
  assert.equal(sel.fen, want.fen, 'the clicked node\'s position');
  // The explorer's board shows exactly the node's pieces.
  const onBoard = await page.$$eval('[data-testid="lab-tree-board"] [data-square]', (els) => els
    .filter((g) => g.querySelector('[data-piece]'))
    .map((g) => `${g.dataset.square}${g.querySelector('[data-piece]').dataset.piece}`).sort());
  const inFen = await page.evaluate((fen) => new window.duiyi.wasm.XiangqiGame(fen).pieces().map((p) => `${p.square}${p.piece}`).sort(), want.fen);
  assert.deepEqual(onBoard, inFen, "the board shows the clicked node's position");
  const pruned = await page.$$eval(`[data-testid="lab-tree-pruned"][data-parent="${target.index}"]`, (els) => els.map((e) => e.dataset.move));
  const unsearched = want.legal.filter((m) => !target.searched.includes(m));
  assert.deepEqual(pruned.sort(), unsearched.sort(), 'the moves the cut-off left unsearched are greyed');
  assert.ok(pruned.length > 0);
  await screenshot(page, 'lab-tree-en');
  await page.close();
});

test('a lesson link reproduces the view, and the guess is scored', async () => {
  const c = DATA.cases[0];
  const page = await app.newPage(`?lang=en${treeHash({ fen: c.fen, moves: c.moves, depth: c.depth, step: 0 })}`);
  await waitTree(page);
  const answer = await page.evaluate(async () => {
    const m = await import('./views/lab-tree.js');
    return m.firstRefuted(window.duiyi.view.tree.tree).mv;
  });
  const options = await page.$$eval('[data-testid="lab-tree-guess"] option', (els) => els.map((e) => e.value).filter(Boolean));
  assert.ok(options.includes(answer));
  const wrong = options.find((m) => m !== answer);
  await page.selectOption('[data-testid="lab-tree-guess"]', wrong);
  assert.equal(await page.$eval('[data-testid="lab-tree-verdict"]', (e) => e.hidden), true, 'not revealed before the step');
  await page.click('[data-testid="lab-tree-reveal"]');
  const v = await page.$eval('[data-testid="lab-tree-verdict"]', (e) => ({ ...e.dataset, hidden: e.hidden }));
  assert.equal(v.hidden, false);
  assert.equal(v.verdict, 'wrong');
  assert.equal(v.answer, answer);
  await page.selectOption('[data-testid="lab-tree-guess"]', answer);
  await page.click('[data-testid="lab-tree-reveal"]');
  assert.equal(await page.$eval('[data-testid="lab-tree-verdict"]', (e) => e.dataset.verdict), 'right');
  // Go to a step and select a node: the address holds it all; a fresh page opens the same view.
  await page.$eval('[data-testid="lab-tree-step"]', (e) => {
    e.value = '57';
    e.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.click('[data-testid="lab-tree-node"][data-index="0"]'); // iteration 1, then its third root move
  await page.click('[data-testid="lab-tree-node"][data-index="3"]');
  const hash = await page.evaluate(() => location.hash);
  const q = new URLSearchParams(hash.slice(hash.indexOf('?') + 1));
  assert.equal(q.get('view'), 'tree');
  assert.equal(q.get('tstep'), '57');
  assert.equal(q.get('tnode'), '3');
  assert.equal(q.get('tguess'), answer);
  assert.equal(q.get('tdepth'), String(c.depth));
  const before = await page.$eval('[data-testid="lab-tree-detail"]', (e) => ({ ...e.dataset }));
  const rows = await page.$$eval('[data-testid="lab-tree-node"]', (els) => els.map((e) => `${e.dataset.index}:${e.dataset.type}`));
  const again = await app.newPage(`?lang=en${hash}`);
  await waitTree(again);
  assert.equal(await step(again), 57);
  assert.deepEqual(await again.$eval('[data-testid="lab-tree-detail"]', (e) => ({ ...e.dataset })), before);
  assert.deepEqual(await again.$$eval('[data-testid="lab-tree-node"]', (els) => els.map((e) => `${e.dataset.index}:${e.dataset.type}`)), rows);
  assert.equal(await again.$eval('[data-testid="lab-tree-guess"]', (e) => e.value), answer);
  await page.close();
  await again.close();
});

test('zh: the explorer in Chinese; a bad depth in the worker is a coded error', async () => {
  const c = DATA.cases[1];
  const page = await app.newPage(`?lang=zh${treeHash({ fen: c.fen, moves: c.moves, depth: c.depth, step: 40 })}`);
  await waitTree(page);
  assert.match(await page.$eval('[data-testid="lab-tree"] h2', (e) => e.textContent), /搜索树/);
  await screenshot(page, 'lab-tree-zh');
  const err = await page.evaluate(async () => {
    try {
      await window.duiyi.view.client.lab({ fen: 'startpos', moves: [] }, 9, {}, { tree: true });
      return null;
    } catch (e) {
      return e.code ?? 'none';
    }
  });
  assert.equal(err, 'tree.depth');
  await page.close();
});
