package sandbox_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/gunbai/gunbai/sandbox"
)

// The sandbox in a real browser (issue 17): headless Chromium drives the
// page as a person would, with the mouse and the keyboard. The GM starts
// the battle from the message box; the North player (Russian client) and
// the South player (English client) each ask for the order sheet with
// /orders in their clan's channel, open it in their DMs, make the command
// roll with its buttons, give an order with its menus and say Ready; the
// turn resolves, and each player sees the picture of his own side in his
// clan's channel and never the other clan's channel. A screenshot of every
// step goes to SANDBOX_ARTIFACTS (./artifacts under CI, else a temporary
// folder); gm-after-turn.png and north-after-turn.png are what the GM and
// the North player see after the turn.
func TestSandboxTurnInTheBrowser(t *testing.T) {
	p := openPage(t, 12*time.Minute)
	_ = os.Remove(filepath.Join(p.dir, "failure.png")) // a past run's

	// The GM starts the battle, typed in the message box of his channel;
	// the battle's name is taken from the box's suggestions (the bot's
	// autocomplete), as a person would find it.
	p.as("gm", "gm")
	p.channel("gm")
	p.typeText("/battle start battle:")
	suggestion := fmt.Sprintf(`#suggest li[data-value=%q]`, sandbox.BattleName)
	p.wait("the battle among the box's suggestions", fmt.Sprintf(`!!document.querySelector('%s')`, suggestion), long)
	p.do("take the suggestion", chromedp.Click(chromedp.CSS(suggestion), chromedp.NodeVisible))
	p.wait("the box completed with the battle", fmt.Sprintf(`document.querySelector('textarea#box').value.includes(%q)`, "battle:"+quote(sandbox.BattleName)), long)
	p.enter("/battle start")
	name := sandbox.BattleName
	p.thread("gm", name)
	opened := `channelHas(/ход 1 открыт|turn 1 is open/i)`
	p.wait("turn 1 opened or the scouting phase in the GM channel",
		opened+` || channelHas(/армии расставлены|armies are deployed/i)`, long)
	if !p.eval(opened) {
		// Kawanakajima has shinobi: the deployment turn's scouting comes
		// first, and the GM closes it.
		p.command(fmt.Sprintf(`/battle start battle:%s end_scouting:true`, quote(name)))
		p.wait("turn 1 opened in the GM channel", opened, long)
	}
	p.shot("01-gm-start")
	p.threadLink("gm", name)
	p.markupRendered()
	// The battle's announcement names the sides by their roles: shown
	// as @role, as Discord shows <@&id>.
	p.wait("the sides' roles shown as @names in the GM channel", `[...document.querySelectorAll('.message .mention')].some(e => e.textContent === '@Уэсуги')`, long)
	p.noRawMarkup("gm")

	north := player{person: "north", channel: "север", other: "юг", unit: "n-", accepted: "Приказ принят",
		view: `/Вид Севера|North's view/`, otherView: `/Вид Юга|South's view/`,
		// His clan's channel speaks Russian (the clan's language), and
		// none of the English catalogue's words.
		says: `/Ход %d\b/`, never: `/Turn \d+ ·|turn \d+ is open|the orders given/`}
	// Кагэиэ holds a wing of the Uesugi (the sandbox's wings): he orders
	// after his commander's roll, his own units only.
	north2 := north
	north2.person, north2.unit, north2.wing = "north2", "n-kakizaki", []string{"n-kakizaki", "n-sohei", "n-uma"}
	south := player{person: "south", channel: "юг", other: "север", unit: "s-", accepted: "Order accepted",
		view: `/Вид Юга|South's view/`, otherView: `/Вид Севера|North's view/`,
		says: `/Turn %d\b/`, never: `/Ход \d+ ·|ход \d+ открыт|отданные приказы/`}
	step := 2
	for turn := 1; turn <= 2; turn++ {
		step = p.playTurn(turn, step, north, north2, south)
	}
	p.as("gm", "gm")
	p.thread("gm", name)
	p.picture("gm", `/Вид ведущего|GM's view/`)
	p.noRawMarkup("gm")
	p.shot(fmt.Sprintf("%02d-gm-after-turn", step))
	p.shot("gm-after-turn")

	// The GM ends the battle in the middle of turn 3: each channel tells
	// it in its clan's language, after turn 2, the last resolved.
	p.command(fmt.Sprintf(`/battle finish battle:%s`, quote(name)))
	p.wait("the end in the GM channel", `channelHas(/окончена мастером после хода 2/)`, long)
	for _, pl := range []struct{ person, channel, end string }{
		{"north", "север", `/окончена мастером после хода 2/`}, {"south", "юг", `/ended by the GM after turn 2/`}} {
		p.as(pl.person, pl.channel)
		p.thread(pl.channel, name)
		p.wait(pl.person+" reads the end in his clan's language", `channelHas(`+pl.end+`)`, long)
		p.noRawMarkup(pl.channel)
	}
	p.shot(fmt.Sprintf("%02d-south-end", step))
	step++

	p.oddsMatch(step)
	if s := p.str(`(document.querySelector('#status') || {}).textContent || ''`); strings.TrimSpace(s) != "" {
		t.Logf("#status at the end: %q", s)
	}
	t.Logf("screenshots in %s", p.dir)
}

// playTurn plays battle turn n: each player asks for his sheet in his
// clan's channel, rolls, gives an order and says ready; then each reads
// his own side's picture in his clan's channel, in his clan's language,
// with no raw markup. It returns the next screenshot's number.
func (p *page) playTurn(n, step int, players ...player) int {
	p.t.Helper()
	for _, pl := range players {
		p.as(pl.person, pl.channel)
		p.noChannel(pl.other)
		p.thread(pl.channel, sandbox.BattleName)
		p.command("/orders")
		p.wait("the answer to /orders, seen by "+pl.person+" alone", `[...document.querySelectorAll('.message.ephemeral')].some(m => /Лист приказов|order sheet/i.test(m.textContent))`, long)
		p.shot(fmt.Sprintf("%02d-%s-orders", step, pl.person))
		step++

		p.channel("dm")
		ready := `sheetHas('button[data-custom-id*=":stake:low"]')`
		if pl.wing != nil {
			ready = `sheetHas('select[data-custom-id$=":subject"]')` // his commander rolled
		}
		p.wait(pl.person+"'s order sheet of turn "+strconv.Itoa(n)+" in his DMs", fmt.Sprintf(`sheetTurn() === '%d' && `, n)+ready, long)
		p.shot(fmt.Sprintf("%02d-%s-sheet", step, pl.person))
		step++
		p.rollAndOrder(pl, pl.unit, "", "")
		p.shot(fmt.Sprintf("%02d-%s-order", step, pl.person))
		step++

		p.press(pl.person, "ready")
		p.wait(pl.person+"'s side ready", fmt.Sprintf(`sheetHas('button[data-custom-id$=":ready"]:disabled') || sheetTurn() !== '%d' || channelHas(/фаза хода %d закончена|phase of turn %d is over/i)`, n, n, n), long)
		p.shot(fmt.Sprintf("%02d-%s-ready", step, pl.person))
		step++
	}

	// Both ready: the turn resolves. Each clan's channel shows the picture
	// of its own side's view (its alt text says whose), loaded; nothing of
	// the other side's view is there, and each player's channel list lacks
	// the other clan's channel. The channel speaks the clan's language.
	for _, pl := range players {
		p.as(pl.person, pl.channel)
		p.noChannel(pl.other)
		p.thread(pl.channel, sandbox.BattleName)
		p.picture(pl.channel, pl.view)
		p.noRawMarkup(pl.channel)
		p.wait(pl.person+" reads turn "+strconv.Itoa(n)+"'s log in his clan's language", `channelHas(`+fmt.Sprintf(pl.says, n)+`)`, long)
		if bad := p.str(`messages().map(m => m.textContent).filter(t => ` + pl.never + `.test(t)).join('\n---\n')`); bad != "" {
			p.fail("%s's channel speaks the other language:\n%s", pl.channel, bad)
		}
		if p.eval(fmt.Sprintf(`[...document.querySelectorAll('img.attachment')].some(i => %s.test(i.alt))`, pl.otherView)) {
			p.fail("%s's channel shows a picture of the other side's view", pl.channel)
		}
		p.shot(fmt.Sprintf("%02d-%s-after-turn-%d", step, pl.person, n))
		step++
		if pl.person == "north" && n == 1 {
			p.shot("north-after-turn")
		}
	}
	return step
}

// rollAndOrder makes pl's command roll on his sheet (the low stake, its
// rerolls declined) and gives one order: the first unit whose ID begins
// with unit, then the first pick whose key begins with pick, then the
// first choice whose text matches choice (a JavaScript regular expression;
// "": the first), or a phase, while the sheet asks for them.
func (p *page) rollAndOrder(pl player, unit, pick, choice string) {
	p.t.Helper()
	if pl.wing != nil {
		p.wingOrder(pl, unit, pick, choice)
		return
	}
	p.press(pl.person, "stake:low")
	p.wait(pl.person+"'s roll on his sheet", `sheet() && !sheetHas('[data-custom-id*=":stake:"]') && (sheetHas('[data-custom-id*=":reroll:"]') || sheetHas('select[data-custom-id$=":subject"]'))`, long)
	for range 3 {
		if !p.eval(`sheetHas('button[data-custom-id*=":reroll:accept"]')`) {
			break
		}
		p.press(pl.person, "reroll:accept")
		p.wait(pl.person+"'s roll accepted", `sheet() && !sheetHas('button[data-custom-id*=":reroll:accept"]')`, long)
	}
	p.order(pl, unit, pick, choice)
}

// wingOrder gives one order on the sheet of a wing's player (issue 29):
// no roll of his (the commander's is shared), and the unit menu offers
// his wing's units alone.
func (p *page) wingOrder(pl player, unit, pick, choice string) {
	p.t.Helper()
	if p.eval(`sheetHas('[data-custom-id*=":stake:"]')`) {
		p.fail("%s's sheet offers the command roll, his commander's", pl.person)
	}
	got := p.str(`[...sheet().querySelectorAll('select[data-custom-id$=":subject"] option')].map(o => o.value).filter(v => /^[ns]-/.test(v)).sort().join(' ')`)
	if got != strings.Join(pl.wing, " ") {
		p.fail("%s's sheet offers the units %q, his wing is %q", pl.person, got, strings.Join(pl.wing, " "))
	}
	p.order(pl, unit, pick, choice)
}

// order picks the unit, the order and its choices on pl's sheet, after
// the roll, until the order is given.
func (p *page) order(pl player, unit, pick, choice string) {
	p.t.Helper()
	p.wait(pl.person+"'s unit menu after the roll", `sheetHas('select[data-custom-id$=":subject"]')`, long)
	p.wait(pl.person+"'s preview loaded", `sheetGold() >= 0`, long)
	before := p.str(`String(sheetGold())`)
	p.choose(pl.person, "subject", unit)
	p.highlighted(pl, unit, before)
	p.wait(pl.person+"'s order menu for his unit", `sheetHas('select[data-custom-id$=":pick"]')`, long)
	p.choose(pl.person, "pick", pick)
	given := fmt.Sprintf(`sheetText().includes(%q)`, pl.accepted)
	asks := `sheetHas('select[data-custom-id$=":choice"]') || sheetHas('button[data-custom-id*=":phase:"]')`
	for range 4 {
		p.wait(pl.person+"'s order given or a choice asked", given+` || `+asks, long)
		if p.eval(given) {
			break
		}
		if p.eval(`sheetHas('select[data-custom-id$=":choice"]')`) {
			p.chooseText(pl.person, "choice", choice)
		} else {
			p.press(pl.person, "phase:")
		}
		p.wait(pl.person+"'s sheet after a choice", `!(`+asks+`) || `+given, long)
	}
	p.wait(pl.person+"'s order accepted on the sheet", given, long)
}

// highlighted checks what the player sees once he picked a unit on his
// sheet (issue 28, item 2): the preview, as the browser shows it, is drawn
// anew with the unit and its choices marked in the highlight's yellow
// (counted in the loaded picture's pixels, against before, the count
// before the pick: the map's badges share the yellow), and its alt text
// says what is marked, in the sheet's language. The screenshot shows it.
func (p *page) highlighted(pl player, unit, before string) {
	p.t.Helper()
	head := `/На карте выделен|Marked on the map/`
	p.wait(pl.person+"'s preview marking the unit picked", `(() => { const i = sheetPreview(); return !!i && `+head+`.test(i.alt) && sheetGold() > `+before+` + 200; })()`, long)
	p.shot(pl.person + "-highlight-" + unit)
	if alt := p.str(`sheetPreview().alt`); !strings.Contains(alt, unit) {
		p.fail("%s's highlighted preview does not name his unit %s: %q", pl.person, unit, alt)
	}
}

// oddsMatch: the odds a player reads on his sheet are /odds's (issue 24,
// item 1). The GM creates a second battle from the scenario odds (a light
// horse before samurai spearmen that most likely throw it back); the
// North player gives the attack on his sheet, choosing the move whose
// menu line shows odds, and the sheet's odds line is the line /odds gives
// under that order.
func (p *page) oddsMatch(step int) {
	p.t.Helper()
	p.as("gm", "gm")
	p.channel("gm")
	p.command("/battle create name:Шансы north_role:@Уэсуги north_channel:#север south_role:@Такэда south_channel:#юг gm_channel:#gm scenario:odds south_lang:en")
	p.wait("the odds battle created", `channelHas(/Шансы/) || [...document.querySelectorAll('.message.ephemeral')].some(m => /«Шансы» создана/.test(m.textContent))`, long)
	p.command("/battle start battle:Шансы")
	p.thread("gm", "Шансы")
	p.wait("the odds battle's turn 1 opened", `channelHas(/«Шансы», ход 1 открыт/)`, long)
	north := player{person: "north", channel: "север", accepted: "Приказ принят"}
	p.as("north", "север")
	p.thread("север", "Шансы")
	p.command("/orders")
	p.wait("the answer to /orders", `[...document.querySelectorAll('.message.ephemeral')].some(m => m.textContent.includes('n-uma1') && /Лист приказов/i.test(m.textContent))`, long)
	p.channel("dm")
	p.wait("the odds battle's sheet", `sheetTurn() === '1' && sheetHas('button[data-custom-id*=":stake:low"]')`, long)
	p.rollAndOrder(north, "n-uma1", "move.", "≈")
	sheetOdds := p.str(`((sheet().querySelector('.content') || sheet()).innerText).split('\n').filter(l => /^Из .*%/.test(l)).join('\n')`)
	// The page marks an edited message as Discord does, after its text.
	sheetOdds = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(sheetOdds), "(изменено)"))
	if sheetOdds == "" || strings.Contains(sheetOdds, "\n") {
		p.fail("the sheet shows no one line of odds: %q", p.str(`sheetText()`))
	}
	if !strings.Contains(sheetOdds, "атака отбита") {
		p.fail("the sheet's odds of an attack most likely thrown back do not say so: %q", sheetOdds)
	}
	p.shot(fmt.Sprintf("%02d-north-odds-sheet", step))
	p.thread("север", "Шансы")
	p.command("/odds unit:n-uma1 target:s-yari1")
	p.wait("the /odds answer", `[...document.querySelectorAll('.message.ephemeral')].some(m => m.textContent.includes('s-yari1') && /Из .*%/.test(m.textContent))`, long)
	answer := p.str(`[...document.querySelectorAll('.message.ephemeral')].filter(m => m.textContent.includes('s-yari1') && /Из .*%/.test(m.textContent)).pop().innerText`)
	if !strings.Contains(answer, sheetOdds) {
		p.fail("the sheet's odds are not /odds's:\n sheet: %s\n /odds: %s", sheetOdds, answer)
	}
	p.shot(fmt.Sprintf("%02d-north-odds-answer", step+1))
}

// long is how long the page may take to show what the bot does: it draws
// PNGs, and under the race detector on two shared cores that is slow.
const long = 2 * time.Minute

// player is a side's person on the page, his clan's channel, the channel
// he must never see, the prefix of his units, his sheet's words for an
// order accepted, and what the alt text of his side's pictures says (and
// of the other side's), as JavaScript regular expressions.
type player struct {
	person, channel, other, unit, accepted string
	view, otherView                        string
	// says matches (with the turn's number for %d) what the clan's
	// channel says in its language after a turn, never what it must not
	// say (the other language's words), as JavaScript regular expressions.
	says, never string
	// wing, for a player who holds a wing of his side (issue 29), are his
	// units: his sheet offers them alone, and his commander rolls.
	wing []string
}

// findBrowser is the Chromium to drive: $CHROMIUM, else Debian's
// /usr/bin/chromium or one on the PATH. Without one the test is skipped,
// except under CI, where it fails.
func findBrowser(t *testing.T) string {
	t.Helper()
	candidates := []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}
	if p := os.Getenv("CHROMIUM"); p != "" {
		candidates = []string{p}
	}
	for _, p := range candidates {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	msg := fmt.Sprintf("no Chromium found (looked for %s; CHROMIUM=path names another)", strings.Join(candidates, ", "))
	if underCI() {
		t.Fatalf("%s: under CI the sandbox's browser test must run, and .ci/run installs Debian's chromium", msg)
	}
	t.Skipf("%s: the sandbox's browser test is skipped; install Debian's chromium (apt-get install chromium) to run it", msg)
	return ""
}

// underCI: the environment says CI (CI=true, as .ci/run and CI services
// set it).
func underCI() bool {
	ci := os.Getenv("CI")
	return ci != "" && ci != "false" && ci != "0"
}

// artifactsDir is where the screenshots go: $SANDBOX_ARTIFACTS, ./artifacts
// under CI, else a temporary folder.
func artifactsDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SANDBOX_ARTIFACTS")
	switch {
	case dir != "":
	case underCI():
		dir = "artifacts"
	default:
		dir = t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// startSandbox starts the sandbox on a free loopback port, stopped when
// the test ends, and gives its page's address.
// openPage starts the sandbox and a headless Chromium on its page, for at
// most timeout; both stop when the test ends.
func openPage(t *testing.T, timeout time.Duration, opts ...func(*sandbox.Options)) *page {
	t.Helper()
	browser := findBrowser(t)
	dir := artifactsDir(t)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	t.Cleanup(cancel)
	url := startSandbox(t, ctx, opts...)
	copts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browser),
		chromedp.NoSandbox, // root in CI's containers
		chromedp.DisableGPU,
		chromedp.WindowSize(1400, 1000),
		chromedp.UserDataDir(t.TempDir()),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(ctx, copts...)
	t.Cleanup(cancelAlloc)
	bctx, cancelBrowser := chromedp.NewContext(allocCtx, chromedp.WithLogf(t.Logf))
	t.Cleanup(cancelBrowser)
	// The browser starts on bctx itself: a first action on a shorter
	// context would stop it when that context ends.
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting %s: %v", browser, err)
	}
	p := &page{t: t, ctx: bctx, dir: dir}
	p.do("open the page", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("textarea#box")))
	return p
}

func startSandbox(t *testing.T, ctx context.Context, opts ...func(*sandbox.Options)) string {
	t.Helper()
	w := &testWriter{t: t}
	o := sandbox.Options{Addr: "127.0.0.1:0", Store: filepath.Join(t.TempDir(), "sandbox.db"), Log: log.New(w, "", log.Lmicroseconds),
		// The battle of the sheet's odds (oddsMatch).
		Scenarios: []string{"../bot/testdata/odds.toml"}}
	for _, f := range opts {
		f(&o)
	}
	sb, err := sandbox.Start(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := sb.Close(); err != nil {
			t.Errorf("closing the sandbox: %v", err)
		}
		w.close()
	})
	return sb.URL()
}

// testWriter logs to the test until it closes: what comes later (a
// goroutine still winding down) is dropped.
type testWriter struct {
	t      *testing.T
	mu     sync.Mutex
	closed bool
}

func (w *testWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.closed {
		line := strings.TrimRight(string(b), "\n")
		if strings.Contains(line, "discordfake: a broken text") {
			// The fake's scan of what the bot sent (bot/discordfake).
			w.t.Error(line)
		} else {
			w.t.Log(line)
		}
	}
	return len(b), nil
}

func (w *testWriter) close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
}

// quote is an option value as the message box takes it: in double quotes
// when it has a space.
func quote(s string) string {
	if strings.ContainsAny(s, " \t") {
		return `"` + s + `"`
	}
	return s
}

// page drives the browser's one tab.
type page struct {
	t   *testing.T
	ctx context.Context
	dir string
}

// helpers are the page-side functions the checks use: the active
// channel's messages, the latest order sheet among them, its text.
const helpers = `
const messages = () => [...document.querySelectorAll('.message[data-message-id]')];
const channelHas = re => messages().some(m => re.test(m.textContent));
const sheet = () => messages().filter(m => m.querySelector('[data-custom-id^="sheet:"]')).pop();
const sheetHas = sel => { const s = sheet(); return !!(s && s.querySelector(sel)); };
const sheetTurn = () => { const s = sheet(); return s ? s.querySelector('[data-custom-id^="sheet:"]').dataset.customId.split(':')[2] : ''; };
const sheetPreview = () => { const s = sheet(); return s && s.querySelector('.gallery img.attachment, img.attachment'); };
const sheetGold = () => { const i = sheetPreview(); if (!i || !i.complete || !i.naturalWidth) return -1;
  const c = document.createElement('canvas'); c.width = i.naturalWidth; c.height = i.naturalHeight;
  const g = c.getContext('2d'); g.drawImage(i, 0, 0); const d = g.getImageData(0, 0, c.width, c.height).data; let n = 0;
  for (let k = 0; k < d.length; k += 4) if (Math.abs(d[k]-0xff) <= 6 && Math.abs(d[k+1]-0xd0) <= 6 && Math.abs(d[k+2]-0x2e) <= 6) n++;
  return n; };
const sheetText = () => { const s = sheet(); if (!s) return ''; const cs = [...s.querySelectorAll('.content')]; return cs.length ? cs.map(c => c.textContent).join('\n') : s.textContent; };
`

func (p *page) js(expr string) string {
	return "(() => {" + helpers + "\nreturn (" + expr + ");})()"
}

// click clicks the element sel with the mouse. The page redraws its lists
// as the bot's events come in, so the node found may be gone by the time
// it is clicked: that is tried again, a few times.
func (p *page) click(what, sel string) {
	p.t.Helper()
	var err error
	for range 5 {
		ctx, cancel := context.WithTimeout(p.ctx, long)
		err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
		cancel()
		if err == nil || !strings.Contains(err.Error(), "Could not find node") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		p.fail("%s: %v", what, err)
	}
}

// do runs browser actions; a failure stops the test with a screenshot.
func (p *page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, long)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.fail("%s: %v", what, err)
	}
}

func (p *page) eval(expr string) bool {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, long)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[bool](p.js(expr)))
	if err != nil {
		p.fail("evaluating %s: %v", expr, err)
	}
	return v
}

func (p *page) str(expr string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, long)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](p.js(expr)))
	if err != nil {
		p.fail("evaluating %s: %v", expr, err)
	}
	return v
}

// wait waits until expr holds on the page, polling; what says what is
// awaited if it never comes.
func (p *page) wait(what, expr string, timeout time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for !p.eval(expr) {
		if time.Now().After(deadline) {
			p.fail("waited %s for %s", timeout, what)
		}
		time.Sleep(150 * time.Millisecond)
	}
}

// fail stops the test with a screenshot and what the page shows.
func (p *page) fail(format string, args ...any) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.WithoutCancel(p.ctx), 20*time.Second)
	defer cancel()
	if png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
		_ = os.WriteFile(filepath.Join(p.dir, "failure.png"), png, 0o644)
	}
	text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText : ''`))
	if r := []rune(text); len(r) > 4000 {
		text = "…" + string(r[len(r)-4000:])
	}
	p.t.Fatalf(format+"\n(screenshot: %s)\nthe page shows:\n%s", append(args, filepath.Join(p.dir, "failure.png"), text)...)
}

// shot writes a screenshot of the page as name.png.
func (p *page) shot(name string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, long)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.fail("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(p.dir, name+".png"), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// as switches to a person (gm, north, south) and waits for his channel
// list, which has his own channel.
func (p *page) as(person, own string) {
	p.t.Helper()
	sel := fmt.Sprintf(`button[data-person=%q]`, person)
	p.click("switch to "+person, sel)
	p.wait(person+" active with his channels", fmt.Sprintf(`!!document.querySelector('%s.active') && !!document.querySelector('[data-channel-name=%q]')`, sel, own), long)
}

// channel opens a channel of the list (or "dm", the DMs with the bot).
func (p *page) channel(name string) {
	p.t.Helper()
	sel := fmt.Sprintf(`[data-channel-name=%q]`, name)
	p.click("open channel "+name, sel)
	p.wait(name+" opened", fmt.Sprintf(`!!document.querySelector('%s.active')`, sel), long)
}

// thread opens a battle's thread under a channel of the list, where the
// battle's posts are (issue 28): the thread's item bears the channel's
// name and the battle's.
func (p *page) thread(channel, battle string) {
	p.t.Helper()
	sel := fmt.Sprintf(`[data-channel-name^=%q][data-channel-name*=%q]`, channel+"/", battle)
	p.wait("the thread of "+battle+" under "+channel, fmt.Sprintf(`!!document.querySelector('%s')`, sel), long)
	p.click("open the thread of "+battle+" under "+channel, sel)
	p.wait("the thread of "+battle+" under "+channel+" opened", fmt.Sprintf(`!!document.querySelector('%s.active')`, sel), long)
}

// threadLink checks the battle's status message in a channel: pinned
// there, not in the thread, it links the battle's thread, and clicking the
// link opens it.
func (p *page) threadLink(channel, battle string) {
	p.t.Helper()
	p.channel(channel)
	link := fmt.Sprintf(`[...document.querySelectorAll('.message .content [data-open-channel]')].find(e => e.textContent.includes(%q))`, battle)
	p.wait("the status in "+channel+" links the battle's thread", "!!"+link, long)
	p.shot("threads-" + channel + "-status")
	if !p.eval(`(() => { ` + link + `.click(); return true; })()`) {
		p.fail("the link to the battle's thread cannot be clicked")
	}
	p.wait("the battle's thread opened from the link", fmt.Sprintf(`!!document.querySelector('[data-channel-name^=%q][data-channel-name*=%q].active')`, channel+"/", battle), long)
	p.shot("threads-" + channel + "-thread")
}

// picture waits for the latest picture of the channel whose alt text
// matches view (a JavaScript regular expression), the PNG rather than the
// replay's GIF, scrolled into view and loaded.
func (p *page) picture(channel, view string) {
	p.t.Helper()
	p.wait("the turn's picture in "+channel, fmt.Sprintf(`(() => {
		const ims = [...document.querySelectorAll('img.attachment')].filter(i => %s.test(i.alt));
		const im = ims.filter(i => /\.png$/i.test(i.title)).pop() || ims.pop();
		if (!im) return false;
		im.scrollIntoView({block: 'center'});
		return im.complete && im.naturalWidth > 0; })()`, view), long)
}

// noChannel checks that the person on the page cannot open a channel.
func (p *page) noChannel(name string) {
	p.t.Helper()
	if p.eval(fmt.Sprintf(`!!document.querySelector('[data-channel-name=%q]')`, name)) {
		p.fail("the channel list offers %s to a person who must not see it", name)
	}
}

// typeText types into the message box, key by key.
func (p *page) typeText(text string) {
	p.t.Helper()
	p.do("type "+text, chromedp.Click(chromedp.CSS("textarea#box"), chromedp.NodeVisible),
		chromedp.SendKeys(chromedp.CSS("textarea#box"), text))
}

// enter sends what the box holds with Enter, and waits for the box to
// empty (the page keeps a command it could not send, and says why in
// #status).
func (p *page) enter(what string) {
	p.t.Helper()
	p.do("send "+what, chromedp.SendKeys(chromedp.CSS("textarea#box"), kb.Enter))
	p.wait(what+" sent (the message box emptied)", `document.querySelector('textarea#box').value.trim() === ''`, long)
}

// command types a slash command in the message box and sends it.
func (p *page) command(text string) {
	p.t.Helper()
	p.typeText(text)
	p.enter(text)
}

// press clicks the button of person's sheet whose action (and value)
// begins with action, with the mouse.
func (p *page) press(person, action string) {
	p.t.Helper()
	id := p.str(fmt.Sprintf(`(() => { const s = sheet(); if (!s) return '';
		const b = [...s.querySelectorAll('button[data-custom-id]')].find(b => !b.disabled && b.dataset.customId.split(':').slice(3).join(':').startsWith(%q));
		return b ? b.dataset.customId : ''; })()`, action))
	if id == "" {
		p.fail("%s's sheet has no button %q", person, action)
	}
	p.do(person+" presses "+id, chromedp.Click(chromedp.CSS(fmt.Sprintf(`button[data-custom-id=%q]`, id)), chromedp.NodeVisible))
}

// choose picks, on person's sheet's menu for action, the first option
// whose value begins with prefix: the page's native select, changed as a
// person's pick changes it.
func (p *page) choose(person, action, prefix string) {
	p.t.Helper()
	p.pick(person, action, fmt.Sprintf(`o => o.value.startsWith(%q)`, prefix), "an option "+prefix+"…")
}

// chooseText picks, on person's sheet's menu for action, the first
// option whose text matches re (a JavaScript regular expression's source;
// "": the first option).
func (p *page) chooseText(person, action, re string) {
	p.t.Helper()
	p.pick(person, action, fmt.Sprintf(`o => new RegExp(%q).test(o.textContent)`, re), "an option matching "+re)
}

// pick picks the first option of person's sheet's menu for action that
// match (a JavaScript function of an option) accepts.
func (p *page) pick(person, action, match, what string) {
	p.t.Helper()
	got := p.str(fmt.Sprintf(`(() => { const s = sheet(); if (!s) return '';
		const m = [...s.querySelectorAll('select[data-custom-id]')].find(m => m.dataset.customId.split(':')[3] === %q);
		if (!m) return '';
		const o = [...m.options].find(o => !o.disabled && o.value !== '' && !o.value.startsWith('page:') && (%s)(o));
		if (!o) return '';
		m.focus();
		m.value = o.value;
		m.dispatchEvent(new Event('input', {bubbles: true}));
		m.dispatchEvent(new Event('change', {bubbles: true}));
		return o.value + ' (' + o.textContent.trim() + ')'; })()`, action, match))
	if got == "" {
		p.fail("%s's sheet has no menu %q with %s", person, action, what)
	}
	p.t.Logf("%s picks %s: %s", person, action, got)
}

// noRawMarkup fails if any message of the open channel shows Discord's
// markup as text (<t:…>, <@…>, <@&…>, <#…>) or a stray **, which Discord
// would have rendered.
func (p *page) noRawMarkup(channel string) {
	p.t.Helper()
	raw := p.str(`messages().map(m => [...m.querySelectorAll('.content')].map(c => c.textContent).join('\n'))
		.filter(t => /<(t:-?\d|@[!&]?\d|#\d)|\*\*/.test(t)).join('\n---\n')`)
	if raw != "" {
		p.fail("raw markup in %s's messages:\n%s", channel, raw)
	}
}

// markupRendered checks the page's Discord markup against what Discord
// shows: mentions by name, timestamps as dates in the reader's locale,
// markdown, and everything else escaped.
func (p *page) markupRendered() {
	p.t.Helper()
	got := p.str(`(() => {
		const d = document.createElement('div');
		d.innerHTML = markdown("**Ход 1** до <t:1796250765:D> (<t:1796250765:R>) — <@1300000000000000032>, <@!1300000000000000033>, <@&1300000000000000012> в <#1300000000000000022>: ` + "`<@1>`" + ` <img src=x onerror=alert(1)>\n- первый\n> цитата\n## Итог\n-# мелко *курсив*");
		const q = s => d.querySelector(s) ? d.querySelector(s).textContent : '';
		return JSON.stringify({text: d.textContent, b: q('b'), i: q('i'), code: q('code'), li: q('.li'), quote: q('blockquote'), h: q('.h2'), sub: q('.sub'),
			mentions: [...d.querySelectorAll('.mention')].map(e => e.textContent).join(' '), times: d.querySelectorAll('.timestamp').length,
			tags: [...d.querySelectorAll('*')].map(e => e.tagName.toLowerCase()).filter(t => !['b', 'i', 'code', 'span', 'div', 'blockquote'].includes(t)).join(' ')});
	})()`)
	for _, want := range []string{`"b":"Ход 1"`, `"i":"курсив"`, `"code":"<@1>"`, `"li":"• первый"`, `"quote":"цитата"`, `"h":"Итог"`,
		`"mentions":"@Кагэтора (Уэсуги) @Harunobu (Takeda) @Уэсуги #север"`, `"times":2`, `"tags":""`} {
		if !strings.Contains(got, want) {
			p.fail("the page's markdown: %s lacks %s", got, want)
		}
	}
	// The GM reads Russian: the date is Russian (2 декабря 2026 г.).
	if !strings.Contains(got, "2026") || !strings.Contains(got, "декабр") || strings.Contains(got, "<t:") || strings.Contains(got, "<@&") || strings.Contains(got, "<@13") || strings.Contains(got, "<#") {
		p.fail("the page's timestamps: %s", got)
	}
}
