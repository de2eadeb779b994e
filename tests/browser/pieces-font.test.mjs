// Pieces without system CJK fonts (issue 35): the Xiangqi board's characters come from the page's own web font
// (www/fonts/duiyi-pieces.woff2, a subset of Noto Serif CJK SC Bold). Chromium runs once with the machine's
// fonts and once with a font configuration holding no CJK font (FONTCONFIG_FILE: DejaVu only, or nothing);
// the start position's board must look the same in both. The control: in the no-CJK browser with the web
// font blocked, the board does differ (empty boxes), so the comparison can see a missing glyph.
// Pixels are compared in a page (two PNGs drawn on canvases). Nothing here is timed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, READY_MS } from './harness.mjs';

const apps = [];
after(async () => {
  for (const a of apps) await a.close().catch(() => {});
});

/**
 * A font configuration without CJK fonts: DejaVu when the machine has it (the UI's Latin text), else none, with
 * the machine's rendering rules (/etc/fonts/conf.d: hinting, antialiasing; it names no font directory), so a
 * glyph is drawn alike in both browsers.
 */
function noCjkFontConfig() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duiyi-nocjk-'));
  const dejavu = '/usr/share/fonts/truetype/dejavu';
  const conf = path.join(dir, 'fonts.conf');
  fs.writeFileSync(conf, `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  ${fs.existsSync(dejavu) ? `<dir>${dejavu}</dir>` : ''}
  ${fs.existsSync('/etc/fonts/conf.d') ? '<include ignore_missing="yes">/etc/fonts/conf.d</include>' : ''}
  <cachedir>${path.join(dir, 'cache')}</cachedir>
</fontconfig>
`);
  return conf;
}

/** The start position's board as a PNG, once the pieces' font has loaded (or failed to). */
async function boardPng(app, { blockFont = false } = {}) {
  const page = await app.newPage('?lang=en#xiangqi');
  if (blockFont) await page.route('**/duiyi-pieces*.woff2', (r) => r.abort());
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: READY_MS });
  await page.waitForSelector('[data-testid="board"] .xq-piece-char');
  await page.evaluate(async () => {
    await document.fonts.load('700 33px "Duiyi Pieces"', '帥').catch(() => {});
    await document.fonts.ready;
  });
  // the Latin coordinates (a–i, 0–9, a monospace font the font configuration chooses) are not compared
  await page.$$eval('.xq-coord', (els) => els.forEach((e) => e.setAttribute('display', 'none')));
  const png = await page.locator('[data-testid="board"] svg').first().screenshot({ animations: 'disabled' });
  const loaded = await page.evaluate(() => document.fonts.check('700 33px "Duiyi Pieces"', '帥'));
  await page.close();
  return { png, loaded };
}

/** The share of pixels (0…1) that differ by more than `tol` in some channel between two PNGs of one size. */
async function pixelDiff(app, a, b, tol = 48) {
  const page = await app.newPage('?lang=en#xiangqi');
  const share = await page.evaluate(async ([x, y, t]) => {
    const decode = async (b64) => {
      // (the page's CSP allows no data: fetch)
      const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
      const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const c = new OffscreenCanvas(bmp.width, bmp.height);
      const g = c.getContext('2d');
      g.drawImage(bmp, 0, 0);
      return g.getImageData(0, 0, bmp.width, bmp.height);
    };
    const [p, q] = [await decode(x), await decode(y)];
    if (p.width !== q.width || p.height !== q.height) return 1;
    let differ = 0;
    for (let i = 0; i < p.data.length; i += 4) {
      if (Math.abs(p.data[i] - q.data[i]) > t || Math.abs(p.data[i + 1] - q.data[i + 1]) > t || Math.abs(p.data[i + 2] - q.data[i + 2]) > t) differ += 1;
    }
    return differ / (p.width * p.height);
  }, [a.toString('base64'), b.toString('base64'), tol]);
  await page.close();
  return share;
}

test('the pieces, the river and the file numbers look the same with no CJK font on the machine', async () => {
  const normal = await startApp({ locale: 'en-US' });
  apps.push(normal);
  const bare = await startApp({ locale: 'en-US', env: { FONTCONFIG_FILE: noCjkFontConfig() } });
  apps.push(bare);
  const withFonts = await boardPng(normal);
  const without = await boardPng(bare);
  assert.equal(withFonts.loaded, true, 'the web font loaded');
  assert.equal(without.loaded, true, 'the web font loaded without system fonts');
  const same = await pixelDiff(normal, withFonts.png, without.png);
  if (process.env.DUIYI_FONT_PNGS) for (const [n, b] of [['with', withFonts.png], ['without', without.png]]) fs.writeFileSync(path.join(process.env.DUIYI_FONT_PNGS, `board-${n}.png`), b);
  assert.ok(same < 0.002, `${(same * 100).toFixed(3)}% of the board's pixels differ without CJK fonts`);
  // the control: without CJK fonts and without the web font, the characters are missing and it shows
  const blocked = await boardPng(bare, { blockFont: true });
  assert.equal(blocked.loaded, false);
  const missing = await pixelDiff(normal, withFonts.png, blocked.png);
  assert.ok(missing > 10 * Math.max(same, 0.0005), `blocked font: only ${(missing * 100).toFixed(3)}% differ`);
  assert.deepEqual(normal.errors.filter((e) => !/duiyi-pieces/.test(e)), []);
});
