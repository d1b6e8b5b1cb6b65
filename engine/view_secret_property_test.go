package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/gunbai/gunbai/internal/racetest"
)

// Over a few hundred random deployments (units in their own zones, some
// off the field, forests, shields in every zone, leaders in units, HQs and
// reserves, a public or hidden HQ), some scouted by one side or both and
// changed after the scouting (a GM's fix), DeploymentView(b, side, reports)
// shows exactly what D-70 allows through the deployment turn:
//
//   - every unit and leader of side, as the battle has them, in its order;
//   - of the enemy's army only what side's reports hold: the units of the
//     scouted cells and the leaders with them, as they stood when scouted,
//     never another unit or leader (in the HQ, the reserve, a unit not
//     scouted, a forest or the open alike);
//   - the shields of side's own zones only, the terrain otherwise whole;
//   - the enemy HQ as D-19 says: public, or hidden until found by scouts;
//   - nothing of the enemy's shinobi or spare choice;
//
// and it never changes its input nor shares memory with it.
func TestSecretDeploymentViewProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(70, 1571))
	var hidden, scouted, leadersScouted, leadersHidden, hqHidden int
	for trial := 0; trial < racetest.Size(400); trial++ {
		b := randomDeployment(rng)
		var reports [2][]ScoutReport
		for side := North; side <= South; side++ {
			if b.Shinobi[side] == 0 || rng.IntN(3) == 0 {
				continue
			}
			nb, r, p := ScoutCells(b, side, scoutTargets(rng, b, side), false)
			if p != nil {
				t.Fatalf("trial %d: scouting: %v", trial, p)
			}
			b, reports[side] = nb, []ScoutReport{r}
		}
		// A GM's fix after the scouting: the report still tells the units
		// as they stood when scouted.
		for i := range b.Units {
			if rng.IntN(4) == 0 {
				b.Units[i].Figures = 1 + rng.IntN(16)
				b.Units[i].Facing = Dir(rng.IntN(4))
			}
		}
		for side := North; side <= South; side++ {
			h, s, ls, lh, hq := checkSecretDeployment(t, b, side, reports[side], fmt.Sprintf("trial %d, view of %s", trial, side))
			hidden, scouted, leadersScouted, leadersHidden, hqHidden = hidden+h, scouted+s, leadersScouted+ls, leadersHidden+lh, hqHidden+hq
		}
	}
	t.Logf("enemy units: %d hidden, %d shown as scouted; enemy leaders: %d hidden, %d shown as scouted; %d enemy HQs hidden", hidden, scouted, leadersHidden, leadersScouted, hqHidden)
	if hidden < racetest.Size(1000) || scouted < racetest.Size(100) || leadersScouted < racetest.Size(20) || leadersHidden < racetest.Size(300) || hqHidden < racetest.Size(20) {
		t.Fatalf("weak generator: %d hidden, %d scouted, %d leaders scouted, %d leaders hidden, %d HQs hidden", hidden, scouted, leadersScouted, leadersHidden, hqHidden)
	}
}

// randomDeployment is a battle in its deployment turn: each side's units
// in its own zones (some in the reserve), forests and hills, shields in
// every zone, leaders (forestBattle's), HQs, shinobi, spares, and a
// public or hidden HQ.
func randomDeployment(rng *rand.Rand) Battle {
	b := Battle{ID: "d", Defender: Side(rng.IntN(2)), Settings: DefaultSettings()}
	taken := map[Cell]bool{}
	types := []TroopType{HeavyCavalry, LightCavalry, SamuraiSpear, SamuraiArcher, AshigaruSpear, AshigaruTeppo, Yamabushi}
	for side := North; side <= South; side++ {
		for k := 0; k < 2+rng.IntN(10); k++ {
			c := ownCell(rng, side)
			if taken[c] {
				continue
			}
			taken[c] = true
			u := Unit{ID: fmt.Sprintf("%s%d", side.String()[:1], k), Side: side, Type: types[rng.IntN(len(types))],
				Figures: 1 + rng.IntN(16), Cell: c, Facing: Dir(rng.IntN(4)), Status: StatusOK}
			if rng.IntN(8) == 0 {
				u.Status = StatusReserve
			}
			u.Ammo = u.Stats().AmmoPerFigure * u.Figures
			b.Units = append(b.Units, u)
		}
		b.HQ[side] = ownCell(rng, side)
		b.Shinobi[side] = rng.IntN(3)
		b.Spare[side] = rng.IntN(2) == 0
	}
	forestBattle(rng, &b)
	for i := range b.Units {
		b.Units[i].Revealed = false // nothing has fought yet
	}
	for k := rng.IntN(6); k > 0; k-- {
		b.Terrain.Hills = append(b.Terrain.Hills, Cell{1 + rng.IntN(FieldWidth), 1 + rng.IntN(FieldHeight)})
	}
	for k := rng.IntN(8); k > 0; k-- {
		b.Terrain.SetShields(Cell{1 + rng.IntN(FieldWidth), 1 + rng.IntN(FieldHeight)}, uint8(1+rng.IntN(15)))
	}
	b.Settings.HQHidden = rng.IntN(3) == 0
	return b
}

// ownCell is a random cell of side's own zones.
func ownCell(rng *rand.Rand, side Side) Cell {
	for {
		if c := (Cell{1 + rng.IntN(FieldWidth), 1 + rng.IntN(FieldHeight)}); InOwnZones(c, side) {
			return c
		}
	}
}

// scoutTargets are 1 to 2 cells a shinobi of side's, mostly of the enemy's
// units, some empty.
func scoutTargets(rng *rand.Rand, b Battle, side Side) []Cell {
	var enemy []Cell
	for _, u := range b.Units {
		if u.Side != side && u.Active() {
			enemy = append(enemy, u.Cell)
		}
	}
	var cells []Cell
	for k := 1 + rng.IntN(2); k > 0; k-- {
		c := ownCell(rng, side.Enemy())
		if len(enemy) > 0 && rng.IntN(4) != 0 {
			c = enemy[rng.IntN(len(enemy))]
		}
		if !slices.Contains(cells, c) {
			cells = append(cells, c)
		}
	}
	return cells
}

// checkSecretDeployment checks DeploymentView(b, side, reports); it
// returns how many enemy units were hidden and shown as scouted, how many
// enemy leaders shown as scouted and hidden, and 1 if the enemy HQ was
// hidden.
func checkSecretDeployment(t *testing.T, b Battle, side Side, reports []ScoutReport, at string) (hidden, scouted, leadersScouted, leadersHidden, hqHidden int) {
	t.Helper()
	before, _ := json.Marshal(b)
	v := DeploymentView(b, side, reports)
	if after, _ := json.Marshal(b); string(after) != string(before) {
		t.Fatalf("%s: DeploymentView changed its input", at)
	}
	reported := map[string]Unit{}
	reportedLeaders := map[string]Leader{}
	for _, r := range reports {
		for _, u := range r.Units {
			reported[u.ID] = u
		}
		for _, l := range r.Leaders {
			reportedLeaders[l.ID] = l
		}
	}
	// Units: the side's own as they are, in order, then the scouted enemy.
	var own []Unit
	for _, u := range b.Units {
		if u.Side == side {
			own = append(own, u)
		}
	}
	if len(v.Units) < len(own) || !reflect.DeepEqual(v.Units[:len(own)], own) {
		t.Fatalf("%s: its own units are not shown as they are: %v", at, ids(v))
	}
	shown := map[string]bool{}
	for _, u := range v.Units[len(own):] {
		r, ok := reported[u.ID]
		if u.Side == side || !ok || !reflect.DeepEqual(r, u) || shown[u.ID] {
			t.Fatalf("%s: enemy unit %+v shown, not as scouted (%v)", at, u, ok)
		}
		shown[u.ID] = true
	}
	for _, u := range b.Units {
		switch {
		case u.Side == side:
		case shown[u.ID]:
			scouted++
		case reported[u.ID].ID != "":
			t.Fatalf("%s: the scouted %s is missing", at, u.ID)
		default:
			hidden++
		}
	}
	// Leaders: all of the side's, of the enemy's only those scouted with a
	// unit shown.
	seen := map[string]bool{}
	for _, l := range v.Leaders {
		seen[l.ID] = true
		if l.Side == side {
			if o := b.Leader(l.ID); o == nil || !reflect.DeepEqual(*o, l) {
				t.Fatalf("%s: own leader %s shown as %+v", at, l.ID, l)
			}
			continue
		}
		if r, ok := reportedLeaders[l.ID]; !ok || !reflect.DeepEqual(r, l) || !shown[l.At] {
			t.Fatalf("%s: enemy leader %+v shown, not as scouted with a unit shown", at, l)
		}
		leadersScouted++
	}
	for _, l := range b.Leaders {
		switch {
		case l.Side == side && !seen[l.ID]:
			t.Fatalf("%s: own leader %s is missing", at, l.ID)
		case l.Side != side && !seen[l.ID]:
			leadersHidden++
		}
	}
	// Shields: the side's own zones' only; the rest of the terrain whole.
	var shields []CellShields
	for _, s := range b.Terrain.Shields {
		if InOwnZones(s.Cell, side) {
			shields = append(shields, s)
		}
	}
	if !reflect.DeepEqual(slices.Clip(v.Terrain.Shields), slices.Clip(shields)) && len(v.Terrain.Shields)+len(shields) > 0 {
		t.Fatalf("%s: shields %+v, want those of its own zones %+v", at, v.Terrain.Shields, shields)
	}
	vt, bt := v.Terrain, b.Terrain
	vt.Shields, bt.Shields = nil, nil
	if !reflect.DeepEqual(vt, bt) {
		t.Fatalf("%s: terrain %+v, the battle's %+v", at, vt, bt)
	}
	// The HQs (D-19), the enemy's shinobi and spare choice.
	enemy := side.Enemy()
	wantHQ := b.HQ
	if b.Settings.HQHidden && !b.HQKnown[side] {
		wantHQ[enemy] = NoCell
		hqHidden = 1
	}
	if v.HQ != wantHQ || v.Shinobi[enemy] != 0 || v.Spare[enemy] || v.Shinobi[side] != b.Shinobi[side] || v.Spare[side] != b.Spare[side] {
		t.Fatalf("%s: HQ %v (want %v), shinobi %v, spare %v", at, v.HQ, wantHQ, v.Shinobi, v.Spare)
	}
	// The view shares no memory with the battle.
	for i := range v.Units {
		v.Units[i].Figures = -1
	}
	for i := range v.Leaders {
		v.Leaders[i].At = "changed"
	}
	for i := range v.Terrain.Shields {
		v.Terrain.Shields[i].Sides = 0
	}
	if after, _ := json.Marshal(b); string(after) != string(before) {
		t.Fatalf("%s: the view shares memory with the battle", at)
	}
	return
}
