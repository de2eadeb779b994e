// The game header above the Xiangqi move list: the players (Red, Black), the result, the event and date, and
// the opening (its ECCO code and name in the page's language), as a game database or a lichess study shows
// them. An imported game shows its file's tags; a game played here, the player and the engine.
//
// Test hook (data-testid): game-header, with data-red, data-black, data-event, data-date, data-result (the PGN
// result: 1-0, 0-1, 1/2-1/2, *) and data-eco (the ECCO code, empty when none is known).

import { h, setText } from './dom.js';
import { gameTags, pgnResult } from './xiangqi-game-info.js';

/** A PGN tag value that says nothing ('?', '????.??.??', empty). */
const unknown = (v) => !v || /^[?.\s]*$/.test(v);

/**
 * The opening of a game: our ECCO classification of its moves (the rules module's eccoClassify, when the
 * build has it), else the file's own [ECCO] / [Opening] tags; null when neither says.
 * @param {{eccoClassify?: Function}} wasm
 * @param {string} startFen
 * @param {string[]} moves
 * @param {Object<string,string>} [tags]
 * @returns {{code: string, zh: string, en: string}|null}
 */
export function openingOf(wasm, startFen, moves, tags = {}) {
  if (typeof wasm?.eccoClassify === 'function' && moves.length) {
    try {
      const o = wasm.eccoClassify(startFen, moves);
      if (o?.code) return { code: o.code, zh: o.zh ?? '', en: o.en ?? o.zh ?? '' };
    } catch {
      /* a position the classifier refuses: fall back to the tags */
    }
  }
  const code = tags.ECCO ?? tags.Ecco ?? '';
  const name = tags.Opening ?? '';
  if (unknown(code) && unknown(name)) return null;
  return { code: unknown(code) ? '' : code, zh: unknown(name) ? '' : name, en: unknown(name) ? '' : name };
}

/**
 * Builds the header; `render()` (part of every page render) updates it.
 * @param {object} x the page's shared state (www/views/xiangqi.js)
 * @param {{eccoClassify?: Function}} wasm the rules module
 */
export function createGameHeader(x, wasm) {
  const players = h('div', { class: 'gh-players' });
  const meta = h('div', { class: 'gh-meta' });
  const opening = h('div', { class: 'gh-opening' });
  const element = h('header', { class: 'game-header', dataset: { testid: 'game-header' } }, players, meta, opening);
  /** the opening of the moves last classified (the classification runs once per position) */
  let classified = { key: null, value: null };

  function render() {
    const tags = gameTags(x);
    const { result } = pgnResult(x);
    const red = unknown(tags.Red) ? '' : tags.Red;
    const black = unknown(tags.Black) ? '' : tags.Black;
    const event = unknown(tags.Event) ? '' : tags.Event;
    const date = unknown(tags.Date) ? '' : tags.Date.replace(/\.\?\?/g, '');
    const key = x.record.key();
    if (classified.key !== key) classified = { key, value: openingOf(wasm, x.record.startFen, x.record.moves, tags) };
    const o = classified.value;
    const ds = element.dataset;
    Object.assign(ds, { red, black, event, date, result, eco: o?.code ?? '' });
    const t = (k, p) => x.t(k, p);
    const side = (cls, name, fallback) => h('span', { class: `gh-player ${cls}` }, h('span', { class: 'gh-dot', 'aria-hidden': 'true' }), name || fallback);
    players.replaceChildren(
      side('gh-red', red, t('side.red')),
      h('span', { class: 'gh-result', text: result === '*' ? t('header.vs') : result }),
      side('gh-black', black, t('side.black')));
    setText(meta, [event, date].filter(Boolean).join(' · '));
    meta.hidden = !event && !date;
    const name = o ? (x.lang.startsWith('zh') ? o.zh || o.en : o.en || o.zh) : '';
    setText(opening, o ? [o.code, name].filter(Boolean).join(' ') : '');
    opening.title = o ? `${o.code} ${o.zh}${o.en && o.en !== o.zh ? ` / ${o.en}` : ''}` : '';
    opening.hidden = !o;
  }

  return { element, render };
}
