package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/gif"
	"image/png"
	"io"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/config"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

func TestUsage(t *testing.T) {
	inEnglish(t)
	var out, errb bytes.Buffer
	if code := run(nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "usage") {
		t.Fatalf("no command: code %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"fly"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), `unknown command "fly"`) {
		t.Fatalf("unknown command: code %d, %q", code, errb.String())
	}
	if code := run([]string{"demo", "-turns", "0"}, &out, &errb); code != 2 {
		t.Fatalf("bad -turns: code %d", code)
	}
	errb.Reset()
	if code := run([]string{"run", "-confg", "x"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "-confg") || !strings.Contains(errb.String(), "usage: gunbai run") {
		t.Fatalf("bad flag: code %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"commands", "extra"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), `unexpected argument "extra"`) {
		t.Fatalf("extra argument: code %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"help", "fly"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), `unknown command "fly"`) {
		t.Fatalf("help of an unknown command: code %d, %q", code, errb.String())
	}
}

// gunbai -h, gunbai help and every command's -h print a usage with an
// example on stdout and exit 0.
func TestHelp(t *testing.T) {
	inEnglish(t)
	for _, args := range [][]string{{"-h"}, {"--help"}, {"-help"}, {"help"}} {
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		if code != 0 || errb.Len() > 0 || !strings.HasPrefix(out.String(), "usage:") || !strings.Contains(out.String(), "example") {
			t.Errorf("%q: code %d, stdout %q, stderr %q", args, code, out.String(), errb.String())
		}
		for _, c := range subcommands() {
			for _, l := range c.list {
				if !strings.Contains(out.String(), "gunbai "+l[0]) {
					t.Errorf("%q does not list %s", args, l[0])
				}
			}
		}
	}
	for _, c := range subcommands() {
		for _, args := range [][]string{{c.name, "-h"}, {c.name, "--help"}, {c.name, "-help"}, {"help", c.name}} {
			var out, errb bytes.Buffer
			code := run(args, &out, &errb)
			text := out.String()
			_, example, _ := strings.Cut(text, "\nexample")
			if code != 0 || errb.Len() > 0 || !strings.HasPrefix(text, "usage: gunbai "+c.name) || !strings.Contains(example, "gunbai "+c.name) {
				t.Errorf("%q: code %d, stdout %q, stderr %q", args, code, text, errb.String())
			}
		}
	}
	// -h after other flags, as flag parses it.
	var out, errb bytes.Buffer
	if code := run([]string{"commands", "-json", "-h"}, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "usage: gunbai commands") {
		t.Errorf("commands -json -h: %d %q", code, out.String())
	}
}

// The README stands alone (no links out of the repository), asks for the
// permissions the bot needs, as bot.InvitePermissions says, and sets up with
// the sandbox first.
func TestReadme(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	if strings.Contains(readme, "../") {
		t.Error("README points out of the repository (../)")
	}
	perms := strconv.Itoa(int(bot.InvitePermissions))
	if !strings.Contains(readme, "permission integer `"+perms+"`") || !strings.Contains(readme, "permissions="+perms) {
		t.Errorf("README does not give the permission integer %s", perms)
	}
	for _, cmd := range []string{"go run ./cmd/gunbai sandbox", "go run ./cmd/gunbai demo", "go test -race ./...", "go test ./..."} {
		if !strings.Contains(readme, cmd) {
			t.Errorf("README lacks %q", cmd)
		}
	}
	// The sandbox is the first of the two set-up commands (issue 17), the
	// test command the second; the demo comes after them.
	_, try, _ := strings.Cut(readme, "## Try it")
	var block []string
	for _, line := range strings.Split(try, "\n") {
		if strings.HasPrefix(line, "    go ") {
			block = append(block, strings.TrimSpace(line))
		} else if len(block) > 0 {
			break
		}
	}
	if len(block) != 2 || !strings.HasPrefix(block[0], "go run ./cmd/gunbai sandbox") || !strings.HasPrefix(block[1], "go test -race ./...") {
		t.Errorf("README's set-up commands are %q, want the sandbox first and the tests second", block)
	}
}

// The demo plays its battle offline through the engine, the store and the
// renderer: one PNG per turn that decodes, logs in both languages, and a
// store file holding every turn.
func TestDemo(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := run([]string{"demo", "-out", dir}, &out, &errb); code != 0 {
		t.Fatalf("demo failed (%d): %s", code, errb.String())
	}
	turns := len(demoOrders)
	if turns < 6 {
		t.Fatalf("the demo plays %d turns, the issue asks for at least 6", turns)
	}
	decode := func(name string) {
		t.Helper()
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if strings.HasSuffix(name, ".gif") {
			g, err := gif.DecodeAll(f)
			if err != nil || len(g.Image) < 2 {
				t.Fatalf("%s: not an animation: %v", name, err)
			}
			return
		}
		img, err := png.Decode(f)
		if err != nil || img.Bounds().Dx() < 400 {
			t.Fatalf("%s: %v", name, err)
		}
	}
	kinds := map[engine.EventKind]int{}
	for _, view := range []string{"gm", "north", "south"} {
		decode("turn-0." + view + ".png")
		for turn := 1; turn <= turns; turn++ {
			base := "turn-" + strconv.Itoa(turn) + "." + view
			decode(base + ".png")
			decode(base + ".gif")
			ru, err1 := os.ReadFile(filepath.Join(dir, base+".ru.txt"))
			en, err2 := os.ReadFile(filepath.Join(dir, base+".en.txt"))
			if err1 != nil || err2 != nil || !strings.Contains(string(ru), "Ход "+strconv.Itoa(turn)) || !strings.Contains(string(en), "Turn "+strconv.Itoa(turn)) {
				t.Fatalf("%s logs: %v %v", base, err1, err2)
			}
		}
	}
	st, err := store.Open(filepath.Join(dir, "demo.db"), store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// Every turn played was resolved through the lifecycle and stored with
	// its events; the next one is open, its seed committed.
	for turn := 1; turn <= turns; turn++ {
		ev, err := st.BattleTurn(demoGuild, demoBattle, turn).Events()
		if err != nil || len(ev) == 0 {
			t.Fatalf("turn %d: events %d, %v", turn, len(ev), err)
		}
		for _, e := range ev {
			kinds[e.Kind]++
			if e.Kind == engine.EvAttack && strings.Contains(e.Detail, "flank") {
				kinds["flank attack"]++
			}
		}
	}
	// The script shows the game: shooting, a flank attack, a rout, a rally.
	for _, k := range []engine.EventKind{engine.EvShot, "flank attack", engine.EvRouted, engine.EvRallied, engine.EvDestroyed} {
		if kinds[k] == 0 {
			t.Errorf("the demo's battle has no %s", k)
		}
	}
	rec, err := st.Battle(demoGuild, demoBattle)
	// The battle goes on after the script's turns: the GM ends it, and it
	// is written back to the roster armies it was fought with (issue 15).
	if err != nil || rec.State.Turn != turns || rec.Turn != turns+1 || rec.Status != store.StatusFinished || !rec.WrittenBack {
		t.Fatalf("battle record: turn %d (state %d), %s, written back %v, %v", rec.Turn, rec.State.Turn, rec.Status, rec.WrittenBack, err)
	}
	for lang, want := range map[string][]string{"ru": {"Войско Этиго", "Восстановление потерь (E1-L)", "Лечение раненых (E1-H)", "Ход кампании: 5"}, "en": {"E1-L", "E1-H", "Campaign turn: 5"}} {
		text, err := os.ReadFile(filepath.Join(dir, "aftermath."+lang+".txt"))
		for _, w := range want {
			if err != nil || !strings.Contains(string(text), w) {
				t.Errorf("aftermath.%s.txt lacks %q (%v)", lang, w, err)
			}
		}
	}
	checkDemoSkirmish(t, dir, st)
	// The stored snapshot of turn 1 is the starting army.
	snap, err := st.BattleTurn("demo", demoBattle, 1).Snapshot()
	if err != nil || len(snap.Units) != len(demoArmy().Units) || snap.Turn != 0 {
		t.Fatalf("snapshot: %v", err)
	}
	// Replaying turn 1 from the store's snapshot, sealed orders and seed
	// gives the stored events: every roll can be checked.
	tr, err := st.BattleTurn("demo", demoBattle, 1).Record()
	if err != nil {
		t.Fatal(err)
	}
	orders := append(append([]engine.Order{}, tr.Orders[0]...), tr.Orders[1]...)
	_, ev, err := engine.ResolveTurn(*tr.Snapshot, orders, engine.NewSeededDice(tr.Seed.Value, demoBattle, 1))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(ev)
	b, _ := json.Marshal(tr.Events)
	if !bytes.Equal(a, b) {
		t.Fatalf("replay of turn 1 differs from the stored events")
	}
}

// gunbai run refuses, with a clear message, a config it cannot use.
func TestRunConfigErrors(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := run([]string{"run", "-config", filepath.Join(dir, "missing.toml")}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "missing.toml") {
		t.Fatalf("missing file: %d %q", code, errb.String())
	}
	typo := filepath.Join(dir, "typo.toml")
	os.WriteFile(typo, []byte("[discord]\ntokn = \"x\"\n"), 0o644)
	errb.Reset()
	if code := run([]string{"run", "-config", typo}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "typo.toml:2:1") {
		t.Fatalf("typo: %d %q", code, errb.String())
	}
	empty := filepath.Join(dir, "empty.toml")
	os.WriteFile(empty, []byte("[store]\npath = \""+filepath.Join(dir, "g.db")+"\"\n"), 0o644)
	t.Setenv("GUNBAI_TOKEN", "")
	errb.Reset()
	if code := run([]string{"run", "-config", empty}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "GUNBAI_TOKEN") {
		t.Fatalf("no token: %d %q", code, errb.String())
	}
}

// A store file in a folder that does not exist is refused with that said,
// not with bbolt's error, by gunbai run and by serve.
func TestRunStoreFolderMissing(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nope", "deeper")
	path := filepath.Join(dir, "config.toml")
	os.WriteFile(path, []byte("[store]\npath = "+strconv.Quote(filepath.Join(missing, "g.db"))+"\n"), 0o644)
	t.Setenv("GUNBAI_TOKEN", "token")
	var out, errb bytes.Buffer
	want := "store folder " + missing + " does not exist"
	if code := run([]string{"run", "-config", path}, &out, &errb); code != 2 || !strings.Contains(errb.String(), want) || !strings.Contains(errb.String(), path) {
		t.Fatalf("run: %d %q", code, errb.String())
	}
	cfg, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := serve(context.Background(), cfg, bot.Conn{Token: "token"}, log.New(io.Discard, "", 0)); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("serve: %v", err)
	}
	// A file where the folder should be.
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	cfg.Store.Path = filepath.Join(file, "g.db")
	if err := checkStoreFolder(cfg); err == nil || !strings.Contains(err.Error(), "store folder "+file+" is not a folder") {
		t.Fatalf("file as folder: %v", err)
	}
	// A relative path is shown from the working directory.
	t.Chdir(dir)
	cfg.Store.Path = filepath.Join("nope", "g.db")
	if err := checkStoreFolder(cfg); err == nil || !strings.Contains(err.Error(), "store folder "+filepath.Join(dir, "nope")+" does not exist") {
		t.Fatalf("relative: %v", err)
	}
	cfg.Store.Path = "g.db"
	if err := checkStoreFolder(cfg); err != nil {
		t.Fatalf("the working directory: %v", err)
	}
}

// serve runs the bot until its context ends (SIGINT/SIGTERM in gunbai run),
// then closes the gateway and the store cleanly.
func TestServeShutsDownGracefully(t *testing.T) {
	srv := discordtest.New(t)
	cfg := config.Default()
	cfg.Store.Path = filepath.Join(t.TempDir(), "g.db")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, cfg, bot.Conn{Token: "token", Wire: srv.Wire}, log.New(io.Discard, "", 0)) }()
	if !srv.WaitFor(func() bool { return len(srv.Interactions().Commands(srv.GuildID())) == len(bot.GuildCommands()) }, 15*time.Second) {
		t.Fatal("the bot did not register its commands")
	}
	// While it runs, the store file is locked: a second gunbai is refused.
	if _, err := store.Open(cfg.Store.Path, store.Options{Timeout: 50 * time.Millisecond}); err == nil {
		t.Fatal("a second process could open the store")
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(cfg.Store.Path, store.Options{Timeout: time.Second})
	if err != nil {
		t.Fatalf("the store was not released: %v", err)
	}
	defer st.Close()
	// It remembers that its process served every guild (gunbai reshard).
	if sv, err := st.Served(); err != nil || sv.Shards != 1 || sv.IDs != nil {
		t.Errorf("served %+v, %v; want every guild, unsharded", sv, err)
	}
}

// demoArmy is the demo's starting position: the built-in scenario the bot
// offers.
func demoArmy() engine.Battle {
	b, _ := game.Scenario(demoScenario)
	b.ID = demoBattle
	return b
}

// fakeDiscord starts a fake Discord that the commands' gunbai run and
// gunbai doctor connect to (adjustConn), until the test ends.
func fakeDiscord(t *testing.T) *discordtest.Server {
	srv := discordtest.New(t)
	adjustConn = func(c *bot.Conn) { c.Wire = srv.Wire }
	t.Cleanup(func() { adjustConn = nil })
	return srv
}
