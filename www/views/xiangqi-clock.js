// Time controls and the two game clocks of the Xiangqi page. Pure bookkeeping (no DOM): the page keeps one
// clock state with the game, saved to localStorage, so a reload or a restarted engine worker resumes it.
//
// A clock state: {red, black: ms left when that side's clock last stopped; running: 'red'|'black'|null;
// since: the wall-clock time (Date.now(), ms) from which the running side's time counts down — it may lie
// in the future: the user's clock starts only when the engine's move has finished animating}.
// Wall-clock timestamps (not performance.now()) are kept so that the accounting survives a reload.
//
// Time controls (`tc`): {kind: 'casual'} (the default: no clocks, nobody loses on time; the engine thinks as
// at 10+5 with its pace, see CASUAL_ENGINE_CLOCK), {kind: 'clock', baseMs, incMs} (Fischer: base time plus an
// increment after each move; the clocks run on wall time, so they go on while the tab is hidden or closed),
// {kind: 'movetime', ms} (a fixed time per engine move, no clocks), {kind: 'depth', depth},
// {kind: 'infinite'} (analysis: the engine thinks until told to move).

/** The presets shown in the time-control chooser, in order; `custom` opens the minutes/increment fields. */
export const TC_PRESETS = [
  { id: 'casual', tc: { kind: 'casual' } },
  { id: '3+2', tc: { kind: 'clock', baseMs: 3 * 60000, incMs: 2000 } },
  { id: '5+3', tc: { kind: 'clock', baseMs: 5 * 60000, incMs: 3000 } },
  { id: '10+5', tc: { kind: 'clock', baseMs: 10 * 60000, incMs: 5000 } },
  { id: '15+10', tc: { kind: 'clock', baseMs: 15 * 60000, incMs: 10000 } },
  { id: 'movetime', tc: { kind: 'movetime' } },
  { id: 'depth', tc: { kind: 'depth' } },
  { id: 'infinite', tc: { kind: 'infinite' } },
  { id: 'custom', tc: { kind: 'clock' } },
];
export const DEFAULT_TC_ID = 'casual';
/** The default before casual games (issue 32): a saved `tc` equal to it counts as the user's choice only
 *  when it was saved as chosen (`tcChosen`). */
export const FORMER_DEFAULT_TC_ID = '10+5';
/**
 * The clock the engine is told it has in a casual game: 10 minutes and 5 s a move, never running down, so it
 * plans its moves as it does at the start of a 10+5 game (with the pace's cap, brisk: ≤ 2 s; docs/playing.md).
 */
export const CASUAL_ENGINE_CLOCK = { wtime: 600000, btime: 600000, winc: 5000, binc: 5000 };
export const DEPTHS = [4, 6, 8, 10, 12];

/** A fresh clock state for a clock time control (null for the others). */
export function newClocks(tc) {
  if (tc?.kind !== 'clock') return null;
  return { red: tc.baseMs, black: tc.baseMs, running: null, since: 0 };
}

/** ms left on `side`'s clock at wall time `now` (may be negative: the flag has fallen). */
export function timeLeft(clocks, side, now = Date.now()) {
  if (!clocks) return Infinity;
  const base = clocks[side];
  if (clocks.running !== side) return base;
  return base - Math.max(0, now - clocks.since);
}

/** Starts `side`'s clock at `startAt` (wall time; later than now while a move animates). */
export function startClock(clocks, side, startAt = Date.now()) {
  if (!clocks) return;
  clocks.running = side;
  clocks.since = startAt;
}

/** Stops the running clock at `now`, charging the time used; returns the ms used (0 when none ran). */
export function stopClock(clocks, now = Date.now()) {
  if (!clocks || !clocks.running) return 0;
  const side = clocks.running;
  const used = Math.max(0, now - clocks.since);
  clocks[side] -= used;
  clocks.running = null;
  return used;
}

/** After `side` moved: its time is charged and, unless its flag fell, the increment added. */
export function completeMove(clocks, side, incMs, now = Date.now()) {
  if (!clocks) return;
  if (clocks.running === side) stopClock(clocks, now);
  if (clocks[side] > 0) clocks[side] += incMs;
}

/** "9:58", "0:07.4" (tenths under 10 s), "—" for no clock. */
export function formatClock(ms) {
  if (!Number.isFinite(ms)) return '—';
  const clamped = Math.max(0, ms);
  if (clamped < 10000) {
    const tenths = Math.floor(clamped / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.floor(clamped / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Checks a saved clock state; null when it is not one. */
export function validClocks(c) {
  if (!c || typeof c !== 'object') return null;
  const okNum = (v) => typeof v === 'number' && Number.isFinite(v);
  if (!okNum(c.red) || !okNum(c.black) || !okNum(c.since)) return null;
  if (c.running !== null && c.running !== 'red' && c.running !== 'black') return null;
  return { red: c.red, black: c.black, running: c.running, since: c.since };
}

/** Checks a saved time control; null when it is not one. */
export function validTc(tc) {
  if (!tc || typeof tc !== 'object') return null;
  const pos = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  if (tc.kind === 'clock' && pos(tc.baseMs) && tc.baseMs > 0 && pos(tc.incMs)) return { kind: 'clock', baseMs: tc.baseMs, incMs: tc.incMs };
  if (tc.kind === 'movetime' && pos(tc.ms) && tc.ms > 0) return { kind: 'movetime', ms: tc.ms };
  if (tc.kind === 'depth' && Number.isInteger(tc.depth) && tc.depth >= 1 && tc.depth <= 64) return { kind: 'depth', depth: tc.depth };
  if (tc.kind === 'infinite') return { kind: 'infinite' };
  if (tc.kind === 'casual') return { kind: 'casual' };
  return null;
}
