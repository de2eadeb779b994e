// #puzzles: one puzzle at a time from the shipped sets (www/views/puzzle-set.js), Xiangqi or Hex, chosen near the
// player's rating (Glicko-2, kept in the browser: puzzle-rating.js), with a hint (first the piece or the area,
// then the move), retry, "show the solution" and "next". The boards and their rules are the games' own
// (puzzle-xiangqi.js, puzzle-hex.js). Reachable as `#puzzles?game=xiangqi|hex&id=<id>` (the address follows
// the puzzle shown, so a reload or a shared link opens the same one).
//
// Test hooks (docs/testing.md): puzzle (data-id, data-game, data-fen (Xiangqi) or data-size + data-moves (Hex,
// comma-separated), data-to-move, data-state = solving | solved | failed, data-rated = the first result
// counted and the rating shown includes it, data-played = the moves on the board since the puzzle's position, space-separated), puzzle-rating (data-rating, data-rd, data-game), puzzle-next, puzzle-hint (data-level), puzzle-retry,
// puzzle-solution, puzzle-feedback (data-kind of the last move's judgement), puzzle-game-xiangqi /
// puzzle-game-hex (aria-pressed), puzzle-change (the last rating change), puzzle-themes.

import { h, setText } from './dom.js';
import { loadStyle, loadViewStrings } from './assets.js';
import { loadSet, pickNext, GAMES } from './puzzle-set.js';
import { loadRating, saveRating, rate, ratingText } from './puzzle-rating.js';
import { createXiangqiPuzzle } from './puzzle-xiangqi.js';
import { createHexPuzzle } from './puzzle-hex.js';
import { loadSettings, defaultNotation } from './xiangqi-settings.js';
import { boardShape } from './hex-controls.js';
import { boardWidthUnits, CELL_WIDTH_UNITS } from './hex-board.js';
import { readJSON, writeJSON } from '../storage.js';
import { playSound } from '../sound.js';

const GAME_KEY = 'duiyi.puzzles.game';

/**
 * @param {HTMLElement} root
 * @param {{lang: string, t: Function, wasm: typeof import('../pkg/duiyi.js'), params: URLSearchParams}} ctx
 */
export async function mount(root, ctx) {
  let lang = ctx.lang === 'en' ? 'en' : 'zh';
  let pageT = ctx.t ?? ((key) => key);
  // the stylesheet before the first layout (see assets.js loadStyle)
  let [dict, css] = await Promise.all([
    loadViewStrings('puzzles', lang), loadStyle(new URL('./puzzles.css', import.meta.url).href)]);
  const t = (key, params) => {
    const s = dict[key];
    if (s === undefined) return pageT(key, params);
    return params ? s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m)) : s;
  };

  const asked = ctx.params?.get('game');
  let game = GAMES.includes(asked) ? asked : GAMES.includes(readJSON(GAME_KEY)) ? readJSON(GAME_KEY) : 'xiangqi';
  let wantedId = ctx.params?.get('id') ?? null;
  let set = [];
  let puzzle = null;
  let player = loadRating(game);
  /** solving | solved | failed */
  let state = 'solving';
  /** the first result of this puzzle was counted */
  let rated = false;
  /** rating updates still being computed (the Glicko-2 library loads on first use): data-rated waits for them */
  let counting = 0;
  let helped = false;
  let hintLevel = 0;
  let change = null;
  let feedback = null; // {key, params, kind}
  let destroyed = false;
  let controller = null;
  let loadToken = 0;

  // ---- DOM ------------------------------------------------------------------------------------------------
  const gameBtns = Object.fromEntries(GAMES.map((g) => [g, h('button', {
    type: 'button', class: 'btn btn-small pz-game', dataset: { testid: `puzzle-game-${g}` }, on: { click: () => switchGame(g) },
  })]));
  const ratingEl = h('span', { class: 'pz-rating', dataset: { testid: 'puzzle-rating' } });
  const changeEl = h('span', { class: 'pz-change', dataset: { testid: 'puzzle-change' }, hidden: true });
  const statsEl = h('span', { class: 'pz-stats' });
  const bar = h('div', { class: 'pz-bar' }, h('div', { class: 'pz-games', role: 'group' }, ...Object.values(gameBtns)), ratingEl, changeEl, statsEl);
  const boardHost = h('div', { class: 'pz-board' });
  const title = h('h2', {});
  const prompt = h('p', { class: 'pz-prompt' });
  const feedbackEl = h('p', { class: 'pz-feedback', dataset: { testid: 'puzzle-feedback' }, role: 'status', hidden: true });
  const hintBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'puzzle-hint' }, on: { click: () => onHint() } });
  const retryBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'puzzle-retry' }, on: { click: () => onRetry() } });
  const solutionBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'puzzle-solution' }, on: { click: () => onSolution() } });
  const nextBtn = h('button', { type: 'button', class: 'btn', dataset: { testid: 'puzzle-next' }, on: { click: () => onNext() } });
  const themesEl = h('p', { class: 'pz-themes', dataset: { testid: 'puzzle-themes' }, hidden: true });
  const sourceEl = h('p', { class: 'pz-source', hidden: true });
  const errorEl = h('p', { class: 'pz-error', role: 'alert', hidden: true });
  const panel = h('section', { class: 'panel pz-panel', dataset: { testid: 'puzzle', state: 'solving' } },
    title, prompt, feedbackEl, h('div', { class: 'pz-actions' }, hintBtn, retryBtn, solutionBtn, nextBtn), themesEl, sourceEl, errorEl);
  const intro = h('p', { class: 'pz-intro' });
  const view = h('div', { class: 'pz-view' }, bar, h('div', { class: 'pz-main' }, boardHost, panel), intro);
  root.replaceChildren(view);

  // ---- the puzzle ---------------------------------------------------------------------------------------------
  function makeController() {
    controller?.destroy();
    boardHost.replaceChildren();
    boardHost.dataset.game = game;
    if (game === 'xiangqi') {
      controller = createXiangqiPuzzle(boardHost, {
        XiangqiGame: ctx.wasm.XiangqiGame, pieceSet: loadSettings().pieceSet, onResult,
        notation: () => loadSettings().notation ?? defaultNotation(lang),
      });
    } else {
      controller = createHexPuzzle(boardHost, {
        HexGame: ctx.wasm.HexGame, onResult,
        shape: (size) => boardShape('auto', { width: size, height: size, hostPx: boardHost.clientWidth, portrait: window.innerHeight > window.innerWidth }, boardWidthUnits, CELL_WIDTH_UNITS),
      });
    }
  }

  async function openSet() {
    const mine = ++loadToken;
    errorEl.hidden = true;
    try {
      const loaded = await loadSet(game);
      if (mine !== loadToken || destroyed) return;
      set = loaded;
    } catch (err) {
      if (mine !== loadToken || destroyed) return;
      set = [];
      setText(errorEl, t('puzzles.loadFailed', { message: err?.message ?? String(err) }));
      render();
      return;
    }
    makeController();
    const byId = wantedId && set.find((p) => p.id === wantedId);
    wantedId = null;
    show(byId || pickNext(set, player.rating, new Set(player.played)));
  }

  function show(next) {
    puzzle = next;
    state = 'solving';
    // a puzzle played before (this visit or an earlier one) does not count again
    rated = player.played.includes(next.id);
    helped = false;
    hintLevel = 0;
    feedback = null;
    controller.load(next);
    const url = new URL(location.href);
    url.hash = `#puzzles?game=${game}&id=${encodeURIComponent(next.id)}`;
    history.replaceState(history.state, '', url);
    render();
  }

  /** the rating updates, one after the other (each starts from the state the one before left) */
  let queue = Promise.resolve();

  function count(score) {
    if (rated || !puzzle) return;
    rated = true;
    const g = game;
    const { id, rating: puzzleRating } = puzzle;
    counting += 1;
    queue = queue.then(() => applyResult(g, id, puzzleRating, score));
  }

  async function applyResult(g, id, puzzleRating, score) {
    const base = g === game ? player : loadRating(g);
    let next;
    try {
      next = await rate(base, puzzleRating, score);
    } catch (err) {
      // the rating library did not load: the puzzle stays counted, the rating as it was
      console.warn('the puzzle rating could not be updated', err);
      counting -= 1;
      if (!destroyed) render();
      return;
    }
    counting -= 1;
    // the state of the game the puzzle was of (the player may have switched games meanwhile)
    const updated = { ...base, ...next, played: [...base.played.filter((p) => p !== id), id] };
    if (score) updated.solved += 1;
    else updated.failed += 1;
    saveRating(g, updated);
    if (destroyed || g !== game) return;
    player = updated;
    change = Math.round(updated.rating - base.rating);
    render();
  }

  function onResult(r) {
    if (destroyed) return;
    const move = r.text ?? r.move;
    if (r.kind === 'correct') {
      feedback = { key: 'puzzles.correct', params: { move }, kind: 'correct' };
      playSound?.('move');
    } else if (r.kind === 'reply') {
      // the defender's answer: the feedback stays; the board and data-played change
    } else if (r.kind === 'solved') {
      state = 'solved';
      feedback = { key: r.mate ? 'puzzles.solvedMate' : 'puzzles.solved', params: { move }, kind: 'solved' };
      count(helped ? 0 : 1);
    } else if (r.kind === 'wrong') {
      state = 'failed';
      feedback = { key: 'puzzles.wrong', params: { move }, kind: 'wrong' };
      count(0);
    } else if (r.kind === 'shown') {
      feedback = { key: 'puzzles.shown', params: {}, kind: 'shown' };
    } else if (r.kind === 'checking') {
      feedback = { key: 'puzzles.checking', params: { move }, kind: 'checking' };
    } else if (r.kind === 'unknown') {
      feedback = { key: 'puzzles.unknown', params: { move }, kind: 'unknown' };
    }
    render();
  }

  function onHint() {
    if (state !== 'solving') return;
    hintLevel = Math.min(2, hintLevel + 1);
    helped = true;
    controller.hint(hintLevel);
    feedback = { key: hintLevel === 1 ? `puzzles.hint1.${game}` : 'puzzles.hint2', params: {}, kind: 'hint' };
    render();
  }

  function onRetry() {
    state = 'solving';
    hintLevel = 0;
    feedback = null;
    controller.retry();
    render();
  }

  function onSolution() {
    if (state === 'solving') {
      state = 'failed';
      count(0);
    }
    controller.showSolution();
    feedback = { key: 'puzzles.showing', params: {}, kind: 'showing' };
    render();
  }

  function onNext() {
    if (!set.length) return;
    change = null;
    show(pickNext(set, player.rating, new Set(player.played), puzzle?.id));
  }

  function switchGame(g) {
    if (g === game) return;
    game = g;
    writeJSON(GAME_KEY, g);
    player = loadRating(game);
    change = null;
    puzzle = null;
    render();
    openSet();
  }

  // ---- drawing --------------------------------------------------------------------------------------------------
  function render() {
    for (const [g, b] of Object.entries(gameBtns)) {
      b.textContent = t(`puzzles.game.${g}`);
      b.setAttribute('aria-pressed', String(g === game));
    }
    ratingEl.textContent = t('puzzles.rating', { rating: ratingText(player) });
    ratingEl.dataset.rating = String(Math.round(player.rating));
    ratingEl.dataset.rd = String(Math.round(player.rd));
    ratingEl.dataset.game = game;
    ratingEl.title = t('puzzles.ratingTitle', { rd: Math.round(player.rd) });
    if (change === null) changeEl.hidden = true;
    else {
      changeEl.textContent = change >= 0 ? `+${change}` : `−${-change}`;
      changeEl.dataset.sign = change >= 0 ? 'up' : 'down';
      changeEl.hidden = false;
    }
    statsEl.textContent = t('puzzles.stats', { solved: player.solved, failed: player.failed, total: set.length });
    hintBtn.textContent = t(hintLevel === 0 ? 'puzzles.hint' : 'puzzles.hintMore');
    hintBtn.dataset.level = String(hintLevel);
    retryBtn.textContent = t('puzzles.retry');
    solutionBtn.textContent = t('puzzles.solution');
    nextBtn.textContent = t('puzzles.next');
    setText(intro, t(`puzzles.intro.${game}`));
    if (!puzzle) {
      title.textContent = t('puzzles.loading');
      prompt.textContent = '';
      for (const b of [hintBtn, retryBtn, solutionBtn, nextBtn]) b.disabled = true;
      return;
    }
    panel.dataset.state = state;
    panel.dataset.id = puzzle.id;
    panel.dataset.game = game;
    panel.dataset.toMove = puzzle.toMove;
    panel.dataset.rated = String(rated && counting === 0);
    panel.dataset.played = controller?.played?.().join(' ') ?? '';
    if (game === 'xiangqi') {
      panel.dataset.fen = puzzle.fen;
      delete panel.dataset.size;
      delete panel.dataset.moves;
    } else {
      panel.dataset.size = String(puzzle.size);
      panel.dataset.moves = puzzle.moves.join(',');
      delete panel.dataset.fen;
    }
    title.textContent = t('puzzles.title', { id: puzzle.id });
    const side = t(`puzzles.side.${puzzle.toMove}`);
    prompt.textContent = t(game === 'hex' ? `puzzles.prompt.hex.${puzzle.toMove}` : 'puzzles.prompt.xiangqi', { side });
    if (feedback) {
      feedbackEl.textContent = t(feedback.key, feedback.params);
      feedbackEl.dataset.kind = feedback.kind;
      feedbackEl.hidden = false;
    } else {
      feedbackEl.hidden = true;
    }
    hintBtn.disabled = state !== 'solving' || hintLevel >= 2;
    retryBtn.disabled = false;
    retryBtn.hidden = state === 'solving';
    solutionBtn.disabled = false;
    nextBtn.disabled = false;
    // the puzzle's rating and themes once it is over (they would give the answer away before)
    const done = state !== 'solving';
    themesEl.hidden = !done;
    if (done) themesEl.textContent = t('puzzles.about', { rating: Math.round(puzzle.rating), themes: puzzle.themes.map((th) => dict[`puzzles.theme.${th}`] ?? th).join(' · ') });
    sourceEl.hidden = !done;
    if (done) sourceEl.textContent = t('puzzles.source', { source: sourceText(puzzle) });
    controller?.setAriaLabel(t('puzzles.boardLabel'));
  }

  /**
   * A Xiangqi puzzle's source in words: `liu-dahua#G ply P [var M] Red vs Black` (docs/puzzles-xiangqi.md) →
   * the players, the game, the move, and for a variation the move that was not played in the game. Other
   * sources (the Hex set's are sentences already) are shown as they are.
   */
  function sourceText(p) {
    const m = /^([\w-]+)#(\d+) ply (\d+)(?: var ([a-i]\d[a-i]\d))?\s*(.*)$/.exec(p.source);
    if (p.game !== 'xiangqi' || !m) return p.source;
    const [, set, gameNo, ply, alt, players] = m;
    const params = {
      players: players || '?', game: gameNo, collection: dict[`puzzles.collection.${set}`] ?? set,
      move: Math.floor(Number(ply) / 2) + 1, alt, side: t(`puzzles.side.${p.toMove === 'red' ? 'black' : 'red'}`),
    };
    if (!alt) return t('puzzles.sourceGame', params);
    return t('puzzles.sourceVariation', { ...params, move: Math.ceil(Number(ply) / 2) });
  }

  function onResize() {
    if (game === 'hex') controller?.refresh?.();
  }
  window.addEventListener('resize', onResize);

  render();
  await openSet();

  return {
    async setLang(nextLang, nextT) {
      lang = nextLang === 'en' ? 'en' : 'zh';
      pageT = nextT ?? pageT;
      dict = await loadViewStrings('puzzles', lang);
      if (!destroyed) render();
    },
    unmount() {
      destroyed = true;
      window.removeEventListener('resize', onResize);
      controller?.destroy();
      css.remove();
    },
  };
}
