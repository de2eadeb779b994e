// The UI language: the browser's by default (an en-US browser gets English, a zh-CN one Chinese), switched with
// the 中文/English button, remembered across reloads (localStorage), and ?lang= still overrides for one visit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, screenshot, engineReady, READY_MS } from './harness.mjs';

const LANG_KEY = 'duiyi.lang';
const SEED_SHEET = 'hit=0.9&crit=0.25&dodge=0.2&parry=0.15&block=0.3';

const newGameText = (page) => page.$eval('[data-testid="new-game"]', (e) => e.textContent);
const htmlLang = (page) => page.evaluate(() => document.documentElement.lang);
const saved = (page) => page.evaluate((key) => localStorage.getItem(key), LANG_KEY);

async function open(page, url) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
}

test('an English browser gets the English page; a choice of Chinese is remembered; ?lang= overrides', async () => {
  const app = await startApp({ locale: 'en-US' });
  try {
    const page = await app.newPage('#xiangqi');
    assert.equal(await page.evaluate(() => navigator.languages[0]), 'en-US');
    await engineReady(page);
    assert.equal(await htmlLang(page), 'en');
    assert.equal(await newGameText(page), 'New game');
    assert.equal(await page.textContent('[data-route="xiangqi"]'), 'Xiangqi');
    assert.equal(await page.textContent('[data-testid="lang-toggle"]'), '中文', 'the button offers the other language');
    assert.equal(await saved(page), null, 'the browser\'s language is followed, not stored');
    await screenshot(page, 'language-en-browser');

    // The button switches, and the choice is kept: a reload stays in Chinese.
    await page.click('[data-testid="lang-toggle"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="new-game"]').textContent === '新对局');
    assert.equal(await htmlLang(page), 'zh-Hans');
    assert.equal(await saved(page), 'zh');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
    assert.equal(await newGameText(page), '新对局');
    assert.equal(await page.textContent('[data-testid="lang-toggle"]'), 'English');

    // ?lang=en overrides the saved choice for this visit only …
    await open(page, `${app.url}?lang=en#xiangqi`);
    assert.equal(await newGameText(page), 'New game');
    assert.equal(await saved(page), 'zh', '?lang= does not replace the saved choice');
    await open(page, `${app.url}#xiangqi`);
    assert.equal(await newGameText(page), '新对局');
    // … and pressing the button on a ?lang= page drops the parameter, so the reload keeps the new choice.
    await open(page, `${app.url}?lang=zh#xiangqi`);
    await page.click('[data-testid="lang-toggle"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="new-game"]').textContent === 'New game');
    assert.doesNotMatch(page.url(), /[?&]lang=/);
    assert.equal(await saved(page), 'en');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
    assert.equal(await newGameText(page), 'New game');

    // Another tool follows the same rule: the combat page in English for this browser (fresh storage).
    const combat = await app.newPage(`#combat?${SEED_SHEET}`);
    await combat.waitForSelector('[data-testid="combat-view"][data-ready="true"]', { timeout: READY_MS });
    const rows = await combat.$$eval('[data-testid="dist-table"] tbody tr[data-outcome] th', (ths) => ths.map((th) => th.textContent.trim()));
    assert.deepEqual(rows, ['miss', 'dodge', 'parry', 'block', 'crit', 'normal hit']);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('a Chinese browser gets the Chinese page, the combat page included', async () => {
  const app = await startApp({ locale: 'zh-CN' });
  try {
    const page = await app.newPage('#xiangqi');
    assert.equal(await page.evaluate(() => navigator.languages[0]), 'zh-CN');
    await engineReady(page);
    assert.equal(await htmlLang(page), 'zh-Hans');
    assert.equal(await newGameText(page), '新对局');
    assert.equal(await page.textContent('[data-route="xiangqi"]'), '象棋');
    assert.equal(await saved(page), null);
    await screenshot(page, 'language-zh-browser');
    const combat = await app.newPage(`#combat?${SEED_SHEET}`);
    await combat.waitForSelector('[data-testid="combat-view"][data-ready="true"]', { timeout: READY_MS });
    assert.equal(await combat.$eval('[data-testid="combat-view"]', (e) => e.lang), 'zh-Hans');
    const rows = await combat.$$eval('[data-testid="dist-table"] tbody tr[data-outcome] th', (ths) => ths.map((th) => th.textContent.trim()));
    assert.deepEqual(rows, ['未命中', '闪避', '招架', '格挡', '暴击', '普通命中']);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});
