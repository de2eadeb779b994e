// No text in the other language: the #games, #combat, #circle and #lab views are read in Chinese (?lang=zh) and in
// English (?lang=en), and every text a reader meets in the view (what is rendered, the options of the
// menus, tooltips, placeholders and accessible names) is scanned:
// - the Chinese page has no run of three or more English words (abbreviations such as EHP, notation such as
//   h2e2 and numbers are not words, and a run is broken by anything but spaces);
// - the English page has no Chinese character except in the site's name 对弈, in Xiangqi move notation
//   (炮二平五, 马8进7) and on the boards.
// On both, a quoted title (“…”, "…", 《…》) and a cited work (<cite>, e.g. a source's Chinese article title on
// the English page) are names, not text to translate. The #xiangqi and #hex views are left to their own tests.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from './harness.mjs';

/** each view, and what says it is drawn (its data is in) */
const VIEWS = {
  games: '[data-testid="games-view"][data-ready="true"]',
  combat: '[data-testid="combat-view"][data-ready="true"]',
  circle: '[data-testid="circle-view"]',
  lab: '[data-testid="lab-ponder"][data-state="done"]',
};
/** Boards: their glyphs and coordinates are pieces and notation, not text. */
const SKIP = 'cite, svg, canvas, .xq-board, .hex-board, .lab-board, [data-testid="lab-hex-board"]';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** The texts of the view as a reader meets them, one string per text node or attribute. */
function viewTexts(page, skip) {
  return page.evaluate((skipSel) => {
    for (const d of document.querySelectorAll('#view details')) d.open = true;
    const out = [];
    const skipped = (el) => Boolean(el.closest(skipSel));
    const walker = document.createTreeWalker(document.getElementById('view'), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || skipped(el) || !node.textContent.trim()) continue;
      // rendered text only, but every option of a menu (they show when it opens)
      if (el.closest('option') || el.getClientRects().length > 0) out.push(node.textContent);
    }
    for (const el of document.querySelectorAll('#view [title], #view [placeholder], #view [aria-label]')) {
      if (skipped(el)) continue;
      for (const v of [el.getAttribute('title'), el.getAttribute('placeholder'), el.getAttribute('aria-label')]) if (v) out.push(v);
    }
    return out;
  }, skip);
}

/** A text with its quoted titles taken out. */
const unquoted = (s) => s.replace(/“[^”]*”|"[^"\n]*"|《[^》]*》|「[^」]*」/g, ' ');
const WORD = "[A-Za-z][a-z'’]*[a-z]|[A-Za-z]";
/** runs of three or more English words in a Chinese text (an all-capitals word is an abbreviation) */
function englishRuns(text) {
  const runs = [];
  for (const m of unquoted(text).matchAll(new RegExp(`(?:(?:${WORD})[ \\t]+){2,}(?:${WORD})`, 'g'))) {
    const words = m[0].split(/[ \t]+/).filter((w) => !/^[A-Z]{2,}$/.test(w));
    if (words.length >= 3) runs.push(m[0]);
  }
  return runs;
}
/** Xiangqi move notation: piece, file or rank, direction, file or steps */
const NOTATION = /[车車马馬炮砲相象仕士帅帥将將兵卒俥傌][一二三四五六七八九1-9１-９][进進退平][一二三四五六七八九1-9１-９]/g;
/** Chinese characters left in an English text */
const chineseIn = (text) => unquoted(text).replace(NOTATION, ' ').replace(/对弈/g, ' ').match(/[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff01-\uff5e]+/g) ?? [];

for (const [view, ready] of Object.entries(VIEWS)) {
  test(`#${view}: the Chinese page has no English sentence, the English page no Chinese text`, async () => {
    for (const lang of ['zh', 'en']) {
      const page = await app.newPage(`?lang=${lang}#${view}`);
      await page.waitForSelector(ready, { timeout: 60000 });
      const texts = await viewTexts(page, SKIP);
      assert.ok(texts.length > 20, `${view} ${lang}: the view has text (${texts.length} pieces)`);
      const found = lang === 'zh'
        ? texts.flatMap((s) => englishRuns(s).map((run) => `"${run}" in "${s.slice(0, 160)}"`))
        : texts.flatMap((s) => chineseIn(s).map((run) => `"${run}" in "${s.slice(0, 160)}"`));
      assert.deepEqual(found, [], `${view} ${lang}: text in the other language`);
      assert.deepEqual(app.errorsOf(page), []);
      await page.close();
    }
  });
}

test('the scan itself finds what it should', () => {
  assert.deepEqual(englishRuns('抽样 the sheet changed 了'), ['the sheet changed']);
  assert.deepEqual(englishRuns('EDPS EHP 与 h2e2 及 Welzl 算法，“Smallest enclosing disks” 一文'), []);
  assert.deepEqual(chineseIn('Play 炮二平五 or 马8进7 on 对弈'), []);
  assert.deepEqual(chineseIn('after the article "游戲攻擊判定", see 数据'), ['数据']);
});
