// The Hex page's engine (www/views/hex.js): the engine status panel, and the wiring to the shared EngineClient
// (www/engine-client.js; the worker searches {game: 'hex', size, swap, setup?, moves}): the engine's move when
// it is to play, pondering on the user's time on the move it expects (found by a short search when none is
// known), ponder hits, the level option, and the engine's errors. It plays the engine's moves on the page's
// game and then lets the page redraw.
//
// The search score it shows is the engine's: Queenbee's evaluation backed up by its look-ahead, reported in
// centi-units (the eval's own scale, 100 per step of board potential) and shown by engine-status.js ÷ 100,
// turned to Black's view here (+ good for Black). The figures' eval (hex-figures.js) is the same evaluation of
// the position on the board without look-ahead, in the eval's units: a note under each says so.
//
// A proved result: when the search reports a mate score (`score.mate`, UCI's moves to the end, + when the side
// it searches for wins), the panel says so in words under the numbers: "Proved win for White in 3 moves" /
// "Proved loss for White: Black connects in 2 moves" (engine-proof, data-mate: the mate number from Black's
// view, data-side: the side searched for). Hex has no draws, so a mate score is the game's result.
//
// Thinking budget: the client's 'budget' event ({softMs, hardMs, searchId}) of the running Hex search goes to
// the status as budgetMs ("thinking … (≈ N s)"); it is cleared when the state leaves 'thinking'.
//
// Pondering on several replies (issue 23, www/views/ponder-candidates.js, as on the Xiangqi page): the engine
// ponders the expected move and the user's next likely ones (option PonderCandidates), listed under the
// status while it ponders. The predicted move is a ponder hit as before; another listed move is a hit on that
// candidate when the search asked for then goes on from its pondering (the worker's `resumed`), else a miss.
// The note under the status tells the last hit or miss until the next move; the figures count this game's
// hits (kept while the page is open; a new game starts them afresh).
//
// Test hooks (data-testid): engine-status (data-state, data-ready; engine-score, engine-pv, …, see
// engine-status.js), ponder-move (data-iccs), engine-proof, score-note; the panel's host has data-budget-ms
// while a budget is shown (the page's own record of what it passed to the status); engine-notice (data-kind
// ponder-hit | ponder-miss) with ponder-saved (data-ms = thinking already done, data-candidate = the pondered
// reply hit, 1 = the expected move; class ponder-miss on a miss); ponder-candidates (items data-cell,
// data-depth, data-rank, data-active); ponder-hit-rate (data-hits, data-top1, data-tried, data-saved-ms).
//
// With the `threads` setting at 2 or more, the DFPN solver works beside the engine's own move in another worker
// and sends it its proofs (www/views/hex-solver-helper.js); engine-status then has data-threads="2" and
// data-solver (proving | won | lost), data-solver-taken="true" once the engine took them.

import { h, setText } from './dom.js';
import { createEngineStatus } from './engine-status.js';
import { playSound } from '../sound.js';
import { createSolverHelper } from './hex-solver-helper.js';
import {
  askPonderCandidates, correctPredictedHit, countPonderHit, createPonderCandidates, createPonderStats, createReplyTracker, freshPonderStats, ponderHitText,
  ponderNoticeHooks, renderPonderStats,
} from './ponder-candidates.js';

/** a short search of the user's position, to find the move to ponder on when none is known (as Xiangqi) */
const GUESS_MS = 300;
/** a ponder search that has not been hit after this long is stopped (no endless CPU use) */
const PONDER_CAP_MS = 60000;

/**
 * @param {HTMLElement} host  where the status panel goes
 * @param {object} opts
 * @param {object} opts.client  the shared EngineClient
 * @param {() => Function} opts.t  the current translator
 * @param {object} opts.settings  the page's settings (movetime, level, ponder, swap)
 * @param {() => object} opts.game  the page's current HexGame
 * @param {() => string} opts.key  the current position's key (size, swap, setup, moves)
 * @param {(extra?: string[]) => object} opts.position  the worker's position, with `extra` moves after the game's
 * @param {() => boolean} opts.engineToMove  the engine plays the side to move
 * @param {() => boolean} opts.userOnlyToMove  the user, playing one side against the engine, is to move
 * @param {() => void} opts.changed  the game changed (redraw, save)
 * @param {() => void} opts.save  save the game (the expected move changed)
 * @param {(key: string, params?: object, error?: object) => void} opts.showError
 * @param {(proof: {winner: string, moves: string[]}) => void} [opts.onProof]  the engine's search of its own move
 *   (not a ponder search) proved the game: the winner and the moves of the position it searched
 */
export function createEnginePanel(host, { client, t, settings, game, key, position, engineToMove, userOnlyToMove, changed, save, showError, onProof }) {
  const status = createEngineStatus(host, t());
  // the score is shown from Black's view here, named as the search's (not the figures' eval), with a note
  const scoreLabel = status.element.querySelector('[data-i18n="engine.score"]');
  if (scoreLabel) scoreLabel.dataset.i18n = 'hex.engineScore';
  const proofEl = h('p', { class: 'hex-proof', dataset: { testid: 'engine-proof' }, hidden: true });
  status.element.querySelector('.es-numbers')?.after(proofEl);
  status.element.append(h('p', { class: 'hex-score-note', dataset: { testid: 'score-note', i18n: 'hex.engineScoreNote' } }));
  // the pondered replies and this game's ponder figures, under the status
  const candidatesView = createPonderCandidates((k, params) => t()(k, params), 'cell');
  const statsEl = createPonderStats();
  host.append(h('div', { class: 'ponder-panel' }, candidatesView.element, statsEl));
  askPonderCandidates(client);
  // the solver beside the engine's move (threads ≥ 2)
  const solver = createSolverHelper(client, () => render());

  let lastInfo = null;
  let infoKey = null;
  /** the side the running search plays, keyed by the position it searches */
  let searching = null;
  /** the ponder search in flight: {move, key} (the move the engine expects the user to play) */
  let ponder = null;
  let ponderTimer = null;
  /** the move the engine expects the user to play (from its last reply; saved with the game, so a reload
   *  resumes pondering on it), and the short search that finds one when none is known */
  let lastPonderMove = null;
  let guess = null;
  let destroyed = false;
  /** this game's ponder figures (ponder-candidates.js freshPonderStats) */
  let stats = freshPonderStats();
  /** the note under the status: {kind: 'ponder-hit' | 'ponder-miss', text: () => string}, until the next move */
  let notice = null;
  /** the pondered replies, and a move other than the expected one until its search tells (hit or miss) */
  const replies = createReplyTracker(client);
  /** a move other than the expected one, played while pondering ({rank, missed, played, expected}), for the
   *  search requestMove asks for next */
  let pendingNext = null;

  /** A move as the user reads it (a cell, or the swap). */
  const write = (move) => (move === 'swap-pieces' ? t()('hex.swapPieces') : move);

  /** A hit on candidate `k` with `ms` of thinking already done: counted and told. */
  function hit(k, ms) {
    countPonderHit(stats, k, ms);
    notice = { kind: 'ponder-hit', text: () => ponderHitText(stats, t()) };
  }

  function miss(played, expected) {
    stats.misses += 1;
    stats.lastSavedMs = null;
    notice = { kind: 'ponder-miss', text: () => t()('ponder.miss', { played: write(played), expected: write(expected) }) };
  }

  function render() {
    const tr = t();
    const current = client.current;
    const info = current && infoKey && lastInfo && searching?.key === infoKey ? lastInfo : null;
    status.update({
      state: client.state,
      ready: client.ready,
      info,
      sign: searching?.side === 'white' ? -1 : 1,
      pvText: info ? info.pv.slice(0, 8).join(' ') : '',
      ponderText: ponder && client.state === 'pondering' ? (ponder.move === 'swap-pieces' ? tr('hex.swapPieces') : ponder.move) : '',
      ponderMove: ponder && client.state === 'pondering' ? ponder.move : null,
      notice: notice ? notice.text() : '',
      noticeKind: notice?.kind ?? '',
      ...ponderNoticeHooks(notice?.kind, stats),
      detail: client.state === 'thinking' && current?.params.movetime ? `${current.params.movetime / 1000} s` : '',
    });
    showProof(info, searching?.side ?? null);
    const el = status.element;
    el.dataset.threads = String(solver.threads);
    if (solver.state) el.dataset.solver = solver.state;
    else delete el.dataset.solver;
    if (solver.taken) el.dataset.solverTaken = 'true';
    else delete el.dataset.solverTaken;
    candidatesView.show(ponder && client.state === 'pondering' ? replies.list() : null, write);
    renderPonderStats(statsEl, stats, tr);
  }

  /** The proved result of a mate score `info.score.mate` for `side` (the side searched for), in words. */
  function showProof(info, side) {
    const mate = info?.score?.mate;
    if (typeof mate !== 'number' || !side) {
      setText(proofEl, '');
      delete proofEl.dataset.mate;
      delete proofEl.dataset.side;
      return;
    }
    const tr = t();
    const n = Math.abs(mate);
    const moves = tr(n === 1 ? 'hex.proof.move1' : 'hex.proof.moves', { n });
    const names = { side: tr(`hex.side.${side}`), other: tr(`hex.side.${side === 'black' ? 'white' : 'black'}`), moves };
    setText(proofEl, tr(mate > 0 ? 'hex.proof.win' : 'hex.proof.loss', names));
    proofEl.dataset.mate = String(side === 'white' ? -mate : mate);
    proofEl.dataset.side = side;
    if (client.state === 'thinking' && searching?.key === key()) {
      onProof?.({ winner: mate > 0 ? side : side === 'black' ? 'white' : 'black', moves: position().moves });
    }
  }

  /** Sends the page's level to the engine when the engine's differs (the client is shared with Xiangqi). */
  function sendLevel() {
    const want = String(settings.level);
    const have = client.optionValues.get('Level');
    if (have === want || (have === undefined && settings.level === 0)) return;
    client.setOption('Level', settings.level);
  }

  /** The engine's move for the position `k` (searched now, or pondered and then hit), played when it comes. */
  function applyResult(res, k) {
    if (destroyed || res.cancelled || k !== key()) return;
    const g = game();
    if (!res.move) {
      if (!g.winner()) showError('hex.error.engineNoMove');
      return;
    }
    try {
      g.play(res.move);
    } catch (err) {
      showError('hex.error.engineIllegal', { move: res.move }, err);
      return;
    }
    playSound(g.winner() ? 'end' : 'move');
    searching = null;
    // the move to ponder on: the engine's, else the second move of its last principal variation
    const pv = infoKey === k ? lastInfo?.pv : null;
    lastPonderMove = res.ponder ?? (pv?.[0] === res.move ? pv[1] ?? null : null);
    changed();
    if (engineToMove()) requestMove(); // engine vs engine: the other side answers
    else startPonder();
  }

  /** The engine searches the position when it is to move (and is not already searching it). */
  function requestMove() {
    if (!engineToMove()) return;
    const k = key();
    if (searching?.key === k && client.current && !client.current.cancelled) return;
    ponder = null;
    guess = null;
    searching = { key: k, side: game().toMove() };
    infoKey = k;
    lastInfo = null;
    sendLevel();
    let request = null;
    client.search(position(), { movetime: settings.movetime })
      .then((res) => {
        solver.stop();
        // answered without going on from pondering the move played: a miss after all
        const p = replies.answered(request);
        if (p && !res.cancelled && !p.missed) miss(p.played, p.expected);
        applyResult(res, k);
      })
      .catch((err) => { if (!destroyed) showError('hex.error.engine', {}, err); });
    request = client.current;
    replies.track(pendingNext && request, pendingNext);
    pendingNext = null;
    startSolver();
    render();
  }

  /** The solver beside the engine's move on the page's position (when the threads setting allows it). */
  function startSolver() {
    const moves = game().legalMoves();
    const empties = moves.includes('swap-pieces') ? 0 : moves.length;
    solver.start(position(), empties, settings.movetime + 1000);
  }

  /**
   * Ponders on the user's time (as the Xiangqi page does): a `go ponder` on the position after the move the
   * engine expects, the one its last reply named (saved with the game, so a reload resumes pondering on it).
   * When there is none mid-game (a reply without one, a game loaded from a link or an SGF), a short search of
   * the user's position finds it first (guessPonderMove). If the user plays it, the search goes on as a timed
   * one (ponderhit); any other move cancels it.
   */
  function startPonder() {
    clearTimeout(ponderTimer);
    ponder = null;
    if (!settings.ponder || document.hidden || !userOnlyToMove()) return;
    const g = game();
    const move = lastPonderMove && g.legalMoves().includes(lastPonderMove) ? lastPonderMove : null;
    if (!move) {
      if (g.moves().length > 0) guessPonderMove();
      return;
    }
    const k = `${key()}${g.moves().length ? ' ' : ''}${move}`;
    const p = (ponder = { move, key: k });
    searching = { key: k, side: g.toMove() === 'black' ? 'white' : 'black' };
    infoKey = k;
    lastInfo = null;
    sendLevel();
    client.search(position([move]), { ponder: true, movetime: settings.movetime })
      .then((res) => {
        solver.stop();
        if (ponder === p) ponder = null;
        applyResult(res, k);
        render();
      })
      .catch((err) => { if (!destroyed) showError('hex.error.engine', {}, err); });
    ponderTimer = setTimeout(() => { if (ponder === p) stopPondering(); }, PONDER_CAP_MS);
    render();
  }

  /** A short search of the user's position: its best move is the reply the engine expects; then ponder on it. */
  function guessPonderMove() {
    if (guess || (client.current && !client.current.cancelled)) return; // a search asked for decides first
    const k = key();
    const gs = (guess = { key: k });
    sendLevel();
    client.search(position(), { movetime: Math.min(GUESS_MS, settings.movetime) })
      .then((res) => {
        if (guess === gs) guess = null;
        if (destroyed || res.cancelled || !res.move || k !== key()) return;
        lastPonderMove = res.move;
        save();
        startPonder();
      })
      .catch((err) => {
        if (guess === gs) guess = null;
        if (!destroyed) showError('hex.error.engine', {}, err);
      });
    render();
  }

  function stopPondering() {
    clearTimeout(ponderTimer);
    if (guess) {
      guess = null;
      client.cancel();
    }
    if (ponder) {
      ponder = null;
      client.cancel();
    }
  }

  /** The search's thinking budget (ms; null: none) in the status. */
  function showBudget(ms) {
    status.update({ budgetMs: ms });
    if (ms === null) delete host.dataset.budgetMs;
    else host.dataset.budgetMs = String(ms);
  }

  const unsubscribe = [
    client.on('info', (info) => {
      const current = client.current;
      if (!current || current.id !== info.searchId || current.position.game !== 'hex') return;
      lastInfo = info;
      render();
    }),
    client.on('state', ({ state }) => {
      if (state !== 'thinking') showBudget(null);
      render();
    }),
    client.on('budget', ({ softMs, searchId }) => {
      const current = client.current;
      if (!current || current.position.game !== 'hex' || (searchId !== undefined && current.id !== searchId)) return;
      showBudget(softMs);
    }),
    // the replies the running ponder search thinks about (PonderCandidates > 1)
    client.on('candidates', (event) => {
      if (ponder && client.active?.position.game === 'hex' && replies.update(event)) render();
    }),
    // the search asked for after the user's move goes on from pondering that move: a hit on that candidate
    client.on('resumed', ({ candidate, ms, searchId }) => {
      const p = replies.resumed(searchId);
      if (!p && candidate === 1 && client.active?.id === searchId && stats.lastCandidate === 1 && !destroyed) {
        // the predicted move was played (ponderhit): candidate 1's own thinking is what was saved
        correctPredictedHit(stats, ms);
        render();
        return;
      }
      if (!p || destroyed) return;
      if (p.missed) stats.misses = Math.max(0, stats.misses - 1); // told as a miss at once: it was not one
      hit(Number.isInteger(candidate) && candidate > 0 ? candidate : Math.max(1, p.rank), Number.isFinite(ms) ? ms : 0);
      render();
    }),
    client.on('ready', () => {
      askPonderCandidates(client);
      render();
    }),
    client.on('crash', () => replies.dropList()),

    client.on('error', (error) => showError('hex.error.engineCommand', { command: error.command ?? '?' }, error)),
  ];

  return {
    requestMove,
    startPonder,
    stopPondering,
    sendLevel,
    render,
    /** Stops whatever the engine does for this page (a new game, an undo, a loaded record, a mode change). */
    stopAll() {
      stopPondering();
      solver.stop();
      client.cancel();
      searching = null;
    },
    /**
     * The user has just played `mv` (already on the game): true when it was the move being pondered on and the
     * ponder search goes on as a timed one (a ponder hit); any other move drops the guess.
     */
    userPlayed(mv) {
      guess = null;
      notice = null;
      pendingNext = null;
      const sentAt = client.active?.sentAt ?? null;
      const wasPondering = ponder && client.state === 'pondering' ? ponder : null;
      const isHit = wasPondering && ponder.move === mv && ponder.key === key() && client.ponderhit();
      if (isHit) {
        clearTimeout(ponderTimer);
        ponder = null;
        hit(1, sentAt === null ? 0 : performance.now() - sentAt);
        startSolver(); // the search goes on as the engine's own move
      } else if (wasPondering) {
        // another pondered reply: told once the next search says whether it goes on from pondering it;
        // any other move is a miss now (unless the engine still goes on from one)
        const rank = replies.rank(mv);
        pendingNext = { rank, missed: rank === 0, played: mv, expected: wasPondering.move };
        if (rank === 0) miss(mv, wasPondering.move);
      }
      return Boolean(isHit);
    },
    /** Starts this game's ponder figures afresh (a new game). */
    resetStats() {
      stats = freshPonderStats();
      notice = null;
      replies.clear();
      render();
    },
    /** The move the engine expects the user to play (saved with the game), or null. */
    get expectedMove() {
      return lastPonderMove;
    },
    set expectedMove(move) {
      lastPonderMove = move;
    },
    setTranslator(next) {
      status.setTranslator(next);
      render(); // the proof line is this panel's own text
    },
    destroy() {
      destroyed = true;
      clearTimeout(ponderTimer);
      for (const off of unsubscribe) off();
      solver.destroy();
      client.cancel();
    },
  };
}
