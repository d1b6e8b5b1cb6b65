package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/gunbai/gunbai/internal/racetest"
)

// Over a few hundred random battles with forests, some units inside them,
// View(b, side) shows exactly what D-67 and R-XI.3.2 allow, before and after
// resolving turns (positions change and melee reveals units):
//
//   - every unit of side is shown, and every enemy unit not in a forest;
//   - an enemy unit on the field, in a forest, not revealed by melee and with
//     no unit of side on the field 8-adjacent to its cell is never shown; a
//     revealed one, or one with such a neighbour, is shown;
//   - shown units are the battle's units, unchanged and in the same order;
//   - the leaders of hidden units are hidden; every other leader is shown;
//   - everything else is the battle's, and View never changes its input nor
//     shares memory with it.
func TestViewPropertyForests(t *testing.T) {
	rng := rand.New(rand.NewPCG(67, 3211))
	var hiddenSeen, shownByContact, shownRevealed int
	for trial := 0; trial < racetest.Size(400); trial++ {
		b, _ := randomBattle(rng, 3+rng.IntN(10))
		forestBattle(rng, &b)
		where := fmt.Sprintf("trial %d before the turn", trial)
		h, c, r := checkView(t, b, where)
		hiddenSeen, shownByContact, shownRevealed = hiddenSeen+h, shownByContact+c, shownRevealed+r
		for turn := 1; turn <= 2 && b.Outcome == Ongoing; turn++ {
			orders := randomOrders(rng, b)
			next, events, err := ResolveTurn(b, orders, NewSeededDice(fmt.Appendf(nil, "view%d", trial), b.ID, b.Turn+1))
			if err != nil {
				t.Fatalf("trial %d turn %d: %v", trial, turn, err)
			}
			where := fmt.Sprintf("trial %d after turn %d", trial, turn)
			// Melee reveals both sides for good (D-67).
			for _, e := range events {
				if e.Kind != EvAttack && e.Kind != EvMeeting {
					continue
				}
				for _, id := range []string{e.Unit, e.Other} {
					if u := next.Unit(id); u != nil && !u.Revealed {
						t.Fatalf("%s: %s fought (%s event) but is not revealed", where, id, e.Kind)
					}
				}
			}
			for i, u := range next.Units {
				if b.Units[i].Revealed && !u.Revealed {
					t.Fatalf("%s: %s was revealed and is hidden again", where, u.ID)
				}
			}
			h, c, r := checkView(t, next, where)
			hiddenSeen, shownByContact, shownRevealed = hiddenSeen+h, shownByContact+c, shownRevealed+r
			b = next
		}
	}
	t.Logf("enemy units in forests: %d hidden, %d shown by contact, %d shown as revealed", hiddenSeen, shownByContact, shownRevealed)
	// The generator must exercise every branch, or the test proves little.
	if hiddenSeen < racetest.Size(100) || shownByContact < racetest.Size(100) || shownRevealed < racetest.Size(20) {
		t.Fatalf("weak generator: %d hidden, %d shown by contact, %d shown as revealed", hiddenSeen, shownByContact, shownRevealed)
	}
}

// forestBattle puts forests under some units and on some empty cells, marks
// a few units revealed, and gives each side leaders in units (hidden ones
// included), in the HQ and in the reserve.
func forestBattle(rng *rand.Rand, b *Battle) {
	b.Terrain.Forests = nil
	for _, u := range b.Units {
		if rng.IntN(3) == 0 {
			b.Terrain.Forests = append(b.Terrain.Forests, u.Cell)
		}
	}
	for k := 2 + rng.IntN(4); k > 0; k-- {
		c := Cell{1 + rng.IntN(FieldWidth), 1 + rng.IntN(FieldHeight)}
		if !b.Terrain.Forest(c) {
			b.Terrain.Forests = append(b.Terrain.Forests, c)
		}
	}
	// Swamps are never under a unit, nor on a forest.
	sw := b.Terrain.Swamps[:0]
	for _, c := range b.Terrain.Swamps {
		if b.UnitAt(c) == nil && !b.Terrain.Forest(c) {
			sw = append(sw, c)
		}
	}
	b.Terrain.Swamps = sw
	for i := range b.Units {
		b.Units[i].Revealed = rng.IntN(5) == 0
	}
	for side := North; side <= South; side++ {
		var mine []string
		for _, u := range b.Units {
			if u.Side == side {
				mine = append(mine, u.ID)
			}
		}
		for k := 0; k < 4; k++ {
			l := Leader{ID: fmt.Sprintf("%sL%d", side.String()[:1], k), Side: side, Role: General, At: AtHQ}
			if k == 0 {
				l.Role = Commander
			}
			switch r := rng.IntN(6); {
			case r < 4 && len(mine) > 0:
				l.At = mine[rng.IntN(len(mine))]
			case r == 4:
				l.At = AtReserve
			}
			b.Leaders = append(b.Leaders, l)
		}
	}
}

// checkView checks View(b, side) for both sides; it returns how many enemy
// units were hidden, shown through contact and shown as revealed.
func checkView(t *testing.T, b Battle, where string) (hidden, contact, revealed int) {
	t.Helper()
	beforeJSON, _ := json.Marshal(b)
	for side := North; side <= South; side++ {
		v := View(b, side)
		at := fmt.Sprintf("%s, view of %s", where, side)
		// Validate's readView is the same view, copied or not (Clone
		// makes empty slices and nil ones alike).
		if rv := readView(b, side); !reflect.DeepEqual(rv.Clone(), v.Clone()) {
			t.Fatalf("%s: readView differs from View", at)
		}
		secrets := b
		secrets.Shinobi, secrets.Spare, secrets.Settings.HQHidden = [2]int{1, 2}, [2]bool{true, true}, true
		if rv := readView(secrets, side); !reflect.DeepEqual(rv.Clone(), View(secrets, side).Clone()) {
			t.Fatalf("%s: readView differs from View with shinobi, spares and a hidden HQ", at)
		}
		if after, _ := json.Marshal(b); string(after) != string(beforeJSON) {
			t.Fatalf("%s: View changed its input", at)
		}
		shown := map[string]*Unit{}
		for i := range v.Units {
			u := &v.Units[i]
			if shown[u.ID] != nil {
				t.Fatalf("%s: %s shown twice", at, u.ID)
			}
			shown[u.ID] = u
			if o := b.Unit(u.ID); o == nil || !reflect.DeepEqual(*o, *u) {
				t.Fatalf("%s: %s is shown as %+v, the battle has %+v", at, u.ID, *u, o)
			}
		}
		// Shown units keep the battle's order.
		k := 0
		for _, u := range b.Units {
			if k < len(v.Units) && v.Units[k].ID == u.ID {
				k++
			}
		}
		if k != len(v.Units) {
			t.Fatalf("%s: the view reorders the units: %v", at, ids(v))
		}
		for i := range b.Units {
			u := &b.Units[i]
			inForest := b.Terrain.Forest(u.Cell)
			contactBy := ""
			anyNear := false
			for j := range b.Units {
				w := &b.Units[j]
				if w.Side != side || !Adjacent8(w.Cell, u.Cell) {
					continue
				}
				anyNear = true
				if w.Active() && contactBy == "" {
					contactBy = w.ID
				}
			}
			_, isShown := shown[u.ID]
			switch {
			case u.Side == side:
				if !isShown {
					t.Fatalf("%s: own unit %s is missing", at, u.ID)
				}
			case !inForest:
				if !isShown {
					t.Fatalf("%s: enemy %s in the open at %s is missing", at, u.ID, u.Cell)
				}
			case !u.Active():
				// Off the field: D-67 says nothing; not checked.
			case u.Revealed:
				revealed++
				if !isShown {
					t.Fatalf("%s: enemy %s in the forest at %s fought in melee (revealed) but is missing", at, u.ID, u.Cell)
				}
			case contactBy != "":
				contact++
				if !isShown {
					t.Fatalf("%s: enemy %s in the forest at %s is missing although %s stands next to it", at, u.ID, u.Cell, contactBy)
				}
			default:
				hidden++
				if isShown {
					t.Fatalf("%s: enemy %s in the forest at %s, not revealed, with no %s unit on the field next to it (any at all: %v), is shown",
						at, u.ID, u.Cell, side, anyNear)
				}
			}
		}
		// Leaders: hidden with their unit, shown otherwise.
		vl := map[string]Leader{}
		for _, l := range v.Leaders {
			vl[l.ID] = l
		}
		if len(vl) != len(v.Leaders) {
			t.Fatalf("%s: a leader is shown twice", at)
		}
		for _, l := range b.Leaders {
			got, isShown := vl[l.ID]
			want := l.Side == side || l.At == AtHQ || l.At == AtReserve || shown[l.At] != nil
			if isShown != want {
				t.Fatalf("%s: leader %s of %s at %s: shown %v, want %v", at, l.ID, l.Side, l.At, isShown, want)
			}
			if isShown && !sameJSON(got, l) {
				t.Fatalf("%s: leader %s shown as %+v, the battle has %+v", at, l.ID, got, l)
			}
			if !isShown && shown[l.At] == nil && b.Unit(l.At) == nil {
				t.Fatalf("%s: leader %s hidden but not in a unit", at, l.ID)
			}
		}
		// Everything but units, leaders and the shields of hidden units'
		// cells is the battle's.
		rest := v
		rest.Units, rest.Leaders = b.Units, b.Leaders
		want := b.Clone()
		for _, u := range b.Units {
			if shown[u.ID] == nil {
				if sides := want.Terrain.ShieldSides(u.Cell); sides != 0 {
					want.Terrain.SetShields(u.Cell, 0)
				}
			}
		}
		if !sameJSON(rest, want) {
			t.Fatalf("%s: the view changes more than units, leaders and hidden shields", at)
		}
		// The view shares no memory with the battle.
		for i := range v.Units {
			v.Units[i].Figures += 100
			v.Units[i].Cell = Cell{99, 99}
		}
		for i := range v.Leaders {
			v.Leaders[i].At = "x"
			for k := range v.Leaders[i].Traits {
				v.Leaders[i].Traits[k] = "x"
			}
		}
		v.Terrain.Forests = append(v.Terrain.Forests[:0], Cell{98, 98})
		if after, _ := json.Marshal(b); string(after) != string(beforeJSON) {
			t.Fatalf("%s: changing the view changed the battle", at)
		}
	}
	return hidden, contact, revealed
}

// sameJSON compares two values by their JSON, so that a nil and an empty
// slice (which Clone may swap) count as equal.
func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
