package sandbox_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The GM's forms and the application's emojis in a real browser (issue
// 28 items 6-8): /battle create with no option opens a modal of labels drawn as Discord
// draws them (selects of the guild's roles and text channels), filled in
// with the mouse's picks, then its second step, refused as the command
// is (the sandbox's clans are at war already).
// /roster upload opens a file upload, a .toml is chosen and taken. The
// status of the started battle shows the flag's emoji as its picture, the
// turn's log a troop's counter before a unit. Screenshots: form-step1.png,
// form-step2.png, roster-form.png, emoji-status.png, emoji-log.png.
func TestSandboxFormsAndEmojiInTheBrowser(t *testing.T) {
	p := openPage(t, 6*time.Minute)
	p.as("gm", "gm")
	p.channel("gm")

	modalOpen := func(n int) string {
		return fmt.Sprintf(`!document.querySelector('#modal').hidden && document.querySelectorAll('#modal [data-input], #modal [data-field]').length === %d`, n)
	}
	setSel := func(id, text string) {
		got := p.str(fmt.Sprintf(`(() => { const s = document.querySelector('#modal select[data-input=%q]'); if (!s) return '';
			const o = [...s.options].find(o => o.textContent === %q); if (!o) return '';
			s.value = o.value; s.dispatchEvent(new Event('change', {bubbles: true})); return o.value; })()`, id, text))
		if got == "" {
			p.fail("the form's %s has no %q", id, text)
		}
	}
	p.command("/battle create")
	p.wait("the first step's modal of five selects", modalOpen(5), long)
	p.shot("form-step1")
	for id, text := range map[string]string{"north_role": "@Уэсуги", "north_channel": "#север", "south_role": "@Такэда", "south_channel": "#юг", "gm_channel": "#gm"} {
		setSel(id, text)
	}
	p.click("submit the first step", "#modal-submit")
	p.wait("the first step's answer with its button", `channelHas(/Кланы выбраны/) && !!document.querySelector('button[data-custom-id^="bform:2:"]')`, long)
	p.click("continue", `button[data-custom-id^="bform:2:"]`)
	p.wait("the second step's modal", modalOpen(5)+` && !!document.querySelector('#modal input[data-field=name]')`, long)
	p.do("name the battle", chromedp.SendKeys(chromedp.CSS("#modal input[data-field=name]"), "Битва формы"))
	p.shot("form-step2")
	p.click("submit the second step", "#modal-submit")
	// The sandbox's clans fight Каванакадзима already: the form is refused
	// as /battle create is, in the GM's words (bot's TestBattleCreateForm
	// creates one).
	p.wait("the form's refusal", `channelHas(/Один из кланов уже сражается в битве «Каванакадзима»/)`, long)

	// The roster's form: a file upload, a .toml chosen.
	roster, err := filepath.Abs("../campaign/rosterfile/testdata/roster_uesugi.toml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(roster); err != nil {
		t.Fatal(err)
	}
	p.command("/roster upload")
	p.wait("the roster's modal with a file input", modalOpen(1)+` && !!document.querySelector('#modal input[type=file]')`, long)
	p.do("choose the roster", chromedp.SetUploadFiles(chromedp.CSS("#modal input[type=file]"), []string{roster}))
	p.shot("roster-form")
	p.click("upload", "#modal-submit")
	p.wait("the roster taken", `channelHas(/Файл «roster_uesugi.toml» принят/)`, long)

	// The emojis: the started battle's status, each side under its flag.
	p.command("/battle start battle:Каванакадзима")
	p.wait("an emoji drawn as its picture", `(() => { const ims = [...document.querySelectorAll('.content img.emoji')];
		return ims.length > 0 && ims.every(i => i.complete && i.naturalWidth === 128 && /^:gunbai_/.test(i.alt)); })()`, long)
	p.do("scroll to the emoji", chromedp.ScrollIntoView(chromedp.CSS(".content img.emoji")))
	p.shot("emoji-status")
	p.noRawMarkup("gm")

	// A turn's log: a troop's counter before each unit it first names, a
	// move's mark before its line. The North rolls and moves n-yari by
	// commands; the GM resolves the turn.
	p.command("/battle start battle:Каванакадзима end_scouting:true")
	p.thread("gm", "Каванакадзима") // the battle's posts are in its thread
	p.wait("turn 1 open", `channelHas(/ход 1 открыт/)`, long)
	p.as("north", "север")
	p.channel("север")
	p.command("/roll stake:low")
	accept := `button[data-custom-id^="roll:"][data-custom-id$=":accept"]`
	// The roll's answer is North's alone, here; the clan reads that the
	// roll is made in the battle's thread.
	p.wait("the roll made (or its accept button)", `channelHas(/Командный бросок \(/) || !!document.querySelector('`+accept+`')`, long)
	if p.eval(`!!document.querySelector('` + accept + `')`) { // a reroll offered: taken as it is
		p.click("accept the roll", accept)
		p.wait("the roll accepted", `!document.querySelector('`+accept+`')`, long)
	}
	p.command("/order unit:n-yari order:move")
	p.wait("the order given", `channelHas(/n-yari, фаза 1/)`, long)
	p.as("gm", "gm")
	p.channel("gm")
	p.thread("gm", "Каванакадзима")
	p.command("/battle resolve battle:Каванакадзима turn:1")
	p.wait("the log's troop counters drawn", `(() => { const ims = [...document.querySelectorAll('.content img.emoji')].filter(i => /^:gunbai_(heavy|light|samurai|ashigaru|yamabushi)/.test(i.alt));
		return ims.length > 0 && ims.every(i => i.complete && i.naturalWidth === 128); })()`, long)
	p.do("scroll to the log", chromedp.ScrollIntoView(chromedp.CSS(".content img.emoji[alt^=':gunbai_samurai'], .content img.emoji[alt^=':gunbai_ashigaru'], .content img.emoji[alt^=':gunbai_heavy']")))
	p.shot("emoji-log")
	p.noRawMarkup("gm")
}
