package bot

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// /battle list: battles being fought first, each with where it stands and,
// while orders are taken, its deadline.
func TestBattlesList(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "g.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc := &game.Service{Store: st, TurnDeadline: time.Hour}
	rec, err := svc.Create("g", game.CreateRequest{Name: "Анэгава 1570", North: store.Clan{RoleID: "a"}, South: store.Clan{RoleID: "b"}})
	if err != nil {
		t.Fatal(err)
	}
	svc.Create("g", game.CreateRequest{Name: "Ямадзаки", North: store.Clan{RoleID: "r-x"}, South: store.Clan{RoleID: "r-y"}})
	svc.Finish("g", "Ямадзаки")
	op, err := svc.Start("g", rec.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	all, err := svc.Battles("g")
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("Battles:\n• Анэгава 1570 — taking orders, turn 1, due <t:%d:R>\n• Ямадзаки — ended by the GM before its first turn", op.Battle.Deadline.Unix())
	if got := battlesText(render.EN, all); got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	if got := battlesText(render.RU, nil); got != "На этом сервере битв нет." {
		t.Fatalf("no battles: %q", got)
	}
}

// A long list stays within one Discord message.
func TestBattlesListFitsAMessage(t *testing.T) {
	var all []store.Header
	for i := range 40 {
		all = append(all, store.Header{Name: fmt.Sprintf("Битва при деревне номер %d", i), Status: store.StatusFinished, Turn: 12})
	}
	text := battlesText(render.RU, all)
	if n := utf8.RuneCountInString(text); n > 2000 || !strings.HasSuffix(text, "… и ещё 15 (сначала идущие битвы).") {
		t.Fatalf("%d characters: %q", n, text)
	}
}

// Every command path of the table has its handler, and every option is
// named once: its catalogue key is its English name, so the name the
// handler reads is the name Discord shows.
func TestEveryCommandHasAHandler(t *testing.T) {
	r := routes()
	for _, c := range Commands() {
		paths := []string{c.Name}
		if len(c.Options) > 0 && c.Options[0].Type == 1 { // subcommands
			paths = nil
			for _, s := range c.Options {
				paths = append(paths, c.Name+" "+s.Name)
			}
		}
		for _, p := range paths {
			if r[p].handle == nil {
				t.Errorf("/%s has no handler", p)
			}
			if r[p].gm != (gmCommands[c.Name] || gmPaths[p]) && !playerPaths[p] || playerPaths[p] && r[p].gm {
				t.Errorf("/%s: gm %v", p, r[p].gm)
			}
		}
	}
	for _, c := range commandSpecs() {
		for _, s := range append([]cmdSpec{c}, c.subs...) {
			for _, o := range s.opts {
				if en := render.T(render.EN, "cmd."+c.name+".opt."+o.name+".name"); en != o.name {
					t.Errorf("/%s %s: the option is named %q in English", c.name, o.name, en)
				}
			}
		}
	}
}
