// Issue 32 in wasm, under Node on the built www/pkg: pgnParseGames (a bad game listed with its place, the others
// read), pgnParse/pgnWrite (the reason from [Termination] only, tags verbatim), sgfParseGames/sgfWriteGame (a
// record written and read again deep-equals itself), and coded errors instead of panics on bad arguments.
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

test('PGN: games of a file, the reason only from [Termination], tags verbatim', async () => {
  const w = await wasm();
  const text = '[Event "one"]\n[棋谱名称 "第一局"]\n1. h2e2 h9g7 {Red lost on time} 0-1\n\n[Event "two"]\n1. h2e2 e5e6 *\n1. b2e2 *\n';
  const games = w.pgnParseGames(text);
  assert.deepEqual(games.map((g) => [g.ok, g.index, g.line]), [[true, 0, 1], [false, 1, 5], [true, 2, 7]]);
  assert.equal(games[1].error.code, 'pgn.bad_move');
  assert.equal(games[1].error.params.line, 6);
  const g = games[0].game;
  assert.equal(g.reason, null);
  assert.equal(g.result, '0-1');
  assert.equal(g.annotations[1].comment, 'Red lost on time');
  assert.deepEqual(Object.keys(g.tags), ['Event', '棋谱名称']);
  const out = w.pgnWrite({ ...g, format: 'iccs' });
  assert.ok(!out.includes('Termination'), out);
  assert.ok(out.includes('[棋谱名称 "第一局"]'), out);
  const back = w.pgnParse(out);
  assert.deepEqual(back.annotations, g.annotations);
  assert.equal(w.pgnWrite({ ...back, format: 'iccs' }), out, 'byte-identical rewrite');
  const withReason = w.pgnParse(w.pgnWrite({ ...g, reason: 'Red resigned', format: 'wxf' }));
  assert.equal(withReason.reason, 'Red resigned');
  assert.throws(() => w.pgnWrite({ tags: { 'two words': 'x' } }), (e) => e.code === 'pgn.bad_tag');
  assert.deepEqual(w.pgnParseGames(''), []);
});

test('SGF: a collection, records that round-trip, coded errors', async () => {
  const w = await wasm();
  const ms1 = readFileSync(path.join(REPO_ROOT, 'tests/data/hex-sgf/benzene-olympiad09-ms1.sgf'), 'utf8');
  const var2 = readFileSync(path.join(REPO_ROOT, 'tests/data/hex-sgf/benzene-olympiad08-mohex-six-2.sgf'), 'utf8');
  const list = w.sgfParseGames(`${ms1}(;GM[11]SZ[5];B[c3];W[c3])${var2}`);
  assert.deepEqual(list.map((g) => [g.ok, g.index]), [[true, 0], [false, 1], [true, 2]]);
  assert.equal(list[1].error.code, 'hex.sgf');
  assert.equal(typeof list[1].offset, 'number');
  const r = list[0].game;
  assert.equal(r.size, '11');
  assert.deepEqual(Object.keys(r.props), ['PB', 'PW', 'DT', 'GN', 'US', 'GC']);
  assert.equal(r.result, 'B+');
  assert.equal(r.moves.at(-1), 'resign');
  for (const rec of [r, list[2].game]) {
    const text = w.sgfWriteGame(rec);
    const again = w.sgfParseGames(text);
    assert.equal(again.length, 1);
    assert.deepEqual(again[0].game, rec);
    assert.equal(w.sgfWriteGame(again[0].game), text);
  }
  assert.ok(list[2].game.annotations.some((a) => a && a.variations), 'the variation is kept');
  assert.throws(() => w.sgfWriteGame({ size: '40' }), (e) => e.code === 'sgf.bad_input');
  assert.throws(() => w.sgfWriteGame({ size: '5', moves: ['c3', 'c3'] }), (e) => e.code === 'hex.sgf');
  assert.throws(() => w.sgfWriteGame(7), (e) => e.code === 'sgf.bad_input');
  // HexGame.fromSgf still reads the first game's main line.
  assert.equal(w.HexGame.fromSgf(var2).moves().length, 41);
});
