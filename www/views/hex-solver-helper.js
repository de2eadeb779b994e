// The solver beside the Hex play engine in the browser (issue 37). Natively, with Threads ≥ 2 the engine runs
// the root's DFPN solver in a thread of its own beside its tree (src/hex/mcts/solver_thread.rs). The browser's
// engine has no threads sharing memory, so with the page's `threads` setting at 2 or more (www/threads.js) the
// page runs the solver in another worker (www/hex-review-worker.js `proveRoot`, src/wasm/hex_solver.rs) while
// the play worker searches, and sends each new set of proofs — root moves proved to win or to lose, the root
// lost — to the play worker (EngineClient.rootFacts), whose engine marks them in its tree as the native solver
// thread's: a proved win ends the search with that move, a move proved to lose is not played.
//
// Only where the solver can help: a position with at most SOLVER_EMPTIES empty cells (the engine's own root
// solver's limit, MctsSolverEmpties), the engine searching its own move (not pondering).
//
// Test hooks, on the engine status (data-testid engine-status): data-threads (2 while the solver helps, else
// 1) and data-solver: proving | won | lost while it helps, absent otherwise; data-solver-taken="true" once the
// engine took its proofs.

import { request } from './hex-review-client.js';
import { loadThreads } from '../threads.js';

/** The most empty cells for which the solver helps (src/hex/mcts/mod.rs, MctsOptions::solver_empties). */
export const SOLVER_EMPTIES = 64;

/**
 * @param {object} client  the page's EngineClient
 * @param {() => void} onChange  the helper's state changed (the page shows it)
 */
export function createSolverHelper(client, onChange) {
  /** the solver's run: {req, game, facts, taken, state: 'proving'|'won'|'lost'} */
  let run = null;

  const unsubscribe = [
    // The proofs reach the engine only while its search runs: sent again at its next report when they were
    // not taken yet (they may come before the worker has started the search).
    client.on('info', () => {
      if (run?.facts && !run.taken && run.sentOn !== 'info') {
        run.sentOn = 'info';
        client.rootFacts(run.game, run.facts);
      }
    }),
    client.on('rootfacts', ({ taken }) => {
      if (run && taken && !run.taken) {
        run.taken = true;
        onChange();
      }
    }),
  ];

  function stop() {
    if (!run) return;
    run.req.cancel();
    run.req.close();
    run = null;
    onChange();
  }

  return {
    /**
     * Starts the solver on `game` (the worker's Hex position, {size, swap, moves, setup?}) with `empties` empty
     * cells, for at most `ms`, when the threads setting and the position allow it; stops a run in progress.
     */
    start(game, empties, ms) {
      stop();
      if (loadThreads() < 2 || empties < 1 || empties > SOLVER_EMPTIES) return;
      const r = { game, facts: null, taken: false, state: 'proving', sentOn: null, req: null };
      r.req = request({ type: 'proveRoot', game, ms }, (msg) => {
        if (run !== r) return;
        if (msg.type === 'facts' || msg.type === 'rootDone') {
          const f = msg.facts;
          if (msg.type === 'facts') {
            r.facts = { rootLost: f.rootLost, wins: f.wins, losses: f.losses };
            r.taken = false;
            r.sentOn = 'facts';
            client.rootFacts(game, r.facts);
          }
          r.state = f.rootLost ? 'lost' : f.wins.length ? 'won' : 'proving';
          onChange();
        } else if (msg.type === 'error') {
          // the solver could not take this position (it says why in the console); the engine goes on alone
          console.warn('hex solver helper:', msg.message);
          stop();
        }
      });
      run = r;
      onChange();
    },
    stop,
    destroy() {
      stop();
      for (const off of unsubscribe) off();
    },
    /** the threads the engine's move uses: 2 while the solver helps, else 1 */
    get threads() {
      return run ? 2 : 1;
    },
    /** 'proving' | 'won' | 'lost' while the solver helps, else null */
    get state() {
      return run?.state ?? null;
    },
    /** whether the engine took the solver's proofs */
    get taken() {
      return Boolean(run?.taken);
    },
  };
}
