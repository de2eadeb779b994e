// #hex: placeholder until the Hex engine lands (two-distance heatmaps, HexGui-compatible GTP).
import { h } from './dom.js';

export function mount(root, { t }) {
  const box = h('section', { class: 'placeholder', dataset: { testid: 'hex-placeholder' } },
    h('h2', { text: t('hex.title') }),
    h('p', { text: t('hex.comingSoon') }));
  root.replaceChildren(box);
  return {
    setLang(_lang, nextT) {
      box.querySelector('h2').textContent = nextT('hex.title');
      box.querySelector('p').textContent = nextT('hex.comingSoon');
    },
    unmount() {
      box.remove();
    },
  };
}
