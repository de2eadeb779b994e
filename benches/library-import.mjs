// How long #games takes to import a 1,000-game PGN file (issue 32: ≤ 10 s, with progress, the page never
// frozen), in headless Chromium on the page as `npm start` serves it.
//
// The file: FILE when given (e.g. the 1,000 real games of tests/data/pgn/), else a stand-in made in memory by
// repeating the real games of tests/data/pgn/*.pgn until there are GAMES of them (each copy with its own
// [Round] tag, so no two are the same text). The time runs from handing the file to the page's file input until
// the view says the import is over and the list shows the games; each run starts from an empty library in a
// new tab. Printed: the median and range of RUNS runs, games per second, and the longest main-thread task seen
// during the import (PerformanceObserver 'longtask'; the page's responsiveness).
//
//   node benches/library-import.mjs [--file FILE.pgn] [--games 1000] [--runs 3] [--json OUT.json]
//   (after npm run build; CHROMIUM_PATH picks the browser, default /usr/bin/chromium)

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../scripts/serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opts = { file: null, games: 1000, runs: 3, json: null };
for (let i = 0; i < args.length; i++) {
  const name = args[i].replace(/^--/, '');
  if (['file', 'games', 'runs', 'json'].includes(name) && args[i + 1]) opts[name] = ['games', 'runs'].includes(name) ? Number(args[++i]) : args[++i];
  else {
    console.error(`library-import: unknown argument '${args[i]}' (known: --file FILE, --games N, --runs N, --json FILE)`);
    process.exit(2);
  }
}

/** The stand-in: the real games of tests/data/pgn/, repeated (with a [Round] of their own) to `count` games. */
function standIn(count) {
  const dir = path.join(ROOT, 'tests', 'data', 'pgn');
  const games = fs.readdirSync(dir).filter((f) => f.endsWith('.pgn')).sort().map((f) => fs.readFileSync(path.join(dir, f), 'utf8').trim());
  const out = [];
  for (let i = 0; i < count; i++) {
    const game = games[i % games.length];
    const round = `[Round "${i + 1}"]`;
    out.push(/^\[Round "[^"]*"\]$/m.test(game) ? game.replace(/^\[Round "[^"]*"\]$/m, round) : game.replace(/^(\[[^\n]*\]\n)/, `$1${round}\n`));
  }
  return `${out.join('\n\n')}\n`;
}

const text = opts.file ? fs.readFileSync(opts.file, 'utf8') : standIn(opts.games);
const source = opts.file ? path.relative(ROOT, path.resolve(opts.file)) : `stand-in: the ${fs.readdirSync(path.join(ROOT, 'tests', 'data', 'pgn')).filter((f) => f.endsWith('.pgn')).length} real games of tests/data/pgn/ repeated to ${opts.games}`;
const buffer = Buffer.from(text);

const server = await startServer({ port: 0 });
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'duiyi-bench-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
const results = [];
try {
  for (let run = 0; run < opts.runs; run++) {
    const page = await context.newPage();
    await page.goto(`${server.url}?lang=en#games`);
    await page.waitForSelector('[data-testid="games-view"][data-ready="true"]', { timeout: 120000 });
    await page.evaluate(() => new Promise((resolve) => {
      const req = indexedDB.deleteDatabase('duiyi-library');
      req.onsuccess = req.onerror = req.onblocked = () => resolve();
    }));
    await page.reload();
    await page.waitForSelector('[data-testid="games-view"][data-ready="true"]', { timeout: 120000 });
    await page.evaluate(() => {
      window.__longest = 0;
      window.__progress = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
      }).observe({ type: 'longtask' });
      // how many progress updates the page showed while importing
      new MutationObserver(() => { window.__progress++; }).observe(document.querySelector('[data-testid="library-progress"]'), { attributes: true, attributeFilter: ['data-done'] });
    });
    const t0 = Date.now();
    await page.setInputFiles('[data-testid="library-import"]', { name: 'games.pgn', mimeType: 'application/x-chess-pgn', buffer });
    await page.waitForFunction(() => document.querySelector('[data-testid="games-view"]').dataset.imports === '1', null, { timeout: 600000, polling: 100 });
    const ms = Date.now() - t0;
    const out = await page.evaluate(() => ({
      added: Number(document.querySelector('[data-testid="library-import-report"]').dataset.added),
      bad: Number(document.querySelector('[data-testid="library-import-report"]').dataset.bad),
      listed: Number(document.querySelector('[data-testid="game-library"]').dataset.count),
      longestTask: Math.round(window.__longest),
      progressUpdates: window.__progress,
      batchParser: typeof window.duiyi.wasm.pgnParseGames === 'function',
    }));
    results.push({ ms, ...out });
    console.log(`run ${run + 1}: ${(ms / 1000).toFixed(2)} s, ${out.added} added, ${out.bad} bad, ${out.listed} listed, longest task ${out.longestTask} ms, ${out.progressUpdates} progress updates`);
    await page.close();
  }
} finally {
  await context.close();
  await server.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
const times = results.map((r) => r.ms).sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const games = results[0].added + results[0].bad;
console.log(`library-import: ${games} games (${source}; ${(buffer.length / 1024).toFixed(0)} KiB), ${results[0].batchParser ? 'pgnParseGames' : 'pgnParse per game (no pgnParseGames in this wasm build)'}`);
console.log(`library-import: median ${(median / 1000).toFixed(2)} s (${(times[0] / 1000).toFixed(2)}–${(times.at(-1) / 1000).toFixed(2)} s over ${times.length} runs), ${Math.round(games / (median / 1000))} games/s; target ≤ 10 s`);
console.log(`library-import: longest main-thread task ${Math.max(...results.map((r) => r.longestTask))} ms`);
if (opts.json) fs.writeFileSync(opts.json, `${JSON.stringify({ date: new Date().toISOString().slice(0, 10), source, bytes: buffer.length, games, runs: results }, null, 1)}\n`);
