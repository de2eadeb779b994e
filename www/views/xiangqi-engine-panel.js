// The Xiangqi page's engine side: asking the engine (in the worker, www/engine-client.js) for its move,
// playing its answer, pondering while the user thinks (the reply it expects, a ponder hit or miss), and the
// engine status panel (www/views/engine-status.js) with its notes and the ponder figures under it.
//
// A ponder hit or miss is told once, in the engine panel's note (engine-notice), until the next move: on a hit,
// how long the engine had already thought about the position and, once it has answered, how long after the
// user's move it answered; on a miss, the move played and the move expected.
//
// Several replies (issue 23, www/views/ponder-candidates.js): the engine ponders the predicted reply and the
// user's next likely ones (option PonderCandidates), listed under the status while it ponders. A move that is
// in that list is not a miss yet: the page asks for a move as after a miss, and when the worker says the new
// search goes on from that reply's pondering (`resumed`), it is a hit on that candidate, with the thinking the
// engine reports as already done; if the answer comes without it, a miss. A miss told at once (a move not in
// the list) becomes a hit the same way should the engine still go on from pondering it.
//
// Test hooks (data-testid): engine-status and its parts (engine-pv, ponder-move, engine-notice with
// data-kind), ponder-saved (the ponder note's text, inside engine-notice: data-ms = thinking already done,
// data-answer-ms, data-candidate = the pondered reply hit, 1 = the predicted move; class ponder-miss on a miss),
// ponder-hit-rate (data-hits = hits on any pondered reply, data-top1, data-tried, data-saved-ms),
// ponder-candidates (items data-iccs, data-depth, data-rank, data-active).

import { h, setText } from './dom.js';
import { createEngineStatus } from './engine-status.js';
import { timeLeft, startClock, CASUAL_ENGINE_CLOCK } from './xiangqi-clock.js';
import { writeLine } from '../game-tree.js';
import {
  askPonderCandidates, correctPredictedHit, countPonderHit, createPonderCandidates, createPonderStats, createReplyTracker, ponderHitText as hitText,
  ponderNoticeHooks as noticeHooks, renderPonderStats as showPonderStats,
} from './ponder-candidates.js';

/** a ponder search that has not been hit after this long is stopped (no endless CPU use) */
const PONDER_CAP_MS = 60000;
/** a short search of the user's position, to find the move to ponder on when none is known (after a reload
 *  of a game saved without one, or an engine reply that came without a ponder move) */
const GUESS_MS = 300;

/**
 * Builds the engine panel and the engine's part of the game.
 * @param {object} x the page's shared state and functions (www/views/xiangqi.js)
 * @param {HTMLElement} statusHost where the engine status goes
 */
export function createEnginePanel(x, statusHost) {
  const { settings, client } = x;
  const t = (key, params) => x.t(key, params);
  const status = createEngineStatus(statusHost, t);
  const ponderStatsEl = createPonderStats();
  const candidatesView = createPonderCandidates(t, 'iccs');
  const ponderPanel = h('div', { class: 'ponder-panel' }, candidatesView.element, ponderStatsEl);
  askPonderCandidates(client);

  /** the ponder search in flight: {move, key, hit} */
  let ponder = null;
  let ponderTimer = null;
  /** the last engine reply's suggested move for the user, to ponder on again when the tab comes back */
  let lastPonderMove = null;
  let lastInfo = null;
  let infoKey = null;
  /** the engine panel's note: {kind, text: () => string} (a function, so a language switch re-translates it) */
  let notice = null;
  let noticeTimer = null;
  /** the short search that finds a move to ponder on (see guessPonderMove) */
  let guess = null;
  /** the last ponder hit ({at: performance.now()}), until the engine's answer gives its answer time */
  let ponderHitRecord = null;
  /** the running search's time budget (ms, the engine's soft limit; worker message `budget`), while it thinks */
  let budgetMs = null;
  /** the pondered replies, and a move other than the predicted one until its search tells (hit or miss) */
  const replies = createReplyTracker(client);
  const unsubscribe = [];

  // ---- the status panel -----------------------------------------------------------------------------------
  function renderPonderStats() {
    showPonderStats(ponderStatsEl, x.stats, t);
  }

  /** The pondered replies, while the ponder search that reported them runs and is not hit. */
  function renderCandidates() {
    const showing = ponder && !ponder.hit && client.state === 'pondering';
    candidatesView.show(showing ? replies.list() : null, (move) => (notated([move], x.record.moves) ?? [move])[0]);
  }

  /** The ponder note's test hooks and class (ponder-saved), and the last hit's note (ponder-candidates.js). */
  const ponderNoticeHooks = () => noticeHooks(notice?.kind, x.stats);
  const ponderHitText = () => hitText(x.stats, t);

  function renderStatus() {
    const { record } = x;
    const current = client.current;
    let sign = 1;
    let pvText = '';
    const info = infoKey && current && lastInfo ? lastInfo : null;
    if (info && current) {
      // the engine scores from the searched side's point of view; shown from Red's (the search's own start
      // position: the analysis board's may not be the game's)
      const fen = current.position.fen ?? record.startFen;
      const startRed = !/\sb(\s|$)/.test(fen);
      const searchedSide = (current.position.moves.length % 2 === 0) === startRed ? 'red' : 'black';
      sign = searchedSide === 'red' ? 1 : -1;
      const line = info.pv.slice(0, 8);
      const written = notated(line, current.position.moves, fen);
      pvText = (written ?? line).join(' ');
    }
    let ponderText = '';
    const ponderMove = ponder && !ponder.hit && client.state === 'pondering' ? ponder.move : null;
    if (ponderMove) {
      ponderText = (notated([ponderMove], record.moves) ?? [ponderMove])[0];
    }
    status.update({
      state: client.state,
      ready: client.ready,
      info,
      sign,
      pvText,
      ponderText,
      ponderMove,
      notice: notice ? notice.text() : '',
      noticeKind: notice?.kind ?? '',
      ...ponderNoticeHooks(),
      detail: statusDetail(current),
      budgetMs: client.state === 'thinking' ? budgetMs : null,
    });
    renderCandidates();
    renderPonderStats();
  }

  /**
   * A line of moves (after `fromMoves`) in the chosen notation; the last answer is kept, as the status is
   * redrawn on every engine report with mostly the same line (writing it replays the game in the rules).
   */
  const notationCache = new Map();
  function notated(line, fromMoves, fen = x.record.startFen) {
    const notation = x.notation();
    const key = `${notation}|${fen}|${fromMoves.join(' ')}|${line.join(' ')}`;
    if (notationCache.has(key)) return notationCache.get(key);
    const written = writeLine(x.XiangqiGame, fen, fromMoves, line, notation);
    if (notationCache.size > 8) notationCache.clear();
    notationCache.set(key, written);
    return written;
  }

  /** The engine's limit for the running search, shown next to its state. */
  function statusDetail(current) {
    if (client.state !== 'thinking' || !current) return '';
    const p = current.params;
    if (p.movetime) return t('xq.seconds', { s: p.movetime / 1000 });
    if (p.depth) return t('tc.kind.depth', { depth: p.depth });
    if (typeof p.wtime === 'number') return t('engine.ownClock');
    if (p.infinite) return t('tc.kind.infinite');
    return '';
  }

  /** The crash reason in the UI's language, with the raw detail (lila#12786: show the real error). */
  function crashText(message, code, params = {}) {
    const key = `engine.crash.${code}`;
    const text = t(key, params);
    return text === key ? message : text;
  }

  /**
   * Shows a note in the engine panel: `kind` names it (ponder-hit, ponder-miss, copied, crash, recovered; a
   * test hook), `text` gives it in the current language. With `ms` it goes after that long; a ponder note
   * stays until the next move (clearPonderNotice), so it always speaks of the last move.
   */
  function setNotice(kind, text, ms = 0) {
    notice = { kind, text };
    clearTimeout(noticeTimer);
    if (ms) noticeTimer = setTimeout(() => { notice = null; renderStatus(); }, ms);
    renderStatus();
  }

  function clearPonderNotice() {
    if (notice && notice.kind.startsWith('ponder-')) {
      notice = null;
      clearTimeout(noticeTimer);
    }
  }

  // ---- the engine's moves -----------------------------------------------------------------------------------
  function engineToMove() {
    if (x.analysing()) return false; // the analysis board: nobody's opponent
    return !x.gameResult() && !x.isUserSide(x.record.sideToMove());
  }

  /** The go parameters of the game's time control (the clocks as they stand now). */
  function goParams() {
    const { tc, clocks } = x;
    switch (tc.kind) {
      case 'clock': {
        const now = Date.now();
        const left = (side) => Math.max(1, Math.round(timeLeft(clocks, side, now)));
        return { wtime: left('red'), btime: left('black'), winc: tc.incMs, binc: tc.incMs };
      }
      case 'casual':
        return { ...CASUAL_ENGINE_CLOCK };
      case 'depth':
        return { depth: tc.depth };
      case 'infinite':
        return { infinite: true };
      default:
        return { movetime: tc.ms ?? settings.movetime };
    }
  }

  function searchKey(request) {
    return [request.position.fen, ...request.position.moves].join(' ');
  }

  /**
   * Asks the engine for its move in the game's position (unless it is already searching it). `hit`: the
   * record of a possible ponder hit on another pondered reply ({at}), for its answer time. Returns the
   * client's request (its `id` is the events' searchId), or null.
   */
  function requestEngineMove({ hit = null } = {}) {
    if (!engineToMove()) return null;
    const { record } = x;
    const key = record.key();
    const current = client.current;
    if (current && !current.cancelled && !current.params.ponder && searchKey(current) === key) return null; // already asked
    lastInfo = null;
    infoKey = key;
    // the engine's clock runs while it thinks (from the first move of the game, or its own first move)
    if (x.clocks && !x.clocks.running) startClock(x.clocks, record.sideToMove());
    x.actions.syncClockTimer();
    const params = goParams();
    const offered = x.drawOffer && x.drawAnswer !== 'unsupported';
    if (offered) params.draw = true;
    client.search({ fen: record.startFen, moves: record.moves }, params)
      .then((res) => {
        // answered without going on from pondering the move played: a miss after all
        const p = replies.answered(request);
        if (p && !res.cancelled && !p.missed) countMiss(p.played, p.expected, p.before);
        applyEngineResult(res, key, { offered, hit });
      })
      .catch((err) => {
        if (offered && err?.code === 'engine.go_unknown') {
          // an engine build without draw offers: say so and search again without the offer
          x.drawOffer = false;
          x.drawAnswer = 'unsupported';
          setNotice('draw-unsupported', () => t('draw.unsupported'));
          requestEngineMove();
          return;
        }
        x.showError('error.engine', {}, err);
      });
    const request = client.current;
    x.render({ animate: false });
    return request;
  }

  function applyEngineResult(res, key, { offered = false, hit = null } = {}) {
    const { record, stats } = x;
    if (x.destroyed || res.cancelled || key !== record.key() || x.gameResult()) return;
    if (hit && hit === ponderHitRecord) {
      stats.lastAnswerMs = performance.now() - hit.at;
      ponderHitRecord = null;
    }
    if (offered) {
      x.drawOffer = false;
      if (res.draw === true) {
        x.drawAnswer = 'accepted';
        x.actions.endGame({ result: 'draw', code: 'draw_agreed' });
        return;
      }
      x.drawAnswer = 'declined';
      setNotice('draw-declined', () => t('draw.declined'));
    }
    if (!res.move) {
      if (!record.result()) x.showError('error.engineNoMove');
      return;
    }
    const mover = record.sideToMove();
    const captured = x.isCapture(res.move);
    try {
      record.play(res.move);
    } catch (err) {
      x.showError('error.engineIllegal', { move: res.move }, err);
      return;
    }
    x.actions.clockAfterMove(mover, { animated: true });
    x.actions.settleIfOver();
    x.moveSound(captured);
    // The move to ponder on: the engine's, else the second move of its last principal variation.
    const pv = infoKey === key ? lastInfo?.pv : null;
    lastPonderMove = res.ponder ?? (pv?.[0] === res.move ? pv[1] ?? null : null);
    ponder = null;
    lastInfo = null;
    x.viewPly = null;
    x.save();
    x.render();
    // The next search starts in a task of its own, so that the move's own task (rules, clocks, saving,
    // drawing) stays short (main-thread tasks < 50 ms, measured in tests/browser/xiangqi-play.test.mjs).
    const after = record.key();
    setTimeout(() => {
      if (x.destroyed || x.record.key() !== after) return;
      if (engineToMove()) requestEngineMove(); // engine vs engine: the other side's turn
      else if (!ponder) startPonder();
    }, 0);
  }

  // ---- pondering ----------------------------------------------------------------------------------------------
  /**
   * Ponders while the user thinks (Ponder on, the user to move, the tab visible): a `go ponder` on the
   * position after the move the engine expects. That move is the one the engine's last reply named (saved
   * with the game, so a reload resumes pondering on the same move). When there is none, mid-game (a game
   * saved before the move was kept, or a reply without a ponder move), a short search of the user's
   * position finds it first (guessPonderMove).
   */
  function startPonder() {
    clearTimeout(ponderTimer);
    const { record } = x;
    const side = record.sideToMove();
    if (x.analysing()) return; // the analysis board has its own search
    // only against the engine: the user to move, the engine to answer
    if (!settings.ponder || document.hidden || x.gameResult() || !x.isUserSide(side) || settings.mode === 'human') return;
    if (x.drawOffer) return; // the answer to a draw offer needs a search that carries it (go draw)
    const move = lastPonderMove && record.legalMoves().includes(lastPonderMove) ? lastPonderMove : null;
    if (!move) {
      if (record.moves.length > 0) guessPonderMove();
      return;
    }
    const key = record.key(move);
    ponder = { move, key, hit: false };
    const p = ponder;
    infoKey = key;
    lastInfo = null;
    client.search({ fen: record.startFen, moves: [...record.moves, move] }, { ...goParams(), ponder: true })
      .then((res) => {
        if (ponder === p) ponder = null;
        applyEngineResult(res, key, { hit: p.hitRecord });
        renderStatus();
      })
      .catch((err) => x.showError('error.engine', {}, err));
    ponderTimer = setTimeout(() => {
      if (ponder === p && !p.hit) stopPondering();
    }, PONDER_CAP_MS);
    renderStatus();
  }

  /** A short search of the user's position: its best move is the reply the engine expects; then ponder on it. */
  function guessPonderMove() {
    if (guess || (client.current && !client.current.cancelled)) return; // a search asked for decides first
    const { record } = x;
    const key = record.key();
    const g = (guess = { key });
    client.search({ fen: record.startFen, moves: record.moves }, { movetime: GUESS_MS })
      .then((res) => {
        if (guess === g) guess = null;
        if (x.destroyed || res.cancelled || !res.move || key !== x.record.key()) return;
        lastPonderMove = res.move;
        x.save();
        startPonder();
      })
      .catch((err) => {
        if (guess === g) guess = null;
        x.showError('error.engine', {}, err);
      });
    renderStatus();
  }

  function stopPondering() {
    clearTimeout(ponderTimer);
    if (guess) {
      guess = null;
      client.cancel();
    }
    if (ponder && !ponder.hit) {
      ponder = null;
      client.cancel();
    }
  }

  /**
   * The user has played `iccs` (already on the record, clocks charged): a ponder hit lets the search running on
   * this very position go on; otherwise (a miss, or no pondering) the engine is asked afresh.
   */
  function afterUserMove(iccs) {
    const { stats } = x;
    clearPonderNotice();
    guess = null;
    if (ponder && !ponder.hit && ponder.move === iccs && client.state === 'pondering' && !x.drawOffer) {
      // Ponder hit: the search already running on this very position goes on with its clock started.
      // Saved: the time it has already searched this position (from its go to this moment).
      const sentAt = client.active?.sentAt ?? null;
      const at = performance.now();
      ponder.hit = true;
      clearTimeout(ponderTimer);
      client.ponderhit();
      countPonderHit(stats, 1, sentAt === null ? 0 : at - sentAt);
      ponder.hitRecord = ponderHitRecord = { at };
      x.save();
      infoKey = x.record.key();
      setNotice('ponder-hit', ponderHitText);
      x.render({ animate: false });
      return;
    }
    let pending = null;
    if (ponder && !x.drawOffer) {
      // (with a draw offer pending there was no pondering: startPonder waits for the search that carries it)
      const expected = ponder.move;
      const before = x.record.moves.slice(0, -1);
      const rank = replies.rank(iccs);
      // another pondered reply: a hit or a miss once the new search says whether it goes on from pondering
      // it (the 'resumed' event); any other move is a miss now, unless the engine still goes on from one
      pending = { rank, played: iccs, expected, before, missed: rank === 0, hit: { at: performance.now() } };
      if (pending.missed) countMiss(iccs, expected, before);
    }
    x.save();
    ponder = null;
    clearTimeout(ponderTimer);
    const request = requestEngineMove({ hit: pending?.hit ?? null }); // stops a ponder search first (safe host protocol in the client)
    replies.track(pending && request, pending);
    x.render({ animate: false });
  }

  /** Counts a ponder miss and tells it: the move played and the one expected, written in the chosen notation. */
  function countMiss(played, expected, before) {
    const { stats } = x;
    stats.misses += 1;
    stats.lastSavedMs = null;
    // written when shown, so that a change of notation or language rewrites it
    const write = (move) => (notated([move], before) ?? [move])[0];
    setNotice('ponder-miss', () => t('ponder.miss', { played: write(played), expected: write(expected) }));
    x.save();
  }

  /**
   * The worker's 'resumed' for the search asked for after the user's move: it goes on from pondering the reply
   * played (candidate k), so that move was pondered after all: a hit on k, the thinking already done saved.
   */
  function onResumed({ candidate, ms, searchId }) {
    const p = replies.resumed(searchId);
    if (!p && candidate === 1 && ponder?.hit && client.active?.id === searchId && !x.destroyed) {
      // the predicted move was played (ponderhit): candidate 1's own thinking is what was saved
      correctPredictedHit(x.stats, ms);
      x.save();
      renderStatus();
      return;
    }
    if (!p || x.destroyed) return;
    const { stats } = x;
    if (p.missed) stats.misses = Math.max(0, stats.misses - 1); // told as a miss at once: it was not one
    countPonderHit(stats, Number.isInteger(candidate) && candidate > 0 ? candidate : Math.max(1, p.rank), Number.isFinite(ms) ? ms : 0);
    ponderHitRecord = p.hit;
    x.save();
    setNotice('ponder-hit', ponderHitText);
  }

  /**
   * Forgets the pondering (the game ends, is replaced or taken back) and stops the engine. `all`: also the
   * last search's figures and a pending ponder hit's timing (a new game).
   */
  function reset({ all = false } = {}) {
    if (all) ponderHitRecord = null;
    clearTimeout(ponderTimer);
    clearPonderNotice();
    ponder = null;
    replies.clear();
    guess = null;
    lastPonderMove = null;
    if (all) lastInfo = null;
    client.cancel();
  }

  /** The arrow on the board: the engine's best move so far while it thinks, the reply it expects while it ponders. */
  function hint(result) {
    if (x.analysing()) return null; // the analysis board draws its lines itself
    if (client.state === 'thinking' && lastInfo?.pv?.[0] && infoKey === x.record.key()) {
      return { from: lastInfo.pv[0].slice(0, 2), to: lastInfo.pv[0].slice(2, 4), kind: 'engine' };
    }
    if (client.state === 'pondering' && ponder && !ponder.hit && !result) {
      // the ghost arrow: the reply the engine expects, which it is thinking about now
      return { from: ponder.move.slice(0, 2), to: ponder.move.slice(2, 4), kind: 'ponder' };
    }
    return null;
  }

  function onVisibility() {
    // No pondering in a hidden tab: the engine must not burn the CPU while nobody looks.
    if (document.hidden) stopPondering();
    else if (!ponder) startPonder();
  }
  document.addEventListener('visibilitychange', onVisibility);

  // ---- engine events ------------------------------------------------------------------------------------
  unsubscribe.push(
    client.on('info', (info) => {
      const current = client.current;
      if (!current || current.id !== info.searchId) return;
      if ((info.multipv ?? 1) > 1) return; // the status shows the best line; the analysis panel all of them
      // The guess search looks at the user's own position: its line would give the user's best move away.
      if (guess && !current.params.ponder && searchKey(current) === guess.key) return;
      lastInfo = info;
      infoKey = searchKey(current);
      if (client.state === 'thinking' && !x.analysing()) x.render({ animate: false });
      else renderStatus();
    }),
    client.on('state', ({ state } = {}) => {
      if ((state ?? client.state) !== 'thinking') budgetMs = null;
      x.render({ animate: false });
    }),
    // the engine's time budget for the search it runs (after a timed go, and after a ponder hit)
    client.on('budget', ({ softMs, searchId } = {}) => {
      const current = client.current;
      if (searchId !== undefined && current && current.id !== searchId) return;
      budgetMs = Number.isFinite(softMs) && softMs > 0 ? softMs : null;
      renderStatus();
    }),
    // the replies the running ponder search thinks about (PonderCandidates > 1)
    client.on('candidates', (event) => {
      if (ponder && replies.update(event)) renderStatus();
    }),
    client.on('resumed', (r = {}) => onResumed(r)),
    client.on('ready', () => {
      askPonderCandidates(client);
      renderStatus();
    }),
    client.on('crash', ({ message, code, params, recovering }) => {
      replies.dropList();
      setNotice('crash', () => {
        const why = crashText(message, code, params);
        return recovering ? t('engine.crashed', { message: why }) : t('engine.gaveUp', { message: why });
      });
      x.render({ animate: false });
    }),
    client.on('recovered', ({ message, code, params }) => {
      setNotice('recovered', () => t('engine.recovered', { message: crashText(message, code, params) }), 8000);
    }),
    client.on('error', (error) => {
      // Level / OwnBook / PonderCandidates in an engine build without them: the page plays on at full strength, silently
      if (error.command === 'setoption' && error.code === 'engine.unknown_option' && /^(level|ownbook|pondercandidates)$/i.test(error.params?.name ?? '')) return;
      // go draw in an engine build without draw offers: handled where the search is asked (draw.unsupported)
      if (error.command === 'go' && error.code === 'engine.go_unknown' && error.params?.name === 'draw') return;
      // go multipv in an engine build without it: the analysis board searches one line and says so
      if (error.command === 'go' && error.params?.name === 'multipv') return;
      x.showError('error.engineCommand', { command: error.command ?? '?' }, error);
    }),
  );

  return {
    ponderPanel,
    renderStatus, setNotice, engineToMove, requestEngineMove, startPonder, stopPondering, afterUserMove, reset, hint,
    /** the move the engine expects the user to play (saved with the game), or null */
    expectedMove: () => lastPonderMove,
    /** sets the expected move (read back from the saved game) */
    setExpectedMove(move) {
      lastPonderMove = move;
    },
    /** whether a ponder search is on (hit or not) */
    pondering: () => Boolean(ponder),
    /** whether a ponder search is on and not hit yet */
    ponderPending: () => Boolean(ponder && !ponder.hit),
    setTranslator(next) {
      status.setTranslator(next);
    },
    destroy() {
      clearTimeout(ponderTimer);
      clearTimeout(noticeTimer);
      document.removeEventListener('visibilitychange', onVisibility);
      for (const off of unsubscribe) off();
    },
  };
}
