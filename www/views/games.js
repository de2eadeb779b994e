// #games: the game library (issue 32). Every game played on the Xiangqi and Hex pages (saved as it goes by
// those views) and every imported game (PGN, XQF, SGF files), from www/game-library.js's IndexedDB store: a
// table to filter and sort, and per game open / continue, review, export and delete; export of the listed
// games as one PGN file (Xiangqi) and one SGF collection (Hex).
//
// The address keeps the filter: #games?q=<text>&game=xiangqi|hex&result=red|black|white|draw|none&sort=<key>
// (sort: date-desc, date-asc, added-desc, plies-desc).
//
// Test hooks (docs/testing.md, "Test hooks of #games"): data-testid="games-view" (data-ready="true" once the
// list is loaded, data-state="ready|importing|unavailable", data-imports = imports finished), "game-library"
// (the table: data-count = games matching the filter, data-total = games stored, data-shown = rows drawn),
// rows [data-game-id] (data-game,
// data-red, data-black, data-white (Hex), data-result (as recorded), data-outcome (red|black|white|draw|none),
// data-eco, data-finished, data-reviewed, data-source), per row "library-open" (data-label continue|open),
// "library-review", "library-export", "library-delete"; "library-filter" (the text box), "library-filter-game",
// "library-filter-result", "library-sort", "library-import" (the file input), "library-progress" (data-state
// idle|running|done, data-done, data-total, data-file), "library-import-report" (data-added, data-bad),
// "library-bad" items (data-file, data-index, data-line or data-offset, data-code), "library-error"
// (data-code), "library-undo", "library-export-pgn", "library-export-sgf", "library-more", "library-empty",
// "library-status".

import { h } from './dom.js';
import { errorText } from '../i18n/errors.js';
import { loadStyle, loadViewStrings } from './assets.js';
import { openLibrary, outcomeOf, exportText, recordText, storageState } from '../game-library.js';

/** Rows drawn at first (and per "show more"): a long library stays quick to draw. */
const PAGE = 200;
const SORTS = ['date-desc', 'date-asc', 'added-desc', 'plies-desc'];
const GAMES = ['xiangqi', 'hex'];
const OUTCOMES = ['red', 'black', 'white', 'draw', 'none'];

/** The filter in the address: {q, game, result, sort}; unknown values are dropped. */
export function readLink(hash) {
  const query = new URLSearchParams(String(hash).replace(/^#[^?]*\??/, ''));
  const pick = (name, allowed) => (allowed.includes(query.get(name)) ? query.get(name) : '');
  return { q: query.get('q') ?? '', game: pick('game', GAMES), result: pick('result', OUTCOMES), sort: pick('sort', SORTS) || 'date-desc' };
}

/** The address of a filter (the inverse of readLink). */
export function linkOf({ q, game, result, sort }) {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (game) query.set('game', game);
  if (result) query.set('result', result);
  if (sort && sort !== 'date-desc') query.set('sort', sort);
  const text = query.toString();
  return text ? `#games?${text}` : '#games';
}

/** The winner's colour of an entry: red|black (Xiangqi), black|white (Hex), draw or none. */
export function winnerOf(entry) {
  const o = outcomeOf(entry.game, entry.summary?.result);
  if (o === 'first') return entry.game === 'hex' ? 'black' : 'red';
  if (o === 'second') return entry.game === 'hex' ? 'white' : 'black';
  return o;
}

/** A game's date for the list and for sorting: PGN's 1982.12.11 as 1982-12-11 (unknown parts dropped), else
 *  the day it was stored. `{text, stored}` (stored: true when it is the day it was stored). */
export function dateOf(entry) {
  const raw = String(entry.summary?.date ?? '').trim();
  const parts = raw.split(/[.\-/]/);
  const known = [];
  for (const p of parts) {
    // a part that is not a number, or is zero ("0000-00-00", "1955.00.00"), is unknown: the rest with it
    if (!/^\d+$/.test(p) || Number(p) === 0) break;
    known.push(p);
  }
  // month and day with two digits (1951-9-22 as 1951-09-22), so dates sort as they read
  if (known.length && known[0].length === 4) return { text: known.slice(0, 3).map((p, i) => (i ? p.padStart(2, '0') : p)).join('-'), stored: false };
  const d = new Date(entry.created ?? entry.updated ?? 0);
  const pad = (n) => String(n).padStart(2, '0');
  return { text: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, stored: true };
}

/** The entries that match a filter, sorted. */
export function filterEntries(entries, { q, game, result, sort }) {
  const words = String(q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const out = entries.filter((e) => {
    if (game && e.game !== game) return false;
    if (result && winnerOf(e) !== result) return false;
    if (!words.length) return true;
    const s = e.summary ?? {};
    const hay = [s.red, s.black, s.white, s.event, s.date, s.eco?.code, s.eco?.zh, s.eco?.en, e.file].filter(Boolean).join('\n').toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const key = {
    'date-desc': (e) => dateOf(e).text, 'date-asc': (e) => dateOf(e).text,
    'added-desc': (e) => e.created ?? 0, 'plies-desc': (e) => e.summary?.plies ?? 0,
  }[sort] ?? ((e) => dateOf(e).text);
  const dir = sort === 'date-asc' ? 1 : -1;
  return out.sort((a, b) => {
    const ka = key(a), kb = key(b);
    if (ka !== kb) return (ka < kb ? -1 : 1) * dir;
    return ((a.created ?? 0) - (b.created ?? 0)) * dir;
  });
}

/** A file name from a text: no path separators or control characters, at most 80 characters. */
const safeName = (text) => String(text).replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').replace(/\s+/g, ' ').trim().slice(0, 80) || 'game';

/**
 * An error's words as a person can read them: what a binary file put in them (control characters, the
 * parser's `\u{12}` escapes) shown as one replacement mark per run, and at most 160 characters.
 */
export function readable(text) {
  const s = String(text ?? '').replace(/(?:\\u\{[0-9a-f]+\}|[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufffd])+/gi, '\ufffd');
  return s.length > 160 ? `${s.slice(0, 159)}…` : s;
}

/**
 * The import under way, kept at the module's level: it goes on when the view is left (switching to a game and
 * back does not stop it), and a view mounted meanwhile shows its progress and report. Null when none ran.
 * @type {{running: boolean, report: object|null, progress: object|null, listeners: Set<Function>, error: Error|null, seen?: boolean}|null}
 *   seen: a view has shown the end of the import (its report)
 */
let job = null;

/** Tells the views that watch the import (progress, a file done, the end). */
function notifyJob() {
  for (const fn of job?.listeners ?? []) {
    try {
      fn();
    } catch (err) {
      console.error('games: an import listener threw', err);
    }
  }
}

/**
 * Imports `files` into `lib`, one after the other, into the module's job (see `job`); the games of a file are
 * stored as they are read, so what was read stays whatever happens after.
 */
async function runImport(lib, files) {
  job = { running: true, report: { files: files.length, added: 0, duplicates: 0, bad: [], aborted: false }, progress: null, listeners: job?.listeners ?? new Set(), error: null };
  const { report } = job;
  try {
    for (const file of files) {
      job.progress = { file: file.name, done: 0, total: 0, state: 'running' };
      notifyJob();
      let bytes;
      try {
        bytes = new Uint8Array(await file.arrayBuffer());
      } catch (err) {
        report.bad.push({ file: file.name, index: 0, error: { code: 'library.read', params: { detail: String(err?.message ?? err) }, message: String(err?.message ?? err) } });
        continue;
      }
      const res = await lib.importFile(file.name, bytes, {
        onProgress: ({ done, total }) => {
          Object.assign(job.progress, { done, total });
          notifyJob();
        },
      });
      report.added += res.added.length;
      report.duplicates += res.duplicates ?? 0;
      for (const b of res.errors) report.bad.push({ file: file.name, ...b });
      job.progress.state = 'done';
    }
  } catch (err) {
    // storing failed (quota, …): what was stored stays; say why
    if (err?.result) report.added += err.result.added.length;
    job.error = err;
  } finally {
    job.running = false;
    if (job.progress) job.progress.state = 'done';
    notifyJob();
  }
}

/** Tells the other tabs of this browser that the library changed (they list it again). */
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('duiyi-library') : null;

/**
 * @param {HTMLElement} root
 * @param {{lang: string, t: (key: string, params?: object) => string}} ctx
 */
export async function mount(root, ctx) {
  let lang = ctx.lang === 'en' ? 'en' : 'zh';
  let pageT = ctx.t ?? ((key) => key);
  // the stylesheet before the first layout (see assets.js loadStyle)
  let [dict, css] = await Promise.all([
    loadViewStrings('games', lang), loadStyle(new URL('./games.css', import.meta.url).href)]);
  /** the view's strings, then the page's (err.* of the wasm readers and of the library) */
  const t = (key, params) => {
    // English says one game, two games: a `<key>.one` string (when the table has one) for a count of 1
    const one = params && (params.total ?? params.count) === 1 && dict[`${key}.one`] !== undefined;
    const s = dict[one ? `${key}.one` : key];
    if (s === undefined) return pageT(key, params);
    return params ? s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m)) : s;
  };

  const link = readLink(location.hash);
  const state = {
    filter: { q: link.q, game: link.game, result: link.result, sort: link.sort },
    entries: [],
    limit: PAGE,
    importing: false,
    report: null, // {files, added, bad: [{file, index, line?, offset?, error}], aborted}
    progress: null, // {file, done, total, state}
    undo: null, // {entries: the games deleted since the bar showed, timer}
    exportErrors: [],
    storage: null,
    error: null, // the error shown (shown again in the other language)
  };
  let lib = null;
  let destroyed = false;
  const urls = [];

  // ---- DOM ------------------------------------------------------------------------------------------------
  const tx = (key, tag = 'span', props = {}) => h(tag, { ...props, dataset: { ...(props.dataset ?? {}), glI18n: key } });
  const fileInput = h('input', {
    type: 'file', multiple: true, accept: '.pgn,.xqf,.sgf,.txt,application/x-chess-pgn',
    class: 'gl-file', dataset: { testid: 'library-import' }, on: { change: onFiles },
  });
  const importLabel = h('label', { class: 'btn gl-import' }, fileInput, tx('import.label'));
  const exportPgn = h('button', { type: 'button', class: 'btn', dataset: { testid: 'library-export-pgn' }, on: { click: () => exportListed('xiangqi') } });
  const exportSgf = h('button', { type: 'button', class: 'btn', dataset: { testid: 'library-export-sgf' }, on: { click: () => exportListed('hex') } });
  const status = h('p', { class: 'gl-status', dataset: { testid: 'library-status' } });

  const progressBar = h('progress', { class: 'gl-progress-bar', max: '1', value: '0' });
  const progressText = h('span', { class: 'gl-progress-text', role: 'status' });
  const progressBox = h('div', { class: 'gl-progress', hidden: true, dataset: { testid: 'library-progress', state: 'idle' } }, progressBar, progressText);
  const reportBox = h('div', { class: 'gl-report', hidden: true, dataset: { testid: 'library-import-report' } });
  const errorBox = h('div', { class: 'gl-error', role: 'alert', hidden: true, dataset: { testid: 'library-error' } });
  const undoBox = h('div', { class: 'gl-undo', hidden: true, role: 'status' });

  const filterText = h('input', {
    type: 'search', class: 'gl-search', dataset: { testid: 'library-filter', glI18nPlaceholder: 'filter.placeholder', glI18nAria: 'filter.label' },
    value: state.filter.q, on: { input: () => setFilter({ q: filterText.value }) },
  });
  const select = (testid, labelKey, options, value, onChange) => {
    const el = h('select', { dataset: { testid, glI18nAria: labelKey }, on: { change: () => onChange(el.value) } },
      options.map(([v, key]) => h('option', { value: v, dataset: { glI18n: key } })));
    el.value = value;
    return el;
  };
  const gameSelect = select('library-filter-game', 'filter.game', [['', 'game.all'], ['xiangqi', 'game.xiangqi'], ['hex', 'game.hex']],
    state.filter.game, (v) => setFilter({ game: v }));
  const resultSelect = select('library-filter-result', 'filter.result', [['', 'result.all'], ...OUTCOMES.map((o) => [o, `result.${o}`])],
    state.filter.result, (v) => setFilter({ result: v }));
  const sortSelect = select('library-sort', 'sort.label', SORTS.map((s) => [s, `sort.${s}`]), state.filter.sort, (v) => setFilter({ sort: v }));

  const sortButton = (key, sorts) => h('button', {
    type: 'button', class: 'gl-sort', dataset: { glI18n: key, sortKey: sorts[0] },
    on: { click: () => setFilter({ sort: state.filter.sort === sorts[0] ? sorts[1] ?? sorts[0] : sorts[0] }) },
  });
  const dateHead = h('th', { scope: 'col', class: 'gl-date' }, sortButton('col.date', ['date-desc', 'date-asc']));
  const pliesHead = h('th', { scope: 'col', class: 'gl-plies' }, sortButton('col.plies', ['plies-desc']));
  const thead = h('thead', {}, h('tr', {},
    dateHead,
    tx('col.game', 'th', { scope: 'col', class: 'gl-game' }),
    tx('col.players', 'th', { scope: 'col', class: 'gl-players' }),
    tx('col.result', 'th', { scope: 'col', class: 'gl-result' }),
    tx('col.opening', 'th', { scope: 'col', class: 'gl-opening' }),
    pliesHead,
    tx('col.reviewed', 'th', { scope: 'col', class: 'gl-rev' }),
    tx('col.actions', 'th', { scope: 'col', class: 'gl-actions' })));
  const tbody = h('tbody', { on: { click: onRowClick } });
  const table = h('table', { class: 'gl-table', dataset: { testid: 'game-library', count: '0', total: '0', shown: '0' } }, thead, tbody);
  const emptyBox = h('p', { class: 'gl-empty', hidden: true, dataset: { testid: 'library-empty' } });
  const moreButton = h('button', { type: 'button', class: 'btn', hidden: true, dataset: { testid: 'library-more' }, on: { click: () => { state.limit += PAGE; render(); } } });

  const view = h('section', { class: 'gl-view', dataset: { testid: 'games-view', state: 'ready', imports: '0' } },
    h('div', { class: 'gl-head' }, tx('title', 'h1'), tx('intro', 'p', { class: 'gl-intro' })),
    h('div', { class: 'gl-bar' }, importLabel, tx('import.drop', 'span', { class: 'gl-hint' }), h('span', { class: 'gl-spacer' }), exportPgn, exportSgf),
    progressBox, reportBox, errorBox, undoBox,
    h('div', { class: 'gl-filters' },
      h('label', { class: 'gl-field gl-field-text' }, tx('filter.label', 'span', { class: 'gl-label' }), filterText),
      h('label', { class: 'gl-field' }, tx('filter.game', 'span', { class: 'gl-label' }), gameSelect),
      h('label', { class: 'gl-field' }, tx('filter.result', 'span', { class: 'gl-label' }), resultSelect),
      h('label', { class: 'gl-field' }, tx('sort.label', 'span', { class: 'gl-label' }), sortSelect)),
    status,
    h('div', { class: 'gl-table-host' }, table),
    emptyBox, moreButton);
  root.replaceChildren(view);

  // files dropped anywhere on the view are imported
  const onDragOver = (e) => {
    if ([...(e.dataTransfer?.types ?? [])].includes('Files')) {
      e.preventDefault();
      view.classList.add('gl-dragging');
    }
  };
  const onDragLeave = (e) => {
    if (e.target === view || !view.contains(e.relatedTarget)) view.classList.remove('gl-dragging');
  };
  const onDrop = (e) => {
    view.classList.remove('gl-dragging');
    if (!e.dataTransfer?.files?.length) return;
    e.preventDefault();
    importFiles([...e.dataTransfer.files]);
  };
  view.addEventListener('dragover', onDragOver);
  view.addEventListener('dragleave', onDragLeave);
  view.addEventListener('drop', onDrop);
  // back on the tab: a game view of another tab may have saved games meanwhile
  const onVisible = () => {
    if (document.visibilityState === 'visible' && !state.importing) refresh();
  };
  document.addEventListener('visibilitychange', onVisible);
  // another tab changed the library (an import, a delete, an undo): listed again
  const onChannel = () => {
    if (!state.importing) refresh();
  };
  channel?.addEventListener('message', onChannel);

  // ---- texts ----------------------------------------------------------------------------------------------
  function applyTexts() {
    for (const node of view.querySelectorAll('[data-gl-i18n]')) node.textContent = t(node.dataset.glI18n);
    for (const node of view.querySelectorAll('[data-gl-i18n-placeholder]')) node.placeholder = t(node.dataset.glI18nPlaceholder);
    for (const node of view.querySelectorAll('[data-gl-i18n-aria]')) node.setAttribute('aria-label', t(node.dataset.glI18nAria));
  }

  const playersOf = (e) => {
    const s = e.summary ?? {};
    const unknown = t('player.unknown');
    return e.game === 'hex' ? [s.black || unknown, s.white || unknown] : [s.red || unknown, s.black || unknown];
  };
  const openingText = (eco) => {
    if (!eco) return '';
    const name = (lang === 'zh' ? eco.zh || eco.en : eco.en || eco.zh) ?? '';
    return [eco.code, name].filter(Boolean).join(' ');
  };

  // ---- rendering ------------------------------------------------------------------------------------------
  function row(e) {
    const s = e.summary ?? {};
    const winner = winnerOf(e);
    const data = {
      gameId: e.id, game: e.game, black: s.black ?? '', result: String(s.result ?? ''), outcome: winner,
      eco: s.eco?.code ?? '', finished: String(Boolean(e.finished)), reviewed: String(Boolean(e.reviewed)), source: e.source ?? '',
    };
    if (e.game === 'hex') data.white = s.white ?? '';
    else data.red = s.red ?? '';
    const [first, second] = playersOf(e);
    const sides = e.game === 'hex' ? ['black', 'white'] : ['red', 'black'];
    const date = dateOf(e);
    const cont = e.source === 'played' && !e.finished;
    const label = `${first} – ${second}`;
    const action = (name, key, extra = {}) => h('button', {
      type: 'button', class: `btn btn-small gl-act gl-act-${name}`, text: t(key),
      'aria-label': t(`${key}.aria`, { game: label }), dataset: { testid: `library-${name}`, action: name, ...extra },
    });
    const size = e.game === 'hex' && e.record?.size ? ` ${String(e.record.size).replace('x', '×')}` : '';
    return h('tr', { dataset: data },
      h('td', { class: `gl-date${date.stored ? ' gl-muted' : ''}`, title: date.stored ? t('date.stored') : null, text: date.text }),
      h('td', { class: 'gl-game', text: `${t(`game.${e.game}`)}${size}` }),
      h('td', { class: 'gl-players' },
        h('span', { class: `gl-side gl-side-${sides[0]}`, title: t(`side.${sides[0]}`) }, first),
        h('span', { class: 'gl-vs', text: ' – ' }),
        h('span', { class: `gl-side gl-side-${sides[1]}`, title: t(`side.${sides[1]}`) }, second),
        s.event ? h('span', { class: 'gl-event', text: s.event }) : null),
      h('td', { class: `gl-result gl-result-${winner}`, title: String(s.result ?? '') || null, text: t(`won.${winner}`) }),
      h('td', { class: 'gl-opening', title: openingText(s.eco) }, h('span', { class: 'gl-opening-name', text: openingText(s.eco) })),
      h('td', { class: 'gl-plies', text: t('plies', { count: s.plies ?? 0 }) }),
      h('td', { class: 'gl-rev' }, e.reviewed ? h('span', { class: 'gl-check', title: t('reviewed.yes'), 'aria-label': t('reviewed.yes'), text: '✓' }) : null),
      h('td', { class: 'gl-actions' },
        action('open', cont ? 'action.continue' : 'action.open', { label: cont ? 'continue' : 'open' }),
        action('review', 'action.review'),
        action('export', e.game === 'hex' ? 'action.exportSgf' : 'action.exportPgn'),
        action('delete', 'action.delete')));
  }

  function listed() {
    return filterEntries(state.entries, state.filter);
  }

  function render() {
    if (destroyed) return;
    const list = listed();
    const shown = list.slice(0, state.limit);
    tbody.replaceChildren(...shown.map(row));
    Object.assign(table.dataset, { count: String(list.length), total: String(state.entries.length), shown: String(shown.length) });
    table.hidden = !shown.length;
    emptyBox.hidden = Boolean(shown.length);
    emptyBox.textContent = state.entries.length ? t('noMatch') : t('empty');
    moreButton.hidden = list.length <= shown.length;
    moreButton.textContent = t('more', { count: Math.min(PAGE, list.length - shown.length) });
    for (const th of [dateHead, pliesHead]) {
      const key = th.querySelector('button').dataset.sortKey;
      const on = state.filter.sort.split('-')[0] === key.split('-')[0];
      if (on) th.setAttribute('aria-sort', state.filter.sort.endsWith('asc') ? 'ascending' : 'descending');
      else th.removeAttribute('aria-sort');
    }
    const counts = { xiangqi: 0, hex: 0 };
    for (const e of list) counts[e.game]++;
    exportPgn.textContent = t('export.pgn', { count: counts.xiangqi });
    exportPgn.disabled = !counts.xiangqi || !lib;
    exportSgf.textContent = t('export.sgf', { count: counts.hex });
    exportSgf.disabled = !counts.hex || !lib;
    fileInput.disabled = !lib || state.importing;
    importLabel.classList.toggle('gl-disabled', fileInput.disabled);
    renderStatus(list.length);
    renderProgress();
    renderReport();
    renderUndo();
  }

  function renderStatus(count) {
    const parts = [t('count', { count, total: state.entries.length })];
    const st = state.storage;
    if (st?.usage !== null && st?.usage !== undefined && state.entries.length) parts.push(t('status.usage', { size: sizeText(st.usage) }));
    if (st?.persisted === true) parts.push(t('status.persisted'));
    else if (st?.persisted === false && state.entries.length) parts.push(t('status.notPersisted'));
    status.textContent = parts.join(' · ');
  }
  /** '340 KB', '2.1 MB' */
  const sizeText = (bytes) => {
    const mb = bytes >= 1048576;
    const n = (bytes / (mb ? 1048576 : 1024)).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en', { maximumFractionDigits: mb ? 1 : 0 });
    return `${n} ${mb ? 'MB' : 'KB'}`;
  };

  function renderProgress() {
    const p = state.progress;
    progressBox.hidden = !p;
    if (!p) return;
    Object.assign(progressBox.dataset, { state: p.state, done: String(p.done), total: String(p.total), file: p.file });
    progressBar.max = Math.max(1, p.total);
    progressBar.value = p.done;
    progressText.textContent = t(p.state === 'running' ? 'import.progress' : 'import.finished', { file: p.file, done: p.done, total: p.total });
  }

  function renderReport() {
    const r = state.report;
    reportBox.hidden = !r;
    if (!r) return;
    Object.assign(reportBox.dataset, { added: String(r.added), bad: String(r.bad.length) });
    const items = r.bad.slice(0, 200).map((b) => {
      const where = b.line !== undefined ? t('import.where.line', { line: b.line }) : b.offset !== undefined ? t('import.where.offset', { offset: b.offset }) : '';
      const data = { testid: 'library-bad', file: b.file, index: String(b.index), code: b.error?.code ?? '' };
      if (b.line !== undefined) data.line = String(b.line);
      if (b.offset !== undefined) data.offset = String(b.offset);
      return h('li', { dataset: data },
        h('span', { class: 'gl-bad-where', text: t('import.badItem', { file: b.file, number: b.index + 1, where }) }),
        ' ', h('span', { class: 'gl-bad-reason', text: readable(errorText(t, b.error)) }));
    });
    reportBox.replaceChildren(...[
      h('p', { text: t(r.aborted ? 'import.aborted' : 'import.done', { added: r.added, files: r.files }) }),
      r.duplicates ? h('p', { class: 'gl-duplicates', dataset: { testid: 'library-duplicates', count: String(r.duplicates) }, text: t('import.duplicates', { count: r.duplicates }) }) : null,
      r.bad.length ? h('p', { class: 'gl-bad-title', text: t('import.bad', { count: r.bad.length }) }) : null,
      r.bad.length ? h('ul', { class: 'gl-bad' }, items) : null,
      r.bad.length > items.length ? h('p', { text: t('import.badMore', { count: r.bad.length - items.length }) }) : null,
      h('button', { type: 'button', class: 'btn btn-small', text: t('close'), on: { click: () => { state.report = null; state.progress = null; render(); } } }),
    ].filter(Boolean));
  }

  function renderUndo() {
    const u = state.undo;
    undoBox.hidden = !u;
    if (!u) return;
    const [a, b] = playersOf(u.entries.at(-1));
    const text = u.entries.length === 1 ? t('deleted', { game: `${a} – ${b}` }) : t('deletedMany', { count: u.entries.length });
    undoBox.replaceChildren(h('span', { text }), ' ',
      h('button', { type: 'button', class: 'btn btn-small', dataset: { testid: 'library-undo' }, text: t('undo'), on: { click: undoDelete } }));
  }

  function showError(err) {
    if (destroyed) return;
    state.error = err ?? null;
    if (!err) {
      errorBox.hidden = true;
      delete errorBox.dataset.code;
      return;
    }
    console.warn('game library', err);
    errorBox.hidden = false;
    errorBox.dataset.code = err.code ?? '';
    errorBox.replaceChildren(h('span', { text: `${t('error.title')} ${errorText(t, err)}` }), ' ',
      h('button', { type: 'button', class: 'btn btn-small', text: t('close'), on: { click: () => showError(null) } }));
  }

  // ---- actions --------------------------------------------------------------------------------------------
  async function refresh() {
    if (!lib) return;
    try {
      state.entries = await lib.list();
    } catch (err) {
      showError(err);
    }
    storageState().then((st) => {
      state.storage = st;
      if (!destroyed) renderStatus(listed().length);
    });
    render();
  }

  function setFilter(change) {
    Object.assign(state.filter, change);
    state.limit = PAGE;
    history.replaceState(history.state, '', linkOf(state.filter));
    if (change.sort) sortSelect.value = state.filter.sort;
    render();
  }

  function onFiles() {
    const files = [...fileInput.files];
    fileInput.value = '';
    if (files.length) importFiles(files);
  }

  async function importFiles(files) {
    if (!lib || job?.running) return;
    showError(null);
    watchJob();
    await runImport(lib, files);
  }

  /** Shows the module's import (one started here, or one that went on while the view was left). */
  function watchJob() {
    if (!job) job = { running: false, report: null, progress: null, listeners: new Set(), error: null };
    job.listeners.add(onJob);
    onJob();
  }

  let jobWasRunning = false;
  function onJob() {
    if (destroyed || !job) return;
    state.importing = job.running;
    state.report = job.report;
    state.progress = job.progress;
    if (job.running) {
      jobWasRunning = true;
      view.dataset.state = 'importing';
      fileInput.disabled = true;
      renderProgress();
      return;
    }
    if (!jobWasRunning) return;
    jobWasRunning = false;
    job.seen = true;
    if (lib) view.dataset.state = 'ready';
    if (job.error) showError(job.error);
    channel?.postMessage('changed');
    refresh().then(() => {
      if (destroyed) return;
      view.dataset.imports = String(Number(view.dataset.imports ?? 0) + 1);
    });
  }

  function onRowClick(event) {
    const button = event.target.closest('button[data-action]');
    const tr = button?.closest('tr[data-game-id]');
    if (!tr) return;
    const entry = state.entries.find((e) => e.id === tr.dataset.gameId);
    if (!entry) return;
    const action = button.dataset.action;
    const target = `#${entry.game}?game=${encodeURIComponent(entry.id)}`;
    if (action === 'open') location.hash = target;
    else if (action === 'review') location.hash = `${target}&review=1`;
    else if (action === 'export') exportOne(entry);
    else if (action === 'delete') deleteEntry(entry);
  }

  async function deleteEntry(entry) {
    try {
      await lib.delete(entry.id);
    } catch (err) {
      showError(err);
      return;
    }
    state.entries = state.entries.filter((e) => e.id !== entry.id);
    channel?.postMessage('changed');
    // every game deleted while the bar shows can be put back (not only the last one)
    clearTimeout(state.undo?.timer);
    const entries = [...(state.undo?.entries ?? []), entry];
    state.undo = { entries, timer: setTimeout(() => { state.undo = null; if (!destroyed) renderUndo(); }, 30000) };
    render();
  }

  async function undoDelete() {
    const u = state.undo;
    if (!u) return;
    clearTimeout(u.timer);
    state.undo = null;
    try {
      await lib.putMany(u.entries);
    } catch (err) {
      showError(err);
    }
    channel?.postMessage('changed');
    await refresh();
  }

  function download(text, name, type) {
    const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
    urls.push(url);
    const a = h('a', { href: url, download: name, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
  }

  function exportOne(entry) {
    try {
      const [a, b] = playersOf(entry);
      const text = recordText(entry).trim() + '\n';
      const ext = entry.game === 'hex' ? 'sgf' : 'pgn';
      download(text, `${safeName(`${dateOf(entry).text} ${a} - ${b}`)}.${ext}`, ext === 'pgn' ? 'application/x-chess-pgn' : 'application/x-go-sgf');
      showError(null);
    } catch (err) {
      showError(err);
    }
  }

  function exportListed(game) {
    const entries = listed().filter((e) => e.game === game);
    if (!entries.length) return;
    const out = exportText(entries);
    const day = dateOf({ created: Date.now() }).text;
    if (game === 'hex') download(out.sgf, `duiyi-hex-${day}.sgf`, 'application/x-go-sgf');
    else download(out.pgn, `duiyi-xiangqi-${day}.pgn`, 'application/x-chess-pgn');
    if (out.errors.length) {
      const first = out.errors[0];
      showError({ code: 'library.export', params: { count: out.errors.length, cause: first.error }, message: first.error?.message });
    } else showError(null);
  }

  // ---- start ----------------------------------------------------------------------------------------------
  applyTexts();
  try {
    lib = await openLibrary();
  } catch (err) {
    view.dataset.state = 'unavailable';
    showError(err);
  }
  await refresh();
  render();
  // an import started before the view was left goes on: its progress is shown; one that ended meanwhile, its report
  if (job?.running) watchJob();
  else if (job?.report && !job.seen) {
    job.seen = true;
    state.report = job.report;
    state.progress = job.progress;
    if (job.error) showError(job.error);
    render();
  }
  view.dataset.ready = 'true';

  return {
    /** the entries as listed (the filter applied), for the console and tests */
    get listed() {
      return listed();
    },
    async setLang(next, nextT) {
      lang = next === 'en' ? 'en' : 'zh';
      pageT = nextT ?? pageT;
      dict = await loadViewStrings('games', lang);
      if (destroyed) return;
      applyTexts();
      render();
      if (state.error) showError(state.error);
    },
    unmount() {
      destroyed = true;
      job?.listeners.delete(onJob); // the import goes on; a view mounted later shows it
      channel?.removeEventListener('message', onChannel);
      clearTimeout(state.undo?.timer);
      document.removeEventListener('visibilitychange', onVisible);
      css.remove();
      setTimeout(() => urls.forEach((u) => URL.revokeObjectURL(u)), 1000);
    },
  };
}
