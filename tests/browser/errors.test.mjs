// Every error the Xiangqi page shows is in the page's language, with its detail: a bad FEN, a refused move
// (typed as ICCS or in Chinese), a command the engine worker refuses. The wasm module gives each error a
// machine-readable code and params (src/wasm/mod.rs); the page translates by code (www/i18n/errors.js).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, screenshot, engineReady, REPO_ROOT, START_FEN, READY_MS } from './harness.mjs';

const PLACEMENT = START_FEN.split(' ')[0];

/** one bad FEN per parser error, with its code and a piece of the detail each language must show */
const BAD_FENS = [
  ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w', 'fen.wrong_rank_count', '这里有 9 行', 'this one has 9'],
  ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w', 'fen.wrong_file_count', '第 10 段（横线 0）有 8 列', 'field 10 (rank 0) has 8 files'],
  ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w', 'fen.unknown_piece', '无法识别的字符“X”', 'unknown character "X" in field 10'],
  [`${PLACEMENT} x`, 'fen.bad_side_to_move', '这里是“x”', 'not "x"'],
  [`${PLACEMENT} w - - q 1`, 'fen.bad_counter', '这里是“q”', 'not "q"'],
  [`${PLACEMENT} w - - 0 1 zz`, 'fen.trailing_fields', '“zz”', '"zz"'],
  ['3a5/9/9/9/9/9/9/9/9/4K4 w', 'fen.missing_general', '黑方没有将（帅）', 'Black has no general'],
  ['3kk4/9/9/9/9/9/9/9/9/4K4 w', 'fen.extra_general', '黑方有不止一个将（帅）', 'Black has more than one general'],
  ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABRR w', 'fen.too_many', '红车（R）有 3 个，每方最多 2 个', '3 × Red rook (R): a side has at most 2'],
  ['4k4/9/9/9/9/9/9/9/9/K8 w', 'fen.outside_palace', '红帅（K）在 a0', 'Red general (K) on a0'],
  ['4k4/9/9/9/9/9/9/9/9/B3K4 w', 'fen.elephant_off_points', '红相（B）在 a0', 'Red elephant (B) on a0'],
  ['4k4/9/9/9/9/9/9/9/P8/4K4 w', 'fen.pawn_off_points', '红兵（P）在 a1', 'Red pawn (P) on a1'],
  ['4k4/9/9/9/9/9/9/9/4R4/3K5 w', 'fen.side_not_to_move_in_check', '黑方正被将军', 'Black is not to move but is in check'],
];

/** moves typed in the start position (the last one in a position where a rook pins the general) */
const BAD_MOVES = [
  ['z9z9', 'move.malformed', '“z9z9”不是 ICCS 着法', '"z9z9" is not an ICCS move'],
  ['a4a5', 'move.no_piece', 'a4 上没有棋子', 'there is no piece on a4'],
  ['a9a8', 'move.wrong_side', 'a9 上是对方的棋子', 'the piece on a9 is the opponent\'s'],
  ['a3a5', 'move.illegal_movement', '红兵（P）不能这样走', 'the Red pawn (P) cannot move there'],
  ['炮二进九', 'typed.chinese', '没有写作“炮二进九”的合法着法', 'no legal move here is written "炮二进九"'],
  ['hello', 'typed.unreadable', '请输入 ICCS 着法', 'type ICCS (like h2e2)'],
];
const PINNED = '4k4/4r4/9/9/9/9/9/9/4R4/4K4 w - - 0 1';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const errorBox = (page) => page.locator('[data-testid="error"]');

/** Shows an error through `act`, then returns the error box's text and code once they changed. */
async function shown(page, act) {
  const before = await page.evaluate(() => {
    const e = document.querySelector('[data-testid="error"]');
    return `${e.dataset.code ?? ''}|${e.textContent}`;
  });
  await act();
  await page.waitForFunction((b) => {
    const e = document.querySelector('[data-testid="error"]');
    return !e.hidden && `${e.dataset.code ?? ''}|${e.textContent}` !== b;
  }, before);
  return page.evaluate(() => {
    const e = document.querySelector('[data-testid="error"]');
    return { text: e.textContent, code: e.dataset.code ?? null };
  });
}

test('every error code the wasm module and the worker use has a text in both languages', () => {
  const zh = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'www/i18n/zh.json'), 'utf8'));
  const en = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'www/i18n/en.json'), 'utf8'));
  const codesIn = (file) => [...fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')
    .matchAll(/["']((?:fen|move|engine|worker|typed|saved|client|perft|bench|notation|pgn|side)\.[a-z_]+)["']/g)].map((m) => m[1]);
  const codes = new Set([
    ...codesIn('src/wasm/xiangqi.rs'), ...codesIn('src/wasm/engine.rs'), ...codesIn('www/worker.js'), ...codesIn('www/game-record.js'),
    ...codesIn('www/engine-client.js'),
  ].filter((c) => !c.startsWith('engine.crash') && !c.startsWith('engine.state')));
  assert.ok(codes.size >= 40, `codes found: ${codes.size}`);
  for (const code of codes) {
    assert.ok(zh[`err.${code}`], `zh.json has err.${code}`);
    assert.ok(en[`err.${code}`], `en.json has err.${code}`);
  }
  const zhKeys = Object.keys(zh).filter((k) => k.startsWith('err.')).sort();
  assert.deepEqual(Object.keys(en).filter((k) => k.startsWith('err.')).sort(), zhKeys);
});

test('a bad FEN is explained in the page\'s language, by kind, with the detail', async () => {
  const zh = await app.newPage('#xiangqi');
  const en = await app.newPage('?lang=en#xiangqi');
  for (const [fen, code, zhPart, enPart] of BAD_FENS) {
    const parser = await zh.evaluate((f) => {
      try {
        new window.duiyi.wasm.XiangqiGame(f);
        return null;
      } catch (e) {
        return { message: e.message, code: e.code, params: e.params };
      }
    }, fen);
    assert.equal(parser?.code, code, `${fen}: the rules module's code (${parser?.message})`);
    for (const [page, part, frame] of [[zh, zhPart, 'FEN 有误，当前对局保持不变：'], [en, enPart, 'Bad FEN, the game in progress is unchanged: ']]) {
      const { text, code: shownCode } = await shown(page, async () => {
        await page.fill('[data-testid="fen-input"]', fen);
        await page.click('[data-testid="load-fen"]');
      });
      assert.equal(shownCode, code);
      assert.ok(text.startsWith(frame), `"${text}" starts with "${frame}"`);
      assert.ok(text.includes(part), `"${text}" includes "${part}"`);
      assert.ok(!text.includes(parser.message.replace(/^FEN: /, '')), `"${text}" is not the parser's English sentence`);
    }
    const zhText = await errorBox(zh).textContent();
    assert.doesNotMatch(zhText, /\b(?!FEN\b)[A-Za-z]{4,}\b/, `no English word in "${zhText}"`);
  }
  await screenshot(zh, 'errors-bad-fen-zh');
  await screenshot(en, 'errors-bad-fen-en');
  // The error shown follows a language switch.
  await zh.click('[data-testid="lang-toggle"]');
  await zh.waitForFunction(() => /^Bad FEN/.test(document.querySelector('[data-testid="error"]').textContent));
  assert.match(await errorBox(zh).textContent(), /Black is not to move but is in check/);
  assert.deepEqual(app.errorsOf(zh), []);
  assert.deepEqual(app.errorsOf(en), []);
});

test('a refused typed move says why, in the page\'s language', async () => {
  for (const lang of ['zh', 'en']) {
    const page = await app.newPage(`?lang=${lang}#xiangqi`);
    await engineReady(page);
    const type = (text) => shown(page, async () => {
      await page.fill('[data-testid="move-input"]', text);
      await page.press('[data-testid="move-input"]', 'Enter');
    });
    for (const [text, code, zhPart, enPart] of BAD_MOVES) {
      const got = await type(text);
      assert.equal(got.code, code, text);
      const part = lang === 'zh' ? zhPart : enPart;
      assert.ok(got.text.includes(part), `"${got.text}" includes "${part}"`);
      assert.ok(got.text.startsWith(lang === 'zh' ? `无法走“${text}”：` : `Cannot play "${text}": `), got.text);
    }
    await page.fill('[data-testid="fen-input"]', PINNED);
    await page.click('[data-testid="load-fen"]');
    await page.waitForFunction((f) => document.querySelector('[data-testid="fen"]').textContent === f, PINNED);
    const pinned = await type('e1d1');
    assert.equal(pinned.code, 'move.leaves_general_in_check');
    assert.ok(pinned.text.includes(lang === 'zh' ? '走后己方将帅被将军' : 'it leaves the general in check'), pinned.text);
    if (lang === 'zh') await screenshot(page, 'errors-typed-move-zh');
    assert.deepEqual(app.errorsOf(page), []);
  }
});

test('commands the engine worker refuses are reported in the page\'s language, with the reason', async () => {
  const page = await app.newPage('#xiangqi');
  await engineReady(page);
  // every text the error box shows, in order
  await page.evaluate(() => {
    window.__errors = [];
    const box = document.querySelector('[data-testid="error"]');
    new MutationObserver(() => {
      if (!box.hidden && box.textContent) window.__errors.push({ text: box.textContent, code: box.dataset.code ?? null });
    }).observe(box, { childList: true, characterData: true, subtree: true, attributes: true });
  });
  const search = (position, params) => page.evaluate(async ([pos, p]) => {
    try {
      const res = await window.duiyi.view.client.search(pos, p);
      return { res };
    } catch (e) {
      return { code: e.code, params: e.params, message: e.message };
    }
  }, [position, params]);
  const shownCodes = () => page.evaluate(() => window.__errors);

  // A move list with an illegal second move: the position command is refused, naming the move and why.
  const bad = await search({ fen: START_FEN, moves: ['h2e2', 'h2e2'] }, { movetime: 100 });
  assert.equal(bad.code, 'engine.move');
  assert.equal(bad.params.index, 2);
  assert.equal(bad.params.cause.code, 'move.no_piece');
  await page.waitForFunction(() => window.__errors.some((e) => e.code === 'engine.move'));
  const moveError = (await shownCodes()).find((e) => e.code === 'engine.move');
  assert.equal(moveError.text, '引擎拒绝了 position 命令：着法列表第 2 步：h2 上没有棋子');
  // … and the go that follows it is refused too (no valid position), also in Chinese.
  await page.waitForFunction(() => window.__errors.some((e) => e.code === 'worker.no_position'));
  assert.equal((await shownCodes()).find((e) => e.code === 'worker.no_position').text,
    '引擎拒绝了 go 命令：没有有效的局面：上一条 position 命令失败了');

  // A bad FEN sent to the engine, and a bad go parameter.
  const fen = await search({ fen: 'rnbakabnr/9 w', moves: [] }, { movetime: 100 });
  assert.equal(fen.code, 'fen.wrong_rank_count');
  await page.waitForFunction(() => window.__errors.some((e) => e.code === 'fen.wrong_rank_count'));
  assert.equal((await shownCodes()).find((e) => e.code === 'fen.wrong_rank_count').text,
    '引擎拒绝了 position 命令：棋盘应有 10 行（以“/”分隔），这里有 2 行');
  const go = await search({ fen: START_FEN, moves: [] }, { depth: 1.5 });
  assert.equal(go.code, 'worker.go_count');
  await page.waitForFunction(() => window.__errors.some((e) => e.code === 'worker.go_count'));
  assert.equal((await shownCodes()).find((e) => e.code === 'worker.go_count').text,
    '引擎拒绝了 go 命令：搜索参数 depth 必须是非负整数，收到的是 1.5');
  for (const { text } of await shownCodes()) assert.doesNotMatch(text, /\b(?!position\b|go\b|depth\b)[A-Za-z]{4,}\b/, text);
  // The engine still plays afterwards.
  assert.ok((await search({ fen: START_FEN, moves: [] }, { depth: 2 })).res.move, 'a good search still answers');
  assert.deepEqual(app.errorsOf(page), []);
});

test('a saved game that cannot be replayed is reported in the page\'s language, naming the move and why', async () => {
  const page = await app.newPage('#xiangqi');
  await engineReady(page);
  for (const [lang, expected] of [
    ['zh', '保存的对局无法恢复，已开始新对局：第 2 步 h2e2：h2 上没有棋子'],
    ['en', 'The saved game could not be restored; a new game was started: move 2 (h2e2): there is no piece on h2'],
  ]) {
    // a saved game whose second move is illegal (the page replaced it with a new game on the last visit)
    await page.evaluate((fen) => {
      localStorage.setItem('duiyi.xiangqi.game.v1', JSON.stringify({ v: 1, startFen: fen, moves: ['h2e2', 'h2e2'] }));
    }, START_FEN);
    await page.goto(`${app.url}?lang=${lang}#xiangqi`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
    await errorBox(page).waitFor({ state: 'visible' });
    assert.equal(await errorBox(page).textContent(), expected);
    assert.equal(await errorBox(page).getAttribute('data-code'), 'saved.move');
    assert.equal(await page.$eval('[data-testid="fen"]', (e) => e.textContent), START_FEN, 'a new game was started');
  }
  assert.deepEqual(app.errorsOf(page), []);
});
