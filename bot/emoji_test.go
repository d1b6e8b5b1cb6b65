package bot_test

import (
	"log"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordfake"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/field"
	"github.com/gunbai/gunbai/store"
)

// ourEmojis are the fake's emojis named "gunbai_..." that are ours (not
// the seeded "gunbai_other_tool").
func ourEmojis(srv *discordtest.Server) map[string]discordfake.AppEmoji {
	out := map[string]discordfake.AppEmoji{}
	for _, e := range srv.Emojis().List() {
		if strings.HasPrefix(e.Name, "gunbai_") && e.Name != "gunbai_other_tool" {
			out[e.Name] = e
		}
	}
	return out
}

// wantEmojis are the icons the bot uploads, by the name without its hash,
// drawn once for the tests (polled in WaitFor, they were drawn again at
// every poll: 26 s of a test under -race). The caller may not change them.
func wantEmojis(t *testing.T) map[string][]byte {
	t.Helper()
	icons, err := wantIcons()
	if err != nil {
		t.Fatal(err)
	}
	return icons
}

var wantIcons = sync.OnceValues(func() (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, l := range []render.Lang{render.RU, render.EN} {
		for _, tt := range engine.TroopTypes() {
			png, err := field.EmojiIcon("troop:"+tt.String(), l)
			if err != nil {
				return nil, err
			}
			out["gunbai_"+tt.String()+"_"+string(l)] = png
		}
	}
	for _, m := range field.EmojiMarks() {
		png, err := field.EmojiIcon("mark:"+m, render.RU)
		if err != nil {
			return nil, err
		}
		out["gunbai_"+m] = png
	}
	return out, nil
})

// checkEmojiSet: exactly one emoji of ours per icon, with its picture.
func checkEmojiSet(t *testing.T, srv *discordtest.Server) {
	t.Helper()
	want := wantEmojis(t)
	got := ourEmojis(srv)
	if len(got) != len(want) {
		t.Errorf("%d emojis of ours, want %d: %v", len(got), len(want), names(got))
	}
	for name, e := range got {
		i := strings.LastIndexByte(name, '_')
		png, ok := want[name[:i]]
		if !ok || string(png) != string(e.Image) || len(name)-i-1 != 6 {
			t.Errorf("emoji %s: not one of the bot's icons with its picture's hash", name)
		}
	}
}

func names(m map[string]discordfake.AppEmoji) []string {
	var out []string
	for n := range m {
		out = append(out, n)
	}
	return out
}

func emojiCalls(srv *discordtest.Server, method string) int {
	n := 0
	for _, c := range srv.Calls() {
		if c.Method == method && strings.Contains(c.Route, "/emojis") {
			n++
		}
	}
	return n
}

func withEmojis(o *bot.Options) { o.Emojis = true }

// The first start uploads every icon; a stale picture of ours (another
// hash) is replaced; another's emojis, even named "gunbai_…", are left
// alone; the second start uploads nothing.
func TestEmojiSyncFirstStartCreatesAllSecondNone(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.botOpt = withEmojis
	old := wantEmojis(t)["gunbai_move"]
	stale := w.srv.Emojis().Add("gunbai_move_000000", old)
	other := w.srv.Emojis().Add("someone_elses", old)
	otherOurs := w.srv.Emojis().Add("gunbai_other_tool", old)
	w.start()
	checkEmojiSet(t, w.srv)
	ids := map[string]bool{}
	for _, e := range w.srv.Emojis().List() {
		ids[e.ID] = true
	}
	if ids[stale] || !ids[other] || !ids[otherOurs] {
		t.Errorf("the stale emoji of ours must go, the others' stay: stale %v, someone_elses %v, gunbai_other_tool %v", ids[stale], ids[other], ids[otherOurs])
	}
	if n := emojiCalls(w.srv, http.MethodPost); n != len(wantEmojis(t)) {
		t.Errorf("first start: %d uploads, want %d", n, len(wantEmojis(t)))
	}
	if n := emojiCalls(w.srv, http.MethodDelete); n != 1 {
		t.Errorf("first start: %d deletions, want 1 (the stale one)", n)
	}
	w.stop()
	before := w.srv.Emojis().List()
	posts, deletes := emojiCalls(w.srv, http.MethodPost), emojiCalls(w.srv, http.MethodDelete)
	w.start()
	defer w.stop()
	if emojiCalls(w.srv, http.MethodPost) != posts || emojiCalls(w.srv, http.MethodDelete) != deletes {
		t.Errorf("the second start changed the emojis: %d uploads, %d deletions more",
			emojiCalls(w.srv, http.MethodPost)-posts, emojiCalls(w.srv, http.MethodDelete)-deletes)
	}
	if after := w.srv.Emojis().List(); len(after) != len(before) {
		t.Errorf("second start: %d emojis, were %d", len(after), len(before))
	}
}

// Two shard processes starting at once end with one set: the upload the
// other made first is refused as taken, and found. The race is not
// certain to come: an upload that Discord made but whose answer was lost
// (a Deliver fault) stands for it every time, and is found the same way.
func TestEmojiSyncTwoProcessesStartingTogether(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.Gateway().SetBot(2, 2)
	lost := discordfake.ServerError()
	lost.Deliver = true
	srv.Faults().Fail(discordfake.FaultMatch{Method: http.MethodPost, Route: "/applications/*/emojis", Count: 2}, lost)
	var bots []*bot.Bot
	for _, ids := range [][]int{{0}, {1}} {
		st, err := store.Open(t.TempDir()+"/g.db", store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		b, err := bot.Dial(bot.Conn{Token: "one-token", Shards: 2, ShardIDs: ids, Wire: srv.Wire}, &game.Service{Store: st},
			bot.Options{Guilds: []string{srv.GuildID()}, Log: log.New(testLogOut, "", 0), IdentifyPause: func(time.Duration) {}, Emojis: true})
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	done := make(chan error, 2)
	for _, b := range bots {
		go func() { done <- b.Start() }()
	}
	for range bots {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	for _, b := range bots {
		defer b.Close()
	}
	srv.WaitFor(func() bool { return len(ourEmojis(srv)) >= len(wantEmojis(t)) }, wait)
	for _, b := range bots {
		b.Wait()
	}
	checkEmojiSet(t, srv)
	for i, b := range bots {
		if n := bot.EmojisSynced(b); n != len(wantEmojis(t)) {
			t.Errorf("process %d has %d emojis of its %d icons", i, n, len(wantEmojis(t)))
		}
	}
	lists, taken := 0, 0
	for _, c := range srv.Calls() {
		switch {
		case c.Method == http.MethodGet && strings.HasSuffix(c.Route, "/emojis"):
			lists++
		case c.Method == http.MethodPost && strings.HasSuffix(c.Route, "/emojis") && c.Status >= 400:
			taken++
		}
	}
	if lists < 3 || taken < 2 {
		t.Errorf("%d lists of the emojis, %d uploads failed: each process lists them, and lists again after a failed upload", lists, taken)
	}
	t.Logf("%d uploads failed (2 answers lost, the rest refused as taken: the other process's first)", taken)
}

var emojiMarkup = regexp.MustCompile(`<:([a-z0-9_]+):[0-9]+> ?`)

// emojiTurnWorld plays a turn of Нагасино, the South in English, and
// returns the world; fail makes the emojis' list fail (the sync fails).
func emojiTurnWorld(t *testing.T, emojis, fail bool) *world {
	w := newWorld(t)
	if emojis {
		w.botOpt = withEmojis
	}
	if fail {
		w.srv.Faults().Fail(discordfake.FaultMatch{Method: http.MethodGet, Route: "/applications/*/emojis", Count: discordfake.Always}, discordfake.ServerError())
	}
	w.start()
	w.create("Нагасино", discordtest.StringOpt("south_lang", "en"))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	w.slash(oda, chanOda, "orders", discordtest.BoolOpt("ready", true))
	w.slash(asai, chanAsai, "orders", discordtest.BoolOpt("ready", true))
	for _, ch := range []string{chanOda, chanAsai} {
		w.srv.WaitFor(func() bool {
			return strings.Contains(contentOf(w.srv.Messages().Under(ch)), "2") && hasFiles(w.srv.Messages().Under(ch))
		}, wait)
	}
	w.b.Wait()
	return w
}

func hasFiles(ms []discordtest.Message) bool {
	for _, m := range ms {
		if len(m.Files) > 0 {
			return true
		}
	}
	return false
}

// The turn's log in each clan's channel has the mark's emoji before a move
// and the troop's counter before a unit, labelled in the channel's
// language; without the emojis (the sync failed) it is the same text.
func TestEmojiInLogRussianAndEnglish(t *testing.T) {
	t.Parallel()
	w := emojiTurnWorld(t, true, false)
	defer w.stop()
	ours := ourEmojis(w.srv)
	ru, en := contentOf(w.srv.Messages().Under(chanOda)), contentOf(w.srv.Messages().Under(chanAsai))
	for _, c := range []struct {
		text, lang, moved string
	}{{ru, "ru", "n-yari"}, {en, "en", "n-yari"}} {
		used := map[string]bool{}
		for _, m := range emojiMarkup.FindAllStringSubmatch(c.text, -1) {
			used[m[1]] = true
			if _, ok := ours[m[1]]; !ok {
				t.Errorf("%s: markup of an emoji the bot has not: %s", c.lang, m[0])
			}
		}
		var move, troop bool
		for n := range used {
			move = move || strings.HasPrefix(n, "gunbai_move_")
			troop = troop || strings.Contains(n, "_"+c.lang+"_")
			if strings.Contains(n, "_ru_") && c.lang == "en" || strings.Contains(n, "_en_") && c.lang == "ru" {
				t.Errorf("%s channel has a counter labelled in the other language: %s", c.lang, n)
			}
		}
		if !move || !troop {
			t.Errorf("%s: no move's emoji (%v) or no troop's (%v) in the log: %v\n%s", c.lang, move, troop, used, c.text)
		}
	}
	t.Logf("RU log:\n%s", ru)
	t.Logf("EN log:\n%s", en)

	plain := emojiTurnWorld(t, true, true) // the sync failed: no emojis
	defer plain.stop()
	pru, pen := contentOf(plain.srv.Messages().Under(chanOda)), contentOf(plain.srv.Messages().Under(chanAsai))
	if strings.Contains(pru+pen, "<:") {
		t.Fatalf("emoji markup with no emojis synced:\n%s", pru+pen)
	}
	if logLines(emojiMarkup.ReplaceAllString(ru, "")) != logLines(pru) || logLines(emojiMarkup.ReplaceAllString(en, "")) != logLines(pen) ||
		!strings.Contains(logLines(pru), "n-yari") {
		t.Errorf("the log without its emojis is not the log of a bot without them:\nwith:\n%s\nwithout:\n%s", ru, pru)
	}
}

// logLines are a channel's log lines (the dice of the two worlds differ,
// the move's log does not).
func logLines(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "- ") || strings.HasPrefix(l, "== ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// The status message puts each side's line under its flag's emoji.
func TestEmojiInStatus(t *testing.T) {
	t.Parallel()
	w := emojiTurnWorld(t, true, false)
	defer w.stop()
	flag := ""
	for n := range ourEmojis(w.srv) {
		if strings.HasPrefix(n, "gunbai_flag_") {
			flag = n
		}
	}
	found := false
	for _, m := range w.srv.Messages().In(chanOda) {
		if m.Pinned || strings.Contains(m.Content, "Север") && strings.Contains(m.Content, "<:"+flag+":") {
			found = found || strings.Contains(m.Content, "<:"+flag+":")
		}
	}
	if !found {
		t.Errorf("no status line under the flag's emoji %s: %s", flag, contentOf(w.srv.Messages().In(chanOda)))
	}
}

// The sheet's menus: each unit with its troop's counter (labelled in the
// player's language), each order with its mark; the labels are words as
// before.
func TestEmojiInSheetMenus(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.botOpt = withEmojis
	w.svc = func(s *game.Service) {
		sc := testScenarios(t, "odawara.toml")
		s.Scenarios = sc
	}
	north, south := oda, asai
	north.Roles = []string{roleOda, roleOdaOrders}
	south.Roles = []string{roleAsai, roleAsaiOrders}
	w.srv.Guilds().SetMemberRoles(w.guild, north.UserID, north.Roles...)
	w.srv.Guilds().SetMemberRoles(w.guild, south.UserID, south.Roles...)
	w.start()
	defer w.stop()
	w.create("Одавара", discordtest.StringOpt("scenario", "odawara"), discordtest.StringOpt("south_lang", "en"),
		discordtest.RoleOpt("north_orders", roleOdaOrders), discordtest.RoleOpt("south_orders", roleAsaiOrders))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Одавара")))
	ours := ourEmojis(w.srv)
	for _, c := range []struct {
		m    discordtest.Member
		lang string
	}{{north, "ru"}, {south, "en"}} {
		p := &sheetPlayer{w: w, m: c.m}
		p.roll()
		menu, _ := p.component("subject")
		units := menu.(*discordgo.SelectMenu)
		for _, o := range units.Options {
			if strings.HasPrefix(o.Value, "page:") || o.Description == "" {
				if o.Emoji != nil {
					t.Errorf("%s: %q is no unit but has %+v", c.m.Username, o.Label, o.Emoji)
				}
				continue // a group, not a unit (a unit's option describes it)
			}
			if o.Emoji == nil || !strings.HasSuffix(o.Emoji.Name[:len(o.Emoji.Name)-7], "_"+c.lang) || ours[o.Emoji.Name].ID != o.Emoji.ID {
				t.Errorf("%s: unit %q has no counter of its troop in %s: %+v", c.m.Username, o.Label, c.lang, o.Emoji)
			}
			if o.Label == "" || strings.Contains(o.Label, "<:") {
				t.Errorf("%s: the unit's label must stay its words: %q", c.m.Username, o.Label)
			}
		}
		p.choose("subject", "")
		menu, _ = p.component("pick")
		marked := 0
		for _, o := range menu.(*discordgo.SelectMenu).Options {
			if o.Emoji != nil {
				marked++
				if _, ok := ours[o.Emoji.Name]; !ok || !strings.HasPrefix(o.Emoji.Name, "gunbai_move_") && !strings.HasPrefix(o.Emoji.Name, "gunbai_shot_") && !strings.HasPrefix(o.Emoji.Name, "gunbai_flag_") {
					t.Errorf("%s: order %q has %+v", c.m.Username, o.Label, o.Emoji)
				}
			}
		}
		if marked == 0 {
			t.Errorf("%s: no order of the first unit has its mark", c.m.Username)
		}
	}
}
