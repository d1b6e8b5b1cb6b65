package quickbattles

import (
	"strconv"
	"testing"
	"time"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/quick"
)

// A quick battle whose owners do not confirm by the deadline is resolved
// with the defaults (E3-Q4): the smallest units first; its record written
// back; a confirmed one is not resolved twice.
func TestQuickBattleDeadline_E3_Q4(t *testing.T) {
	svc := uploadedService(t)
	now := time.Date(1561, 10, 18, 6, 0, 0, 0, time.UTC)
	svc.Now = func() time.Time { return now }
	rec, err := svc.QuickBattle("g1", QuickRequest{Name: "Стычка", Attacker: []string{"uesugi-main"}, Defender: []string{"takeda-main"},
		AtkMod: quick.Modifier{N: 3, Reason: "внезапность"}})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Losses(quick.Defender) == 0 {
		t.Fatal("no hits on the defender with 3 more dice: the test shows nothing")
	}
	if n, err := svc.DueFights(now.Add(CasualtyWait - time.Second)); err != nil || n != 0 {
		t.Fatalf("before the deadline: %d resolved, %v", n, err)
	}
	if n, err := svc.DueFights(now.Add(CasualtyWait)); err != nil || n != 1 {
		t.Fatalf("at the deadline: %d resolved, %v", n, err)
	}
	r, done, err := svc.Fight("g1", rec.ID)
	if err != nil || !done.Done {
		t.Fatalf("resolved: %+v, %v", done, err)
	}
	want := quick.DefaultLosses(rec.Force(quick.Defender).Units, rec.Losses(quick.Defender))
	got := done.Outcome.Sides[quick.Defender].Lost
	if len(got) != len(want) {
		t.Fatalf("the defaults: lost %v, want %v", got, want)
	}
	for _, id := range want {
		a, _ := r.Army("takeda-main")
		if u := a.Units[a.UnitIndex(id)]; u.Figures != 0 {
			t.Errorf("%s should be gone: %+v", id, u)
		}
	}
	if len(r.Records) != 1 || r.Records[0].Sides[quick.Defender].Result == campaign.Draw {
		t.Errorf("records: %+v", r.Records)
	}
	if n, _ := svc.DueFights(now.Add(2 * CasualtyWait)); n != 0 {
		t.Errorf("a resolved fight was resolved again (%d)", n)
	}
}

// BenchmarkQuickBattle is /quickbattle's work: two armies' forces from the
// roster, a fresh seed, the dice rolled, the fight stored and its three
// messages owed, in one transaction.
func BenchmarkQuickBattle(b *testing.B) {
	svc := uploadedService(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := svc.QuickBattle("g1", QuickRequest{Name: "b" + strconv.Itoa(i), Attacker: []string{"uesugi-main"}, Defender: []string{"takeda-main"}}); err != nil {
			b.Fatal(err)
		}
	}
}

// E3-F12, E3-U2 through the service: the Uesugi sendan (2 units) wins at
// Takeda's castle, whose survivors go inside; the sendan does not
// outnumber them, so no siege opens and it withdraws as on lifting a siege:
// the three restrictions of seed 15.3, none of 14.1's "where the enemy came
// from" rules, and no way into fortifications.
func TestQuickBattleWithdraw_E3_F12_E3_U2(t *testing.T) {
	svc := uploadedService(t)
	rec, err := svc.QuickBattle("g1", QuickRequest{Name: "У замка", Attacker: []string{"uesugi-sendan"}, Defender: []string{"takeda-main"},
		Fortress: quick.Castle, AtkMod: quick.Modifier{N: 10, Reason: "внезапность"}, DefMod: quick.Modifier{N: -6, Reason: "туман"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.DueFights(rec.Deadline); err != nil {
		t.Fatal(err)
	}
	_, done, err := svc.Fight("g1", rec.ID)
	if err != nil || !done.Done || done.Outcome == nil {
		t.Fatalf("resolved: %+v, %v", done, err)
	}
	if done.Outcome.Winner != quick.Attacker || !done.Outcome.SiegeCheck || done.OpenedSiege != "" {
		t.Fatalf("the fight: winner %v, siege check %v, siege %q", done.Outcome.Winner, done.Outcome.SiegeCheck, done.OpenedSiege)
	}
	w := done.Withdraw
	if w == nil || w.Clan != "uesugi" || w.IntoFortress != 0 || len(w.Checklist) != len(quick.LiftChecklist()) {
		t.Fatalf("E3-U2 withdrawal %+v", w)
	}
	for i, c := range quick.LiftChecklist() {
		if w.Checklist[i].ID != c.ID || c.ID == "E3-R2.4" || c.ID == "E3-R2.5" {
			t.Errorf("E3-U2 restriction %d: %+v", i, w.Checklist[i])
		}
	}
}
