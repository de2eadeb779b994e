// XQF import on the Xiangqi page: the file input (import-pgn-file) takes .xqf files (XQStudio / XQ Wizard,
// docs/xqf.md). A generated file (tests/data/xqf, written from the format description by tests/xqf_support)
// and a real one (ElephantEye's sample) load their moves into the move list and their PGN, with comments and
// variations, into the text box; a corrupt file shows its typed error in the page's language and the game on
// the board is kept. Also xqfParse in Node on the built www/pkg.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, engineReady, waitForMoveCount, moveList, clickMove, DATA_DIR, REPO_ROOT } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});
afterEach(async () => {
  for (const p of app.context.pages()) await p.close().catch(() => {});
});

const GENERATED_MOVES = ['c3c4', 'h9g7', 'g3g4', 'b7c7', 'g0e2', 'b9a7', 'b0c2', 'a9b9'];
const xqfFile = (name) => path.join(DATA_DIR, 'xqf', name);

async function open(query) {
  const page = await app.newPage(query, { xiangqiSettings: { mode: 'human' } });
  await engineReady(page);
  return page;
}

const errorOf = (page) => page.$eval('[data-testid="error"]', (e) => ({ code: e.dataset.code ?? null, text: e.textContent, hidden: e.hidden }));

test('xqfParse reads plain and scrambled files to the pgnParse object; a bad file throws a coded error', async () => {
  const mod = await import(path.join(REPO_ROOT, 'www/pkg/duiyi.js'));
  await mod.default({ module_or_path: fs.readFileSync(path.join(REPO_ROOT, 'www/pkg/duiyi_bg.wasm')) });
  for (const name of ['generated-plain.xqf', 'generated-scrambled.xqf']) {
    const g = mod.xqfParse(new Uint8Array(fs.readFileSync(xqfFile(name))));
    assert.deepEqual(g.moves, GENERATED_MOVES, name);
    assert.equal(g.tags.Red, '柳大华');
    assert.equal(g.result, '0-1');
    assert.equal(g.comment, '1997年“中立杯”决赛第二局');
    assert.equal(g.annotations.length, 8);
    assert.equal(g.annotations[0].comment, '仙人指路 — the pawn opening');
    assert.deepEqual(g.annotations[1].variations.map((v) => v.moves), [['g6g5', 'h0g2'], ['b7e7']]);
    assert.deepEqual(g.annotations[1].variations[0].annotations[1].variations[0].moves, ['h2e2']);
    // The object writes back as PGN with its tree.
    const back = mod.pgnParse(mod.pgnWrite({ ...g, format: 'chinese' }));
    assert.deepEqual(back.annotations, g.annotations);
  }
  const bytes = new Uint8Array(fs.readFileSync(xqfFile('generated-scrambled.xqf')));
  assert.throws(() => mod.xqfParse(bytes.slice(0, 0x410)), (e) => e.code === 'xqf.truncated' && e.params.len === 0x410);
  assert.throws(() => mod.xqfParse(new Uint8Array([1, 2, 3])), (e) => e.code === 'xqf.bad_magic');
});

test('an XQF file imports on the page; a corrupt one shows the error and keeps the game', async () => {
  const page = await open('?lang=en#xiangqi');
  await page.setInputFiles('[data-testid="import-pgn-file"]', xqfFile('generated-scrambled.xqf'));
  await waitForMoveCount(page, GENERATED_MOVES.length);
  assert.deepEqual(await moveList(page), GENERATED_MOVES);
  const pgn = await page.inputValue('[data-testid="pgn-text"]');
  assert.match(pgn, /\[Red "柳大华"\]/);
  assert.match(pgn, /\{仙人指路 — the pawn opening\}/, 'comments in the PGN shown');
  assert.match(pgn.replace(/\n/g, ' '), /\(1\. \.\.\. (G6-G5|卒７进１|P3\+1)/, 'the variation in the PGN shown');
  assert.equal(await page.getAttribute('[data-testid="game-result"]', 'data-result'), 'black');

  // The real sample: a handicap start position and 75 moves.
  await page.setInputFiles('[data-testid="import-pgn-file"]', xqfFile('eleeye-sample.xqf'));
  await waitForMoveCount(page, 75);
  await page.click('[data-testid="nav-first"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="fen"]').textContent.startsWith('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w'));

  // Back to the generated game, then a move of our own: the game the corrupt files must not touch.
  await page.setInputFiles('[data-testid="import-pgn-file"]', xqfFile('generated-plain.xqf'));
  await waitForMoveCount(page, GENERATED_MOVES.length);
  const before = await moveList(page);
  const cut = fs.readFileSync(xqfFile('generated-scrambled.xqf')).subarray(0, 0x410);
  await page.setInputFiles('[data-testid="import-pgn-file"]', { name: 'cut.xqf', mimeType: 'application/octet-stream', buffer: cut });
  await page.waitForSelector('[data-testid="error"]:not([hidden])');
  let err = await errorOf(page);
  assert.equal(err.code, 'xqf.truncated');
  assert.match(err.text, /cut short/);
  assert.deepEqual(await moveList(page), before, 'the game is kept');
  await page.setInputFiles('[data-testid="import-pgn-file"]', { name: 'not-a-game.xqf', mimeType: 'application/octet-stream', buffer: Buffer.from('PK\u0003\u0004 a zip, not a game') });
  await page.waitForFunction(() => document.querySelector('[data-testid="error"]').dataset.code === 'xqf.bad_magic');
  assert.deepEqual(await moveList(page), before, 'the game is kept');
  // A good import clears the error.
  await page.setInputFiles('[data-testid="import-pgn-file"]', xqfFile('generated-plain.xqf'));
  await page.waitForSelector('[data-testid="error"]', { state: 'hidden' });
  assert.deepEqual(app.errorsOf(page), []);
});

test('the XQF error in Chinese', async () => {
  const page = await open('?lang=zh#xiangqi');
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 1);
  const cut = fs.readFileSync(xqfFile('eleeye-qixing.xqf')).subarray(0, 0x500);
  await page.setInputFiles('[data-testid="import-pgn-file"]', { name: '七星.xqf', mimeType: 'application/octet-stream', buffer: cut });
  await page.waitForSelector('[data-testid="error"]:not([hidden])');
  const err = await errorOf(page);
  assert.equal(err.code, 'xqf.truncated');
  assert.match(err.text, /XQF 文件不完整/);
  assert.deepEqual(await moveList(page), ['h2e2'], 'the game is kept');
  assert.deepEqual(app.errorsOf(page), []);
});
