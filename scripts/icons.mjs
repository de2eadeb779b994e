// Draws the app's icons (the web app manifest's and the home-screen icon) and writes them as PNG into
// www/icons/, where they are kept in the repository: a Xiangqi piece (帥) on a Hex cell, the two games of
// the playground. Run by hand after changing the drawing (it needs Chromium and fonts-noto-cjk, which
// `npm test`'s set-up installs):
//
//   node scripts/icons.mjs
//
// Writes icon-192.png and icon-512.png (purpose "any": the drawing on a rounded dark square),
// icon-maskable-512.png (purpose "maskable": full-bleed, everything inside the central 80% safe zone) and
// apple-touch-icon.png (180×180, full-bleed: iOS rounds the corners itself). All are written with a palette of at
// most 256 colours (scripts/png8.mjs; the rounded ones with their transparent corners, as a tRNS chunk).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { toPng8 } from './png8.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'www', 'icons');

/** The drawing on a 512-unit square. `scale` shrinks the hexagon and piece about the centre (maskable). */
function drawing({ rounded, scale }) {
  const c = 256;
  const hex = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i - Math.PI / 2; // pointy top, as the page draws Hex cells
    hex.push(`${(c + 228 * scale * Math.cos(a)).toFixed(1)},${(c + 228 * scale * Math.sin(a)).toFixed(1)}`);
  }
  const r = 150 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${rounded ? 96 : 0}" fill="#2b2520"/>
  <polygon points="${hex.join(' ')}" fill="#e9c98f" stroke="#c99a5b" stroke-width="${10 * scale}" stroke-linejoin="round"/>
  <circle cx="${c}" cy="${c + 8 * scale}" r="${r}" fill="#8a5a2b" opacity="0.55"/>
  <circle cx="${c}" cy="${c}" r="${r}" fill="#f3dfb4" stroke="#8a5a2b" stroke-width="${9 * scale}"/>
  <circle cx="${c}" cy="${c}" r="${r - 22 * scale}" fill="none" stroke="#b3261e" stroke-width="${7 * scale}"/>
  <text x="${c}" y="${c}" font-size="${176 * scale}" font-weight="700" text-anchor="middle" dominant-baseline="central"
    fill="#b3261e" font-family="Noto Serif CJK SC, serif">帥</text>
</svg>`;
}

const ICONS = [
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, scale: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.86 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  fs.mkdirSync(OUT, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(`<html><body style="margin:0;background:transparent">${drawing(icon).replace('<svg ', `<svg style="display:block;width:${icon.size}px;height:${icon.size}px" `)}</body></html>`);
    await page.evaluate(() => document.fonts.ready);
    const shot = await page.screenshot({ omitBackground: true });
    // Re-encoded with at most 256 colours (scripts/png8.mjs), a third of the bytes or less for the bundle's
    // 1 MB; the rounded ones keep their transparent corners.
    const png = toPng8(shot, { alpha: icon.rounded });
    fs.writeFileSync(path.join(OUT, icon.file), png);
    await page.close();
    console.log(`icons: ${path.relative(ROOT, path.join(OUT, icon.file))}`);
  }
} finally {
  await browser.close();
}
