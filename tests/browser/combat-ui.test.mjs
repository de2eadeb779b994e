// The #combat page as a newcomer reads it: Simplified Chinese like the rest of the site, the round-table
// strip's miss segment always labelled, sampled rows filled on arrival by an automatic Monte-Carlo run (and
// again after a change of the sheet), and errors in the page's language with their detail (attributes, roll
// orders, PRD, the sampler's seed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, screenshot, REPO_ROOT, READY_MS, STEP_MS } from './harness.mjs';

const SEED_SHEET = 'hit=0.9&crit=0.25&dodge=0.2&parry=0.15&block=0.3';
/** the automatic run's swings per model (www/views/combat-sampling.js AUTO_SWINGS) */
const AUTO_SWINGS = 100000;
/** the page's status once the automatic run on arrival (or after a change of the sheet) is done */
const AUTO_DONE = '[data-testid="mc-status"][data-state="done"][data-auto="true"]';
const MODELS = ['waterfall', 'round-table', 'hybrid'];
/**
 * Every character of the old Traditional combat strings that differs in Simplified Chinese (found once with
 * OpenCC's Taiwan → mainland table over the old www/i18n/combat.zh.json, e.g. 攻擊 → 攻击, 圓桌 → 圆桌).
 */
const TRADITIONAL = '頁語種體鍵與擊圓張屬見戲機網傷數閃擋減壓護實過順擲優號個結確樣擠殺計羅擬執緒帶亂產並長條漸隨開載錯誤萬檢變點偽獨觸發嘗試兩間規則連續無圖';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

async function openCombat(query, lang) {
  const page = await app.newPage(`?lang=${lang}#combat?${query}`);
  await page.waitForSelector('[data-testid="combat-view"][data-ready="true"]', { timeout: READY_MS });
  return page;
}

const text = (page, testid) => page.$eval(`[data-testid="${testid}"]`, (e) => e.textContent.trim());
const traditionalIn = (s) => [...new Set([...s].filter((ch) => TRADITIONAL.includes(ch)))].join('');

test('the combat strings are Simplified Chinese: no Traditional character in the file or on the page', async () => {
  const file = fs.readFileSync(path.join(REPO_ROOT, 'www/i18n/combat.zh.json'), 'utf8');
  assert.equal(traditionalIn(file), '', 'combat.zh.json');
  const strings = JSON.parse(file);
  assert.equal(strings.title, '攻击判定：瀑布、圆桌与混合算法');
  assert.equal(strings['mc.title'], '蒙特卡罗模拟');
  const page = await openCombat(SEED_SHEET, 'zh');
  await page.waitForSelector(AUTO_DONE, { timeout: STEP_MS });
  await page.click('summary'); // the roll orders, folded away at first
  const shown = await page.evaluate(() => document.querySelector('[data-testid="combat-view"]').innerText);
  assert.equal(traditionalIn(shown), '', 'the combat page as shown');
  assert.match(shown, /攻击判定/);
  assert.equal(await page.$eval('[data-testid="combat-view"]', (e) => e.lang), 'zh-Hans');
  await screenshot(page, 'combat-simplified-zh');
  assert.deepEqual(app.errorsOf(page), []);
});

test('the round-table strip keeps the miss label: inside when it fits, else beside the strip', async () => {
  const labels = (page) => page.$$eval('[data-testid="round-table-strip"] text[data-label-for]', (ts) => ts.map((t) => ({
    outcome: t.dataset.labelFor, placement: t.dataset.placement, text: t.textContent,
    box: (({ x, y, width, height }) => ({ x, y, width, height }))(t.getBBox()),
  })));
  const missText = (ls) => ls.filter((l) => l.outcome === 'miss').map((l) => l.text).join(' ');
  const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const cases = [
    // [sheet, language, the miss label's words]
    [SEED_SHEET, 'zh', ['未命中', '10%']], // 10% is too narrow for "未命中 10%": the name goes above
    [SEED_SHEET, 'en', ['miss', '10%']],
    ['hit=0.98&crit=0.3&dodge=0.5&parry=0.3&block=0.3', 'zh', ['未命中', '2%']], // overflow, a 2% sliver
    ['hit=0.995&crit=0.01&dodge=0.02&parry=0.01&block=0.9', 'en', ['miss', '0.5%']],
  ];
  for (const [i, [sheet, lang, words]] of cases.entries()) {
    const page = await openCombat(sheet, lang);
    const ls = await labels(page);
    for (const word of words) assert.ok(missText(ls).includes(word), `${sheet} ${lang}: the miss label "${missText(ls)}" has "${word}"`);
    // every segment drawn has a tooltip with its name, and no two labels overlap
    const segments = await page.$$eval('[data-testid="round-table-strip"] g[data-outcome]', (gs) => gs.map((g) => g.querySelector('title')?.textContent ?? ''));
    assert.ok(segments.length > 0 && segments.every(Boolean), 'every segment has a tooltip');
    const all = await page.$$eval('[data-testid="round-table-strip"] text', (ts) => ts.map((t) => (({ x, y, width, height }) => ({ x, y, width, height }))(t.getBBox())));
    all.forEach((a, k) => all.slice(k + 1).forEach((b) => assert.ok(!overlaps(a, b), `${sheet} ${lang}: two labels overlap`)));
    // the labels stay inside the drawing
    const view = await page.$eval('[data-testid="round-table-strip"] svg', (s) => ({ width: s.viewBox.baseVal.width, height: s.viewBox.baseVal.height }));
    for (const b of all) assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= view.width && b.y + b.height <= view.height, `${sheet} ${lang}: a label outside the strip's drawing (${JSON.stringify(b)} in ${view.width}×${view.height})`);
    await page.locator('.cb-rt-panel').screenshot({ path: path.join(REPO_ROOT, 'test-artifacts', `combat-round-table-${i}-${lang}.png`) });
    assert.deepEqual(app.errorsOf(page), []);
  }
});

test('the sampled rows are filled on arrival, in both languages; the button beside the chart samples again', async () => {
  const sampledCount = (page, model) => page.$$eval(`[data-testid^="sample-${model}-"]`, (cells) => cells.reduce((a, c) => a + Number(c.dataset.count ?? 0), 0));
  for (const [lang, notRun, sampled] of [['zh', '抽样：尚未运行', /^抽样 \d+\.\d\d%$/], ['en', 'sampled: not run yet', /^sampled \d+\.\d\d%$/]]) {
    const page = await openCombat(SEED_SHEET, lang);
    // an automatic run of AUTO_SWINGS swings per model, at once: no row is left "not run yet"
    await page.waitForSelector(AUTO_DONE, { timeout: STEP_MS });
    for (const model of MODELS) {
      for (const outcome of ['miss', 'dodge', 'parry', 'block', 'crit', 'normal']) {
        const shown = await text(page, `sample-${model}-${outcome}`);
        assert.match(shown, sampled, `${lang} ${model} ${outcome}`);
        assert.notEqual(shown, notRun);
      }
      assert.equal(await sampledCount(page, model), AUTO_SWINGS, `${lang} ${model}: every automatic swing counted`);
    }
    // the chart draws every sampled row's bars (no note in place of one)
    await page.waitForFunction(() => document.querySelector('.cb-chart-dist canvas')?.dataset.notRun === '0');
    // beside the chart: what was sampled, and a button to sample again
    assert.match(await text(page, 'dist-sample-note'), /100,000/);
    // the panel's progress line says the automatic run was a quick one, and what Run samples (the selector's 10^6)
    assert.equal(await page.$eval('[data-testid="mc-swings"]', (s) => s.value), '1000000');
    assert.equal(await text(page, 'mc-detail').then((s) => s.replace(/\d+\.\d M|\d+\.\d 百万/, 'R')),
      lang === 'zh' ? '打开页面时的快速抽样：每种算法 100,000 / 100,000 次 · 每秒 R次（“开始”将抽样 1,000,000 次）'
        : 'Quick sample on arrival: 100,000 of 100,000 swings per model · R swings/s (Run samples 1,000,000)');
    const distRun = await page.$eval('[data-testid="dist-run"]', (b) => ({ disabled: b.disabled, label: b.textContent }));
    assert.deepEqual(distRun, { disabled: false, label: lang === 'zh' ? '重新抽样' : 'Sample again' });
    const chartBottom = await page.$eval('.cb-chart-dist', (e) => e.getBoundingClientRect().bottom);
    const buttonTop = await page.$eval('[data-testid="dist-run"]', (e) => e.getBoundingClientRect().top);
    assert.ok(buttonTop >= chartBottom - 1 && buttonTop - chartBottom < 80, `the button is right under the chart (${chartBottom} → ${buttonTop})`);
    await screenshot(page, `combat-sampled-on-arrival-${lang}`);
    // the button runs the panel's settings: a small seeded run
    await page.selectOption('[data-testid="mc-swings"]', '10000');
    await page.fill('[data-testid="mc-seed-input"]', '7');
    await page.click('[data-testid="dist-run"]');
    await page.waitForSelector('[data-testid="mc-status"][data-state="done"][data-auto="false"]', { timeout: STEP_MS });
    assert.equal(await page.getAttribute('[data-testid="mc-seed"]', 'data-seed'), '7');
    assert.equal(await sampledCount(page, 'waterfall'), 10000);
    assert.match(await text(page, 'sample-waterfall-miss'), sampled);
    // a changed sheet drops the samples and samples the new sheet at once, with the seed given (and never
    // more swings than the panel asks for: 10^4 here)
    await page.fill('[data-testid="field-crit"]', '30');
    await page.waitForSelector(AUTO_DONE, { timeout: STEP_MS });
    assert.equal(await sampledCount(page, 'round-table'), 10000);
    assert.equal(await page.getAttribute('[data-testid="mc-seed"]', 'data-seed'), '7');
    assert.match(await text(page, 'sample-round-table-crit'), sampled);
    assert.deepEqual(app.errorsOf(page), []);
  }
});

test('combat errors are in the page\'s language, with the attribute, the value and the model', async () => {
  const zh = await openCombat(SEED_SHEET, 'zh');
  const en = await openCombat(SEED_SHEET, 'en');
  const errorOf = async (page, testid = 'error') => {
    await page.waitForSelector(`[data-testid="${testid}"]:not([hidden])`);
    return { text: await text(page, testid), code: await page.getAttribute(`[data-testid="${testid}"]`, 'data-code') };
  };
  // a chance outside [0, 1], named as the field is, in percent
  await zh.fill('[data-testid="field-crit"]', '150');
  assert.deepEqual(await errorOf(zh), { text: '无法计算：暴击率 = 150%，超出 0–100% 的范围', code: 'attribute.outside_unit_interval' });
  await en.fill('[data-testid="field-crit"]', '150');
  assert.deepEqual(await errorOf(en), { text: 'Cannot compute: Crit = 150% is outside 0–100%', code: 'attribute.outside_unit_interval' });
  await zh.fill('[data-testid="field-crit"]', '25');
  await zh.waitForSelector('[data-testid="error"][hidden]', { state: 'attached' });
  // a negative amount, and an emptied field
  await zh.fill('[data-testid="field-hp"]', '-5');
  assert.deepEqual(await errorOf(zh), { text: '无法计算：生命值 = -5，不能是负数', code: 'attribute.negative' });
  await zh.fill('[data-testid="field-hp"]', '');
  await zh.waitForFunction(() => document.querySelector('[data-testid="error"]').dataset.code === 'attribute.not_a_number');
  assert.equal(await text(zh, 'error'), '无法计算：生命值不是数字');
  await zh.fill('[data-testid="field-hp"]', '1000');
  await zh.waitForSelector('[data-testid="error"][hidden]', { state: 'attached' });
  // roll orders: the model is named, and an event by its outcome name
  await zh.click('summary');
  await zh.fill('[data-testid="order-waterfall"]', 'miss,foo');
  await zh.press('[data-testid="order-waterfall"]', 'Enter');
  assert.deepEqual(await errorOf(zh), {
    text: '无法计算：瀑布算法的顺序有误：未知事件“foo”（可用：miss、dodge、parry、glance、block、crit、crush）', code: 'order.unknown_event',
  });
  await zh.fill('[data-testid="order-waterfall"]', '');
  await zh.press('[data-testid="order-waterfall"]', 'Enter');
  await zh.fill('[data-testid="order-round-table"]', 'miss,dodge,miss');
  await zh.press('[data-testid="order-round-table"]', 'Enter');
  assert.deepEqual(await errorOf(zh), { text: '无法计算：圆桌算法的顺序有误：“未命中”出现了两次', code: 'order.duplicate' });
  // the switch to English re-translates the error shown
  await zh.click('[data-testid="lang-toggle"]');
  await zh.waitForFunction(() => document.querySelector('[data-testid="error"]').textContent.startsWith('Cannot compute'));
  assert.equal(await text(zh, 'error'), 'Cannot compute: Round table order: "miss" appears twice');
  await zh.click('[data-testid="lang-toggle"]');
  await zh.waitForFunction(() => document.querySelector('[data-testid="error"]').textContent.startsWith('无法计算'));
  // PRD: a zero chance, a chance too small
  await zh.fill('[data-testid="prd-p"]', '0');
  assert.deepEqual(await errorOf(zh, 'prd-error'), { text: '无法计算：概率为 0 时永远不会触发，没有间隔可算', code: 'prd.zero' });
  await zh.fill('[data-testid="prd-p"]', '0.05');
  await zh.waitForFunction(() => document.querySelector('[data-testid="prd-error"]').dataset.code === 'prd.rate_too_small');
  assert.equal(await text(zh, 'prd-error'), '无法计算：概率 0.05% 低于 0.1%，PRD 无法使用');
  // the sampler refuses a seed that is not a number
  await en.fill('[data-testid="field-crit"]', '25');
  await en.waitForSelector('[data-testid="mc-status"][data-state="done"]', { timeout: STEP_MS });
  await en.fill('[data-testid="mc-seed-input"]', 'abc');
  await en.click('[data-testid="mc-run"]');
  await en.waitForSelector('[data-testid="mc-status"][data-state="error"]');
  assert.equal(await text(en, 'mc-status'), 'Error — the seed "abc" is not a whole number from 0 to 2^64');
  await zh.fill('[data-testid="order-round-table"]', '');
  await zh.press('[data-testid="order-round-table"]', 'Enter');
  await zh.waitForSelector('[data-testid="mc-status"][data-state="done"]', { timeout: STEP_MS });
  await zh.fill('[data-testid="mc-seed-input"]', 'abc');
  await zh.click('[data-testid="mc-run"]');
  await zh.waitForSelector('[data-testid="mc-status"][data-state="error"]');
  assert.equal(await text(zh, 'mc-status'), '错误 — 种子“abc”不是 0 到 2^64 之间的整数');
  assert.equal(await text(zh, 'sample-waterfall-miss'), '抽样：尚未运行', 'the failed run left no samples');
  await screenshot(zh, 'combat-errors-zh');
  assert.deepEqual(app.errorsOf(zh), []);
  assert.deepEqual(app.errorsOf(en), []);
});
