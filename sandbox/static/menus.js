// Gunbai sandbox: commands where the player is (issue 28, item 5): the DM's
// global commands and a message's Apps menu. Loaded before app.js, whose
// helpers (el, tr, S, api, act, loc, currentChannel) these call.
'use strict';

// cmdList is the slash commands of where one types: in the DM with the bot
// its global commands, in a channel the guild's.
function cmdList() {
  const ch = currentChannel();
  return ch && ch.dm ? S.dmCommands : S.commands;
}

async function loadWhere() {
  try { S.dmCommands = await api('dmcommands'); S.menus = await api('menus'); } catch (e) { /* shown by refresh */ }
}

// appsNode is a message's "⋯" button and its "Apps" menu of the message
// commands, as Discord offers them on a guild message.
function appsNode(m) {
  const ch = currentChannel();
  if (!ch || ch.dm || m.ephemeral || m.loading || !S.menus.length) return null;
  const list = el('div', {class: 'apps-menu', hidden: true},
    el('div', {class: 'apps-title', text: tr('Приложения', 'Apps')}),
    S.menus.map(c => el('button', {type: 'button', class: 'apps-item', 'data-menu': c.name, text: loc(c, 'name'),
      onclick: e => {
        list.hidden = true;
        act(() => api('menu', {as: S.as, channel: ch.name, message: m.id, name: c.name}), e.target).catch(() => {});
      }})));
  const btn = el('button', {type: 'button', class: 'apps-button', title: tr('Приложения', 'Apps'), text: '⋯',
    onclick: () => { list.hidden = !list.hidden; }});
  return el('div', {class: 'apps'}, btn, list);
}
