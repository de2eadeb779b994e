// The analysis board's game tree (www/game-tree.js) on the built rules (www/pkg): variations never replace the
// main line, promote / delete, storage round trip, and the PGN shape of issue 22 (spec §2: annotations[i].variations).
// Runs in Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './harness.mjs';
import { GameTree, writeLine, START_FEN } from '../../www/game-tree.js';

async function wasm() {
  const mod = await import(path.join(REPO_ROOT, 'www/pkg/duiyi.js'));
  await mod.default({ module_or_path: readFileSync(path.join(REPO_ROOT, 'www/pkg/duiyi_bg.wasm')) });
  return mod;
}

const MAIN = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0'];

test('a move after going back is a variation; the main line stays', async () => {
  const { XiangqiGame } = await wasm();
  const tree = new GameTree(XiangqiGame, START_FEN, MAIN);
  assert.deepEqual(tree.mainLine().map((n) => n.move), MAIN);
  assert.equal(tree.cursor, tree.root);
  tree.goTo(tree.lineEnd(tree.root));
  tree.goTo(tree.cursor.parent.parent); // back two plies: after the first three moves
  assert.deepEqual(tree.movesTo(), MAIN.slice(0, 3));
  tree.play('b9c7'); // Black's alternative to i9h9
  assert.deepEqual(tree.mainLine().map((n) => n.move), MAIN, 'the main line is intact');
  assert.deepEqual(tree.movesTo(), [...MAIN.slice(0, 3), 'b9c7']);
  assert.equal(tree.isMain(tree.cursor), false);
  assert.equal(tree.cursor.chinese, '马２进３');
  assert.equal(tree.cursor.wxf, 'H2+3');
  // playing an existing continuation follows it
  tree.goTo(tree.cursor.parent);
  const before = tree.cursor.children.length;
  tree.play('i9h9');
  assert.equal(tree.cursor.parent.children.length, before);
  assert.throws(() => tree.play('a0a5'), (e) => typeof e.code === 'string');
  // promote and delete
  const variation = tree.cursor.parent.children[1];
  tree.goTo(variation);
  assert.equal(tree.promote(), true);
  assert.equal(tree.mainLine()[3].move, 'b9c7');
  assert.equal(tree.promote(tree.mainLine()[3]), false);
  tree.promote(tree.cursor.parent.children[1]); // back
  assert.deepEqual(tree.mainLine().map((n) => n.move), MAIN);
  assert.equal(tree.remove(variation), true);
  assert.equal(tree.hasVariations(), false);
  assert.deepEqual(tree.movesTo(), MAIN.slice(0, 3), 'the cursor left the deleted variation');
});

test('toPgn / fromPgn and toJSON / fromJSON keep the variations and notes', async () => {
  const { XiangqiGame } = await wasm();
  const tree = new GameTree(XiangqiGame, START_FEN, MAIN);
  tree.goTo(tree.root);
  tree.play('b2e2'); // alternative to h2e2 (from the start)
  tree.play('b9c7');
  tree.goTo(tree.mainLine()[1]); // after h2e2 h9g7
  tree.play('b0c2'); // alternative to h0g2
  tree.play('b9c7');
  tree.goTo(tree.cursor.parent);
  tree.play('a9a8'); // nested: alternative to b9c7 inside the variation
  tree.mainLine()[2].note = { comment: 'main', nags: [1] };
  const pgn = tree.toPgn();
  assert.deepEqual(pgn.moves, MAIN);
  assert.deepEqual(pgn.annotations[0], { variations: [{ moves: ['b2e2', 'b9c7'] }] });
  assert.equal(pgn.annotations[1], null);
  assert.deepEqual(pgn.annotations[2], {
    comment: 'main', nags: [1],
    variations: [{ moves: ['b0c2', 'b9c7'], annotations: [null, { variations: [{ moves: ['a9a8'] }] }] }],
  });
  const back = GameTree.fromPgn(XiangqiGame, { fen: '', moves: pgn.moves, annotations: pgn.annotations });
  assert.deepEqual(back.toPgn(), pgn);
  const stored = JSON.parse(JSON.stringify(tree.toJSON()));
  const again = GameTree.fromJSON(XiangqiGame, stored);
  assert.deepEqual(again.toPgn(), pgn);
  assert.deepEqual(again.movesTo(), tree.movesTo());
  assert.throws(() => GameTree.fromJSON(XiangqiGame, { v: 9 }), (e) => e.code === 'saved.format');
  assert.throws(() => GameTree.fromPgn(XiangqiGame, { moves: ['h2e2'], annotations: [{ variations: [{ moves: ['e5e6'] }] }] }),
    (e) => e.code === 'saved.move');
  // a plain game: no annotations at all (pgnWrite's output as before)
  assert.deepEqual(new GameTree(XiangqiGame, START_FEN, MAIN).toPgn(), { moves: MAIN });
  assert.deepEqual(writeLine(XiangqiGame, START_FEN, [], ['h2e2', 'h9g7'], 'chinese'), ['炮二平五', '马８进７']);
  assert.deepEqual(writeLine(XiangqiGame, START_FEN, ['h2e2'], ['h9g7'], 'wxf'), ['H8+7']);
});

test('pgnWrite writes the variations in parentheses and pgnParse reads them back ', async () => {
  const { XiangqiGame, pgnWrite, pgnParse } = await wasm();
  const tree = new GameTree(XiangqiGame, START_FEN, MAIN);
  tree.goTo(tree.mainLine()[2]);
  tree.play('b9c7');
  const { moves, annotations } = tree.toPgn();
  const text = pgnWrite({ tags: {}, fen: '', moves, annotations, result: '*', format: 'iccs' });
  assert.match(text, /I9-H9 \(2\. \.\.\. B9-C7\) 3\. I0-H0/, 'the variation in parentheses after the move it replaces');
  const parsed = pgnParse(text);
  assert.deepEqual(Array.from(parsed.moves), MAIN);
  assert.deepEqual(GameTree.fromPgn(XiangqiGame, parsed).toPgn(), { moves, annotations });
});
