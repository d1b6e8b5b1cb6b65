package sandbox_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/gunbai/gunbai/sandbox"
)

// Commands where the player is (issue 28, item 5), in the browser: the
// North player's DM with the bot offers the five DM commands and answers
// /поле with his side's picture; after a turn, the "⋯" of the turn's post
// in his clan's channel offers the four message commands in Russian,
// «Повтор хода» replays the turn from North's view, «Почему…» answers with
// a unit menu and then the unit's story, and a menu on another message is
// refused. Screenshots go to SANDBOX_ARTIFACTS (else a temporary folder):
// dm-commands.png, dm-field.png, apps-menu.png, menu-replay.png,
// menu-why.png, menu-why-answer.png, menu-refused.png.
func TestSandboxDMCommandContextMenu(t *testing.T) {
	p := openPage(t, 8*time.Minute)

	name := quote(sandbox.BattleName)
	p.as("gm", "gm")
	p.channel("gm")
	p.command("/battle start battle:" + name)
	p.thread("gm", sandbox.BattleName) // the battle's posts are in its thread
	opened := `channelHas(/ход 1 открыт|turn 1 is open/i)`
	p.wait("turn 1 opened or the scouting", opened+` || channelHas(/армии расставлены|armies are deployed/i)`, long)
	if !p.eval(opened) {
		p.command("/battle start battle:" + name + " end_scouting:true")
		p.wait("turn 1 opened", opened, long)
	}

	// The DM's box offers the DM's commands only.
	p.as("north", "север")
	p.channel("dm")
	p.typeText("/")
	p.wait("the DM's commands suggested", `document.querySelectorAll('#suggest li').length > 0`, long)
	got := p.str(`[...document.querySelectorAll('#suggest li[data-value]')].map(li => li.dataset.value).sort().join(' ')`)
	if got != "field log orders remind request standing verify why" {
		p.fail("the DM offers %q", got)
	}
	p.shot("dm-commands")
	p.eval(`(() => { document.querySelector('textarea#box').value = ''; return true; })()`)
	p.command("/поле")
	p.wait("North's own picture in the DM", `[...document.querySelectorAll('.message.ephemeral img.attachment')].some(i => /Вид Севера/.test(i.alt) && i.complete && i.naturalWidth > 0)`, long)
	if p.eval(`[...document.querySelectorAll('img.attachment')].some(i => /Вид Юга|Вид ведущего|South's view|GM's view/.test(i.alt))`) {
		p.fail("the DM shows a picture of another view")
	}
	p.shot("dm-field")

	// The turn resolves; its post in North's channel has the "⋯" Apps.
	p.as("gm", "gm")
	p.channel("gm")
	p.thread("gm", sandbox.BattleName)
	p.command("/battle resolve battle:" + name + " turn:1")
	p.wait("turn 1 resolved", `channelHas(/ход 2 открыт|turn 2 is open/i)`, long)
	p.as("north", "север")
	p.channel("север")
	p.thread("север", sandbox.BattleName) // where the turn's post is, and its ⋯
	p.picture("север", `/Вид Севера/`)
	post := `[...document.querySelectorAll('.message:not(.ephemeral)')].filter(m => [...m.querySelectorAll('img.attachment')].some(i => /Вид Севера/.test(i.alt))).pop()`
	apps := func(item string) {
		p.t.Helper()
		id := p.str(post + `.dataset.messageId`)
		sel := fmt.Sprintf(`.message[data-message-id=%q] .apps-button`, id)
		p.hover(fmt.Sprintf(`.message[data-message-id=%q]`, id))
		if p.eval(fmt.Sprintf(`document.querySelector('.message[data-message-id=%q] .apps-menu').hidden`, id)) {
			p.click("the post's ⋯", sel)
		}
		p.wait("the Apps menu", fmt.Sprintf(`!document.querySelector('.message[data-message-id=%q] .apps-menu').hidden`, id), long)
		if item == "" {
			return
		}
		p.click(item, fmt.Sprintf(`.message[data-message-id=%q] .apps-item[data-menu=%q]`, id, item))
	}
	apps("")
	items := p.str(post + `.querySelector('.apps-menu').innerText`)
	for _, want := range []string{"Повтор хода", "Лог хода", "Проверить ход", "Почему…"} {
		if !strings.Contains(items, want) {
			p.fail("the Apps menu lacks %s: %q", want, items)
		}
	}
	p.shot("apps-menu")
	apps("Replay this turn")
	p.wait("the replay, North's view, to North alone", `[...document.querySelectorAll('.message.ephemeral img.attachment')].some(i => /\.gif$/i.test(i.title) && /Вид Севера/.test(i.alt) && i.complete && i.naturalWidth > 0)`, long)
	p.showLast()
	p.shot("menu-replay")
	apps("Why…")
	p.wait("the unit menu", `[...document.querySelectorAll('.message.ephemeral select[data-custom-id^="cmwhy:"]')].length === 2`, long)
	p.showLast()
	p.shot("menu-why")
	unit := p.str(`(() => { const m = document.querySelector('.message.ephemeral select[data-custom-id^="cmwhy:0:"]');
		const o = [...m.options].find(o => o.value.startsWith('n-')); m.value = o.value;
		m.dispatchEvent(new Event('input', {bubbles: true})); m.dispatchEvent(new Event('change', {bubbles: true})); return o.value; })()`)
	p.wait("the unit's story", fmt.Sprintf(`channelHas(/что было с %s/)`, unit), long)
	p.showLast()
	p.shot("menu-why-answer")

	// On a message that is no turn's post: refused, in Russian.
	first := `document.querySelector('.message:not(.ephemeral)[data-message-id]')`
	id := p.str(first + `.dataset.messageId`)
	if p.str(post+`.dataset.messageId`) != id {
		p.hover(fmt.Sprintf(`.message[data-message-id=%q]`, id))
		p.click("the first message's ⋯", fmt.Sprintf(`.message[data-message-id=%q] .apps-button`, id))
		p.click("Лог хода", fmt.Sprintf(`.message[data-message-id=%q] .apps-item[data-menu="Log of this turn"]`, id))
		p.wait("the refusal", `channelHas(/Это не сообщение с итогами хода/)`, long)
		p.showLast()
		p.shot("menu-refused")
	}
	if s := os.Getenv("SANDBOX_ARTIFACTS"); s != "" {
		t.Logf("screenshots in %s", filepath.Clean(s))
	}
}

// hover moves the mouse over the element sel, scrolled into view, as a
// person points at a message to see its "⋯".
func (p *page) hover(sel string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, long)
	defer cancel()
	box, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.scrollIntoView({block: 'start'}); const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + 10]; })()`, sel)))
	if err != nil || len(box) != 2 {
		p.fail("where is %s: %v", sel, err)
	}
	p.do("hover "+sel, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, box[0], box[1]))
}

// showLast scrolls the channel to its last message (an answer only the
// person sees), as Discord shows a new answer.
func (p *page) showLast() {
	p.t.Helper()
	p.eval(`(() => { const ms = messages(); if (ms.length) ms[ms.length - 1].scrollIntoView({block: 'end'}); return true; })()`)
	time.Sleep(300 * time.Millisecond) // the pictures settle
}
