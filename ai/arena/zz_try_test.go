package arena

import (
	"os"
	"strconv"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
)

func TestZZTry(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("TRY_N"))
	if n == 0 {
		t.Skip()
	}
	a, _ := strconv.Atoi(os.Getenv("TRY_A"))
	bt, _ := strconv.Atoi(os.Getenv("TRY_B"))
	var w, d, l int
	for i := 0; i < n; i++ {
		var opp Player = Scripted{}
		if bt > 0 {
			opp = General{Turns: bt}
		}
		ps := [2]Player{General{Turns: a}, opp}
		me := engine.North
		if i%2 == 1 {
			ps[0], ps[1], me = ps[1], ps[0], engine.South
		}
		r := Play(sim.Deploy(uint64(5000+i/2)), ps, uint64(i))
		switch ws, ok := winner(r.Outcome); {
		case !ok:
			d++
		case ws == me:
			w++
		default:
			l++
		}
	}
	t.Logf("A=%d B=%d: W %d D %d L %d", a, bt, w, d, l)
}
