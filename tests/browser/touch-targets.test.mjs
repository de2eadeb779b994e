// Touch targets on a phone (issue 35): at 390×844 every visible button, select, text field, summary and
// checkbox of #xiangqi, #hex, #games and #puzzles is at least 32 px tall, a checkbox counting with its label (the
// styles' "touch targets" block); the Hex board the page chooses on a phone, and a 9×9 one (a diamond in
// portrait), have cells at least 32 px wide.
// Waits are for page state (READY_MS: a loaded 2-core machine); nothing here times anything.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, READY_MS } from './harness.mjs';

const MIN_PX = 32;

let app;
before(async () => {
  app = await startApp({ locale: 'en-US' });
  app.context.setDefaultTimeout(READY_MS);
});
after(async () => {
  await app?.close();
});
afterEach(async () => {
  for (const p of app.context.pages()) await p.close().catch(() => {});
});

/** Every visible control of the page shorter than MIN_PX (a checkbox or radio measured with its label). */
async function smallControls(page) {
  return page.evaluate((min) => {
    const out = [];
    const sel = 'button, select, summary, a.btn, input[type=checkbox], input[type=radio], input[type=text], input[type=number], input[type=file], textarea';
    for (const el of document.querySelectorAll(sel)) {
      const r = el.getBoundingClientRect();
      // not shown, or visually hidden behind its label (a file input styled as a button)
      if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      let h = r.height;
      const label = el.closest('label') || (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`));
      if (label) h = Math.max(h, label.getBoundingClientRect().height);
      if (h < min) out.push(`${el.tagName.toLowerCase()} ${el.dataset.testid ?? el.className} ${r.width.toFixed(0)}×${h.toFixed(1)}`);
    }
    return out;
  }, MIN_PX);
}

for (const [route, ready] of [
  ['xiangqi', '.xq-play-layout'],
  ['hex', '.hex-layout[data-ready="true"]'],
  ['games', '[data-testid="games-view"]'],
  ['puzzles', '[data-testid="puzzle"][data-id]'],
]) {
  test(`#${route} at 390 px: every control at least ${MIN_PX} px tall, in both languages`, async () => {
    for (const lang of ['en', 'zh']) {
      const page = await app.newPage('', {});
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${app.url}?lang=${lang}#${route}`);
      await page.waitForSelector(ready, { timeout: READY_MS });
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      const count = await page.$$eval('button, select', (els) => els.filter((e) => e.getBoundingClientRect().height > 1).length);
      assert.ok(count >= 3, `${route}: only ${count} controls seen`);
      assert.deepEqual(await smallControls(page), [], `${route} (${lang})`);
      if (route === 'hex') {
        // the default board, then 9×9 (drawn as a diamond in portrait): cells a finger wide
        for (const size of [null, '9']) {
          if (size) {
            await page.selectOption('[data-testid="board-size"]', size);
            await page.waitForFunction(() => document.querySelectorAll('[data-testid="board"] .hx-cell').length === 81);
          }
          const cell = await page.$eval('[data-testid="board"] .hx-cell', (e) => e.getBoundingClientRect().width);
          assert.ok(cell >= MIN_PX, `hex cell ${cell} px (${size ?? 'default'})`);
        }
      }
      assert.deepEqual(app.errorsOf(page), []);
      await page.close();
    }
  });
}
