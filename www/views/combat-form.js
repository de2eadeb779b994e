// #combat: the sheet form — the attacker's and defender's attributes (a slider and a number for each chance,
// a number for each amount), the block mode (a share of the hit or a flat amount), the presets and the roll
// orders of the three models. It edits the page's state (combat-model.js readHash) and calls onChange after
// each edit; combat.js recomputes.
//
// Test hooks: "field-<key>" (number inputs), "slider-<key>", "block-mode", "preset-<name>", "order-<model>",
// "error" (data-code).

import { h } from './dom.js';
import { FIELDS, MODELS, PRESETS, inactiveBlockField } from './combat-model.js';

/**
 * @param {{tx: Function, state: object, onChange: () => void}} env
 *   tx(key, tag, props): an element whose text is the page string `key`; state: the page's state (sheet,
 *   orders, blockMode), edited in place.
 * @returns {{panel: HTMLElement, errorBox: HTMLElement, fill: () => void, markInvalid: (field: object|null) => void}}
 */
export function createSheetForm({ tx, state, onChange }) {
  const inputs = {};
  const fieldRow = (f) => {
    const id = `cb-field-${f.key}`;
    const numberInput = h('input', {
      id, type: 'number', class: 'cb-number', inputmode: 'decimal',
      min: 0, max: f.kind === 'pct' ? 100 : f.max, step: f.kind === 'pct' ? 0.01 : f.step,
      dataset: { testid: `field-${f.key}` },
    });
    const row = h('div', { class: 'cb-field', dataset: { field: f.key } }, tx(`field.${f.key}`, 'label', { for: id }));
    if (f.kind === 'pct') {
      const slider = h('input', {
        type: 'range', class: 'cb-slider', min: 0, max: 100, step: 0.1,
        'aria-labelledby': id, dataset: { testid: `slider-${f.key}` },
      });
      slider.addEventListener('input', () => {
        numberInput.value = slider.value;
        onField(f, Number(slider.value) / 100);
      });
      numberInput.addEventListener('input', () => {
        if (numberInput.value !== '') slider.value = numberInput.value;
        onField(f, numberInput.value === '' ? NaN : Number(numberInput.value) / 100);
      });
      row.append(slider, h('span', { class: 'cb-unit-wrap' }, numberInput, h('span', { class: 'cb-unit', text: '%' })));
      inputs[f.key] = { numberInput, slider };
    } else {
      numberInput.addEventListener('input', () => onField(f, numberInput.value === '' ? NaN : Number(numberInput.value)));
      row.classList.add('cb-field-num');
      row.append(h('span', { class: 'cb-unit-wrap' }, numberInput, h('span', { class: 'cb-unit' })));
      inputs[f.key] = { numberInput };
    }
    return row;
  };
  const blockModeSelect = h('select', { id: 'cb-block-mode', class: 'cb-select', dataset: { testid: 'block-mode' } },
    ['fraction', 'amount'].map((m) => h('option', { value: m, dataset: { cbI18n: `blockMode.${m}` } })));
  blockModeSelect.addEventListener('change', () => {
    state.blockMode = blockModeSelect.value;
    showBlockMode();
    onChange();
  });
  const group = (name) =>
    h('fieldset', { class: 'cb-group' }, tx(name, 'legend'), FIELDS.filter((f) => f.group === name).flatMap((f) =>
      f.key === 'block_fraction'
        ? [h('div', { class: 'cb-field cb-field-num' }, tx('field.block_mode', 'label', { for: 'cb-block-mode' }), blockModeSelect), fieldRow(f)]
        : [fieldRow(f)]));

  const presetButtons = Object.keys(PRESETS).map((name) =>
    h('button', {
      type: 'button', class: 'btn btn-small', dataset: { cbI18n: `preset.${name}`, testid: `preset-${name}` },
      on: { click: () => applyPreset(name) },
    }));
  const orderInputs = {};
  const orderRows = MODELS.map((m) => {
    const id = `cb-order-${m}`;
    orderInputs[m] = h('input', {
      id, type: 'text', class: 'cb-text', spellcheck: 'false', autocomplete: 'off',
      placeholder: 'miss,dodge,parry,glance,block,crit,crush', dataset: { testid: `order-${m}` },
    });
    orderInputs[m].addEventListener('change', () => {
      state.orders[m] = orderInputs[m].value.trim();
      onChange();
    });
    return h('div', { class: 'cb-field cb-field-wide' }, tx(`order.${m}`, 'label', { for: id }), orderInputs[m]);
  });
  const errorBox = h('div', { class: 'error', role: 'alert', hidden: true, dataset: { testid: 'error' } });

  const panel = h('section', { class: 'panel cb-inputs' },
    group('attacker'),
    group('defender'),
    h('div', { class: 'cb-presets' }, tx('presets', 'span', { class: 'cb-presets-label' }), presetButtons),
    h('details', { class: 'cb-orders' }, tx('orders', 'summary'), orderRows, tx('order.hint', 'p', { class: 'cb-hint' })),
    errorBox);

  function onField(f, value) {
    state.sheet[f.key] = value;
    onChange();
  }

  function applyPreset(name) {
    for (const f of FIELDS) state.sheet[f.key] = f.def;
    Object.assign(state.sheet, PRESETS[name]);
    fill();
    onChange();
  }

  function showBlockMode() {
    blockModeSelect.value = state.blockMode;
    for (const key of ['block_fraction', 'block_amount']) {
      panel.querySelector(`[data-field="${key}"]`).hidden = key === inactiveBlockField(state.blockMode);
    }
  }

  /** Puts the sheet (attributes, block mode, orders) into the fields. */
  function fill() {
    showBlockMode();
    for (const f of FIELDS) {
      const v = state.sheet[f.key];
      const { numberInput, slider } = inputs[f.key];
      const shown = f.kind === 'pct' ? Number((v * 100).toPrecision(12)) : v;
      numberInput.value = Number.isFinite(shown) ? String(shown) : '';
      if (slider && Number.isFinite(shown)) slider.value = String(shown);
    }
    for (const m of MODELS) orderInputs[m].value = state.orders[m];
  }

  /** Marks the field an error names (or none) as invalid. */
  function markInvalid(bad) {
    for (const f of FIELDS) {
      if (f === bad) inputs[f.key].numberInput.setAttribute('aria-invalid', 'true');
      else inputs[f.key].numberInput.removeAttribute('aria-invalid');
    }
  }

  return { panel, errorBox, fill, markInvalid };
}
