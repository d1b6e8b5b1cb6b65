package arena

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
)

func TestTry(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("TRY_N"))
	if n == 0 {
		t.Skip()
	}
	turns, _ := strconv.Atoi(os.Getenv("TRY_TURNS"))
	var w, d, l int
	var dec int
	var tm time.Duration
	var simt int
	for i := 0; i < n; i++ {
		b := sim.Deploy(uint64(1000 + i/2))
		ps := [2]Player{General{Turns: turns}, Scripted{}}
		me := engine.North
		if i%2 == 1 {
			ps[0], ps[1] = ps[1], ps[0]
			me = engine.South
		}
		r := Play(b, ps, uint64(i))
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		switch {
		case r.Outcome == engine.Draw:
			d++
		case (r.Outcome == engine.NorthVictory || r.Outcome == engine.NorthTotalVictory) == (me == engine.North):
			w++
		default:
			l++
		}
		dec += r.Decisions[me]
		tm += r.Time[me]
		simt += r.Simulated[me]
		t.Logf("battle %d: %v in %d turns (ai %v)", i, r.Outcome, r.Turns, me)
	}
	t.Logf("W %d D %d L %d; %v/decision, %d sim turns/decision", w, d, l, tm/time.Duration(max(dec, 1)), simt/max(dec, 1))
}
