// PGN annotations across the wasm boundary: pgnWrite with `annotations` (NAGs, comments, [%eval], nested
// variations) and pgnParse giving them back, in every notation; old callers (no annotations) unchanged.
// Runs in Node on the built www/pkg.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './harness.mjs';

async function wasm() {
  const mod = await import(path.join(REPO_ROOT, 'www/pkg/duiyi.js'));
  await mod.default({ module_or_path: readFileSync(path.join(REPO_ROOT, 'www/pkg/duiyi_bg.wasm')) });
  return mod;
}

const game = {
  tags: { Event: 'annotated', Red: '红方' },
  fen: '',
  moves: ['b2e2', 'b9c7', 'b0c2', 'a9b9', 'a0b0', 'h9g7'],
  result: '*',
  comment: 'Before the first move.',
  annotations: [
    { eval: { cp: 35, depth: 12 } },
    {
      nags: [6],
      comment: 'a rare reply',
      variations: [
        {
          moves: ['h9g7', 'h0g2'],
          annotations: [null, { nags: [1], eval: { cp: -20 }, variations: [{ moves: ['b0c2', 'b9c7'], annotations: [{ comment: 'deep' }, null] }] }],
        },
      ],
    },
    null,
    { nags: [2, 4], comment: 'two NAGs' },
    undefined,
    { eval: { mate: -3, depth: 30 } },
  ],
};

test('pgnWrite writes annotations and variations; pgnParse reads them back in every notation', async () => {
  const { pgnWrite, pgnParse } = await wasm();
  for (const format of ['iccs', 'wxf', 'chinese']) {
    const text = pgnWrite({ ...game, format });
    const back = pgnParse(text);
    assert.deepEqual(back.moves, game.moves, format);
    assert.equal(back.annotations.length, game.moves.length);
    assert.equal(back.comment, 'Before the first move.');
    assert.deepEqual(back.annotations[0], { eval: { cp: 35, depth: 12 } });
    assert.equal(back.annotations[1].comment, 'a rare reply');
    assert.deepEqual(back.annotations[1].nags, [6]);
    const v = back.annotations[1].variations[0];
    assert.deepEqual(v.moves, ['h9g7', 'h0g2']);
    assert.equal(v.annotations[0], null);
    assert.deepEqual(v.annotations[1].nags, [1]);
    assert.deepEqual(v.annotations[1].eval, { cp: -20 });
    assert.deepEqual(v.annotations[1].variations[0], { moves: ['b0c2', 'b9c7'], annotations: [{ comment: 'deep' }, null] });
    assert.equal(back.annotations[2], null);
    assert.deepEqual(back.annotations[3], { nags: [2, 4], comment: 'two NAGs' });
    assert.equal(back.annotations[4], null);
    assert.deepEqual(back.annotations[5], { eval: { mate: -3, depth: 30 } });
  }
  const iccs = pgnWrite({ ...game, format: 'iccs' }).replace(/\n/g, ' ');
  assert.match(iccs, /1\. B2-E2 \{\[%eval 0\.35,12\]\} 1\. \.\.\. B9-C7 \$6 \{a rare reply\} \(1\. \.\.\. H9-G7 2\. H0-G2 \$1 \{\[%eval -0\.20\]\}/);
  assert.match(iccs, /H9-G7 \{\[%eval #-3,30\]\} \*/);
});

test('pgnParse reads suffix NAGs and lichess evals; a plain game has null annotations; errors are located', async () => {
  const { pgnWrite, pgnParse } = await wasm();
  const g = pgnParse('1. h2e2?! h9g7 2. h0g2!? {[%eval 0.5,20] fine} *');
  assert.deepEqual(g.annotations, [{ nags: [6] }, null, { nags: [5], comment: 'fine', eval: { cp: 50, depth: 20 } }]);
  assert.equal(g.comment, null);
  const plain = pgnParse(pgnWrite({ moves: ['h2e2', 'h9g7'], result: '*' }));
  assert.deepEqual(plain.annotations, [null, null]);
  assert.throws(() => pgnParse('1. h2e2 h9g7 (1... e5e6) *'), (e) => {
    assert.equal(e.code, 'pgn.bad_move');
    assert.deepEqual([e.params.line, e.params.column, e.params.ply], [1, 20, 2]);
    return true;
  });
  assert.throws(() => pgnWrite({ moves: ['h2e2'], annotations: [{ variations: [{ moves: ['e5e6'] }] }] }),
    (e) => e.code === 'pgn.bad_move' && e.params.ply === 1);
  assert.throws(() => pgnWrite({ moves: ['h2e2'], annotations: [{ nags: ['x'] }] }), (e) => e.code === 'pgn.bad_input');
});
