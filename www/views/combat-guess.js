// Predict, then reveal on the #combat page (issue 13, item 5): before the distributions are shown, the learner
// guesses the share of swings that crit under a chosen resolution — the waterfall, the round table, the hybrid
// (the sheet's crit chance pushed down or off by the events rolled before it), or PRD (the rate its constant C
// really yields for a nominal chance equal to the sheet's crit) — then reveal scores the guess.
//
// Kept out of combat.js: combat.js creates it, calls update() after each exact computation and applyText()
// when the language changes; this module hides and shows the result panels it is given.
//
// Test hooks: data-testid="guess-panel" (data-state predicting|revealed|off), "guess-toggle", "guess-model",
// "guess-input" (percent), "guess-reveal", "guess-again", "guess-result" (data-truth, data-guess as fractions,
// data-error in percentage points, data-score 0–100).

import { h } from './dom.js';

export const GUESS_MODELS = ['waterfall', 'round-table', 'hybrid', 'prd'];

/**
 * Score of a guessed chance against the true one (both fractions): 100 for an exact guess, 10 points off per
 * percentage point of error, 0 from 10 points off.
 */
export function scoreCritGuess(guess, truth) {
  const errorPoints = Math.abs(guess - truth) * 100;
  return { errorPoints, score: Math.max(0, Math.round(100 - 10 * errorPoints)) };
}

/**
 * @param {{t: (key: string, params?: object) => string, panels: HTMLElement[], predict: boolean,
 *          onPredict: (on: boolean) => void, prdRate: (p: number) => number}} opts
 *   panels: the result panels hidden while the learner predicts; prdRate(p): the crit rate PRD yields for a
 *   nominal chance p (throws for a p PRD cannot use).
 */
export function createCritGuess({ t, panels, predict, onPredict, prdRate }) {
  const state = { on: Boolean(predict), revealed: false, model: 'waterfall', reports: null, crit: 0 };
  const tx = (key, tag = 'span', props = {}) => h(tag, { ...props, dataset: { ...(props.dataset ?? {}), cbI18n: key } });
  const toggle = h('input', { type: 'checkbox', id: 'cb-guess-toggle', dataset: { testid: 'guess-toggle' } });
  const modelSelect = h('select', { id: 'cb-guess-model', class: 'cb-select', dataset: { testid: 'guess-model' } },
    GUESS_MODELS.map((m) => h('option', { value: m, dataset: { cbI18n: `guess.model.${m}` } })));
  const input = h('input', {
    id: 'cb-guess-input', type: 'number', class: 'cb-number', min: 0, max: 100, step: 0.1, inputmode: 'decimal',
    dataset: { testid: 'guess-input' },
  });
  const revealBtn = h('button', { type: 'button', class: 'btn', dataset: { cbI18n: 'guess.reveal', testid: 'guess-reveal' } });
  const againBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { cbI18n: 'guess.again', testid: 'guess-again' } });
  const question = h('p', { class: 'cb-guess-question' });
  const result = h('div', { class: 'cb-guess-result', hidden: true, dataset: { testid: 'guess-result' } });
  const body = h('div', { class: 'cb-guess-body' },
    question,
    h('div', { class: 'cb-mc-controls' },
      h('label', { class: 'cb-inline', for: 'cb-guess-model' }, tx('guess.model')), modelSelect,
      h('label', { class: 'cb-inline', for: 'cb-guess-input' }, tx('guess.input')),
      h('span', { class: 'cb-unit-wrap' }, input, h('span', { class: 'cb-unit', text: '%' })),
      revealBtn, againBtn),
    result);
  const element = h('section', { class: 'panel cb-guess-panel', dataset: { testid: 'guess-panel' } },
    tx('guess.title', 'h2'),
    h('label', { class: 'cb-inline', for: 'cb-guess-toggle' }, toggle, tx('guess.toggle')),
    tx('guess.caption', 'p', { class: 'cb-hint' }),
    body);

  toggle.addEventListener('change', () => {
    state.on = toggle.checked;
    state.revealed = false;
    onPredict(state.on);
    render();
  });
  modelSelect.addEventListener('change', () => {
    state.model = modelSelect.value;
    state.revealed = false;
    render();
  });
  revealBtn.addEventListener('click', () => {
    if (input.value === '' || !(Number(input.value) >= 0 && Number(input.value) <= 100)) {
      input.setAttribute('aria-invalid', 'true');
      return;
    }
    input.removeAttribute('aria-invalid');
    state.revealed = true;
    render();
  });
  againBtn.addEventListener('click', () => {
    state.revealed = false;
    input.value = '';
    render();
  });

  /** The true crit share of the chosen model, or null while there is no valid sheet. */
  function truth() {
    if (!state.reports) return null;
    if (state.model === 'prd') {
      try {
        return state.crit > 0 ? prdRate(state.crit) : 0;
      } catch {
        return null;
      }
    }
    return state.reports[state.model]?.distribution?.crit ?? null;
  }

  function render() {
    toggle.checked = state.on;
    body.hidden = !state.on;
    element.dataset.state = !state.on ? 'off' : state.revealed ? 'revealed' : 'predicting';
    for (const p of panels) p.hidden = state.on && !state.revealed;
    question.textContent = t(`guess.question.${state.model === 'prd' ? 'prd' : 'table'}`, {
      crit: `${Number((state.crit * 100).toPrecision(6))}%`, model: t(`guess.model.${state.model}`),
    });
    revealBtn.disabled = state.revealed;
    againBtn.hidden = !state.revealed;
    const real = truth();
    if (state.on && state.revealed && real !== null) {
      const guess = Number(input.value) / 100;
      const { errorPoints, score } = scoreCritGuess(guess, real);
      Object.assign(result.dataset, { truth: String(real), guess: String(guess), error: String(errorPoints), score: String(score) });
      result.replaceChildren(
        h('p', { text: t('guess.truth', { model: t(`guess.model.${state.model}`), value: `${(real * 100).toFixed(2)}%`, nominal: `${Number((state.crit * 100).toPrecision(6))}%` }) }),
        h('p', { text: t('guess.error', { points: errorPoints.toFixed(2) }) }),
        h('p', { class: 'cb-guess-score', text: t('guess.score', { score }) }));
      result.hidden = false;
    } else {
      result.hidden = true;
      result.replaceChildren();
    }
  }

  return {
    element,
    /** After each exact computation: the reports by model (null while the sheet is invalid) and the sheet's crit. */
    update(reports, crit) {
      state.reports = reports;
      state.crit = Number.isFinite(crit) ? crit : 0;
      render();
    },
    /** After a language change (the cbI18n nodes are filled by combat.js). */
    applyText() {
      render();
    },
  };
}
