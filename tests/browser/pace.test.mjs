// The engine's pace on the Xiangqi page, end to end through the real worker: under a clock the page sends the
// engine option TargetMoveTime from the Pace setting (brisk 2 s by default, steady 5 s, by the clock 0), and the
// engine reports the budget it planned (the worker's `budget` message) as data-budget-ms on engine-status.
// In the default casual game the engine is told it has 10+5 (CASUAL_ENGINE_CLOCK), so at move 1: by the clock the engine plans (600 s − 30 ms) / 34 + ¾ × 5 s ≈ 21.4 s
// (src/search/limits.rs); brisk caps it at 2 s. Asserted on the reported budget, never on how long a reply took.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, engineReady } from './harness.mjs';

let app;
before(async () => {
  app = await startApp({ locale: 'en-US' });
});
after(async () => {
  await app?.close();
});

/** The engine opens (the user plays Black) in the default casual game (told 10+5); returns the budget it reported. */
async function openingBudget(settings) {
  const page = await app.newPage('#xiangqi', { xiangqiSettings: { mode: 'black', ponder: false, ...settings } });
  await engineReady(page);
  const budget = await page.waitForFunction(
    () => document.querySelector('[data-testid="engine-status"]')?.dataset.budgetMs ?? null,
    null,
    { polling: 20 },
  );
  const ms = Number(await budget.jsonValue());
  const detail = await page.$eval('[data-testid="engine-status"] .es-detail', (e) => e.textContent);
  const pace = await page.$eval('[data-testid="pace"]', (e) => e.value);
  await page.close();
  return { ms, detail, pace };
}

test('the default pace is brisk: the engine plans 2 s a move in a casual game (as at 10+5)', async () => {
  const b = await openingBudget({});
  assert.equal(b.pace, 'brisk');
  assert.equal(b.ms, 2000);
  assert.equal(b.detail, '… (≈ 2 s)');
});

test('steady plans 5 s; by the clock the engine plans from the clock alone', async () => {
  const steady = await openingBudget({ pace: 'steady' });
  assert.equal(steady.ms, 5000);
  const clock = await openingBudget({ pace: 'clock' });
  assert.equal(clock.pace, 'clock');
  const expected = (600000 - 30) / 34 + 0.75 * 5000;
  assert.ok(Math.abs(clock.ms - expected) <= 1, `by the clock: ${clock.ms} ms, expected ${expected.toFixed(0)}`);
});

test('the pace note says what it does, and that it needs a clock', async () => {
  const page = await app.newPage('#xiangqi', { xiangqiSettings: { tc: 'movetime', movetime: 1000 } });
  await engineReady(page);
  const note = () => page.$eval('[data-testid="pace-note"]', (e) => e.textContent);
  assert.match(await note(), /clock/);
  await page.selectOption('[data-testid="time-control"]', '10+5');
  assert.match(await note(), /2 s/);
  await page.selectOption('[data-testid="pace"]', 'clock');
  assert.match(await note(), /21 s/);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('duiyi.xiangqi.settings.v1')).pace);
  assert.equal(saved, 'clock');
  await page.close();
});
