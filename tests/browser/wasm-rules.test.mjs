// The wasm rules API gives the same verdicts as the Rust rules: every repetition case of
// tests/data/xiangqi_rules.json (Fairy-Stockfish's test.py cases) played through XiangqiGame (as the page does)
// ends with the listed result and a rule code the page translates. Runs in Node on the built www/pkg.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, readData } from './harness.mjs';

async function wasm() {
  const mod = await import(path.join(REPO_ROOT, 'www/pkg/duiyi.js'));
  await mod.default({ module_or_path: readFileSync(path.join(REPO_ROOT, 'www/pkg/duiyi_bg.wasm')) });
  return mod;
}

test('every repetition case of the test data gives the listed verdict through XiangqiGame', async () => {
  // Read here, not at load time: a missing file then fails this test with its path, not the whole file.
  const { cases } = readData('xiangqi_rules.json');
  const { XiangqiGame } = await wasm();
  const codes = new Set();
  for (const c of cases) {
    const game = new XiangqiGame(c.fen);
    c.moves.forEach((m, i) => {
      assert.equal(game.result(), null, `${c.case}: over before move ${i + 1}`);
      game.play(m);
    });
    const r = game.result();
    assert.ok(r, `${c.case}: no verdict`);
    assert.equal(r.result, c.result, `${c.case}: ${r.reason}`);
    assert.match(r.code, /^(perpetual_check|perpetual_chase|mutual_perpetual|repetition)$/);
    if (r.result !== 'draw') assert.equal(r.side, r.result === 'red' ? 'black' : 'red');
    codes.add(r.code);
    game.free();
  }
  assert.ok(codes.size >= 3, [...codes].join(','));
});

test('checkmate and stalemate carry their codes and the losing side', async () => {
  const { XiangqiGame } = await wasm();
  const mate = new XiangqiGame('4k4/9/9/9/9/9/9/9/4Ar3/2r1K4 w - - 0 1').result();
  assert.deepEqual([mate.result, mate.code, mate.side], ['black', 'checkmate', 'red']);
  const stale = new XiangqiGame('4k4/4a4/9/9/9/9/9/9/3r1r3/4K4 w - - 0 1').result();
  assert.deepEqual([stale.result, stale.code, stale.side], ['black', 'stalemate', 'red']);
});
