// The Xiangqi page's game record panels: the move list (in the chosen notation: ICCS / 中文 / WXF, with the
// result at its end), moving through the game (review: buttons, arrow keys, a click on a move), typing a
// move, PGN export / import (and XQF import: XQStudio / XQ Wizard game files) and the share link, and the FEN of the
// position shown (copy, load, link).
//
// Test hooks (data-testid): move-list (items data-iccs, data-ply, data-chinese, data-wxf; move-list-result),
// notation (data-notation; buttons data-value), nav-first, nav-prev, nav-next, nav-last, review, move-input,
// move-input-go, pgn-format, export-pgn, pgn-text, pgn-download, import-pgn, import-pgn-file, share-url,
// copy-share, fen, fen-input, load-fen, copy-fen, position-link, analyse-fen, analyse-pgn.
//
// On the analysis board (www/views/xiangqi-analysis.js) the move list shows its game tree with the variations
// (www/views/xiangqi-tree-list.js), the navigation moves through the tree, a typed move goes into it, Load
// position and Import start a new analysis (the game is kept) and Export writes the tree with its variations.
// After every rebuild of the move list, in both modes, the page's `afterMoveListRender` functions run with the
// list element (the game review's marks: applyReviewMarks(listEl)).

import { h, icon, setText } from './dom.js';
import { GameRecord, START_FEN } from '../game-record.js';
import { NOTATIONS } from './xiangqi-settings.js';
import { renderTreeList, rowsAfterMove, commentRow, nagMark } from './xiangqi-tree-list.js';
import { GameTree } from '../game-tree.js';
import { PGN_RESULT, reasonText, pgnObject, newGameInfo } from './xiangqi-game-info.js';


/**
 * One move of `record` (its index `i`) written in `notation`; ICCS when the rules module has no other.
 * @param {GameRecord} record
 */
export function writtenMove(record, i, notation) {
  const iccs = record.moves[i];
  if (notation === 'wxf') return record.wxf[i] ?? iccs;
  if (notation === 'chinese') return record.notation[i] ?? iccs;
  return iccs;
}

/**
 * Builds the moves panel, the export panel and the FEN panel, and wires them to the page.
 * @param {object} x the page's shared state and functions (www/views/xiangqi.js)
 */
export function createRecordPanels(x) {
  const { settings, XiangqiGame } = x;
  const t = (key, params) => x.t(key, params);
  const btn = (key, testid, onClick) =>
    h('button', { type: 'button', class: 'btn', dataset: { i18n: key, testid }, on: { click: onClick } });

  // ---- moves
  const moveList = h('ol', { class: 'move-list', dataset: { testid: 'move-list' } });
  const navBtn = (label, i18nLabel, testid, onClick) =>
    h('button', { type: 'button', class: 'btn btn-small nav-btn', dataset: { testid, i18nAriaLabel: i18nLabel, i18nTitle: i18nLabel }, on: { click: onClick } }, label);
  // on the analysis board: through its tree (previous = the parent, next = the line's continuation)
  const nav = (where, ply) => () => (x.analysing() ? x.analysis.nav(where) : setView(ply()));
  const navFirst = navBtn(icon('first'), 'xq.nav.first', 'nav-first', nav('first', () => 0));
  const navPrev = navBtn(icon('prev'), 'xq.nav.prev', 'nav-prev', nav('prev', () => (x.viewPly ?? x.record.moves.length) - 1));
  const navNext = navBtn(icon('next'), 'xq.nav.next', 'nav-next', nav('next', () => (x.viewPly ?? x.record.moves.length) + 1));
  const navLast = navBtn(icon('last'), 'xq.nav.last', 'nav-last', nav('last', () => null));
  const reviewNote = h('div', { class: 'review-note', dataset: { testid: 'review' }, hidden: true });
  const moveInput = h('input', {
    type: 'text', id: 'xq-move-input', class: 'move-input', spellcheck: 'false', autocomplete: 'off',
    dataset: { testid: 'move-input', i18nPlaceholder: 'xq.moveInputPlaceholder' },
  });
  const moveForm = h('form', { class: 'move-form', on: { submit: (e) => { e.preventDefault(); typedMove(moveInput.value); } } },
    h('label', { for: 'xq-move-input', class: 'visually-hidden', dataset: { i18n: 'xq.moveInputLabel' } }),
    moveInput,
    h('button', { type: 'submit', class: 'btn btn-small', dataset: { i18n: 'xq.moveInputGo', testid: 'move-input-go' } }));
  const notationBar = h('div', { class: 'notation-bar', role: 'group', dataset: { testid: 'notation', i18nAriaLabel: 'xq.notationLabel' } },
    NOTATIONS.map((n) => h('button', { type: 'button', class: 'btn btn-small', dataset: { value: n, i18n: `notation.${n}` }, on: { click: () => setNotation(n) } })));
  // ---- export / import
  const exportBtn = btn('xq.exportPgn', 'export-pgn', () => exportPgn());
  const pgnFormatSelect = h('select', { id: 'xq-pgn-format', dataset: { testid: 'pgn-format' } },
    NOTATIONS.map((n) => h('option', { value: n, selected: n === settings.pgnFormat, dataset: { i18n: `notation.${n}` } })));
  const pgnText = h('textarea', { class: 'pgn-text', rows: '6', spellcheck: 'false', dataset: { testid: 'pgn-text', i18nPlaceholder: 'xq.pgnPlaceholder' } });
  const downloadLink = h('a', { class: 'btn btn-small', dataset: { testid: 'pgn-download', i18n: 'xq.download' }, download: 'duiyi-xiangqi.pgn', hidden: true });
  const importBtn = btn('xq.importPgn', 'import-pgn', () => importGame(pgnText.value));
  const analysePgnBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { i18n: 'analysis.fromPgn', testid: 'analyse-pgn' }, on: { click: () => x.analysis.fromPgnText(pgnText.value) } });
  const importFile = h('input', { type: 'file', id: 'xq-pgn-file', accept: '.pgn,.txt,.xqf,text/plain', class: 'visually-hidden', dataset: { testid: 'import-pgn-file' } });
  const importFileLabel = h('label', { for: 'xq-pgn-file', class: 'btn btn-small', dataset: { i18n: 'xq.importFile' } });
  const shareLink = h('a', { class: 'share-link', dataset: { testid: 'share-url', i18n: 'xq.share' } });
  const copyShareBtn = btn('xq.copyShare', 'copy-share', () => copyText(shareLink.href, 'xq.shareCopied'));
  // ---- FEN
  const fenOut = h('output', { class: 'fen', dataset: { testid: 'fen' } });
  const fenInput = h('input', {
    type: 'text', id: 'xq-fen-input', class: 'fen-input', spellcheck: 'false', autocomplete: 'off',
    dataset: { testid: 'fen-input', i18nPlaceholder: 'xq.fenPlaceholder' },
  });
  const loadBtn = h('button', { type: 'submit', class: 'btn', dataset: { i18n: 'xq.loadFen', testid: 'load-fen' } });
  const copyBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { i18n: 'xq.copyFen', testid: 'copy-fen' } });
  // the FEN typed, else the position shown
  const analyseFenBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { i18n: 'analysis.fromFen', testid: 'analyse-fen' }, on: { click: () => x.analysis.fromFen(fenInput.value.trim() || fenOut.textContent) } });
  const linkEl = h('a', { class: 'position-link', dataset: { testid: 'position-link', i18n: 'xq.link' } });

  const movesPanel = h('section', { class: 'panel moves-panel' },
    h('div', { class: 'moves-head' },
      h('h2', { dataset: { i18n: 'xq.moves' } }),
      notationBar,
      h('div', { class: 'nav-buttons' }, navFirst, navPrev, navNext, navLast)),
    h('div', { class: 'move-scroll' }, moveList),
    reviewNote,
    moveForm);
  const exportPanel = h('section', { class: 'panel export-panel' },
    h('h2', { dataset: { i18n: 'xq.exportTitle' } }),
    h('div', { class: 'field' }, h('label', { for: 'xq-pgn-format', dataset: { i18n: 'xq.pgnFormat' } }), pgnFormatSelect),
    h('div', { class: 'export-row' }, exportBtn, downloadLink, importBtn, importFileLabel, importFile, analysePgnBtn),
    pgnText,
    h('div', { class: 'export-row' }, shareLink, copyShareBtn));
  const fenPanel = h('section', { class: 'panel fen-panel' },
    h('div', { class: 'fen-row' }, fenOut, copyBtn, analyseFenBtn),
    h('form', { class: 'fen-form', on: { submit: (e) => { e.preventDefault(); loadFen(fenInput.value); } } },
      h('label', { for: 'xq-fen-input', class: 'visually-hidden', dataset: { i18n: 'xq.fenLabel' } }),
      fenInput, loadBtn),
    linkEl);

  /** what the move list shows (it is rebuilt only when this changes) */
  let movesDrawn = null;

  // ---- rendering ----------------------------------------------------------------------------------------
  /** The navigation buttons and the review note (part of every render). */
  function renderNav() {
    if (x.analysing()) {
      const c = x.analysis.tree.cursor;
      navFirst.disabled = navPrev.disabled = !c.parent;
      navNext.disabled = navLast.disabled = !c.children.length;
      setText(reviewNote, '');
      return;
    }
    const { record, viewPly } = x;
    navFirst.disabled = navPrev.disabled = (viewPly ?? record.moves.length) === 0;
    navNext.disabled = navLast.disabled = viewPly === null;
    setText(reviewNote, viewPly === null ? '' : t('xq.reviewing', { ply: viewPly, total: record.moves.length }));
  }

  function renderMoves() {
    // Rebuilt only when the moves or the reviewed ply change (scrolling reads layout, which is not free).
    const { record, viewPly } = x;
    const result = x.gameResult();
    const notation = x.notation();
    notationBar.dataset.notation = notation;
    for (const button of notationBar.children) button.setAttribute('aria-pressed', String(button.dataset.value === notation));
    if (x.analysing()) {
      const tree = x.analysis.tree;
      const treeSignature = `tree|${tree.startFen}|${tree.version}|${tree.cursor.id}|${notation}`;
      if (treeSignature === movesDrawn) return;
      movesDrawn = treeSignature;
      renderTreeList(moveList, tree, { notation });
      const focus = moveList.querySelector('.move-viewing');
      if (focus) focus.scrollIntoView({ block: 'nearest' });
      afterRender();
      return;
    }
    // the game's own tree (an imported record's comments and variations), along the moves it shares
    const own = x.analysis.gameTree?.() ?? null;
    const signature = `${record.key()}|${viewPly}|${t('xq.moves')}|${notation}|${result?.result}|${result?.code}|${own ? own.version : '-'}`;
    if (signature === movesDrawn) return;
    movesDrawn = signature;
    const items = [];
    const blackFirst = record.startSide === 'black';
    let ownNode = own?.root ?? null;
    if (own?.comment) items.push(commentRow(own.comment, 0));
    if (blackFirst && record.moves.length) {
      items.push(h('li', { class: 'move move-red move-skip', 'aria-hidden': 'true' }, h('span', { class: 'move-num', text: '1.' }), '…'));
    }
    record.moves.forEach((iccs, i) => {
      const ply = blackFirst ? i + 1 : i; // 0-based ply counted from a Red move
      const isRed = ply % 2 === 0;
      const zh = record.notation[i];
      const wxf = record.wxf[i];
      const shown = writtenMove(record, i, notation);
      ownNode = ownNode?.children[0]?.move === iccs ? ownNode.children[0] : null;
      const li = h('li', {
        class: `move ${isRed ? 'move-red' : 'move-black'}${i === record.moves.length - 1 ? ' move-last' : ''}${viewPly === i + 1 ? ' move-viewing' : ''}`,
        dataset: { iccs, ply: String(i + 1) },
        title: iccs,
        tabindex: '0',
      },
      isRed ? h('span', { class: 'move-num', text: `${ply / 2 + 1}.` }) : null,
      h('span', { class: 'move-text', text: shown }),
      nagMark(ownNode?.note),
      shown !== iccs ? h('span', { class: 'move-iccs', text: iccs }) : null);
      if (zh) li.dataset.chinese = zh;
      if (wxf) li.dataset.wxf = wxf;
      items.push(li);
      if (ownNode) items.push(...rowsAfterMove(own, ownNode, i + 1, { notation, blackFirst, hasNext: i + 1 < record.moves.length }));
    });
    if (result) {
      // the result and its reason, in words, at the end of the list (as in the exported PGN)
      items.push(h('li', { class: 'move-result', dataset: { testid: 'move-list-result', result: result.result } },
        `${PGN_RESULT[result.result]} ${reasonText(t, result.reason, result.code, result.side)}`));
    }
    moveList.replaceChildren(...items);
    const scroller = moveList.parentElement;
    const focus = viewPly === null ? null : moveList.querySelector('.move-viewing');
    if (focus) focus.scrollIntoView({ block: 'nearest' });
    else if (items.length) scroller.scrollTop = scroller.scrollHeight; // (an empty list has nothing to scroll: no forced layout while the page is built)
    afterRender();
  }

  /** The page's afterMoveListRender functions (the review's marks), each with the list element. */
  function afterRender() {
    for (const fn of x.afterMoveListRender) {
      try {
        fn(moveList);
      } catch (err) {
        console.error('move list: an afterMoveListRender function threw', err);
      }
    }
  }

  /** The share link: the start position and every move, so a fresh page reproduces the game. */
  function renderShare() {
    const link = new URL(location.href);
    link.search = '';
    if (x.record.startFen !== START_FEN) link.searchParams.set('fen', x.record.startFen);
    link.searchParams.set('moves', x.record.moves.join(' '));
    link.hash = '#xiangqi';
    if (shareLink.href !== link.href) shareLink.href = link.href;
  }

  function showFen(fen) {
    fenOut.textContent = fen;
    fenOut.title = fen;
    const link = new URL(location.href);
    link.search = '';
    link.searchParams.set('fen', fen);
    link.hash = '#xiangqi';
    linkEl.href = link.href;
  }

  /** Shows the position after `ply` moves (null or the last ply: the game itself). */
  function setView(ply) {
    const n = x.record.moves.length;
    const previous = x.viewPly ?? n;
    let next = ply === null ? null : Math.max(0, Math.min(n, ply));
    if (next === n) next = null;
    if (next === x.viewPly) return;
    x.viewPly = next;
    x.render({ animate: (next ?? n) === previous + 1 });
  }

  function typedMove(text) {
    if (x.analysing()) {
      // the analysis board: either side, into the tree
      const pos = x.analysis.position();
      const move = pos.findMove(text);
      const shown = String(text).trim();
      if (!move) {
        const why = pos.whyNot(text) ?? { code: 'typed.unreadable', params: { text: shown }, message: `not a move: ${shown}` };
        x.showError('error.typedMove', { text: shown }, why);
        return;
      }
      moveInput.value = '';
      x.analysis.play(move);
      return;
    }
    if (x.viewPly !== null) setView(null);
    if (x.gameResult() || !x.isUserSide(x.record.sideToMove())) {
      x.showError('error.notYourTurn');
      return;
    }
    const move = x.record.findMove(text);
    if (!move) {
      // The reason: the rules' for an ICCS move, else "no legal move is written so" / "not a move".
      const shown = String(text).trim();
      const why = x.record.whyNot(text) ?? { code: 'typed.unreadable', params: { text: shown }, message: `not a move: ${shown}` };
      x.showError('error.typedMove', { text: shown }, why);
      return;
    }
    moveInput.value = '';
    x.userMove(move);
  }

  /** The user chooses the notation of the move list and the engine panel (remembered: it wins over the default). */
  function setNotation(kind) {
    if (!NOTATIONS.includes(kind) || !x.record.writes(kind)) return;
    settings.notation = kind;
    x.saveSettings();
    x.render({ animate: false });
  }

  // ---- export / import ------------------------------------------------------------------------------------

  /** The game as PGN (the rules module's pgnWrite), shown in the text box, copied, and offered as a file. */
  async function exportPgn() {
    if (typeof x.pgnWrite !== 'function') {
      x.showError('error.pgnUnavailable');
      return;
    }
    // the game (its tags, comments and variations, the review's marks); on the analysis board, its tree
    let text;
    try {
      text = x.pgnWrite({ ...pgnObject(x, settings.pgnFormat), format: settings.pgnFormat });
    } catch (err) {
      x.showError('error.pgnWrite', {}, err);
      return;
    }
    x.clearError();
    pgnText.value = text;
    if (downloadLink.href.startsWith('blob:')) URL.revokeObjectURL(downloadLink.href);
    downloadLink.href = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn;charset=utf-8' }));
    downloadLink.hidden = false;
    await copyText(text, 'xq.pgnCopied');
  }

  async function copyText(text, doneKey) {
    try {
      await navigator.clipboard.writeText(text);
      x.engine.setNotice('copied', () => t(doneKey), 2000);
    } catch {
      /* no clipboard permission: the text is on the page to copy by hand */
    }
  }

  /**
   * Imports a game: PGN or a plain list of moves (the rules module's pgnParse: tags, [FEN], moves in ICCS,
   * WXF or Chinese, comments, variations, the result and its reason). A bad file gives a typed error (pgn.*
   * with its line and column) and the game in progress stays as it was. On the analysis board the record is
   * analysed (the game is kept); while playing it replaces the game, and its variations become the game's
   * analysis (shown when the analysis board is opened).
   */
  function importGame(text, file = null) {
    if (x.analysing()) return x.analysis.fromPgnText(text);
    const source = String(text ?? '').trim();
    if (!source) {
      x.showError('error.importEmpty');
      return false;
    }
    if (typeof x.pgnParse !== 'function') {
      x.showError('error.pgnUnavailable');
      return false;
    }
    return loadParsed(() => x.pgnParse(source), { file });
  }

  /**
   * Imports an XQF game file (the rules module's xqfParse; docs/xqf.md): its main line becomes the game, and
   * the text box shows it as PGN with its comments and variations. A bad file gives a typed error (xqf.*) and
   * the game in progress stays as it was. On the analysis board the file is analysed (the game is kept).
   */
  function importXqf(bytes, file = null) {
    if (typeof x.xqfParse !== 'function') {
      x.showError('error.pgnUnavailable');
      return false;
    }
    let parsed = null;
    let ok;
    if (x.analysing()) {
      try {
        x.analysis.fromParsed((parsed = x.xqfParse(bytes)));
        x.clearError();
        ok = true;
      } catch (err) {
        x.showError('error.import', {}, err);
        ok = false;
      }
    } else {
      ok = loadParsed(() => (parsed = x.xqfParse(bytes)), { file });
    }
    if (ok && typeof x.pgnWrite === 'function') {
      try {
        pgnText.value = x.pgnWrite({ ...parsed, format: settings.pgnFormat });
      } catch {
        /* the game is loaded; the text box just stays as it was */
      }
    }
    return ok;
  }

  /**
   * Loads the game `parse()` returns ({fen, moves, annotations?, result, reason}); on an error nothing changes.
   * Its variations become the game's analysis (shown when the analysis board is opened).
   */
  function loadParsed(parse, { file = null, id, source = 'imported', created } = {}) {
    let parsed;
    let next;
    let tree = null;
    try {
      parsed = parse();
      next = new GameRecord(XiangqiGame, parsed.fen || START_FEN, Array.from(parsed.moves ?? []));
      const annotated = Array.from(parsed.annotations ?? []).some(Boolean) || Boolean(parsed.comment);
      if (annotated) tree = GameTree.fromPgn(XiangqiGame, parsed);
    } catch (err) {
      next?.free();
      x.showError('error.import', {}, err);
      return false;
    }
    x.clearError();
    const result = parsed.result && parsed.result !== '*' ? parsed.result : null;
    // the file's tags, result and how it ended, kept to be written back out unchanged (xiangqi-game-info.js)
    const tags = parsed.tags && typeof parsed.tags === 'object' ? { ...parsed.tags } : {};
    const imported = { key: next.key(), result: parsed.result || '*', reason: parsed.reason ?? null };
    const info = newGameInfo({ source: source === 'played' ? 'played' : 'imported', tags, imported, file, ...(id ? { id } : {}) });
    if (Number.isFinite(created)) info.created = created;
    x.actions.resetTo(next, { settleImported: { result, reason: parsed.reason ?? null }, info });
    if (tree) {
      // the record's comments and variations: the game's own tree, shown under its moves and on the analysis board
      x.analysis.attachToGame(parsed);
      if (tree.hasVariations()) x.engine.setNotice('variations', () => t('analysis.hasVariations'), 10000);
      x.render({ animate: false });
    }
    x.review?.imported(parsed); // a PGN with an [%eval] on every move shows its review again
    return true;
  }

  /** An XQF file: by its name, or by its first bytes ("XQ") and a length that can hold the header. */
  function isXqf(name, bytes) {
    if (/\.xqf$/i.test(name ?? '')) return true;
    return bytes.length >= 1024 && bytes[0] === 0x58 && bytes[1] === 0x51;
  }

  /** A shared link: the start FEN and the moves (space- or comma-separated ICCS). */
  function loadShared(fen, movesText) {
    const moves = String(movesText ?? '').split(/[\s,]+/).filter(Boolean);
    let next;
    try {
      next = new GameRecord(XiangqiGame, fen, moves);
    } catch (err) {
      x.showError('error.shared', {}, err);
      return;
    }
    x.actions.resetTo(next);
  }

  function loadFen(text, { quiet = false } = {}) {
    if (x.analysing()) return x.analysis.fromFen(text);
    const fen = String(text ?? '').trim();
    if (!fen) {
      x.showError('error.fenEmpty');
      return false;
    }
    let next;
    try {
      next = new GameRecord(XiangqiGame, fen);
    } catch (err) {
      // The game in progress stays exactly as it was.
      x.showError('error.fen', {}, err);
      return false;
    }
    if (!quiet) x.clearError();
    x.actions.resetTo(next);
    return true;
  }

  pgnFormatSelect.addEventListener('change', () => {
    settings.pgnFormat = pgnFormatSelect.value;
    x.saveSettings();
  });
  importFile.addEventListener('change', async () => {
    const file = importFile.files?.[0];
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    importFile.value = '';
    if (isXqf(file.name, bytes)) {
      importXqf(bytes, file.name);
      return;
    }
    const text = new TextDecoder().decode(bytes);
    pgnText.value = text;
    importGame(text, file.name);
  });
  copyBtn.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(x.record.fen());
      x.engine.setNotice('copied', () => t('xq.copied'), 2000);
    } catch {
      fenInput.value = x.record.fen();
      fenInput.select();
    }
  });
  /** A click (or Enter) on a move: that position (on the analysis board: that tree node, variations too). */
  function pickMove(target) {
    if (x.analysing()) {
      const item = target.closest('[data-node]');
      if (item) x.analysis.goToNode(Number(item.dataset.node));
      return Boolean(item);
    }
    const li = target.closest('[data-ply]');
    if (li) setView(Number(li.dataset.ply));
    return Boolean(li);
  }
  moveList.addEventListener('click', (e) => pickMove(e.target));
  moveList.addEventListener('keydown', (e) => {
    if ((e.key === 'Enter' || e.key === ' ') && e.target.closest('[data-node], [data-ply]')) {
      e.preventDefault();
      pickMove(e.target);
    }
  });
  function onKey(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest?.('input, select, textarea, [contenteditable]')) return;
    if (x.analysing()) {
      const where = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last', ArrowUp: 'first', ArrowDown: 'last' }[e.key];
      if (!where) return;
      e.preventDefault();
      x.analysis.nav(where);
      return;
    }
    const n = x.record.moves.length;
    const at = x.viewPly ?? n;
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: null, ArrowUp: 0, ArrowDown: null };
    if (!(e.key in moves)) return;
    e.preventDefault();
    setView(moves[e.key]);
  }
  document.addEventListener('keydown', onKey);

  return {
    movesPanel, exportPanel, fenPanel,
    renderNav, renderMoves, renderShare, showFen, loadFen, loadShared, copyText, setView,
    /** Loads a record (pgnParse's shape) as the game, as an import does; `id` keeps its library id. */
    openRecord: (parsed, options) => loadParsed(() => parsed, options),
    /** Removes the page-wide key listener. */
    destroy() {
      document.removeEventListener('keydown', onKey);
    },
  };
}
