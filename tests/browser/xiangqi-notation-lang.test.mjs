// The notation of the moves follows the page's language until the user chooses one: WXF on the English page,
// 中文 on the Chinese one, in the move list, the engine's line and "the engine expects you to play …". The
// user's choice is remembered (settings) and wins over the language, across a reload and a language switch.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, screenshot, engineReady, clickMove, waitForMoveCount } from './harness.mjs';

const WXF_MOVE = /^[KAEHRCP+\-][1-9+\-][.=+\-][1-9]$/;
const CHINESE_MOVE = /^[\u4e00-\u9fff][\u4e00-\u9fff１-９1-9][进退平][\u4e00-\u9fff１-９1-9]$/;

let app;
before(async () => {
  app = await startApp({ locale: 'en-US' });
});
after(async () => {
  await app?.close();
});

const notation = (page) => page.getAttribute('[data-testid="notation"]', 'data-notation');
const firstMove = (page) => page.textContent('[data-testid="move-list"] [data-ply="1"] .move-text');
const expected = async (page) => {
  const el = page.locator('[data-testid="ponder-move"]');
  await el.waitFor({ state: 'visible' });
  return el.textContent();
};

test('English page: WXF moves, engine line and expected move; Chinese page: 中文', async () => {
  const page = await app.newPage('#xiangqi', { xiangqiSettings: { tc: 'movetime', movetime: 200 } });
  await engineReady(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await notation(page), 'wxf');
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  assert.match(await firstMove(page), /^C2[=.]5$/);
  const reply = await page.textContent('[data-testid="move-list"] [data-ply="2"] .move-text');
  assert.match(reply, WXF_MOVE, `the engine's reply in WXF: ${reply}`);
  const waiting = await expected(page);
  const move = waiting.replace(/^The engine expects you to play /, '');
  assert.notEqual(move, waiting, waiting);
  assert.match(move, WXF_MOVE, `the expected move in WXF: ${waiting}`);
  // the engine's line while it ponders is written in WXF too
  await page.waitForFunction(() => /: \S/.test(document.querySelector('[data-testid="engine-pv"]')?.textContent ?? ''));
  const line = (await page.textContent('[data-testid="engine-pv"]')).replace(/^[^:]*: /, '').split(' ');
  assert.ok(line.every((m) => WXF_MOVE.test(m)), `PV in WXF: ${line.join(' ')}`);
  await screenshot(page, 'xiangqi-notation-en-wxf');

  // the language switch, without a choice of the user: 中文
  await page.click('[data-testid="lang-toggle"]');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
  assert.equal(await notation(page), 'chinese');
  assert.equal(await firstMove(page), '炮二平五');
  assert.match((await expected(page)).replace(/^引擎预计你会走：/, ''), CHINESE_MOVE);
  assert.deepEqual(app.errorsOf(page), []);
});

test('Chinese page (?lang=zh): 炮二平五', async () => {
  const page = await app.newPage('?lang=zh#xiangqi', { xiangqiSettings: { tc: 'movetime', movetime: 200 } });
  await engineReady(page);
  assert.equal(await notation(page), 'chinese');
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2);
  assert.equal(await firstMove(page), '炮二平五');
  assert.match((await expected(page)).replace(/^引擎预计你会走：/, ''), CHINESE_MOVE);
  assert.deepEqual(app.errorsOf(page), []);
});

test('the user\'s choice of notation survives a reload and a language switch', async () => {
  const page = await app.newPage('#xiangqi', { xiangqiSettings: { tc: 'movetime', movetime: 200, mode: 'human' } });
  await engineReady(page);
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 1);
  assert.equal(await firstMove(page), await page.getAttribute('[data-testid="move-list"] [data-ply="1"]', 'data-wxf'));
  await page.click('[data-testid="notation"] [data-value="chinese"]');
  assert.equal(await notation(page), 'chinese');
  assert.equal(await firstMove(page), '炮二平五');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await waitForMoveCount(page, 1);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await notation(page), 'chinese', 'the choice is kept over the English default');
  assert.equal(await firstMove(page), '炮二平五');
  await page.click('[data-testid="notation"] [data-value="iccs"]');
  await page.click('[data-testid="lang-toggle"]');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
  assert.equal(await notation(page), 'iccs', 'and over the Chinese default');
  assert.equal(await firstMove(page), 'h2e2');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await waitForMoveCount(page, 1);
  assert.equal(await notation(page), 'iccs');
  assert.deepEqual(app.errorsOf(page), []);
});
