// The engine's time budget in the status panel: while the engine thinks, a `budget` event of the engine
// client ({softMs, hardMs, searchId}: the worker's message after a timed go or a ponder hit) shows as
// data-budget-ms on engine-status and "… (≈ N s)" in its detail, after the state label "Thinking"; both go when it stops thinking.
// The event is sent here by the test itself through the client (the engine side is tested end to end
// where the worker sends it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, engineReady, clickMove, waitForMoveCount } from './harness.mjs';

let app;
before(async () => {
  app = await startApp({ locale: 'en-US' });
});
after(async () => {
  await app?.close();
});

const status = (page) => page.$eval('[data-testid="engine-status"]', (e) => ({
  state: e.dataset.state, budget: e.dataset.budgetMs ?? null, detail: e.querySelector('.es-detail').textContent,
}));
const sendBudget = (page, softMs) => page.evaluate((ms) => {
  const client = window.duiyi.view.client;
  client.emit('budget', { softMs: ms, hardMs: 4 * ms, searchId: client.current?.id });
}, softMs);

test('the budget of the running search: shown while thinking, gone after', async () => {
  const page = await app.newPage('#xiangqi', { xiangqiSettings: { tc: 'movetime', movetime: 10000, ponder: false } });
  await engineReady(page);
  await clickMove(page, 'h2e2');
  await page.waitForSelector('[data-testid="engine-status"][data-state="thinking"]');
  await sendBudget(page, 2540);
  let s = await status(page);
  assert.equal(s.budget, '2540');
  assert.equal(s.detail, '… (≈ 2.5 s)');
  await sendBudget(page, 12400);
  assert.equal((await status(page)).detail, '… (≈ 12 s)');
  await page.click('[data-testid="lang-toggle"]');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
  assert.equal((await status(page)).detail, '…（约 12 秒）');
  // "move now": the engine stops thinking, the budget goes
  await page.click('[data-testid="move-now"]');
  await waitForMoveCount(page, 2, 60000);
  await page.waitForFunction(() => document.querySelector('[data-testid="engine-status"]').dataset.state !== 'thinking');
  s = await status(page);
  assert.equal(s.budget, null);
  assert.doesNotMatch(s.detail, /约|≈/);
  assert.deepEqual(app.errorsOf(page), []);
});
