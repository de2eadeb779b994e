// The lab's ponder replay (#lab, issue 13 item 3): the page shows the committed real game
// (www/data/ponder-game.json, recorded by tools/ponder_replay.py with the native engine): one row per opponent
// move with the expected reply, the move played, hit or miss and the time saved; the totals equal the record's;
// the record is a legal game and every expected reply was legal where the engine expected it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, screenshot, REPO_ROOT } from './harness.mjs';

const RECORD = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'www', 'data', 'ponder-game.json'), 'utf8'));

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

test('the ponder replay shows every hit and miss of the recorded game with the time saved', async () => {
  const page = await app.newPage('?lang=en#lab?fen=startpos&depth=2');
  await page.waitForSelector('[data-testid="lab-ponder"][data-state="done"]');
  const rows = await page.$$eval('[data-testid="lab-ponder-row"]', (els) => els.map((e) => ({ ...e.dataset })));
  assert.equal(rows.length, RECORD.ponder.length);
  rows.forEach((r, i) => {
    const want = RECORD.ponder[i];
    assert.equal(Number(r.ply), want.ply);
    assert.equal(r.hit, String(want.hit));
    assert.equal(r.expected, want.expected ?? '');
    assert.equal(r.played, want.played);
    assert.equal(Number(r.savedMs), want.hit ? want.ponder_ms : 0, 'a hit saves the pondering done, a miss nothing');
    assert.equal(r.hit === 'true', want.expected === want.played);
  });
  const hits = RECORD.ponder.filter((r) => r.hit).length;
  const saved = RECORD.ponder.reduce((a, r) => a + r.saved_ms, 0);
  const panel = await page.$eval('[data-testid="lab-ponder"]', (e) => ({ ...e.dataset }));
  assert.equal(Number(panel.hits), hits);
  assert.equal(Number(panel.misses), RECORD.ponder.length - hits);
  assert.equal(Number(panel.savedMs), saved);
  assert.ok(hits > 0 && hits < RECORD.ponder.length, 'the record has both hits and misses');
  // The record is a real game: every move legal, every expected reply legal after the engine's move.
  const bad = await page.evaluate((rec) => {
    const g = new window.duiyi.wasm.XiangqiGame();
    const problems = [];
    rec.moves.forEach((m, i) => {
      const p = rec.ponder.find((r) => r.ply === i);
      if (p && p.expected && !g.legalMoves().includes(p.expected)) problems.push(`expected ${p.expected} at ply ${i}`);
      try {
        g.play(m);
      } catch (e) {
        problems.push(`${m} at ply ${i}: ${e.message}`);
      }
    });
    return problems;
  }, RECORD);
  assert.deepEqual(bad, []);
  // pondering several replies (issue 23): one sentence, linked to its seed (Bruce Moreland's "Pondering")
  assert.match(await page.textContent('[data-testid="lab-ponder-hitech"]'), /other likely replies.*Hitech/);
  assert.equal(await page.getAttribute('[data-testid="lab-ponder-seed"]', 'href'), 'http://www.seanet.com/~brucemo/topics/pondering.htm');
  await page.$eval('[data-testid="lab-ponder"]', (e) => e.scrollIntoView());
  await screenshot(page, 'lab-ponder-en');
  await page.close();
});

test('zh: the ponder replay in Chinese', async () => {
  const page = await app.newPage('?lang=zh#lab?fen=startpos&depth=2');
  await page.waitForSelector('[data-testid="lab-ponder"][data-state="done"]');
  assert.match(await page.$eval('[data-testid="lab-ponder-summary"]', (e) => e.textContent), /猜中/);
  assert.match(await page.textContent('[data-testid="lab-ponder-hitech"]'), /其他可能的应着.*Hitech/);
  await page.close();
});
