// The panel both pages' "Practise your mistakes" share (www/views/xiangqi-practice.js, hex-practice.js): the
// start button for the review panel, and the practice panel with its prompt, feedback line and buttons. The
// pages own the puzzles, the board and the judging; this file only draws the common parts.
//
// Test hooks (data-testid): practise-mistakes (data-count), practice (data-state, set by the page),
// practice-prompt, practice-feedback, practice-solution, practice-next, practice-stop.

import { h, setText } from './dom.js';

/**
 * @param {(key: string, params?: object) => string} tr  the current translator
 * @param {{start: () => void, solution: () => void, next: () => void, stop: () => void}} on  the buttons' actions
 */
export function createPracticePanel(tr, on) {
  const startBtn = h('button', { type: 'button', class: 'btn', dataset: { testid: 'practise-mistakes' }, hidden: true, on: { click: () => on.start() } });
  const title = h('h2', {});
  const prompt = h('p', { class: 'practice-prompt', dataset: { testid: 'practice-prompt' } });
  const feedback = h('p', { class: 'practice-feedback', dataset: { testid: 'practice-feedback' }, role: 'status', hidden: true });
  const solutionBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'practice-solution' }, on: { click: () => on.solution() } });
  const nextBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'practice-next' }, on: { click: () => on.next() } });
  const stopBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'practice-stop' }, on: { click: () => on.stop() } });
  const panel = h('section', { class: 'panel practice-panel', dataset: { testid: 'practice', state: 'done' }, hidden: true },
    title, prompt, feedback, h('div', { class: 'practice-actions' }, solutionBtn, nextBtn, stopBtn));

  return {
    startBtn,
    panel,
    prompt,
    feedback,
    /** The start button: "Practise my mistakes (count)", hidden while a practice runs or when there is none. */
    showStart(count, active) {
      startBtn.textContent = tr('practice.start', { n: count });
      startBtn.dataset.count = String(count);
      startBtn.hidden = active || count === 0;
      title.textContent = tr('practice.title');
    },
    /** No practice running: the panel is hidden, or after the last puzzle says how it went until closed. */
    showIdle(finished, solved, total) {
      panel.hidden = !finished;
      if (!finished) return;
      setText(prompt, tr('practice.finished', { solved, total }));
      feedback.hidden = true;
      solutionBtn.hidden = true;
      nextBtn.hidden = true;
      stopBtn.textContent = tr('practice.close');
    },
    /** A puzzle on the board in `state`: the answer only while solving, next (or finish) unless judging. */
    showButtons(state, isLast) {
      panel.hidden = false;
      solutionBtn.textContent = tr('practice.solution');
      solutionBtn.hidden = false;
      solutionBtn.disabled = state !== 'solving';
      nextBtn.textContent = tr(isLast ? 'practice.finish' : 'practice.next');
      nextBtn.hidden = false;
      nextBtn.disabled = state === 'judging';
      stopBtn.textContent = tr('practice.stop');
    },
  };
}
