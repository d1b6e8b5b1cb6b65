// Gunbai sandbox: a Discord-like client of the fake Discord the bot plays
// on. Plain JavaScript, no build step; the API is under /sandbox/.
'use strict';

const $ = sel => document.querySelector(sel);
const el = (tag, props, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k === 'html') e.innerHTML = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k in e && typeof v !== 'string') e[k] = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
};

const S = {
  as: localStorage.getItem('gunbai.person') || 'gm',
  channel: {},          // person -> channel name
  state: null,
  commands: [],
  dmCommands: [],       // the global commands of the DM with the bot
  menus: [],            // the guild's message commands ("⋯ Apps")
  rendered: new Map(),  // message id -> JSON it was drawn from
  seen: {},             // person/channel -> number of messages seen
  sugg: [],             // current suggestions
  suggSel: 0,
  modal: null,          // {custom_id, channel}
  acSeq: 0,
};

const ru = () => !S.state || (S.state.person.locale || 'ru').startsWith('ru');
const tr = (r, e) => ru() ? r : e;

function status(msg) { $('#status').textContent = msg || ''; }

async function api(path, body) {
  const opts = body === undefined ? {} : {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)};
  const resp = await fetch('/sandbox/' + path, opts);
  let data = null;
  try { data = await resp.json(); } catch (e) { /* not JSON */ }
  if (!resp.ok) throw new Error((data && data.error) || (resp.status + ' ' + resp.statusText));
  return data;
}

// --- state and rendering ---------------------------------------------------

let refreshing = null, again = false;
async function refresh() {
  if (refreshing) { again = true; return refreshing; }
  refreshing = (async () => {
    do {
      again = false;
      try {
        const as = S.as;
        const st = await api('state?as=' + encodeURIComponent(as));
        if (as !== S.as) { again = true; continue; }
        S.state = st;
        render();
      } catch (e) { status(tr('Нет связи с песочницей: ', 'Cannot reach the sandbox: ') + e.message); }
    } while (again);
  })();
  try { await refreshing; } finally { refreshing = null; }
}

let timer = null;
function scheduleRefresh() { clearTimeout(timer); timer = setTimeout(refresh, 60); }

function currentChannel() {
  const st = S.state;
  if (!st) return null;
  let name = S.channel[S.as];
  let ch = st.channels.find(c => c.name === name);
  if (!ch) { ch = st.channels[0]; S.channel[S.as] = ch && ch.name; }
  return ch;
}

function render() {
  const st = S.state;
  // People.
  const pb = $('#people-buttons');
  if (!pb.children.length) {
    for (const p of st.people) {
      pb.append(el('button', {type: 'button', 'data-person': p.key, title: p.role, onclick: () => switchPerson(p.key)},
        el('span', {class: 'avatar ' + p.key, text: p.name.slice(0, 1)}),
        el('span', {}, p.name, el('span', {class: 'person-sub', text: p.role + ' · ' + p.locale}))));
    }
  }
  for (const b of pb.querySelectorAll('button[data-person]')) b.classList.toggle('active', b.dataset.person === S.as);
  renderAI(st); // ai.js
  // Channels.
  const cur = currentChannel();
  const lists = {chs: [], dms: []};
  for (const c of st.channels) {
    const key = S.as + '/' + c.name;
    if (S.seen[key] === undefined) S.seen[key] = c.messages.length;
    if (c === cur) S.seen[key] = c.messages.length;
    const cls = [c === cur ? 'active' : '', S.seen[key] < c.messages.length ? 'unread' : '',
      c.parent ? 'thread' : '', c.archived ? 'archived' : ''].filter(Boolean).join(' ');
    lists[c.dm ? 'dms' : 'chs'].push({c, cls});
  }
  channelList($('#channels'), lists.chs);
  channelList($('#dms'), lists.dms);
  const titles = document.querySelectorAll('#channels-scroll .section-title');
  titles[0].textContent = tr('Текстовые каналы', 'Text channels');
  titles[1].textContent = tr('Личные сообщения', 'Direct Messages');
  document.querySelector('#people .section-title').textContent = tr('Играть за', 'Play as');
  $('#channel-title').textContent = cur ? (cur.dm ? '@ Gunbai' : cur.parent ? threadTitle(cur) : '# ' + cur.name) : '';
  if (cur && cur.parent) $('#channel-title').innerHTML = esc('# ' + cur.parent + '  ›  ') + '<span class="title-icon">' + threadIcon + '</span>' + esc(cur.label);
  $('#channel-topic').textContent = cur ? (cur.dm ? tr('Личные сообщения', 'Direct Messages') : tr('Виден: ', 'Visible to: ') + channelRole(cur.parent || cur.name)) : '';
  $('#box').placeholder = cur ? tr('Написать в ', 'Message ') + (cur.dm ? '@Gunbai' : '#' + (cur.label || cur.name)) + tr(': /команда…', ': /command…') : '';
  $('#hint').textContent = tr('Enter: отправить · Tab: взять подсказку · ↑↓: выбрать', 'Enter: send · Tab: take the suggestion · ↑↓: choose');
  renderMessages(cur);
}

function channelRole(name) {
  return {gm: 'Мастер', 'север': 'Уэсуги', 'юг': 'Такэда'}[name] || '';
}

let drawnFor = '';
function renderMessages(ch) {
  const box = $('#messages');
  const key = S.as + '/' + (ch ? ch.name : '');
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  if (drawnFor !== key) { box.textContent = ''; S.rendered.clear(); drawnFor = key; }
  const msgs = ch ? ch.messages : [];
  const keep = new Set(msgs.map(m => m.id));
  for (const node of [...box.querySelectorAll('.message[data-message-id]')]) {
    if (!keep.has(node.dataset.messageId)) { node.remove(); S.rendered.delete(node.dataset.messageId); }
  }
  const empty = box.querySelector('.empty');
  if (msgs.length === 0 && !empty) box.append(el('div', {class: 'empty', text: tr('Здесь пока тихо. Напишите /команду.', 'Nothing here yet. Type a /command.')}));
  if (msgs.length && empty) empty.remove();
  let prev = null;
  for (const m of msgs) {
    const json = JSON.stringify(m);
    let node = box.querySelector(`.message[data-message-id="${m.id}"]`);
    if (!node || S.rendered.get(m.id) !== json) {
      const fresh = messageNode(m);
      if (node) node.replaceWith(fresh); else if (prev) prev.after(fresh); else box.prepend(fresh);
      node = fresh;
      S.rendered.set(m.id, json);
    }
    prev = node;
  }
  if (atBottom || drawnFor !== key) box.scrollTop = box.scrollHeight;
}

function messageNode(m) {
  if (m.type === 18) return threadNotice(m);
  const n = el('div', {class: 'message' + (m.ephemeral ? ' ephemeral' : ''), 'data-message-id': m.id});
  if (m.interaction) {
    n.append(el('div', {class: 'reply'}, '↳ ', el('b', {text: m.interaction.name}), ' ' + tr('использует', 'used') + ' ', el('code', {text: m.interaction.label})));
  }
  n.append(el('span', {class: 'avatar bot', text: 'G'}));
  const t = new Date(m.time);
  n.append(el('div', {class: 'head'}, el('span', {class: 'author', text: m.author}), el('span', {class: 'bot-tag', text: tr('БОТ', 'BOT')}),
    el('time', {datetime: m.time, text: t.toLocaleTimeString(ru() ? 'ru' : 'en', {hour: '2-digit', minute: '2-digit', second: '2-digit'})})));
  const v2 = (m.flags & IS_COMPONENTS_V2) !== 0;
  if (m.loading) n.append(el('div', {class: 'content loading', text: tr('Gunbai думает…', 'Gunbai is thinking…')}));
  else if (m.content && !v2) {
    const c = el('div', {class: 'content', html: markdown(m.content)});
    if (m.edited) c.append(el('span', {class: 'edited', text: tr(' (изменено)', ' (edited)')}));
    n.append(c);
  }
  if (m.attachments.length && !v2) {
    const a = el('div', {class: 'attachments'});
    for (const f of m.attachments) {
      if ((f.content_type || '').startsWith('image/') || /\.(png|gif|jpe?g|webp)$/i.test(f.filename)) {
        a.append(el('img', {class: 'attachment', src: f.url, alt: f.description || f.filename, title: f.filename, loading: 'lazy',
          width: f.width || undefined, height: f.height || undefined,
          onclick: e => e.target.classList.toggle('zoom')}));
      } else {
        a.append(el('div', {class: 'file'}, '📄 ', el('a', {href: f.url, download: f.filename, text: f.filename})));
      }
    }
    n.append(a);
  }
  for (const e of m.embeds || []) n.append(embedNode(e));
  if (m.components && m.components.length) n.append(v2 ? v2Node(m) : componentsNode(m));
  if (v2 && m.edited) n.append(el('span', {class: 'edited', text: tr(' (изменено)', ' (edited)')}));
  if (m.ephemeral) n.append(el('div', {class: 'eph-note', text: '👁 ' + tr('Только вы видите это сообщение', 'Only you can see this')}));
  const apps = appsNode(m);
  if (apps) n.append(apps);
  return n;
}

function embedNode(e) {
  const n = el('div', {class: 'embed'});
  if (e.color) n.style.borderLeftColor = '#' + e.color.toString(16).padStart(6, '0');
  if (e.author && e.author.name) n.append(el('div', {class: 'embed-author', text: e.author.name}));
  if (e.title) n.append(el('div', {class: 'embed-title', text: e.title}));
  if (e.description) n.append(el('div', {class: 'content', html: markdown(e.description)}));
  if (e.fields && e.fields.length) {
    n.append(el('div', {class: 'embed-fields'}, e.fields.map(f => el('div', {class: 'embed-field' + (f.inline ? ' inline' : '')},
      el('div', {class: 'embed-field-name', text: f.name}), el('div', {class: 'content', html: markdown(f.value)})))));
  }
  const img = e.image && e.image.url;
  if (img && !img.startsWith('attachment://')) n.append(el('img', {class: 'attachment', src: img, alt: ''}));
  if (e.footer && e.footer.text) n.append(el('div', {class: 'embed-footer', text: e.footer.text}));
  return n;
}

function componentsNode(m) {
  const box = el('div', {class: 'components'});
  for (const row of m.components) {
    const r = el('div', {class: 'row'});
    for (const c of (row.type === 1 ? row.components : [row]) || []) r.append(...componentNodes(m, c));
    box.append(r);
  }
  return box;
}

function emojiText(e) { return e && e.name && !e.id ? e.name + ' ' : ''; }

function componentNodes(m, c) {
  switch (c.type) {
    case 2:
      if (c.style === 5) return [el('a', {class: 'link-button', href: c.url, target: '_blank', rel: 'noopener', text: emojiText(c.emoji) + (c.label || '') + ' ↗'})];
      return [el('button', {type: 'button', class: 'style-' + (c.style || 2), 'data-custom-id': c.custom_id, disabled: !!c.disabled,
        text: emojiText(c.emoji) + (c.label || ''), onclick: ev => component(m, c.custom_id, undefined, ev.currentTarget)})];
    case 3: case 5: case 6: case 7: case 8: {
      const max = c.max_values || 1, multiple = max > 1;
      const sel = el('select', {'data-custom-id': c.custom_id, multiple, disabled: !!c.disabled, size: multiple ? Math.min(8, (c.options || []).length) : undefined});
      if (!multiple) {
        const ph = el('option', {value: '', text: c.placeholder || tr('Выберите…', 'Make a selection'), disabled: true, hidden: true});
        sel.append(ph);
      }
      let chosen = false;
      for (const o of c.options || []) {
        const opt = el('option', {value: o.value, text: emojiText(o.emoji) + o.label + (o.description ? ' — ' + o.description : '')});
        if (o.default) { opt.selected = true; chosen = true; }
        sel.append(opt);
      }
      if (!multiple && !chosen) sel.value = '';
      if (!multiple) {
        sel.addEventListener('change', () => { if (sel.value !== '') component(m, c.custom_id, [sel.value], sel); });
        return [sel];
      }
      const send = el('button', {type: 'button', class: 'select-send', disabled: !!c.disabled, text: tr('Готово', 'Done'), onclick: () => {
        const vals = [...sel.selectedOptions].map(o => o.value);
        const min = c.min_values === undefined || c.min_values === null ? 1 : c.min_values;
        if (vals.length < min || vals.length > max) { status(tr(`Выберите от ${min} до ${max}.`, `Choose ${min} to ${max}.`)); return; }
        component(m, c.custom_id, vals, send);
      }});
      return [sel, send];
    }
    default:
      return [el('span', {class: 'muted', text: '[component ' + c.type + ']'})];
  }
}

// A light Discord markdown: code blocks, inline code, bold, italics,
// underline, strikethrough, spoilers, quotes, headings, subtext, lists,
// links, and Discord's mentions and timestamps. Everything is escaped
// first: only the tags made here reach the page.
function esc(s) { return s.replace(/[&<>"']/g, ch => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[ch])); }

// Mentions and timestamps as Discord shows them (in message content,
// embed descriptions and field values): <@id> and <@!id> as @name, <@&id>
// as @role, <#id> as #channel, <t:unix:style> as a date and time in the
// reader's locale (R: relative). s is already escaped.
function mentions(s) {
  const names = (S.state && S.state.names) || {};
  const name = (kind, id, unknown) => (names[kind] || {})[id] || unknown;
  return s
    .replace(/&lt;(a?):(\w{2,32}):(\d+)&gt;/g, (_, a, n, id) => emojiImg(n, id))
    .replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, t, style) => timestamp(+t, style || 'f'))
    .replace(/&lt;@&amp;(\d+)&gt;/g, (_, id) => mention('@' + name('roles', id, tr('неизвестная-роль', 'unknown-role'))))
    .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => mention('@' + name('users', id, tr('неизвестный', 'unknown-user'))))
    .replace(/&lt;#(\d+)&gt;/g, (_, id) => channelMention(id, name('channels', id, tr('неизвестный-канал', 'unknown'))));
}
function mention(text) { return '<span class="mention">' + esc(text) + '</span>'; }
// An emoji's markup <:name:id> as Discord draws it: its picture, the
// size of the text, :name: for the alt text and the hover.
function emojiImg(name, id) {
  return '<img class="emoji" src="/sandbox/emoji/' + esc(id) + '" alt=":' + esc(name) + ':" title=":' + esc(name) + ':">';
}

// Discord's timestamp styles: t 16:20, T 16:20:30, d 20.04.2021, D 20
// April 2021, f D with t, F f with the weekday, R "in 2 hours".
const tsStyles = {
  t: {hour: '2-digit', minute: '2-digit'},
  T: {hour: '2-digit', minute: '2-digit', second: '2-digit'},
  d: {year: 'numeric', month: '2-digit', day: '2-digit'},
  D: {year: 'numeric', month: 'long', day: 'numeric'},
  f: {year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit'},
  F: {weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit'},
};
function timestamp(unix, style) {
  const locale = (S.state && S.state.person.locale) || 'ru';
  const date = new Date(unix * 1000);
  const full = date.toLocaleString(locale, tsStyles.F);
  let text;
  if (style === 'R') {
    const secs = (date.getTime() - Date.now()) / 1000;
    const units = [['year', 31536000], ['month', 2592000], ['day', 86400], ['hour', 3600], ['minute', 60], ['second', 1]];
    const [unit, size] = units.find(([, size]) => Math.abs(secs) >= size) || units[units.length - 1];
    text = new Intl.RelativeTimeFormat(locale, {numeric: 'auto'}).format(Math.round(secs / size), unit);
  } else {
    text = date.toLocaleString(locale, tsStyles[style] || tsStyles.f);
  }
  return '<span class="timestamp" title="' + esc(full) + '">' + esc(text) + '</span>';
}

function inline(s) {
  const codes = [];
  s = s.replace(/`([^`\n]+)`/g, (_, c) => { codes.push(c); return '\u0000' + (codes.length - 1) + '\u0000'; });
  s = mentions(esc(s))
    .replace(/\*\*(.+?)\*\*/g, '<b>$1</b>')
    .replace(/__(.+?)__/g, '<u>$1</u>')
    .replace(/(^|[^*])\*([^*\n]+)\*/g, '$1<i>$2</i>')
    .replace(/(^|[^\w])_([^_\n]+)_(?!\w)/g, '$1<i>$2</i>')
    .replace(/~~(.+?)~~/g, '<s>$1</s>')
    .replace(/\|\|(.+?)\|\|/g, '<span class="spoiler" onclick="this.classList.toggle(\'open\')">$1</span>')
    .replace(/&lt;(https?:\/\/[^\s&]+)&gt;|(https?:\/\/[^\s<]+)/g, (_, a, b) => `<a href="${a || b}" target="_blank" rel="noopener">${a || b}</a>`);
  return s.replace(/\u0000(\d+)\u0000/g, (_, i) => '<code>' + esc(codes[+i]) + '</code>');
}
function markdown(text) {
  const out = [];
  const parts = text.split(/```/);
  parts.forEach((part, i) => {
    if (i % 2 === 1) { out.push('<pre><code>' + esc(part.replace(/^[a-z]*\n/, '')) + '</code></pre>'); return; }
    const lines = part.split('\n').map(line => {
      let m;
      if ((m = line.match(/^>\s?(.*)$/))) return '<blockquote>' + inline(m[1]) + '</blockquote>';
      if ((m = line.match(/^-#\s+(.*)$/))) return '<span class="sub">' + inline(m[1]) + '</span>';
      if ((m = line.match(/^(#{1,3})\s+(.*)$/))) return `<span class="h${m[1].length}">` + inline(m[2]) + '</span>';
      if ((m = line.match(/^(\s*)[-*]\s+(.*)$/))) return `<div class="li" style="padding-left:${1 + m[1].length / 2}em">• ` + inline(m[2]) + '</div>';
      return inline(line);
    });
    out.push(lines.join('\n').replace(/(<\/blockquote>|<\/div>)\n/g, '$1'));
  });
  return out.join('');
}

// --- actions -----------------------------------------------------------------

function switchPerson(key) {
  if (key === S.as) return;
  S.as = key;
  localStorage.setItem('gunbai.person', key);
  hideSuggest();
  status('');
  for (const b of document.querySelectorAll('button[data-person]')) b.classList.toggle('active', b.dataset.person === key);
  refresh();
}

function openChannel(name) {
  S.channel[S.as] = name;
  hideSuggest();
  render();
  $('#box').focus();
}

async function act(fn, busyNode) {
  if (busyNode) busyNode.classList.add('busy');
  try {
    const res = await fn();
    status('');
    if (res && res.modal) openModal(res.modal);
    scheduleRefresh();
    return res;
  } catch (e) {
    status(e.message);
    throw e;
  } finally {
    if (busyNode) busyNode.classList.remove('busy');
  }
}

function component(m, customID, values, node) {
  const ch = currentChannel();
  const body = {as: S.as, channel: ch.name, message: m.id, custom_id: customID};
  if (values !== undefined) body.values = values;
  return act(() => api('component', body), node).catch(() => {});
}

// --- the message box: parsing and autocomplete ----------------------------------

const T_SUB = 1, T_GROUP = 2, T_STR = 3, T_INT = 4, T_BOOL = 5, T_USER = 6, T_CHAN = 7, T_ROLE = 8, T_MENT = 9, T_NUM = 10;

function loc(obj, field) {
  const l = obj[field + '_localizations'];
  const lang = S.state ? S.state.person.locale : 'ru';
  if (l) {
    if (l[lang]) return l[lang];
    const short = lang.split('-')[0];
    if (l[short]) return l[short];
  }
  return obj[field];
}

function matches(obj, typed) {
  typed = typed.toLowerCase();
  const names = [obj.name, ...Object.values(obj.name_localizations || {})];
  return names.some(n => n && n.toLowerCase() === typed);
}
function startsWith(obj, typed) {
  typed = typed.toLowerCase();
  const names = [obj.name, ...Object.values(obj.name_localizations || {})];
  return names.some(n => n && n.toLowerCase().startsWith(typed));
}

// tokenize splits the text after the command name: words, name:value
// pairs, "quoted values"; it reports whether the text ends inside a token.
function tokenize(s) {
  const toks = [];
  let cur = null, quoted = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '\\' && i + 1 < s.length) { cur.text += s[++i]; continue; }
      if (ch === '"') { quoted = false; cur.closed = true; continue; }
      cur.text += ch;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\n') { if (cur) { toks.push(cur); cur = null; } continue; }
    if (!cur) cur = {text: '', quotedFrom: -1};
    if (ch === '"') { quoted = true; cur.quotedFrom = cur.text.length; continue; }
    cur.text += ch;
  }
  const open = !!cur;
  if (cur) toks.push(cur);
  return {toks, open, quoted};
}

// parse reads "/name sub name:value ..." against the registered commands.
// It returns {cmd, path (subcommand defs), defs (the options of the
// innermost), opts (name -> value, in order), err, last (the token being
// typed, if the text does not end with a space)}.
function parse(text) {
  const m = text.match(/^\s*\/(\S*)(\s*)([\s\S]*)$/);
  if (!m) return {err: tr('Команды начинаются с «/», например /roll stake:low', 'Commands start with "/", such as /roll stake:low')};
  const res = {typedName: m[1], nameDone: m[2].length > 0, path: [], opts: [], last: null};
  res.cmd = cmdList().find(c => matches(c, m[1]));
  if (!res.nameDone) return res;
  if (!res.cmd) { res.err = tr('Нет команды /', 'No command /') + m[1]; return res; }
  let defs = res.cmd.options || [];
  const {toks, open, quoted} = tokenize(m[3]);
  res.quoted = quoted;
  toks.forEach((tok, idx) => {
    const isLast = open && idx === toks.length - 1;
    const colon = tok.text.indexOf(':');
    const hasColon = colon > 0 && (tok.quotedFrom < 0 || colon < tok.quotedFrom);
    const needSub = defs.some(d => d.type === T_SUB || d.type === T_GROUP);
    if (needSub && !hasColon) {
      const sub = defs.find(d => (d.type === T_SUB || d.type === T_GROUP) && matches(d, tok.text));
      if (isLast && !sub) { res.last = {kind: 'sub', text: tok.text, defs}; return; }
      if (!sub) { res.err = res.err || tr('Нет подкоманды ', 'No subcommand ') + tok.text; return; }
      if (isLast) { res.last = {kind: 'sub', text: tok.text, defs}; }
      res.path.push(sub);
      defs = sub.options || [];
      return;
    }
    if (hasColon) {
      const name = tok.text.slice(0, colon), value = tok.text.slice(colon + 1);
      const def = defs.find(d => matches(d, name));
      if (isLast) res.last = {kind: 'value', name, text: value, def, defs};
      if (!def) { if (!isLast) res.err = res.err || tr('Нет параметра ', 'No option ') + name; return; }
      res.opts.push({def, value});
      return;
    }
    // A word after a value continues it (values may hold spaces).
    if (res.opts.length && !isLast) { res.opts[res.opts.length - 1].value += ' ' + tok.text; return; }
    if (res.opts.length && isLast) {
      res.opts[res.opts.length - 1].value += ' ' + tok.text;
      res.last = {kind: 'name', text: tok.text, defs, continues: true};
      return;
    }
    if (isLast) { res.last = {kind: 'name', text: tok.text, defs}; return; }
    res.err = res.err || tr('Не понял «', 'Cannot read "') + tok.text + tr('»: пишите имя:значение', '": write name:value');
  });
  res.defs = defs;
  return res;
}

// payload nests the parsed options under the subcommands.
function payload(p, focusedName) {
  let opts = p.opts.map(o => {
    const v = {name: o.def.name, value: o.value};
    if (focusedName && o.def.name === focusedName && o === p.opts[p.opts.length - 1]) v.focused = true;
    return v;
  });
  for (let i = p.path.length - 1; i >= 0; i--) opts = [{name: p.path[i].name, options: opts}];
  return {as: S.as, channel: currentChannel().name, name: p.cmd.name, options: opts};
}

async function send() {
  const box = $('#box');
  const text = box.value.trim();
  if (!text) return;
  S.acSeq++; // a suggestion still on its way is for the text sent: dropped
  hideSuggest();
  const p = parse(text + ' ');
  if (p.err) { status(p.err); return; }
  if (!p.cmd) { status(tr('Нет команды /', 'No command /') + (p.typedName || '')); return; }
  const needSub = (p.defs || []).some(d => d.type === T_SUB || d.type === T_GROUP);
  if (needSub) { status(tr('Выберите подкоманду: ', 'Choose a subcommand: ') + p.defs.map(d => d.name).join(', ')); return; }
  const missing = (p.defs || []).filter(d => d.required && !p.opts.some(o => o.def === d)).map(d => d.name);
  if (missing.length) { status(tr('Не хватает: ', 'Missing: ') + missing.join(', ')); return; }
  const body = payload(p);
  box.disabled = true;
  try {
    await act(() => api('command', body));
    box.value = '';
    autosize();
  } catch (e) { /* shown in #status */ } finally {
    box.disabled = false;
    box.focus();
  }
}

function quoteValue(v) {
  v = String(v);
  return /[\s"]/.test(v) ? '"' + v.replace(/["\\]/g, '\\$&') + '"' : v;
}

const TYPE_HINT = {3: 'текст', 4: 'целое', 5: 'да/нет', 6: '@участник', 7: '#канал', 8: '@роль', 10: 'число', 11: 'файл'};
const TYPE_HINT_EN = {3: 'text', 4: 'integer', 5: 'true/false', 6: '@member', 7: '#channel', 8: '@role', 10: 'number', 11: 'file'};

async function suggest() {
  const box = $('#box');
  const upto = box.value.slice(0, box.selectionStart);
  if (!upto.trimStart().startsWith('/')) return hideSuggest();
  const seq = ++S.acSeq;
  const p = parse(upto);
  const items = [];
  const start = upto.length;
  if (!p.nameDone) {
    for (const c of cmdList()) {
      if (!startsWith(c, p.typedName || '')) continue;
      items.push({value: c.name, name: '/' + loc(c, 'name'), desc: loc(c, 'description'),
        apply: () => replaceTail(upto, '/' + (p.typedName || ''), '/' + c.name + ' ')});
    }
    return showSuggest(items, tr('Команды', 'Commands'));
  }
  if (p.err || !p.cmd) return hideSuggest();
  const last = p.last;
  const given = new Set(p.opts.map(o => o.def.name));
  const defs = last ? last.defs : p.defs;
  const needSub = (defs || []).some(d => d.type === T_SUB || d.type === T_GROUP);
  if (needSub && (!last || last.kind === 'sub')) {
    const typed = last ? last.text : '';
    for (const d of defs) {
      if (!startsWith(d, typed)) continue;
      items.push({value: d.name, name: loc(d, 'name'), desc: loc(d, 'description'), apply: () => replaceTail(upto, typed, d.name + ' ')});
    }
    return showSuggest(items, tr('Подкоманды', 'Subcommands'));
  }
  if (!last || last.kind === 'name') {
    const typed = last ? last.text : '';
    if (last && last.continues && !(defs || []).some(d => !given.has(d.name) && startsWith(d, typed))) return hideSuggest();
    for (const d of defs || []) {
      if (given.has(d.name) || !startsWith(d, typed)) continue;
      const hint = (ru() ? TYPE_HINT : TYPE_HINT_EN)[d.type] || '';
      items.push({value: d.name, name: d.name + ':', desc: (d.required ? '★ ' : '') + (loc(d, 'description') || '') + (hint ? ' · ' + hint : ''),
        apply: () => replaceTail(upto, typed, d.name + ':')});
    }
    return showSuggest(items, tr('Параметры', 'Options'));
  }
  // A value.
  const def = last.def;
  if (!def) return hideSuggest();
  const typed = last.text;
  const tail = last.name + ':' + rawTail(upto, last.name);
  const take = v => replaceTail(upto, tail, last.name + ':' + quoteValue(v) + ' ');
  const low = typed.toLowerCase();
  if (def.choices && def.choices.length) {
    for (const c of def.choices) {
      const nm = loc(c, 'name');
      if (low && !String(c.value).toLowerCase().includes(low) && !nm.toLowerCase().includes(low)) continue;
      items.push({value: String(c.value), name: nm, desc: String(c.value) === nm ? '' : String(c.value), apply: () => take(c.value)});
    }
    return showSuggest(items, loc(def, 'name'));
  }
  if (def.autocomplete) {
    await new Promise(r => setTimeout(r, 120));
    if (seq !== S.acSeq) return;
    const pl = payload(p, def.name);
    let focusedSet = false;
    const mark = opts => { for (const o of opts) { if (o.options) mark(o.options); else if (o.focused) focusedSet = true; } };
    mark(pl.options);
    if (!focusedSet) {
      // The value being typed is empty: add it as the focused option.
      let level = pl.options;
      for (let i = 0; i < p.path.length; i++) level = level[0].options;
      level.push({name: def.name, value: typed, focused: true});
    }
    try {
      const res = await api('autocomplete', pl);
      if (seq !== S.acSeq) return;
      for (const c of res.choices) items.push({value: String(c.value), name: c.name, desc: String(c.value) === c.name ? '' : String(c.value), apply: () => take(c.value)});
    } catch (e) { status(e.message); }
    return showSuggest(items, loc(def, 'name'));
  }
  const fixed = [];
  if (def.type === T_BOOL) fixed.push(['true', tr('да', 'true')], ['false', tr('нет', 'false')]);
  if (def.type === T_ROLE || def.type === T_MENT) fixed.push(['@Мастер', '@Мастер'], ['@Уэсуги', '@Уэсуги'], ['@Такэда', '@Такэда']);
  if (def.type === T_CHAN) fixed.push(['#gm', '#gm'], ['#север', '#север'], ['#юг', '#юг']);
  if (def.type === T_USER || def.type === T_MENT) for (const q of S.state.people) fixed.push(['@' + q.key, '@' + q.key + ' — ' + q.name]);
  for (const [v, nm] of fixed) {
    if (low && !v.toLowerCase().includes(low) && !nm.toLowerCase().includes(low)) continue;
    items.push({value: v, name: nm, desc: '', apply: () => take(v)});
  }
  if (!items.length && (def.type === T_INT || def.type === T_NUM || def.type === T_STR)) {
    const range = def.min_value !== undefined && def.max_value !== undefined ? ` (${def.min_value}–${def.max_value})` : '';
    return showSuggest([], loc(def, 'name') + ': ' + (loc(def, 'description') || '') + range);
  }
  showSuggest(items, loc(def, 'name'));
}

// rawTail is what follows "name:" in the text (the value as typed).
function rawTail(upto, name) {
  const i = upto.lastIndexOf(name + ':');
  return i < 0 ? '' : upto.slice(i + name.length + 1);
}

function replaceTail(upto, tail, by) {
  const box = $('#box');
  const rest = box.value.slice(upto.length);
  const head = upto.endsWith(tail) ? upto.slice(0, upto.length - tail.length) : upto;
  box.value = head + by + rest;
  const pos = (head + by).length;
  box.setSelectionRange(pos, pos);
  box.focus();
  autosize();
  suggest();
}

function showSuggest(items, title) {
  const ul = $('#suggest');
  S.sugg = items;
  S.suggSel = 0;
  ul.textContent = '';
  if (!items.length && !title) return hideSuggest();
  if (title) ul.append(el('li', {class: 's-title', text: title}));
  items.slice(0, 25).forEach((it, i) => {
    ul.append(el('li', {'data-value': it.value, class: i === 0 ? 'sel' : '',
      onmousedown: ev => { ev.preventDefault(); it.apply(); }},
      el('span', {class: 's-name', text: it.name}), it.desc ? el('span', {class: 's-desc', text: it.desc}) : null));
  });
  if (!items.length) ul.append(el('li', {class: 's-title', text: tr('нет подсказок', 'no suggestions')}));
  ul.hidden = false;
}

function hideSuggest() { S.sugg = []; const ul = $('#suggest'); ul.hidden = true; ul.textContent = ''; }

function moveSel(d) {
  if (!S.sugg.length) return;
  S.suggSel = (S.suggSel + d + S.sugg.length) % S.sugg.length;
  $('#suggest').querySelectorAll('li[data-value]').forEach((li, i) => li.classList.toggle('sel', i === S.suggSel));
}

function autosize() {
  const box = $('#box');
  box.style.height = 'auto';
  box.style.height = Math.min(box.scrollHeight, 200) + 'px';
}

const box = $('#box');
box.addEventListener('keydown', ev => {
  if (ev.key === 'Enter' && !ev.shiftKey && !ev.isComposing) { ev.preventDefault(); send(); return; }
  if (ev.key === 'Tab' && S.sugg.length) { ev.preventDefault(); S.sugg[S.suggSel].apply(); return; }
  if (ev.key === 'ArrowDown' && S.sugg.length) { ev.preventDefault(); moveSel(1); return; }
  if (ev.key === 'ArrowUp' && S.sugg.length) { ev.preventDefault(); moveSel(-1); return; }
  if (ev.key === 'Escape') { hideSuggest(); }
});
box.addEventListener('input', () => { autosize(); suggest(); });
box.addEventListener('click', () => suggest());
box.addEventListener('blur', () => setTimeout(() => { if (document.activeElement !== box) hideSuggest(); }, 150));

// --- live updates ------------------------------------------------------------------

function connect() {
  const es = new EventSource('/sandbox/events');
  es.addEventListener('hello', () => { refresh(); });
  es.addEventListener('change', scheduleRefresh);
  es.onerror = () => { status(tr('Связь с песочницей прервалась, переподключаюсь…', 'Lost the sandbox, reconnecting…')); };
  es.onopen = () => { if (/песочниц|sandbox/i.test($('#status').textContent)) status(''); };
}

(async function main() {
  try { S.commands = await api('commands'); } catch (e) { status(e.message); }
  loadWhere();
  await refresh();
  connect();
  // The commands change only when the bot registers them again.
  setInterval(async () => { try { S.commands = await api('commands'); } catch (e) { /* shown by refresh */ } loadWhere(); }, 30000);
})();
