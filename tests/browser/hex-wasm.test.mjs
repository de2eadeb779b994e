// The wasm Hex API in Node (no browser): HexGame rules and typed errors, SGF round trip, and the maps object
// (typed arrays, 65535 = infinity, NaN tension on occupied cells) reproducing the seed's and Benzene's numbers
// from tests/data/hex.json. Runs on the built www/pkg (npm run build).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataPath = path.join(root, 'tests/data/hex.json');
const data = JSON.parse(readFileSync(dataPath, 'utf8'));

async function wasm() {
  const mod = await import(path.join(root, 'www/pkg/duiyi.js'));
  await mod.default({ module_or_path: readFileSync(path.join(root, 'www/pkg/duiyi_bg.wasm')) });
  return mod;
}

const cellIndex = (cell, width) => (Number(cell.slice(1)) - 1) * width + (cell.charCodeAt(0) - 97);

/** Benzene's rows (-1 infinite, null occupied) as the flat Uint16Array encoding (65535 for both). */
const flat = (rows) => rows.flat().map((v) => (v === null || v === -1 ? 65535 : v));

test('the seed figure and Benzene numbers through HexGame.maps', async () => {
  const { HexGame, hexInfinity } = await wasm();
  assert.equal(hexInfinity(), 65535);
  const game = new HexGame(5, 5, false);
  const m = game.maps();
  assert.ok(m.twoDistance.north instanceof Uint16Array, `${dataPath}: typed arrays`);
  const facts = data.seed_two_distance_facts;
  for (const [cell, want] of Object.entries(facts.two_distance)) {
    assert.equal(m.twoDistance.north[cellIndex(cell, 5)], want, `two-distance of ${cell}`);
  }
  const bz = data.benzene_eval_twod;
  assert.deepEqual([...game.maps('benzene').potential.black], flat(bz.empty_5x5_black));
  game.play('C3');
  const after = game.maps('benzene');
  assert.deepEqual([...after.potential.black], flat(bz.after_b_c3_5x5.black));
  assert.deepEqual([...after.potential.white], flat(bz.after_b_c3_5x5.white));
  assert.equal(after.toMove, 'white');
  assert.deepEqual(after.boardPotential, { black: 5, white: 7 });
  assert.ok(Number.isNaN(after.tension[cellIndex('c3', 5)]), 'occupied: NaN tension');
  assert.equal(after.stones[cellIndex('c3', 5)], 1);
  assert.equal(after.eval, -(100 * 2 + 6 - 8));
  game.free();
});

test('whatIf equals the maps after the move, and leaves the game unchanged', async () => {
  const { HexGame } = await wasm();
  const game = new HexGame(6, 6, false);
  game.play('c3');
  const w = game.whatIf('d4');
  assert.equal(game.moves().length, 1);
  game.play('d4');
  const m = game.maps();
  assert.deepEqual([...w.potential.black], [...m.potential.black]);
  assert.deepEqual([...w.badness], [...m.badness]);
  assert.equal(w.eval, m.eval);
  assert.equal(w.hasTension, false);
  const quick = game.maps('queenbee', false);
  assert.equal(quick.hasTension, false);
  assert.ok(quick.tension.every(Number.isNaN));
  assert.deepEqual([...quick.potential.white], [...m.potential.white]);
  assert.ok(m.hasTension && !Number.isNaN(m.tension[cellIndex('a1', 6)]));
  assert.throws(() => game.whatIf('d4'), (e) => e.code === 'hex.occupied' && /d4 is occupied/.test(e.message));
  assert.throws(() => game.maps('resistance'), (e) => e.code === 'hex.convention');
  game.free();
});

test('rules, typed errors, winner and SGF', async () => {
  const { HexGame } = await wasm();
  assert.throws(() => new HexGame(20, 3, false), (e) => e.code === 'hex.size');
  const game = new HexGame(3, 3, true);
  game.play('b2');
  assert.ok(game.swapAvailable());
  assert.ok(game.legalMoves().includes('swap-pieces'));
  game.play('swap-pieces');
  assert.equal(game.toMove(), 'black');
  const errors = [['b2', 'hex.occupied'], ['d1', 'hex.off_board'], ['2b', 'hex.cell'], ['swap-pieces', 'hex.swap_not_allowed']];
  for (const [mv, code] of errors) {
    const before = game.toSgf();
    assert.throws(() => game.play(mv), (e) => e.code === code && e.message.length > 0, mv);
    assert.equal(game.toSgf(), before, `${mv}: unchanged`);
  }
  for (const mv of ['a2', 'a1', 'c1', 'b1', 'a3']) game.play(mv);
  assert.deepEqual(game.moves(), ['b:b2', 'w:swap-pieces', 'b:a2', 'w:a1', 'b:c1', 'w:b1', 'b:a3']);
  const sgf = game.toSgf();
  assert.match(sgf, /^\(;FF\[4\]AP\[duiyi:[^\]]+\]GM\[11\]SZ\[3\];B\[b2\];W\[swap-pieces\];B\[a2\]/);
  const back = HexGame.fromSgf(sgf);
  assert.equal(back.toSgf(), sgf);
  assert.deepEqual([...back.stones()], [...game.stones()]);
  assert.throws(() => HexGame.fromSgf('(;GM[11]SZ[3];B[c3];W[c3])'), (e) => e.code === 'hex.sgf' && /byte 22: move 2 refused: c3 is occupied/.test(e.message));
  // A finished game: a column of Black stones.
  const won = new HexGame(2, 2, false);
  won.play('a1'); won.play('b1'); won.play('a2');
  assert.equal(won.winner(), 'black');
  assert.deepEqual(won.winningChain(), ['a1', 'a2']);
  assert.deepEqual(won.legalMoves(), []);
  assert.throws(() => won.play('b2'), (e) => e.code === 'hex.game_over');
  assert.equal(won.undo(), 'a2');
  assert.equal(won.winner(), undefined);
  for (const g of [game, back, won]) g.free();
});
