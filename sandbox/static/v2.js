// Gunbai sandbox: Components V2 messages (issue 28), as Discord draws them.
// Loaded after app.js, whose helpers (el, markdown, componentNodes) these
// call when a message is drawn.
'use strict';

// Components V2 (flag 1<<15), drawn as Discord draws them: a container
// is a card with its accent bar, text displays are markdown, a section
// has its texts on the left and its button (or thumbnail) on the right, a
// media gallery shows its pictures (attachment:// names a file of the
// message), action rows their buttons and menus.
const IS_COMPONENTS_V2 = 1 << 15;

function v2Node(m) {
  const box = el('div', {class: 'components v2'});
  for (const c of m.components) box.append(v2Component(m, c));
  return box;
}

function mediaURL(m, media) {
  const url = (media && media.url) || '';
  if (!url.startsWith('attachment://')) return url;
  const f = m.attachments.find(a => a.filename === url.slice('attachment://'.length));
  return f ? f.url : '';
}

function v2Component(m, c) {
  switch (c.type) {
    case 1: { const r = el('div', {class: 'row'}); for (const cc of c.components || []) r.append(...componentNodes(m, cc)); return r; }
    case 10: return el('div', {class: 'content text-display', html: markdown(c.content || '')});
    case 9: {
      const s = el('div', {class: 'section'}, el('div', {class: 'section-texts'}, (c.components || []).map(t => v2Component(m, t))));
      const a = c.accessory || {};
      if (a.type === 11) s.append(el('img', {class: 'thumbnail', src: mediaURL(m, a.media), alt: a.description || ''}));
      else if (a.type) s.append(el('div', {class: 'accessory'}, ...componentNodes(m, a)));
      return s;
    }
    case 12: {
      const g = el('div', {class: 'gallery'});
      for (const it of c.items || []) {
        g.append(el('img', {class: 'attachment', src: mediaURL(m, it.media), alt: it.description || '', title: it.description || '', loading: 'lazy',
          onclick: e => e.target.classList.toggle('zoom')}));
      }
      return g;
    }
    case 14: return el('hr', {class: 'separator' + (c.divider === false ? ' blank' : '')});
    case 13: { const u = mediaURL(m, c.file); return el('div', {class: 'file'}, '📄 ', el('a', {href: u, download: '', text: u.split('/').pop()})); }
    case 17: {
      const k = el('div', {class: 'container' + (c.spoiler ? ' spoiler' : '')});
      if (c.accent_color !== undefined && c.accent_color !== null) k.style.borderLeftColor = '#' + c.accent_color.toString(16).padStart(6, '0');
      for (const cc of c.components || []) k.append(v2Component(m, cc));
      return k;
    }
    default:
      return el('span', {class: 'muted', text: '[component ' + c.type + ']'});
  }
}
