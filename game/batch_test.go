package game

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Players acting at once share their commits (inCommand commits through
// Store.Batch), and a refusal among them makes the others' functions run
// again: each order still counts once, in the orders and in the turn's
// changes, and each refusal reaches only its own player.
func TestOrdersAtOnce(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	rec := created(t, svc)
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		t.Fatal(err)
	}
	north, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
	if c, _ := svc.Roll(north, engine.StakeLow); !c.Final {
		svc.Reroll(north, 1, "")
	}
	const players = 30
	errs := make([]error, players)
	var wg sync.WaitGroup
	for i := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o := engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1}
			if i%5 == 0 {
				o.Unit = "nobody" // refused
			}
			_, errs[i] = svc.Order(north, o)
		}()
	}
	wg.Wait()
	given := 0
	for i, err := range errs {
		if i%5 == 0 {
			userErr(t, err, "")
			continue
		}
		if err != nil {
			t.Fatalf("order %d: %v", i, err)
		}
		given++
	}
	so, err := svc.Orders(north)
	if err != nil {
		t.Fatal(err)
	}
	if len(so.Orders) != 1 {
		t.Errorf("orders %+v: want n-yari's phase 1 order, once", so.Orders)
	}
	var ph store.CommandPhase
	if err := svc.Store.View(func(tx *store.Tx) (err error) { ph, err = tx.BattleTurn(guild, rec.ID, 1).Phase(); return err }); err != nil {
		t.Fatal(err)
	}
	if n := len(ph.Changes[engine.North]); n != given {
		t.Errorf("%d changes recorded for %d orders given", n, given)
	}
}
