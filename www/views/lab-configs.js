// The teaching lab's configurations: one row per technique switched off, then alpha-beta alone and plain
// minimax (the Rust list is duiyi::bench::lab_ablations; `duiyi bench --ablation --fen F --depth N --json`
// prints the same rows with their switches, and tests/browser/lab.test.mjs checks both lists agree).
//
// Each row: name (the row key, shared with the native bench), off (the switches set to false; every other
// switch is on), maxDepth (the row runs only up to this depth), source (where the seed article explains
// the technique: article, section heading; the explanation itself is in www/i18n/{zh,en}.json lab.tech.<name>).

/** Every technique switch of the Xiangqi searcher (engine option names, lower case). */
export const SWITCHES = [
  'nullmove', 'lmr', 'killers', 'history', 'aspiration', 'checkextension', 'ttcutoffs', 'qsearchchecks', 'futility',
  'alphabeta', 'pvs', 'nullverify', 'rootordering', 'quiescence',
];

/** Deepest depth of the plain-minimax row (duiyi::bench::MINIMAX_MAX_DEPTH). */
export const MINIMAX_MAX_DEPTH = 4;
/** Deepest depth of the alpha-beta-only row (duiyi::bench::ALPHABETA_ONLY_MAX_DEPTH). */
export const ALPHABETA_ONLY_MAX_DEPTH = 6;

const FENON = '中象棋軟搜索引擎揭密 (fenon)';
const MINIMAX_ARTICLE = '最小最大原理、估值与 alpha-beta 一文（原文无标题）';

/** Everything off except alpha-beta: the textbook fixed-depth search, static evaluation at the leaves. */
const BARE = SWITCHES.filter((s) => s !== 'alphabeta');

export const CONFIGS = [
  { name: 'all', off: [], source: null },
  { name: 'no-pvs', off: ['pvs'], source: { article: FENON, section: '2.a fruit的pv節點的意義以及基於pv節點搜索剪枝的效率' } },
  { name: 'no-tt', off: ['ttcutoffs'], source: { article: FENON, section: '2.e fruit的hash實現方法' } },
  { name: 'no-null', off: ['nullmove'], source: { article: FENON, section: '2.b fruit的nullmove剖析' } },
  { name: 'no-null-verify', off: ['nullverify'], source: { article: FENON, section: '2.b fruit的nullmove剖析 (nullmove verify); 4.a nullmove改進' } },
  { name: 'no-qsearch', off: ['quiescence'], source: { article: FENON, section: '2.c fruit的qs加強' } },
  { name: 'no-qsearch-checks', off: ['qsearchchecks'], source: { article: FENON, section: '2.c fruit的qs加強' } },
  { name: 'no-lmr', off: ['lmr'], source: { article: FENON, section: '2.d fruit的history pruning; 4.b history pruning改進' } },
  { name: 'no-history', off: ['history'], source: { article: FENON, section: '4.d 棋步排序的改進' } },
  { name: 'no-killers', off: ['killers'], source: { article: FENON, section: '4.d 棋步排序的改進' } },
  { name: 'no-aspiration', off: ['aspiration'], source: { article: FENON, section: '3.c 渴望窗口 (fruit 2.1和TogaII1.2.1的差異)' } },
  { name: 'no-root-ordering', off: ['rootordering'], source: { article: FENON, section: '2.f fruit的search root move list' } },
  { name: 'no-futility', off: ['futility'], source: { article: FENON, section: '4.c futility剪枝及delta剪枝的意義分析' } },
  { name: 'no-check-extension', off: ['checkextension'], source: { article: FENON, section: '3.a 延伸的差異' } },
  { name: 'alphabeta-only', off: BARE, maxDepth: ALPHABETA_ONLY_MAX_DEPTH, source: { article: MINIMAX_ARTICLE, section: '“优化搜索” (AlphaBeta)' } },
  { name: 'minimax', off: SWITCHES, maxDepth: MINIMAX_MAX_DEPTH, source: { article: MINIMAX_ARTICLE, section: '开篇：最小最大原理；“优化搜索”：负极大搜索' } },
];

/** The switch map a row sends to the worker: every switch named, on unless listed in `off`. */
export function switchesOf(config) {
  return Object.fromEntries(SWITCHES.map((s) => [s, !config.off.includes(s)]));
}

/** The rows that run at `depth` (alpha-beta only up to depth 6, plain minimax up to depth 4). */
export function configsAt(depth) {
  return CONFIGS.filter((c) => c.maxDepth === undefined || depth <= c.maxDepth);
}

/** Preset positions: FEN (or 'startpos') + ICCS moves. Sources as in src/bench.rs BENCH_POSITIONS. */
export const PRESETS = [
  { id: 'start', fen: 'startpos', moves: [] },
  { id: 'central-cannon', fen: 'startpos', moves: ['h2e2', 'h9g7'] },
  { id: 'middlegame', fen: '1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1', moves: [] },
  { id: 'real-game', fen: '3aka3/7r1/P7n/1cpn5/2b3b1N/1cB1p1P2/2C1P4/3KB2C1/4A2p1/2R2A3 b - - 26 56', moves: [] },
  { id: 'endgame', fen: '3k5/9/9/9/4p4/9/9/4C4/4A4/3AK4 w - - 0 1', moves: [] },
];

// ---- Hex rows (the Rust list is duiyi::bench::hex_lab_ablations; `duiyi bench --ablation --game hex --size N
// --moves M --depth D --json` prints the same rows with their switches, tests/browser/lab.test.mjs checks both
// lists agree). Each row: name, options (every Hex switch of src/hex/search.rs SearchOptions by its engine
// option name), source (the thesis section, cited as written; `note`: the key of a remark on it in both
// languages; the explanation is in www/i18n/{zh,en}.json lab.hexTech.<name>).

/** The Hex searcher's defaults (src/hex/search.rs `SearchOptions::default`). */
export const HEX_DEFAULTS = { beam: true, beambase: 8, beamperply: 2, ordering: true, ttcutoffs: true, threats: true };

const QUEENBEE = 'Hex棋评估函数的设计 (seed 004: van Rijswijck, Are Bees Better than Fruitflies?, MSc thesis, Alberta 2000, ch. 5)';

export const HEX_CONFIGS = [
  { name: 'all', options: HEX_DEFAULTS, source: null },
  { name: 'no-ordering', options: { ...HEX_DEFAULTS, ordering: false }, source: { article: QUEENBEE, section: '5.4 移动误差（Move badness）; thesis ch. 6', note: 'lab.srcNote.ordering' } },
  { name: 'no-beam', options: { ...HEX_DEFAULTS, beam: false }, source: { article: QUEENBEE, section: '5.4 移动误差（Move badness）; thesis ch. 6', note: 'lab.srcNote.beam' } },
  { name: 'no-tt', options: { ...HEX_DEFAULTS, ttcutoffs: false }, source: { article: QUEENBEE, section: 'thesis ch. 6 (alpha-beta); 中象棋軟搜索引擎揭密 2.e', note: 'lab.srcNote.tt' } },
  { name: 'no-threats', options: { ...HEX_DEFAULTS, threats: false }, source: { article: QUEENBEE, section: '5.3 战略相关性（Strategic relevance）', note: 'lab.srcNote.threats' } },
  { name: 'beam-narrow', options: { ...HEX_DEFAULTS, beambase: 4, beamperply: 1 }, source: { article: QUEENBEE, section: '5.4 移动误差（Move badness）; thesis ch. 6', note: 'lab.srcNote.beam' } },
  { name: 'beam-wide', options: { ...HEX_DEFAULTS, beambase: 16, beamperply: 4 }, source: { article: QUEENBEE, section: '5.4 移动误差（Move badness）; thesis ch. 6', note: 'lab.srcNote.beam' } },
];

/** Depths the Hex rows may run at (full width at 7×7 depth 5 is about 58,000 nodes; deeper grows fast). */
export const HEX_DEPTHS = [1, 2, 3, 4, 5];
