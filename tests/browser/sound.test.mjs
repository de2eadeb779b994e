// Sound (www/sound.js): the site-wide on/off switch in the top bar (on by default, remembered across reloads),
// and the Xiangqi page's sounds: a move, a capture, a check, the end of the game. The tones themselves are
// not heard in a test: the toggle's data-last-sound / data-sound-count say which sound was asked for.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, screenshot, clickMove, waitForMoveCount } from './harness.mjs';

let app;
before(async () => {
  app = await startApp({ locale: 'en-US' });
});
after(async () => {
  await app?.close();
});

const toggle = (page) => page.$eval('[data-testid="sound"]', (e) => ({
  state: e.dataset.state, pressed: e.getAttribute('aria-pressed'), label: e.getAttribute('aria-label'),
  last: e.dataset.lastSound ?? null, count: Number(e.dataset.soundCount ?? 0),
}));
const HUMAN = { tc: 'movetime', movetime: 200, mode: 'human' };

async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
}

test('the sound switch: on by default, off and on again, remembered across a reload, named in both languages', async () => {
  const page = await app.newPage('#xiangqi', { xiangqiSettings: HUMAN });
  assert.deepEqual(await toggle(page), { state: 'on', pressed: 'true', label: 'Sound effects', last: null, count: 0 });
  await page.click('[data-testid="sound"]');
  assert.equal((await toggle(page)).state, 'off');
  assert.equal((await toggle(page)).pressed, 'false');
  await reload(page);
  assert.equal((await toggle(page)).state, 'off', 'still off after a reload');
  await page.click('[data-testid="lang-toggle"]');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
  assert.equal((await toggle(page)).label, '音效');
  // muted: a move asks for no sound
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 1);
  assert.equal((await toggle(page)).count, 0);
  await page.click('[data-testid="sound"]');
  assert.equal((await toggle(page)).state, 'on');
  await reload(page);
  assert.equal((await toggle(page)).state, 'on');
  assert.deepEqual(app.errorsOf(page), []);
});

test('Xiangqi sounds: a move, a capture, a check, the end of the game', async () => {
  const page = await app.newPage('#xiangqi', { xiangqiSettings: HUMAN });
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 1);
  assert.deepEqual(await toggle(page), { state: 'on', pressed: 'true', label: 'Sound effects', last: 'move', count: 1 });
  await clickMove(page, 'b9c7');
  await waitForMoveCount(page, 2);
  await clickMove(page, 'e2e6'); // the cannon takes the centre pawn over its own pawn
  await waitForMoveCount(page, 3);
  assert.equal((await toggle(page)).last, 'capture');
  assert.equal((await toggle(page)).count, 3);

  // a check (the black king can step aside), then a mate (it cannot): the end of the game
  await page.fill('[data-testid="fen-input"]', '3k5/9/9/9/9/9/9/9/R8/5K3 w - - 0 1');
  await page.click('[data-testid="load-fen"]');
  await clickMove(page, 'a1d1');
  await waitForMoveCount(page, 1);
  assert.equal((await toggle(page)).last, 'check');
  await page.fill('[data-testid="fen-input"]', '3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1');
  await page.click('[data-testid="load-fen"]');
  await clickMove(page, 'a1d1');
  await waitForMoveCount(page, 1);
  await page.waitForSelector('[data-testid="game-result"]:not([hidden])');
  assert.equal((await toggle(page)).last, 'end');
  assert.equal((await toggle(page)).count, 5);
  await screenshot(page, 'sound-toggle-en');

  // against the engine, its reply sounds too
  await page.selectOption('[data-testid="side"]', 'red');
  await page.click('[data-testid="new-game"]');
  await clickMove(page, 'h2e2');
  await waitForMoveCount(page, 2, 60000);
  const after = await toggle(page);
  assert.equal(after.count, 7, 'the user\'s move and the engine\'s reply');
  assert.ok(['move', 'capture', 'check'].includes(after.last), after.last);
  assert.deepEqual(app.errorsOf(page), []);
});

test('the tones themselves: Web Audio made on request plays every sound without an error', async () => {
  const page = await app.newPage('#xiangqi', { xiangqiSettings: HUMAN });
  // (an automated browser gets no AudioContext on a gesture: www/sound.js says why)
  const result = await page.evaluate(async () => {
    const sound = await import('/sound.js');
    const state = sound.enableAudio();
    for (const kind of ['move', 'capture', 'check', 'end', 'no-such-sound']) sound.playSound(kind);
    await new Promise((resolve) => setTimeout(resolve, 800));
    return { state, last: document.querySelector('[data-testid="sound"]').dataset.lastSound };
  });
  assert.ok(['running', 'suspended'].includes(result.state), `the AudioContext: ${result.state}`);
  assert.equal(result.last, 'end', 'an unknown kind is ignored');
  assert.deepEqual(app.errorsOf(page), []);
});

test('Hex: a stone sounds a move, the engine\'s reply too, and resigning ends the game with its sound', async () => {
  const page = await app.newPage('?lang=en#hex');
  await page.evaluate(() => {
    localStorage.setItem('duiyi.hex.settings.v1', JSON.stringify({ size: '7', sizeChosen: true, movetime: 200, ponder: false }));
  });
  await reload(page);
  await page.waitForSelector('.hex-layout[data-ready="true"]');
  await page.click('[data-testid="board"] [data-square="d4"] .hx-hex');
  // the user's stone, then the engine's reply: two move sounds
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 2);
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="sound"]').dataset.soundCount) >= 2);
  assert.equal((await toggle(page)).last, 'move');
  page.once('dialog', (d) => d.accept());
  await page.click('[data-testid="resign"]');
  await page.waitForSelector('[data-testid="game-result"]:not([hidden])');
  assert.equal((await toggle(page)).last, 'end');
  assert.deepEqual(app.errorsOf(page), []);
});
