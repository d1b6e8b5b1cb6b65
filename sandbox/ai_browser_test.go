package sandbox_test

import (
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gunbai/gunbai/sandbox"
)

// A sandbox battle against the AI, in a real browser (issue 30 item 5):
// the sandbox starts with VsAI, so the general plays the South of the
// preloaded battle, and one person plays the North through the page. The
// page says so (the switch "Играть против ИИ" on, the South's «ИИ»); the
// GM turns the switch off and on once, which his channel shows as his
// /battle set; he starts the battle; then for two turns the North's
// player rolls, gives an order on his DM sheet and says ready, and the
// turn resolves at once, the general's side ready from the turn's
// opening: the North reads the turn in his clan's thread, with the
// Takeda's units in its log, and never the general's intentions. The GM
// ends the battle and, the battle over, reads what the general intended
// in his channel (/battle explain). Screenshots go to SANDBOX_ARTIFACTS
// as ai-*.png.
func TestSandboxBattleAgainstAI(t *testing.T) {
	start := time.Now()
	p := openPage(t, 5*time.Minute, func(o *sandbox.Options) { o.VsAI = true })
	name := sandbox.BattleName

	// The page says the general plays the South, to the GM in Russian.
	p.as("gm", "gm")
	p.channel("gm")
	p.wait("the switch, on", `!!document.querySelector('#ai-toggle') && document.querySelector('#ai-toggle').checked`, long)
	p.aiShown(true, "ИИ", "Играть против ИИ")
	p.shot("ai-01-gm-switch-on")

	// The switch off and on: the GM's /battle set, in his channel.
	for i, on := range []bool{false, true} {
		value := map[bool]string{false: "off", true: "on"}[on]
		p.click("flip the switch "+value, "#ai-switch input")
		setting := fmt.Sprintf(`messages().some(m => { const r = m.querySelector('.reply'); return r && /\/battle set .*key:south\.ai value:%s/.test(r.textContent) && /south\.ai = %s/.test(m.textContent); })`, value, value)
		p.wait("the GM's /battle set south.ai "+value+" and its answer in #gm", setting, long)
		p.aiShown(on, "ИИ", "Играть против ИИ")
		p.shot(fmt.Sprintf("ai-%02d-gm-switch-%s", 2+i, value))
	}
	// After a reload the page reads the setting again.
	p.do("reload the page", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("textarea#box")))
	p.wait("the switch on after a reload", `!!document.querySelector('#ai-toggle') && document.querySelector('#ai-toggle').checked`, long)
	// The South's person, on an English client, reads it in English.
	p.as("south", "юг")
	p.aiShown(true, "AI", "Play against the AI")
	p.shot("ai-04-south-reads-ai")

	// The GM starts the battle (Kawanakajima's scouting closed by him).
	p.as("gm", "gm")
	p.command(fmt.Sprintf("/battle start battle:%s", quote(name)))
	p.thread("gm", name)
	opened := `channelHas(/ход 1 открыт|turn 1 is open/i)`
	p.wait("turn 1 opened or the scouting phase in the GM channel", opened+` || channelHas(/армии расставлены|armies are deployed/i)`, long)
	if !p.eval(opened) {
		p.command(fmt.Sprintf(`/battle start battle:%s end_scouting:true`, quote(name)))
		p.wait("turn 1 opened in the GM channel", opened, long)
	}

	north := player{person: "north", channel: "север", other: "юг", unit: "n-", accepted: "Приказ принят",
		view: `/Вид Севера|North's view/`, otherView: `/Вид Юга|South's view/`,
		says: `/Ход %d\b/`, never: `/Turn \d+ ·|turn \d+ is open|the orders given/`}
	// The general's intentions, in either language (render.AIIntents).
	intents := `/\((ИИ|AI)\):|ставка командного броска|stake of the command roll/`
	step := 5
	for turn := 1; turn <= 2; turn++ {
		step = p.playTurn(turn, step, north)
		p.as("north", "север")
		p.thread("север", name)
		p.wait(fmt.Sprintf("turn %d resolved in the North's thread", turn), fmt.Sprintf(`channelHas(/Итоги хода %d|Ход %d ·/)`, turn, turn), long)
		// The turn's posts, from its seed revealed to the next turn's
		// opening: the log, in which the Takeda's units act.
		log := p.str(fmt.Sprintf(`(() => { const ts = messages().map(m => m.textContent);
			const from = ts.findIndex(t => /ход %d\. Зерно костей/.test(t)), to = ts.findIndex(t => /ход %d открыт/.test(t));
			return from < 0 ? '' : ts.slice(from, to < 0 ? ts.length : to).join('\n---\n'); })()`, turn, turn+1))
		t.Logf("the North's thread, turn %d:\n%s", turn, log)
		if !regexp.MustCompile(`\bs-[a-z]+`).MatchString(log) {
			p.fail("the log of turn %d in the North's thread does not mention the Takeda's units", turn)
		}
		if p.eval(`channelHas(` + intents + `)`) {
			p.fail("the North reads the general's intentions before the end")
		}
		if p.eval(`channelHas(/Юг — отданные приказы|South — the orders given/)`) {
			p.fail("the North reads the general's orders before the end")
		}
		p.eval(fmt.Sprintf(`(() => { const m = messages().find(m => /ход %d\. Зерно костей/.test(m.textContent)); if (m) m.scrollIntoView({block: 'start'}); return true; })()`, turn))
		p.shot(fmt.Sprintf("ai-%02d-north-turn-%d", step, turn))
		step++
	}
	p.as("gm", "gm")
	p.thread("gm", name)
	if p.eval(`channelHas(` + intents + `)`) {
		p.fail("the GM's thread shows the general's intentions before the end")
	}
	p.shot(fmt.Sprintf("ai-%02d-gm-thread", step))
	step++

	// The GM ends the battle, then reads the general's intentions.
	p.command(fmt.Sprintf(`/battle finish battle:%s`, quote(name)))
	p.wait("the end in the GM channel", `channelHas(/окончена мастером после хода 2/)`, long)
	if p.eval(`S.commands.some(c => c.name === 'battle' && (c.options || []).some(o => o.name === 'explain'))`) {
		p.channel("gm")
		p.command(fmt.Sprintf(`/battle explain battle:%s`, quote(name)))
		p.wait("the general's intentions in #gm", `channelHas(/Ход 1, Юг \(ИИ\):/) && channelHas(/Ход 2, Юг \(ИИ\):/)`, long)
		p.shot(fmt.Sprintf("ai-%02d-gm-explain", step))
	} else {
		t.Log("no /battle explain yet: the general's intentions are not read")
	}
	p.shot("ai-end")
	t.Logf("a battle against the AI in %v; screenshots in %s", time.Since(start).Round(time.Millisecond), p.dir)
}

// aiShown checks what the page shows of the South: the switch (labelled
// label) checked when the general plays it, and the South's button with
// the badge (badge) then, without it otherwise.
func (p *page) aiShown(on bool, badge, label string) {
	p.t.Helper()
	p.wait(fmt.Sprintf("the page showing the general on the South: %v", on), fmt.Sprintf(`(() => {
		const box = document.querySelector('#ai-toggle'), sw = document.querySelector('#ai-switch');
		const b = document.querySelector('button[data-person="south"] .ai-badge');
		return !!box && !box.disabled && box.checked === %v && sw.textContent.includes(%q) && (%v ? !!b && b.textContent === %q : !b);
	})()`, on, label, on, badge), long)
}
