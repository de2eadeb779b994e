// WXF notation, PGN, claimable draws, levels and draw offers across the wasm boundary (the API the page uses),
// on the real game of tests/data/xiangqi_games.json. Runs in Node on the built www/pkg.
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

test('WXF round-trips on every move of a real game; parseMove reads ICCS, 中文 and WXF', async () => {
  const { XiangqiGame } = await wasm();
  const g = readData('xiangqi_games.json').games[0];
  const game = new XiangqiGame(g.fen);
  const wxf = [];
  for (const m of g.moves) {
    const w = game.wxf(m);
    wxf.push(w);
    assert.equal(game.parseWxf(w), m, w);
    assert.equal(game.parseMove(w), m, w);
    assert.equal(game.parseMove(game.chinese(m)), m);
    game.play(m);
  }
  assert.equal(game.fen(), g.final_fen);
  assert.deepEqual(wxf.slice(0, 6), ['C8.5', 'H2+3', 'H8+7', 'R1.2', 'R9.8', 'H8+7']);
  const start = new XiangqiGame();
  assert.equal(start.parseMove('H2-E2'), 'h2e2');
  assert.equal(start.parseMove('C2=5'), 'h2e2');
  for (const [text, code, notation] of [['C5.4', 'notation.no_such_piece', 'wxf'], ['C2*5', 'notation.bad_direction', 'wxf'],
    ['炮五平四', 'notation.no_such_piece', 'chinese'], ['e5e6', 'notation.illegal', 'iccs'], ['C2.55', 'notation.length', 'wxf']]) {
    assert.throws(() => start.parseMove(text), (e) => {
      assert.equal(e.code, code, `${text}: ${e.message}`);
      assert.equal(e.params.notation, notation);
      return true;
    });
  }
  assert.throws(() => start.parseMove('e5e6'), (e) => e.params.cause.code === 'move.no_piece');
});

test('pgnWrite then pgnParse reproduces the game in every format; errors carry line and column', async () => {
  const { pgnWrite, pgnParse } = await wasm();
  const g = readData('xiangqi_games.json').games[0];
  for (const format of ['iccs', 'wxf', 'chinese']) {
    const text = pgnWrite({ tags: { Event: g.event, Date: g.date, Red: g.red, Black: g.black }, fen: '', moves: g.moves,
      result: '1/2-1/2', reason: 'draw by agreement', format });
    assert.match(text, /^\[Game "Chinese Chess"\]\n\[Event "1982年全国赛"\]/);
    const back = pgnParse(text);
    assert.deepEqual(back.moves, g.moves, format);
    assert.equal(back.result, '1/2-1/2');
    assert.equal(back.reason, 'draw by agreement');
    assert.equal(back.tags.Red, '柳大华');
  }
  const sample = readFileSync(path.join(REPO_ROOT, 'tests/data/pgn/xqbase-style-iccs.pgn'), 'utf8');
  assert.deepEqual(pgnParse(sample).moves, g.moves.slice(0, 14));
  assert.throws(() => pgnParse('[Game "Chinese Chess"]\n\n1. h2e2 h9g7 2. h0g2 e5e6'), (e) => {
    assert.equal(e.code, 'pgn.bad_move');
    assert.deepEqual([e.params.line, e.params.column, e.params.ply], [3, 22, 4]);
    return true;
  });
  assert.throws(() => pgnWrite({ moves: ['e5e6'], result: '*' }), (e) => e.code === 'pgn.bad_move' && e.params.ply === 1);
  assert.throws(() => pgnWrite({ moves: [], result: '2-0' }), (e) => e.code === 'pgn.bad_result');
  assert.throws(() => pgnWrite({ moves: [], format: 'sgf' }), (e) => e.code === 'pgn.bad_format');
});

test('claimable draws and mating material', async () => {
  const { XiangqiGame } = await wasm();
  const g = new XiangqiGame();
  for (const m of ['h0g2', 'h9g7', 'g2h0']) { g.play(m); assert.equal(g.claimableDraw(), null); }
  g.play('g7h9');
  assert.deepEqual(g.claimableDraw(), { reason: 'repetition' });
  const bare = new XiangqiGame('3k5/4a4/5a3/9/9/9/9/4B4/4A4/3AK4 w - - 0 1');
  assert.deepEqual(bare.claimableDraw(), { reason: 'material' });
  assert.equal(bare.hasMatingMaterial('red'), false);
  assert.equal(new XiangqiGame().hasMatingMaterial('black'), true);
  assert.throws(() => bare.hasMatingMaterial('blue'), (e) => e.code === 'side.unknown');
  const sixty = new XiangqiGame('3k5/9/9/9/9/9/9/9/R8/4K4 w - - 119 60');
  sixty.play('a1a2');
  assert.deepEqual(sixty.claimableDraw(), { reason: 'sixty-move' });
});

test('levels() and the Level option; a draw offer is answered on the done step', async () => {
  const { Engine, levels } = await wasm();
  const table = levels();
  assert.equal(table.length, 8);
  assert.deepEqual(Object.keys(table[0]).sort(), ['chance', 'depth', 'description', 'level', 'marginCp', 'nodes']);
  assert.ok(table[0].description.en && table[0].description.zh);
  const e = new Engine();
  e.setOption('Level', '3');
  e.setPosition('xiangqi', 'startpos', []);
  e.go({ depth: 20 });
  let out;
  do { out = e.step(50); } while (!out.done);
  assert.ok(out.infos.at(-1).depth <= 3, JSON.stringify(out.infos.at(-1)));
  assert.equal(out.draw, undefined);
  assert.throws(() => e.setOption('Level', '9'), (err) => err.code === 'engine.option_value');
  e.setOption('Level', '0');
  e.setPosition('xiangqi', '3k5/9/9/9/9/9/9/9/R8/4K4 b - - 0 1', []);
  e.go({ depth: 3, draw: true });
  do { out = e.step(50); } while (!out.done);
  assert.equal(out.draw, true, 'a rook down accepts');
  e.setPosition('xiangqi', '3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1', []);
  e.go({ depth: 3, draw: true });
  do { out = e.step(50); } while (!out.done);
  assert.equal(out.draw, false, 'a rook up declines');
});
