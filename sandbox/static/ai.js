// Gunbai sandbox: the general (issue 30). The South's button says when
// the general (the AI) plays it, and the switch "Play against the AI"
// seats the general or gives the South back to its person, through the
// GM's /battle set sent as any command of the page (it shows in #gm).
// Loaded before app.js, whose helpers ($, el, tr, S, api, act, refresh)
// these call; app.js's render calls renderAI.
'use strict';

// renderAI draws what the state says of the South: st.ai is null when
// there is no battle to say it of (then no switch).
function renderAI(st) {
  const ai = st.ai;
  const on = !!(ai && ai.on);
  const south = document.querySelector('#people-buttons button[data-person="south"]');
  if (south) {
    south.classList.toggle('ai', on);
    let badge = south.querySelector('.ai-badge');
    if (on && !badge) south.append(badge = el('span', {class: 'ai-badge'}));
    if (!on && badge) badge.remove();
    if (badge) {
      badge.textContent = tr('ИИ', 'AI');
      badge.title = tr('За Юг играет генерал (ИИ)', 'The general (the AI) plays the South');
    }
  }
  let sw = $('#ai-switch');
  if (!ai) {
    if (sw) sw.hidden = true;
    return;
  }
  if (!sw) {
    sw = el('label', {id: 'ai-switch'},
      el('input', {type: 'checkbox', id: 'ai-toggle', onchange: ev => toggleAI(ev.target)}),
      el('span', {class: 'ai-label'}));
    $('#people').insertBefore(sw, $('#people .section-title'));
  }
  sw.hidden = false;
  const box = $('#ai-toggle');
  if (!box.disabled) box.checked = on; // not while the GM's command is on its way
  sw.querySelector('.ai-label').textContent = tr('Играть против ИИ', 'Play against the AI');
  sw.title = on ? tr('За Юг играет генерал (ИИ)', 'The general (the AI) plays the South')
    : tr('За Юг играет человек', 'A person plays the South');
}

// toggleAI sends the GM's /battle set for the switch's new state; refused,
// the switch goes back.
async function toggleAI(box) {
  const ai = S.state && S.state.ai;
  if (!ai) return;
  const on = box.checked;
  box.disabled = true;
  const body = {as: 'gm', channel: 'gm', name: 'battle', options: [{name: 'set', options: [
    {name: 'battle', value: ai.battle}, {name: 'key', value: 'south.ai'}, {name: 'value', value: on ? 'on' : 'off'}]}]};
  try {
    await act(() => api('command', body), $('#ai-switch'));
  } catch (e) {
    box.checked = !on; // act shows why in #status
  } finally {
    box.disabled = false;
  }
  await refresh();
}
