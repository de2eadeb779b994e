// #combat: the model of the page — the models and outcomes, the sheet's fields with their defaults and
// presets, the page settings, the sheet as it is kept in the URL ('#combat?hit=0.9&crit=0.25…', see
// combat.js), and the number formats the tables use. No DOM here beyond location/history.

export const MODELS = ['waterfall', 'round-table', 'hybrid'];
export const OUTCOMES = ['miss', 'dodge', 'parry', 'glance', 'block', 'crit', 'crush', 'normal'];
export const EVENTS = OUTCOMES.slice(0, 7);
export const COLORS = {
  miss: '#9e9e9e', dodge: '#1e88e5', parry: '#00897b', glance: '#8e24aa',
  block: '#795548', crit: '#d32f2f', crush: '#ef6c00', normal: '#7cb342',
};
export const MODEL_COLORS = { waterfall: '#1565c0', 'round-table': '#b3261e', hybrid: '#2e7d32' };

/** Attribute fields: key (SheetSpec name), group, kind ('pct' = chance shown in %, 'num'), page default. */
export const FIELDS = [
  { key: 'hit', group: 'attacker', kind: 'pct', def: 0.9 },
  { key: 'crit', group: 'attacker', kind: 'pct', def: 0.25 },
  { key: 'crit_multiplier', group: 'attacker', kind: 'num', def: 2, step: 0.05, max: 10 },
  { key: 'glance', group: 'attacker', kind: 'pct', def: 0 },
  { key: 'glance_multiplier', group: 'attacker', kind: 'num', def: 0.76, step: 0.01, max: 10 },
  { key: 'damage', group: 'attacker', kind: 'num', def: 100, step: 1, max: 1e9 },
  { key: 'aps', group: 'attacker', kind: 'num', def: 1, step: 0.1, max: 1000 },
  { key: 'dodge', group: 'defender', kind: 'pct', def: 0.2 },
  { key: 'parry', group: 'defender', kind: 'pct', def: 0.15 },
  { key: 'block', group: 'defender', kind: 'pct', def: 0.3 },
  { key: 'block_fraction', group: 'defender', kind: 'pct', def: 0.5 },
  { key: 'block_amount', group: 'defender', kind: 'num', def: 50, step: 1, max: 1e9 },
  { key: 'crush', group: 'defender', kind: 'pct', def: 0 },
  { key: 'crush_multiplier', group: 'defender', kind: 'num', def: 1.5, step: 0.05, max: 10 },
  { key: 'damage_reduction', group: 'defender', kind: 'pct', def: 0 },
  { key: 'hp', group: 'defender', kind: 'num', def: 1000, step: 10, max: 1e12 },
];
export const PRESETS = {
  seed: { hit: 0.9, crit: 0.25, dodge: 0.2, parry: 0.15, block: 0.3 },
  caps: { hit: 1, crit: 0.4, dodge: 0.3, parry: 0, block: 0 },
  overflow: { hit: 0.9, crit: 0.3, dodge: 0.5, parry: 0.3, block: 0.3 },
};
/** Keys always written to the URL (the seed's five); the others only when they differ from the default. */
const ALWAYS_IN_URL = ['hit', 'crit', 'dodge', 'parry', 'block'];
export const SWING_CHOICES = [1e4, 1e5, 1e6, 1e7, 1e8, 1e9];
export const PAGE_DEFAULTS = { swings: 1e6, prd_p: 0.25, bag: 20 };


/** Count as 1k / 10k / 1M / 100M / 1G. */
export const compactCount = (v) => {
  for (const [scale, unit] of [[1e9, 'G'], [1e6, 'M'], [1e3, 'k']]) if (v >= scale) return `${Number((v / scale).toPrecision(3))}${unit}`;
  return String(v);
};
/** Tick callback for a log axis: labels only powers of ten (the other ticks keep their grid line). */
export const powerOfTenLabel = (format) => (v) => {
  const e = Math.log10(v);
  return Math.abs(e - Math.round(e)) < 1e-9 ? format(v) : '';
};
/** Rough width of a label in SVG units at `size`: CJK characters are square, Latin ones about 0.6 em. */
export const textWidth = (text, size) => [...text].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? size : 0.6 * size), 0);
export const pct = (x, digits = 2) => `${(x * 100).toFixed(digits)}%`;
export const num = (x, digits = 4) => (x === null || x === undefined ? '∞' : Number(x.toPrecision(digits)).toLocaleString('en-US'));
export const fmtInt = (n) => Math.round(n).toLocaleString('en-US');


/** Reads the sheet and page settings from '#combat?…'. Unknown keys are ignored; bad numbers kept as NaN
 *  so that validation names them. */
export function readHash() {
  const query = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?') + 1) : '';
  const params = new URLSearchParams(query);
  const sheet = Object.fromEntries(FIELDS.map((f) => [f.key, f.def]));
  const orders = { waterfall: '', 'round-table': '', hybrid: '' };
  const page = { ...PAGE_DEFAULTS, seed: '' };
  // A block removes a share of the hit, or a flat amount when the link says block_amount.
  const blockMode = params.has('block_amount') || params.has('block-amount') ? 'amount' : 'fraction';
  for (const [rawKey, value] of params) {
    const key = rawKey.replace(/-/g, '_');
    if (key in sheet) sheet[key] = value.trim() === '' ? NaN : Number(value);
    else if (key === 'waterfall_order') orders.waterfall = value;
    else if (key === 'round_table_order') orders['round-table'] = value;
    else if (key === 'hybrid_order') orders.hybrid = value;
    else if (key === 'swings' && SWING_CHOICES.includes(Number(value))) page.swings = Number(value);
    else if (key === 'seed') page.seed = value;
    else if (key === 'prd_p' && Number(value) >= 0 && Number(value) <= 1) page.prd_p = Number(value);
    else if (key === 'bag' && Number.isInteger(Number(value)) && Number(value) > 0) page.bag = Number(value);
    else if (key === 'predict') page.predict = value === '1';
  }
  return { sheet, orders, page, blockMode };
}

/** The field a block mode leaves out. */
export const inactiveBlockField = (mode) => (mode === 'amount' ? 'block_fraction' : 'block_amount');

/** Writes the sheet and page settings back into '#combat?…' (replaceState: no new history entry). */
export function writeHash({ sheet, orders, page, blockMode }) {
  const params = new URLSearchParams();
  for (const f of FIELDS) {
    if (f.key === inactiveBlockField(blockMode)) continue;
    if (f.key === 'block_amount') {
      params.set(f.key, Number.isNaN(sheet[f.key]) ? '' : String(sheet[f.key]));
      continue;
    }
    const v = sheet[f.key];
    // An emptied field stays empty in the URL (not "NaN"): reloading shows the same error.
    if (ALWAYS_IN_URL.includes(f.key) || v !== f.def) params.set(f.key, Number.isNaN(v) ? '' : String(v));
  }
  if (orders.waterfall) params.set('waterfall_order', orders.waterfall);
  if (orders['round-table']) params.set('round_table_order', orders['round-table']);
  if (orders.hybrid) params.set('hybrid_order', orders.hybrid);
  if (page.swings !== PAGE_DEFAULTS.swings) params.set('swings', String(page.swings));
  if (page.seed) params.set('seed', page.seed);
  if (page.prd_p !== PAGE_DEFAULTS.prd_p) params.set('prd_p', String(page.prd_p));
  if (page.bag !== PAGE_DEFAULTS.bag) params.set('bag', String(page.bag));
  if (page.predict) params.set('predict', '1');
  const hash = `#combat?${params.toString().replace(/%2C/gi, ',').replace(/%2B/gi, '+')}`;
  if (location.hash !== hash) history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
}
