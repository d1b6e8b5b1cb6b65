// Gunbai sandbox: modals, the text inputs' and the forms of labels (issue
// 28: selects and a file upload), as Discord shows them. Loaded after
// app.js, whose helpers ($, el, S, act, api, currentChannel) these call.
'use strict';

// --- modal ---------------------------------------------------------------------

function openModal(raw) {
  const data = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const ch = currentChannel();
  // A form of labels goes back whole, as Discord submits it (/sandbox/form).
  const labelled = (data.components || []).some(r => r.type === 18);
  S.modal = {custom_id: data.custom_id, channel: ch ? ch.name : '', raw: labelled ? data : null};
  $('#modal-title').textContent = data.title || '';
  const fields = $('#modal-fields');
  fields.textContent = '';
  const inputs = [];
  for (const row of data.components || []) {
    let items = [];
    if (row.type === 1) items = row.components || [];
    else if (row.type === 18 && row.component) items = [Object.assign({label: row.label, description: row.description}, row.component)];
    else items = [row];
    for (const c of items) {
      if (c.type !== 4) {
        const input = modalInput(c);
        if (!input) continue;
        inputs.push(input);
        fields.append(el('label', {text: c.label || c.custom_id}));
        if (c.description) fields.append(el('div', {class: 'modal-desc', text: c.description}));
        fields.append(input);
        continue;
      }
      const props = {'data-field': c.custom_id, placeholder: c.placeholder || '', required: !!c.required,
        maxlength: c.max_length || undefined, minlength: c.min_length || undefined};
      const input = c.style === 2 ? el('textarea', Object.assign(props, {rows: 4})) : el('input', Object.assign(props, {type: 'text'}));
      input.value = c.value || '';
      inputs.push(input);
      fields.append(el('label', {text: c.label || c.custom_id}), input);
    }
  }
  $('#modal').hidden = false;
  if (inputs[0]) inputs[0].focus();
}

// modalInput is a label's select or file upload as an input of the page:
// a string select's options, the guild's roles or text channels (as
// Discord lists them), a file chooser.
function modalInput(c) {
  const names = (S.state && S.state.names) || {};
  const props = {'data-input': c.custom_id, 'data-type': c.type, required: c.required !== false};
  if (c.type === 19) return el('input', Object.assign(props, {type: 'file', multiple: (c.max_values || 1) > 1}));
  let opts;
  if (c.type === 3) opts = (c.options || []).map(o => [o.value, o.label]);
  else if (c.type === 6) opts = Object.entries(names.roles || {}).map(([id, n]) => [id, '@' + n]);
  else if (c.type === 8) opts = Object.entries(names.channels || {}).map(([id, n]) => [id, '#' + n]);
  else return null;
  const sel = el('select', props);
  sel.append(el('option', {value: '', text: c.placeholder || tr('Выберите…', 'Make a selection')}));
  const defaults = (c.default_values || []).map(d => d.id);
  for (const [v, text] of opts) {
    const o = el('option', {value: v, text});
    if (defaults.includes(v) || (c.options || []).some(x => x.value === v && x.default)) o.selected = true;
    sel.append(o);
  }
  return sel;
}

function fileData(f) {
  return new Promise((ok, fail) => {
    const r = new FileReader();
    r.onload = () => ok({name: f.name, data: String(r.result).replace(/^[^,]*,/, '')});
    r.onerror = fail;
    r.readAsDataURL(f);
  });
}

// formBody is a form of labels filled in: each input's values, the files read.
async function formBody(m) {
  const values = {}, files = {};
  for (const i of document.querySelectorAll('#modal [data-field]')) if (i.value !== '') values[i.dataset.field] = [i.value];
  for (const i of document.querySelectorAll('#modal [data-input]')) {
    if (i.type === 'file') { if (i.files.length) files[i.dataset.input] = await Promise.all([...i.files].map(fileData)); }
    else if (i.value !== '') values[i.dataset.input] = [i.value];
  }
  return {as: S.as, channel: m.channel, modal: m.raw, values, files};
}

function closeModal() { $('#modal').hidden = true; S.modal = null; }

$('#modal-cancel').addEventListener('click', closeModal);
$('#modal-form').addEventListener('submit', ev => {
  ev.preventDefault();
  if (!S.modal) return;
  const fields = {};
  for (const i of document.querySelectorAll('#modal [data-field]')) fields[i.dataset.field] = i.value;
  const body = {as: S.as, channel: S.modal.channel, custom_id: S.modal.custom_id, fields};
  const m = S.modal;
  if (m.raw) {
    formBody(m).then(b => { closeModal(); return act(() => api('form', b)); }).catch(() => {});
    return;
  }
  closeModal();
  act(() => api('modal', body), $('#modal-submit')).catch(() => {});
});
