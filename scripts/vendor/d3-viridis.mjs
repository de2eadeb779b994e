// Writes www/vendor/d3-viridis.js (run by scripts/build.sh): d3-scale-chromatic's viridis colour scale, the one
// the Hex heatmaps use, as a small ES module. The npm package ships one file of every scheme, which a bundler
// cannot trim (each scheme is built by a top-level call), so the 256 colours are read from the package here and
// written with the same step function d3 uses (a colour per 1/256 of [0, 1]); the result is checked against
// the package's own interpolateViridis before it is written.
//
//   node scripts/vendor/d3-viridis.mjs OUT
import fs from 'node:fs';
import { interpolateViridis } from 'd3-scale-chromatic';

const out = process.argv[2];
if (!out) throw new Error('usage: node scripts/vendor/d3-viridis.mjs OUT');
const N = 256;
const colours = Array.from({ length: N }, (_, i) => interpolateViridis((i + 0.5) / N));
const version = JSON.parse(fs.readFileSync(new URL('../../node_modules/d3-scale-chromatic/package.json', import.meta.url), 'utf8')).version;
const text = `// d3-scale-chromatic ${version} (npm, ISC licence, github.com/d3/d3-scale-chromatic): interpolateViridis, its 256
// colours as the package has them, written by scripts/vendor/d3-viridis.mjs.
const COLOURS = ${JSON.stringify(colours.map((c) => c.slice(1)).join(''))};
/** The viridis colour of t in [0, 1] ('#rrggbb'; t outside is clamped), as d3-scale-chromatic gives it. */
export function interpolateViridis(t) {
  const i = Math.max(0, Math.min(${N - 1}, Math.floor(t * ${N})));
  return Number.isNaN(i) ? undefined : \`#\${COLOURS.slice(i * 6, i * 6 + 6)}\`;
}
`;
// the same answers as the package's, over [0, 1] and beyond
const mod = await import(`data:text/javascript,${encodeURIComponent(text)}`);
for (let k = -64; k <= 4096 + 64; k++) {
  const t = k / 4096;
  if (mod.interpolateViridis(t) !== interpolateViridis(t)) throw new Error(`d3-viridis: ${t} gives ${mod.interpolateViridis(t)}, d3 ${interpolateViridis(t)}`);
}
if (!fs.existsSync(out) || fs.readFileSync(out, 'utf8') !== text) fs.writeFileSync(out, text);
