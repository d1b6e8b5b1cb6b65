package game

import (
	"strings"
	"testing"

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The undo's announcement names the turns it takes back: a range from the
// turn the battle is back at to the last resolved one, or that one turn;
// every place of its text filled (it once read «ходы 3–%!d(MISSING)»).
func TestUndoAnnouncesTheTurnsTakenBack(t *testing.T) {
	svc, north, _ := playedTurn(t)
	id := north.Battle.ID
	if _, err := svc.Resolve(guild, id, 2); err != nil {
		t.Fatal(err)
	}
	announced := func(u Undone) string {
		t.Helper()
		for _, p := range postsOf(t, svc, u.Posts) {
			if p.Kind == PostText && p.Audience == store.AudienceGM && strings.HasPrefix(p.Key, "bot.undone_") {
				return render.T(render.RU, p.Key, p.Args...) + "\n" + render.T(render.EN, p.Key, p.Args...)
			}
		}
		t.Fatal("no announcement of the undo")
		return ""
	}
	u, err := svc.Undo(guild, id, 1, false, "gm")
	if err != nil {
		t.Fatal(err)
	}
	got := announced(u)
	for _, want := range []string{"к началу хода 1: ходы 1–2 отменены", "start of turn 1: turns 1–2 are undone", "Приказы этого хода отдаются заново"} {
		if !strings.Contains(got, want) {
			t.Errorf("undo of turns 1-2: %q lacks %q", got, want)
		}
	}
	u, err = svc.Undo(guild, id, 1, true, "gm")
	if err != nil {
		t.Fatal(err)
	}
	got = announced(u)
	for _, want := range []string{"к началу хода 1: ход отменён", "start of turn 1: the turn is undone", "Отданные приказы этого хода остаются"} {
		if !strings.Contains(got, want) {
			t.Errorf("undo of turn 1: %q lacks %q", got, want)
		}
	}
	if strings.Contains(got, "%!") || strings.Contains(got, "?") {
		t.Errorf("a place left empty: %q", got)
	}
}
