package game

import (
	"slices"
	"strings"
	"testing"
	"time"

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

// An undo takes back the results of its turns still owed (issue 25, item
// 2): a post never sent is dropped with the undo; one whose send failed
// (Discord may have it) stays owed, marked with the turn the battle went
// back to, for the bot to find by its nonce, and the undo's answer
// counts it; so does one owed from before the process began (a crash may
// have cut its send short). A part confirmed after the undo (a send that
// was on its way) is marked undone rather than recorded as standing.
func TestUndoOwedResultsTakenBack(t *testing.T) {
	svc, north, _ := playedTurn(t)
	id := north.Battle.ID
	results := func() (out []store.Post) {
		owed, err := svc.Posts().Owed()
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range owed {
			if p.Kind == PostTurn && p.Turn == 1 {
				out = append(out, p)
			}
		}
		return out
	}
	owed := results()
	if len(owed) < 3 {
		t.Fatalf("%d results of turn 1 owed", len(owed))
	}
	failed := owed[0]
	if err := svc.Posts().Later(failed.ID, time.Now(), "500"); err != nil {
		t.Fatal(err)
	}
	u, err := svc.Undo(guild, id, 1, true, "gm")
	if err != nil {
		t.Fatal(err)
	}
	left := results()
	if len(left) != 1 || left[0].ID != failed.ID || left[0].UndoneTo != 1 || !slices.Contains(u.Posts, failed.ID) {
		t.Fatalf("after the undo: %+v owed (the failed one %d), the undo's posts %v", left, failed.ID, u.Posts)
	}

	// Resolved again, and the process started after its results were owed.
	if _, err := svc.Resolve(guild, id, 1); err != nil {
		t.Fatal(err)
	}
	svc.Started = time.Now().Add(time.Hour)
	if _, err := svc.Undo(guild, id, 1, true, "gm"); err != nil {
		t.Fatal(err)
	}
	for _, p := range results() {
		if p.UndoneTo != 1 {
			t.Errorf("post %d owed from before the process began was dropped or left to post: %+v", p.ID, p)
		}
	}
	if n := len(results()); n < 3 {
		t.Errorf("%d results taken back by their nonce, want every one owed", n)
	}

	// A part confirmed after the undo: marked, not recorded as standing.
	p := results()[1]
	if err := svc.Posts().Posted(p, "555"); err != nil {
		t.Fatal(err)
	}
	var rec store.BattleRecord
	if err := svc.Store.View(func(tx *store.Tx) error {
		rec, err = tx.Battle(guild, id)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if len(rec.TurnPosts[1]) != 0 {
		t.Errorf("a part of undone results recorded as standing: %v", rec.TurnPosts)
	}
	marked := false
	all, _ := svc.Posts().Owed()
	for _, q := range all {
		marked = marked || q.Kind == PostReplaced && strings.Contains(string(q.Data), p.Channel+"/555")
	}
	if !marked {
		t.Error("the part confirmed after the undo is not marked undone")
	}
}
