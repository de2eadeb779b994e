// The Xiangqi page's settings panel: who plays (mode), the time control (presets, custom minutes and
// increment, time per move, depth), the engine's level and its handicap, Ponder, turning the board for
// Black, and the piece set. Each change is saved with the settings; a time control applies now to a game
// without moves, else to the next game.
//
// Test hooks (data-testid): side, time-control, tc-minutes, tc-increment, movetime, depth, tc-note, level
// (data-level), level-note, pace (brisk|steady|clock: the engine's TargetMoveTime under a clock), pace-note,
// ponder, flip-black, piece-set, threads (the engine's `threads` setting, www/threads.js, shared by both games;
// threads-note says what uses it).

import { h, setText } from './dom.js';
import { TC_PRESETS, DEPTHS, newClocks } from './xiangqi-clock.js';
import { PIECE_SETS } from './xiangqi-pieces.js';
import { MOVE_TIMES_MS, MODES, PACES } from './xiangqi-settings.js';
import { loadThreads, storeThreads, threadChoices } from '../threads.js';

/**
 * Builds the settings panel and wires it to the page.
 * @param {object} x the page's shared state and functions (www/views/xiangqi.js)
 * @returns {{element: HTMLElement, renderTcFields: () => void, applyLevel: () => void, renderLevels: () => void}}
 */
export function createControls(x) {
  const { settings, client } = x;
  const t = (key, params) => x.t(key, params);

  const moveTime = h('select', { id: 'xq-movetime', dataset: { testid: 'movetime' } },
    MOVE_TIMES_MS.map((ms) => h('option', { value: ms, text: '', dataset: { ms: String(ms) }, selected: ms === settings.movetime })));
  const tcSelect = h('select', { id: 'xq-tc', dataset: { testid: 'time-control' } },
    TC_PRESETS.map((p) => h('option', { value: p.id, selected: p.id === settings.tc, dataset: { i18n: `tc.${p.id}` } })));
  const customMin = h('input', { type: 'number', id: 'xq-tc-min', min: '0.05', step: 'any', value: settings.customMin, dataset: { testid: 'tc-minutes' } });
  const customInc = h('input', { type: 'number', id: 'xq-tc-inc', min: '0', step: 'any', value: settings.customInc, dataset: { testid: 'tc-increment' } });
  const customRow = h('div', { class: 'field field-custom' },
    h('label', { for: 'xq-tc-min', dataset: { i18n: 'tc.minutes' } }), customMin,
    h('label', { for: 'xq-tc-inc', dataset: { i18n: 'tc.increment' } }), customInc);
  const depthSelect = h('select', { id: 'xq-depth', dataset: { testid: 'depth' } },
    DEPTHS.map((d) => h('option', { value: d, text: String(d), selected: d === settings.depth })));
  const moveTimeRow = h('div', { class: 'field' }, h('label', { for: 'xq-movetime', dataset: { i18n: 'xq.moveTime' } }), moveTime);
  const depthRow = h('div', { class: 'field' }, h('label', { for: 'xq-depth', dataset: { i18n: 'tc.depthLabel' } }), depthSelect);
  const tcNote = h('div', { class: 'field-note', dataset: { testid: 'tc-note' } });
  const levelSelect = h('select', { id: 'xq-level', dataset: { testid: 'level' } },
    [0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => h('option', { value: n, selected: n === settings.level })));
  const levelNote = h('div', { class: 'field-note', dataset: { testid: 'level-note' } });
  const paceSelect = h('select', { id: 'xq-pace', dataset: { testid: 'pace' } },
    Object.keys(PACES).map((p) => h('option', { value: p, selected: p === settings.pace, dataset: { i18n: `pace.${p}` } })));
  const paceNote = h('div', { class: 'field-note', dataset: { testid: 'pace-note' } });
  const paceRow = h('div', { class: 'field' }, h('label', { for: 'xq-pace', dataset: { i18n: 'pace.label' } }), paceSelect);
  const modeSelect = h('select', { id: 'xq-mode', dataset: { testid: 'side' } },
    MODES.map((m) => h('option', { value: m, selected: m === settings.mode, dataset: { i18n: `mode.${m}` } })));
  const flipBlackBox = h('input', { type: 'checkbox', id: 'xq-flip-black', dataset: { testid: 'flip-black' }, checked: settings.flipForBlack });
  const pieceSetSelect = h('select', { id: 'xq-pieces', dataset: { testid: 'piece-set' } },
    PIECE_SETS.map((p) => h('option', { value: p, selected: p === settings.pieceSet, dataset: { i18n: `pieces.${p}` } })));
  const ponderBox = h('input', { type: 'checkbox', id: 'xq-ponder', dataset: { testid: 'ponder' }, checked: settings.ponder });
  const threads = loadThreads();
  const threadsSelect = h('select', { id: 'xq-threads', dataset: { testid: 'threads' } },
    threadChoices().map((n) => h('option', { value: n, text: String(n), selected: n === threads })));
  const threadsNote = h('div', { class: 'field-note', dataset: { testid: 'threads-note' } });

  const element = h('section', { class: 'panel settings-panel' },
    h('div', { class: 'field' }, h('label', { for: 'xq-mode', dataset: { i18n: 'xq.mode' } }), modeSelect),
    h('div', { class: 'field' }, h('label', { for: 'xq-tc', dataset: { i18n: 'tc.label' } }), tcSelect),
    customRow, moveTimeRow, depthRow, tcNote, paceRow, paceNote,
    h('div', { class: 'field' }, h('label', { for: 'xq-level', dataset: { i18n: 'level.label' } }), levelSelect),
    levelNote,
    h('div', { class: 'field' }, ponderBox, h('label', { for: 'xq-ponder', dataset: { i18n: 'xq.ponder' } })),
    h('div', { class: 'field' }, flipBlackBox, h('label', { for: 'xq-flip-black', dataset: { i18n: 'xq.flipForBlack' } })),
    h('div', { class: 'field' }, h('label', { for: 'xq-pieces', dataset: { i18n: 'pieces.label' } }), pieceSetSelect),
    h('div', { class: 'field' }, h('label', { for: 'xq-threads', dataset: { i18n: 'threads.label' } }), threadsSelect),
    threadsNote);

  moveTime.addEventListener('change', () => {
    settings.movetime = Number(moveTime.value);
    // choosing a time per move chooses that time control
    settings.tc = 'movetime';
    tcSelect.value = 'movetime';
    applyTc();
  });
  tcSelect.addEventListener('change', () => {
    settings.tc = tcSelect.value;
    applyTc();
  });
  for (const input of [customMin, customInc]) {
    input.addEventListener('change', () => {
      const min = Number(customMin.value), inc = Number(customInc.value);
      if (min > 0) settings.customMin = min;
      if (inc >= 0) settings.customInc = inc;
      applyTc();
    });
  }
  depthSelect.addEventListener('change', () => {
    settings.depth = Number(depthSelect.value);
    applyTc();
  });
  levelSelect.addEventListener('change', () => {
    settings.level = Number(levelSelect.value);
    x.saveSettings();
    applyLevel();
  });
  paceSelect.addEventListener('change', () => {
    settings.pace = paceSelect.value;
    x.saveSettings();
    applyPace();
    renderTcFields();
  });
  modeSelect.addEventListener('change', () => {
    settings.mode = modeSelect.value;
    x.saveSettings();
    x.drawOffer = false;
    x.engine.stopPondering();
    if (!x.engine.engineToMove() && client.current && !client.current.params.ponder) client.cancel();
    if (x.clocks?.running === null && x.record.moves.length === 0) x.actions.syncClockTimer();
    x.save();
    x.render({ animate: false });
    x.engine.requestEngineMove(); // the engine opens when the user takes Black
    x.engine.startPonder();
    x.analysis.analyse(); // on the analysis board: its search goes on
  });
  flipBlackBox.addEventListener('change', () => {
    settings.flipForBlack = flipBlackBox.checked;
    x.saveSettings();
    x.render({ animate: false });
  });
  pieceSetSelect.addEventListener('change', () => {
    settings.pieceSet = pieceSetSelect.value;
    x.saveSettings();
    x.render({ animate: false });
  });
  threadsSelect.addEventListener('change', () => {
    storeThreads(Number(threadsSelect.value));
    renderThreadsNote();
  });
  /** What the threads are used for (the setting is read again when a review starts). */
  function renderThreadsNote() {
    setText(threadsNote, t('threads.note', { n: Number(threadsSelect.value) }));
  }
  ponderBox.addEventListener('change', () => {
    settings.ponder = ponderBox.checked;
    x.saveSettings();
    if (!settings.ponder) x.engine.stopPondering();
    else if (!x.engine.pondering()) x.engine.startPonder();
    x.engine.renderStatus();
  });

  /**
   * The time control chosen: it applies now to a game without moves (the clocks are set afresh), else to
   * the next game (a game in progress keeps the time control it started with).
   */
  function applyTc() {
    x.saveSettings();
    if (x.record.moves.length === 0 && !x.gameResult()) {
      x.tc = x.currentTc();
      x.clocks = newClocks(x.tc);
      x.actions.syncClockTimer();
      x.save();
      if (x.engine.engineToMove()) {
        client.cancel();
        x.engine.requestEngineMove();
      }
    }
    renderTcFields();
    x.render({ animate: false });
  }

  function renderTcFields() {
    customRow.hidden = settings.tc !== 'custom';
    moveTimeRow.classList.toggle('field-inactive', settings.tc !== 'movetime');
    depthRow.hidden = settings.tc !== 'depth';
    const pending = TC_PRESETS.find((p) => p.id === settings.tc);
    const differs = JSON.stringify(x.currentTc()) !== JSON.stringify(x.tc);
    // a timed game is said to be one: its clocks run on wall time, also while the tab is hidden or closed
    const notes = [];
    if (differs && pending) notes.push(t('tc.nextGame'));
    if (x.tc.kind === 'infinite') notes.push(t('tc.infiniteNote'));
    const timed = (differs && pending ? pending.tc.kind : x.tc.kind) === 'clock';
    if (timed) notes.push(t('tc.timedNote'));
    setText(tcNote, notes.join(' '));
    tcNote.dataset.timed = String(timed);
    for (const option of moveTime.options) option.textContent = t('xq.seconds', { s: Number(option.dataset.ms) / 1000 });
    // the pace matters under a clock only (a fixed time or depth per move sets the engine's time itself)
    const clock = x.tc.kind === 'clock' || x.tc.kind === 'casual';
    paceRow.classList.toggle('field-inactive', !clock);
    setText(paceNote, clock ? t(`pace.${settings.pace}Note`) : t('pace.inactive'));
  }

  /** Sends the pace to the engine: its TargetMoveTime (the most it may plan for one move under a clock). */
  function applyPace() {
    client.setOption('TargetMoveTime', String(PACES[settings.pace] ?? 0));
  }

  /** Sends the level (and, at levels 1–8, the opening book) to the engine; shows the level's handicap. */
  function applyLevel() {
    applyPace();
    client.setOption('Level', String(settings.level));
    client.setOption('OwnBook', settings.level > 0 ? 'true' : 'false');
    renderLevels();
  }

  function renderLevels() {
    for (const option of levelSelect.options) {
      const n = Number(option.value);
      option.textContent = n === 0 ? t('level.full') : t('level.n', { n });
    }
    const info = x.levels?.find((l) => l.level === settings.level);
    levelSelect.dataset.level = String(settings.level);
    if (!x.levels) setText(levelNote, t('level.unavailable'));
    else if (settings.level === 0 || !info) setText(levelNote, t('level.fullNote'));
    else setText(levelNote, levelText(info));
    renderThreadsNote(); // the panel's other text drawn in the page's language
  }

  /** A level's handicap in words: its description from the engine, then its caps. */
  function levelText(info) {
    const words = info.description?.[currentLang()] ?? info.description?.en ?? '';
    const caps = t('level.caps', {
      depth: info.depth ?? '—', nodes: info.nodes ?? '—', margin: info.marginCp ?? 0,
      chance: Math.round((info.chance ?? 0) * (info.chance > 1 ? 1 : 100)),
    });
    return words ? `${words} (${caps})` : caps;
  }

  function currentLang() {
    return document.documentElement.lang?.startsWith('zh') ? 'zh' : 'en';
  }

  return { element, renderTcFields, applyLevel, renderLevels };
}
