// The tab title names the view shown, in the page's language ("Hex — duiyi", "六贯棋 — 对弈"), and follows
// a change of view (hash) and of language (the language button).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, REPO_ROOT } from './harness.mjs';

const ROUTES = ['xiangqi', 'hex', 'games', 'combat', 'circle', 'lab'];
const strings = (lang) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'www', 'i18n', `${lang}.json`), 'utf8'));
const SITE = { en: 'duiyi', zh: '对弈' };
/** the title expected for a view: its tab's name, then the site's */
const expected = (lang, route) => `${strings(lang)[`nav.${route}`]} — ${SITE[lang]}`;

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

test('the names the titles are made of differ per view and per language', () => {
  for (const lang of ['en', 'zh']) {
    const titles = ROUTES.map((r) => expected(lang, r));
    assert.equal(new Set(titles).size, ROUTES.length, `${lang}: ${titles.join(' | ')}`);
  }
  assert.equal(expected('en', 'hex'), 'Hex — duiyi');
  assert.equal(expected('zh', 'hex'), '六贯棋 — 对弈');
});

for (const lang of ['en', 'zh']) {
  test(`the title names each of the views (${lang}), on arrival and after a change of view`, async () => {
    for (const route of ROUTES) {
      const page = await app.newPage(`?lang=${lang}#${route}`);
      assert.equal(await page.title(), expected(lang, route), `arriving on #${route}`);
      await page.close();
    }
    // one page going through every view by its tabs
    const page = await app.newPage(`?lang=${lang}#xiangqi`);
    for (const route of [...ROUTES.slice(1), 'xiangqi']) {
      await page.click(`[data-route="${route}"]`);
      await page.waitForFunction((title) => document.title === title, expected(lang, route), { timeout: 60000 });
    }
    assert.deepEqual(app.errorsOf(page), []);
  });
}

test('the title follows the language button', async () => {
  const page = await app.newPage('?lang=zh#circle');
  assert.equal(await page.title(), '最小圆 — 对弈');
  await page.click('[data-testid="lang-toggle"]');
  await page.waitForFunction((title) => document.title === title, expected('en', 'circle'), { timeout: 60000 });
  await page.click('[data-route="combat"]');
  await page.waitForFunction((title) => document.title === title, expected('en', 'combat'), { timeout: 60000 });
  await page.click('[data-testid="lang-toggle"]');
  await page.waitForFunction((title) => document.title === title, expected('zh', 'combat'), { timeout: 60000 });
  assert.deepEqual(app.errorsOf(page), []);
});
