package duels

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gunbai/gunbai/duel"
	"github.com/gunbai/gunbai/game/campaigns"
	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// playDuel plays a duel to its end through clicks: the fighters' splits,
// then each step as the awaited fighter, attacking and Enhancing where it
// may. roles are each fighter's player's roles.
func playDuel(t *testing.T, svc *Service, guild, battle, id string, roles [2]string, splits [2]string) store.DuelRecord {
	t.Helper()
	click := func(i int, action string, values ...string) {
		t.Helper()
		if err := svc.ActDuel(DuelClick{Guild: guild, User: "u" + roles[i], Roles: []string{roles[i]},
			ID: DuelID(guild, battle, id, i, action), Values: values}); err != nil {
			t.Fatalf("fighter %d %s %v: %v", i, action, values, err)
		}
	}
	click(0, DuelActSplit, splits[0])
	d, err := svc.Duel(guild, battle, id)
	if err != nil {
		t.Fatal(err)
	}
	if _, shown := d.State.Shown(0); shown || d.State.Phase != duel.PhaseSplits {
		t.Fatalf("the first split is shown before the second is in: %+v", d.State)
	}
	click(1, DuelActSplit, splits[1])
	for n := 0; n < 100; n++ {
		d, err = svc.Duel(guild, battle, id)
		if err != nil {
			t.Fatal(err)
		}
		if d.State.Phase == duel.PhaseDone {
			return d
		}
		w := DuelAwaited(&d)
		switch d.Step {
		case store.DuelStepAct:
			click(w, DuelActAttack)
		case store.DuelStepDefend:
			click(w, DuelActDefend, "yes")
		case store.DuelStepEnhance:
			click(w, DuelActEnhance, "yes")
		default:
			t.Fatalf("step %q", d.Step)
		}
	}
	t.Fatal("the duel does not end")
	return d
}

// F-E4-1 outside a battle: the GM's duel between two roster characters of
// different clans; the other clan's click, a second split after both are
// in, a click out of turn are refused; the result goes to the roster.
func TestDuelOutsideABattle(t *testing.T) {
	svc, camp := uploadedService(t)
	if _, err := svc.StartDuel("g1", DuelRequest{A: "kenshin", B: "kageie"}); err == nil {
		t.Fatal("a duel within one clan")
	} else {
		userErr(t, err, "err.duel_same_clan")
	}
	d, err := svc.StartDuel("g1", DuelRequest{A: "kenshin", B: "shingen", GMChannel: "ch-gm", Locale: "ru"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Seats[0].Channel != "ch-uesugi" || d.Seats[1].Role != "r-takeda" || d.State.Phase != duel.PhaseSplits {
		t.Fatalf("duel %+v", d)
	}
	err = svc.ActDuel(DuelClick{Guild: "g1", User: "x", Roles: []string{"r-takeda"}, ID: DuelID("g1", "", d.ID, 0, DuelActSplit), Values: []string{"2"}})
	userErr(t, err, "err.duel_not_yours")
	got := playDuel(t, svc, "g1", "", d.ID, [2]string{"r-uesugi", "r-takeda"}, [2]string{"2e", "1"})
	if !got.Applied || got.State.End == duel.EndNone {
		t.Fatalf("not applied: %+v", got)
	}
	err = svc.ActDuel(DuelClick{Guild: "g1", Roles: []string{"r-takeda"}, ID: DuelID("g1", "", d.ID, 1, DuelActSplit), Values: []string{"1"}})
	userErr(t, err, "err.duel_over")
	r, err := camp.Roster("g1")
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"kenshin", "shingen"} {
		p, _ := r.Person(id)
		if p.Wounds != got.State.Wounds[i] {
			t.Errorf("%s: %d wounds on the roster, the duel left %d", id, p.Wounds, got.State.Wounds[i])
		}
	}
	if len(got.State.Log) == 0 || !got.State.Splits[0].EnhanceInitiative {
		t.Fatalf("log %+v splits %+v", got.State.Log, got.State.Splits)
	}
}

// E4-Q5c: past the deadline the bot plays for whoever has not chosen, to
// the end when neither comes back.
func TestDuelDeadline(t *testing.T) {
	svc, _ := uploadedService(t)
	d, err := svc.StartDuel("g1", DuelRequest{A: "kenshin", B: "shingen", Timeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.ActDuel(DuelClick{Guild: "g1", Roles: []string{"r-uesugi"}, ID: DuelID("g1", "", d.ID, 0, DuelActSplit), Values: []string{"3"}}); err != nil {
		t.Fatal(err)
	}
	if n, err := svc.DueDuels(time.Now()); err != nil || n != 0 {
		t.Fatalf("before the deadline: %d %v", n, err)
	}
	for k := 0; k < 50; k++ {
		got, _ := svc.Duel("g1", "", d.ID)
		if got.State.Phase == duel.PhaseDone {
			if !got.State.Splits[1].EnhanceInitiative && *got.State.Splits[1] == duel.AutoSplit(3) && *got.State.Splits[0] == (duel.Split{Attack: 3}) && got.Applied {
				return
			}
			t.Fatalf("auto-played duel %+v", got)
		}
		if _, err := svc.DueDuels(time.Now().Add(time.Duration(k+2) * time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the deadline does not end the duel")
}

// A duel's "attack" pressed twice after a lost answer (issue 25, item 3):
// when the same fighter acts again in the next exchange (his enemy has no
// attack left), the second press is refused and attacks no second time.
func TestRetryDuelPressedTwice(t *testing.T) {
	svc, _ := uploadedService(t)
	d, err := svc.StartDuel("g1", DuelRequest{A: "kenshin", B: "shingen", Timeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	roles := [2]string{"r-uesugi", "r-takeda"}
	click := func(i int, action string, values ...string) error {
		return svc.ActDuel(DuelClick{Guild: "g1", User: "u" + roles[i], Roles: []string{roles[i]},
			ID: DuelID("g1", "", d.ID, i, action), Values: values})
	}
	now := func() store.DuelRecord {
		got, err := svc.Duel("g1", "", d.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if err := click(0, DuelActSplit, "3"); err != nil {
		t.Fatal(err)
	}
	if err := click(1, DuelActSplit, "0"); err != nil { // no attack: fighter 0 acts every exchange
		t.Fatal(err)
	}
	cur := now()
	if cur.Step != store.DuelStepAct || DuelAwaited(&cur) != 0 {
		t.Fatalf("precondition: fighter 0 to act: step %q, awaited %d", cur.Step, DuelAwaited(&cur))
	}
	attack := DuelAsOf(DuelActAttack, &cur) // the button as drawn
	if err := click(0, attack); err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 10; k++ {
		cur = now()
		if cur.State.Phase == duel.PhaseDone || cur.Step == store.DuelStepAct && DuelAwaited(&cur) == 0 {
			break
		}
		step := DuelActDefend
		if cur.Step == store.DuelStepEnhance {
			step = DuelActEnhance
		}
		if err := click(DuelAwaited(&cur), DuelAsOf(step, &cur), "no"); err != nil {
			t.Fatal(err)
		}
	}
	if cur.State.Phase == duel.PhaseDone || cur.Step != store.DuelStepAct || DuelAwaited(&cur) != 0 {
		t.Fatalf("precondition: fighter 0 acts again: %+v", cur.State)
	}
	exchanges := len(cur.State.Log)
	userErr(t, click(0, attack), "err.duel_moved")
	if got := now(); len(got.State.Log) != exchanges || got.Step != store.DuelStepAct {
		t.Fatalf("the second press changed the duel: %d exchanges (were %d), step %q", len(got.State.Log), exchanges, got.Step)
	}
}

// fixedRand gives the same seeds every run, so tests know the dice.
type fixedRand struct{ b byte }

func (f *fixedRand) Read(p []byte) (int, error) {
	for i := range p {
		f.b++
		p[i] = f.b
	}
	return len(p), nil
}

// uploadedService is a service whose guild "g1" has the two testdata
// rosters uploaded (by the campaign's service) and their clans bound.
func uploadedService(t testing.TB) (*Service, *campaigns.Service) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "g.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	base := kit.Base{Store: st, Rand: &fixedRand{}}
	c := &campaigns.Service{Base: base}
	for _, f := range []string{"roster_uesugi.toml", "roster_takeda.toml"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "campaign", "rosterfile", "testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.UploadRoster("g1", f, data); err != nil {
			t.Fatal(err)
		}
	}
	for _, cl := range []string{"uesugi", "takeda"} {
		if _, err := c.BindClan("g1", cl, "r-"+cl, "ch-"+cl, ""); err != nil {
			t.Fatal(err)
		}
	}
	return &Service{Base: base}, c
}

func userErr(t *testing.T, err error, key string) {
	t.Helper()
	var ue *kit.Refusal
	if !errors.As(err, &ue) {
		t.Fatalf("want a refusal %s, got %v", key, err)
	}
	if key != "" && ue.Key != key && (len(ue.Problems) == 0 || ue.Problems[0].Code != key) {
		t.Fatalf("want %s, got %s %v", key, ue.Key, ue.Problems)
	}
	// Every refusal reads in both languages.
	ru, en := render.Refusal(render.RU, ue.Key, ue.Args, ue.Problems), render.Refusal(render.EN, ue.Key, ue.Args, ue.Problems)
	if ru == "" || en == "" || ru == en || strings.Contains(ru, "%!") || strings.Contains(en, "%!") {
		t.Fatalf("refusal %s not bilingual: %q / %q", key, ru, en)
	}
}
