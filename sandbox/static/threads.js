// Gunbai sandbox: the channel list and its threads (issue 28), as Discord
// shows them. Loaded before app.js, whose helpers (el, esc, tr, S,
// openChannel) these call.
'use strict';

// channelList draws a list of channels, changing the items in place when
// the same channels are listed in the same order: rebuilt on every event,
// a click whose press and release fell on either side of a render was lost
// (the element pressed was gone when the button came up).
function channelList(box, items) {
  const names = items.map(i => i.c.name + '\u0000' + (i.c.label || '')).join('\u0001');
  if (box.dataset.names !== names) {
    box.dataset.names = names;
    box.replaceChildren(...items.map(({c}) => {
      const li = el('li', {'data-channel-name': c.name, onclick: () => openChannel(c.name)},
        el('span', {class: 'hash', text: c.dm ? '@' : '#'}), el('span', {text: c.dm ? 'Gunbai' : c.name}));
      if (c.parent) threadItem(li, c);
      return li;
    }));
  }
  items.forEach(({c, cls}, i) => {
    const li = box.children[i];
    if (li.className !== cls) li.className = cls;
    const title = c.archived ? tr('Ветка в архиве', 'Archived thread') : '';
    if (li.title !== title) li.title = title;
  });
}

// A thread in the channel list, as Discord shows it: under its channel,
// indented on a curved spine, with the thread icon; an archived one dimmed.
function threadItem(li, c) {
  li.replaceChildren(el('span', {class: 'spine'}), el('span', {class: 'thread-icon', html: threadIcon}), el('span', {class: 'thread-name', text: c.label}));
}

// Discord's thread icon, drawn (the page must not depend on an emoji font):
// a speech bubble with two lines of text.
const threadIcon = '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" ' +
  'd="M4 4h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-9l-5 4v-4H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z"/><path stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M7 9h10M7 12.5h6"/></svg>';

function threadTitle(c) { return '# ' + c.parent + ' › ' + c.label; }

// A channel mention (<#id>) that opens the channel or thread it names.
function channelMention(id, label) {
  return '<span class="mention channel-link" data-open-channel="' + esc(id) + '">' + esc('#' + label) + '</span>';
}

// Discord's notice in a channel that a thread was started in it.
function threadNotice(m) {
  const names = (S.state && S.state.names && S.state.names.channels) || {};
  const link = el('span', {class: 'thread-link', 'data-open-channel': m.thread, text: names[m.thread] || m.content});
  return el('div', {class: 'message system', 'data-message-id': m.id},
    el('span', {class: 'sys-icon', html: threadIcon}),
    el('span', {}, el('b', {text: m.author}), ' ' + tr('начал ветку: ', 'started a thread: '), link));
}

document.addEventListener('click', e => {
  const t = e.target.closest('[data-open-channel]');
  if (!t || !S.state) return;
  const ch = S.state.channels.find(c => c.id === t.dataset.openChannel);
  if (ch) openChannel(ch.name);
});

