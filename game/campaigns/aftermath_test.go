package campaigns

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/store"
)

// uploadedService is a service whose guild "g1" has the two testdata
// rosters, the clans bound to roles r-uesugi and r-takeda.
func uploadedService(t testing.TB) *Service {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "g.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	svc := &Service{Base: kit.Base{Store: st, Rand: &fixedRand{}}}
	for _, f := range []string{"roster_uesugi.toml", "roster_takeda.toml"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "campaign", "rosterfile", "testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.UploadRoster("g1", f, data); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []string{"uesugi", "takeda"} {
		if _, err := svc.BindClan("g1", c, "r-"+c, "ch-"+c, ""); err != nil {
			t.Fatal(err)
		}
	}
	return svc
}

// The clan's clicks on its aftermath message (F-E1-1 step 2): each is one
// transaction; a click from another clan, on a past turn's message, or one
// the rules refuse (a figure beyond a unit's cap, E1-L2) changes nothing
// and owes no refresh; the clan's own confirm applies it.
func TestAftermathClicks_F_E1_1(t *testing.T) {
	svc := uploadedService(t)
	// Losses to recover: the Uesugi spearmen lost 3 figures this turn.
	if _, err := svc.EditRoster("g1", "us-yari", "lost_this_turn", "3"); err != nil {
		t.Fatal(err)
	}
	am, err := svc.RunAftermath("g1", AftermathRequest{Army: "uesugi-main", Facts: campaign.Province{Fortification: campaign.Castle}, GMChannel: "ch-gm"})
	if err != nil {
		t.Fatal(err)
	}
	if !am.Recovery.Eligible || len(am.Alloc) != 1 || am.Alloc[0].Figures != 3 {
		t.Fatalf("the proposal: %+v", am)
	}
	owedLive := func() int {
		n := 0
		all, err := owed(svc)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range all {
			if p.Kind == PostAftermath {
				n++
			}
		}
		return n
	}
	if n := owedLive(); n != 2 {
		t.Fatalf("the clan's message and the GM's copy: %d owed", n)
	}
	before, _ := svc.Roster("g1")
	click := func(roles []string, id string, values ...string) error {
		return svc.ActAftermath(AftermathClick{Guild: "g1", User: "u1", Roles: roles, ID: id, Values: values})
	}
	mine := []string{"r-uesugi"}
	for _, c := range []struct {
		name  string
		roles []string
		id    string
		vals  []string
		key   string
	}{
		{"another clan", []string{"r-takeda"}, AftermathID("uesugi-main", 1, AmConfirm), nil, "err.aftermath_not_yours"},
		{"a past turn", mine, AftermathID("uesugi-main", 0, AmConfirm), nil, "err.aftermath_stale"},
		{"over the cap", mine, AftermathID("uesugi-main", 1, AmAdd), []string{"us-yari"}, "err.campaign"},
		{"a stranger's ID", mine, "am:oops", nil, "err.aftermath_stale"},
	} {
		userErr(t, click(c.roles, c.id, c.vals...), c.key)
		if after, _ := svc.Roster("g1"); !reflect.DeepEqual(before, after) {
			t.Fatalf("%s changed the roster", c.name)
		}
	}
	if err := click(mine, AftermathID("uesugi-main", 1, AmClear)); err != nil {
		t.Fatal(err)
	}
	if err := click(mine, AftermathID("uesugi-main", 1, AmAdd), "us-yari"); err != nil {
		t.Fatal(err)
	}
	if err := click(mine, AftermathID("uesugi-main", 1, AmConfirm)); err != nil {
		t.Fatal(err)
	}
	r, _ := svc.Roster("g1")
	a, _ := r.Army("uesugi-main")
	if u := a.Units[a.UnitIndex("us-yari")]; u.Figures != 7 || u.LostThisTurn != 0 || !a.Recovered {
		t.Errorf("after one figure given and confirmed: %+v (recovered %v)", u, a.Recovered)
	}
	if _, err := svc.NextTurn("g1"); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkAftermathClick is one click of a clan on its aftermath message:
// the roster read, changed and written back, and both messages' refresh
// owed, in one transaction.
func BenchmarkAftermathClick(b *testing.B) {
	svc := uploadedService(b)
	if _, err := svc.EditRoster("g1", "us-yari", "lost_this_turn", "3"); err != nil {
		b.Fatal(err)
	}
	if _, err := svc.RunAftermath("g1", AftermathRequest{Army: "uesugi-main", Facts: campaign.Province{Fortification: campaign.Castle}, GMChannel: "ch-gm"}); err != nil {
		b.Fatal(err)
	}
	ids := []string{AftermathID("uesugi-main", 1, AmClear), AftermathID("uesugi-main", 1, AmDefault)}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := svc.ActAftermath(AftermathClick{Guild: "g1", Roles: []string{"r-uesugi"}, ID: ids[i%2]}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRosterUpload parses a clan's roster file and merges it.
func BenchmarkRosterUpload(b *testing.B) {
	svc := uploadedService(b)
	data, err := os.ReadFile(filepath.Join("..", "..", "campaign", "rosterfile", "testdata", "roster_takeda.toml"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := svc.UploadRoster("g1", "roster_takeda.toml", data); err != nil {
			b.Fatal(err)
		}
	}
}

// The menu that gives a recovered figure, pressed twice after a lost
// answer (issue 25, item 3): one figure given; the second press is refused
// and changes nothing; the menu drawn anew gives another.
func TestRetryAftermathAddPressedTwice(t *testing.T) {
	svc := uploadedService(t)
	if _, err := svc.EditRoster("g1", "us-yari", "lost_this_turn", "3"); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.RunAftermath("g1", AftermathRequest{Army: "uesugi-main", Facts: campaign.Province{Fortification: campaign.Castle}, GMChannel: "ch-gm"}); err != nil {
		t.Fatal(err)
	}
	click := func(id string, values ...string) error {
		return svc.ActAftermath(AftermathClick{Guild: "g1", User: "u1", Roles: []string{"r-uesugi"}, ID: id, Values: values})
	}
	given := func() []campaign.Allocation {
		r, _ := svc.Roster("g1")
		am, _ := r.Aftermath("uesugi-main")
		return am.Alloc
	}
	if err := click(AftermathID("uesugi-main", 1, AmClear)); err != nil {
		t.Fatal(err)
	}
	menu := AftermathAddID("uesugi-main", 1, given())
	if err := click(menu, "us-yari"); err != nil {
		t.Fatal(err)
	}
	userErr(t, click(menu, "us-yari"), "err.aftermath_moved")
	if n := allotted(given()); n != 1 {
		t.Fatalf("%d figures given after the menu pressed twice, want 1", n)
	}
	if err := click(AftermathAddID("uesugi-main", 1, given()), "us-yari"); err != nil || allotted(given()) != 2 {
		t.Fatalf("the menu drawn anew: %v, %d given", err, allotted(given()))
	}
}

// E1-H2, F-E1-1 item 2 through the service: shingen began the turn wounded
// and commands t1 on the roster; no battle was recorded, yet commanding an
// army ("командование армией") makes him busy, −1 to his healing roll;
// nobushige, wounded too but commanding nothing and in no battle, is not.
func TestAftermathBusyCommander_E1_H2(t *testing.T) {
	svc, _ := calcService(t, func(r *campaign.Roster) {
		r.Clans[0].Channel = "ch-takeda"
		for i := range 2 {
			r.Characters[i].Wounds, r.Characters[i].WoundsAtTurnStart = 1, 1
		}
	})
	am, err := svc.RunAftermath(guild, AftermathRequest{Army: "t1", GMChannel: "ch-gm"})
	if err != nil {
		t.Fatal(err)
	}
	busy := map[string]bool{}
	for _, h := range am.Healings {
		busy[h.Character] = h.Busy
		if want := map[string]int{"shingen": -1, "nobushige": 0}[h.Character]; h.Result.Rolls[0].Mod != want {
			t.Errorf("E1-H2 %s's roll %+v, want the modifier %d", h.Character, h.Result.Rolls[0], want)
		}
	}
	if len(am.Healings) != 2 || !busy["shingen"] || busy["nobushige"] {
		t.Fatalf("E1-H2 busy %v in %+v", busy, am.Healings)
	}
}
