package engine

import (
	"strconv"
	"strings"
)

// The deployment turn (RULES IV): checks of a side's deployment and of the
// defender's terrain, made when a battle is set up, and the shinobi of the
// deployment turn (infiltration, scouting, swaps). All are pure functions of
// the battle state.

// Problem codes of the deployment turn. The renderer has a Russian and an
// English text for each ("prob.<code>"); Arg fills its %s.
const (
	ProbDeployZone       = "deploy_zone"        // Unit; Arg: cell. Not in the side's own zones (R-IV.1.1, R-I.1.2)
	ProbDeployOccupied   = "deploy_occupied"    // Unit; Arg: cell. A second unit in one cell (R-I.2.2)
	ProbDeployCentre     = "deploy_centre"      // Arg: cell. A mandatory centre cell left empty (R-IV.1.1)
	ProbDeployFigures    = "deploy_figures"     // Unit; Arg: figures. Not 4 to 16 figures (R-I.2.3, R-II.10.1)
	ProbDeployYamabushi  = "deploy_yamabushi"   // Unit. A second yamabushi unit (R-II.8.2)
	ProbDeploySwamp      = "deploy_swamp"       // Unit; Arg: cell. A unit in a swamp (R-XI.4.1, D-65)
	ProbDeployHQ         = "deploy_hq"          // Arg: cell. The HQ outside the side's own zones (R-III.1.1, D-18)
	ProbDeployLeader     = "deploy_leader"      // Arg: leader. Not in the HQ, the reserve or an own unit (R-IV.3.1)
	ProbDeployLeaderHQ   = "deploy_leader_hq"   // Arg: leader. In the HQ, but the side has no HQ (R-III.1.1)
	ProbDeployShields    = "deploy_shields"     // Arg: cell. Shields outside every deployment zone (R-II.9.1, D-14)
	ProbDeployShieldSide = "deploy_shield_side" // Arg: cell. Two sections on one side of a cell (D-14)
	ProbDeployShieldEdge = "deploy_shield_edge" // Arg: cell. Not a border cell of its zone (shields.zone_border_cells_only, D-14)

	ProbTerrainUnknown      = "terrain_unknown"       // Arg: type. Not hill, forest, swamp or river (D-65)
	ProbTerrainZone         = "terrain_zone"          // Arg: cell. Outside the defender's zones (D-65)
	ProbTerrainUnavailable  = "terrain_unavailable"   // Arg: cell. A type the defender does not have (D-65)
	ProbTerrainHills        = "terrain_hills"         // Arg: count. Not exactly 2 hills (R-XI.2.1, D-65)
	ProbTerrainForests      = "terrain_forests"       // Arg: count. Not exactly 2 forests (R-XI.3.1, D-65)
	ProbTerrainSwamps       = "terrain_swamps"        // Arg: count. Not exactly 2 swamps (R-XI.4.1, D-65)
	ProbTerrainTouch        = "terrain_touch"         // Arg: "cell, cell". Two cells of one type touch (R-XI.2.1, R-XI.3.1, R-XI.4.1)
	ProbTerrainSwampShared  = "terrain_swamp_shared"  // Arg: cell. A swamp shares its cell (D-65)
	ProbTerrainSwampCentre  = "terrain_swamp_centre"  // Arg: cell. A swamp on a mandatory cell (D-65)
	ProbTerrainRiver        = "terrain_river"         // the river without the defender having it (D-63)
	ProbTerrainNoRiver      = "terrain_no_river"      // the defender has the river, the battle has none (D-63)
	ProbTerrainBridge       = "terrain_bridge"        // Arg: cell. Not a defender front-row cell on the river (R-XI.1.4, D-63)
	ProbTerrainNoBridge     = "terrain_no_bridge"     // the river without a bridge (R-XI.1.4, D-63)
	ProbTerrainForestBridge = "terrain_forest_bridge" // Arg: cell. A forest in front of the bridge (R-XI.3.7, D-65)

	ProbSwapUnit = "swap_unit" // Unit. Not an own unit on the field (R-IV.5.5)
	ProbSwapSame = "swap_same" // Unit. A unit swapped with itself (R-IV.5.5, D-28)
	ProbSwapTurn = "swap_turn" // Swaps only in the deployment turn (R-IV.5.5, D-29)

	ProbSaveAmmoUnit = "save_ammo_unit" // Unit. Not an own shooter on the field (R-VI.5.5)
	ProbSaveAmmoTurn = "save_ammo_turn" // Save ammo set after deployment (R-VI.5.5, D-44)
)

// MandatoryCells are the two central cells of the side's front row, which
// it must occupy (R-IV.1.1, R-I.1.6): A21 and B21 for the North, C11 and
// D11 for the South.
func MandatoryCells(side Side) [2]Cell {
	if side == North {
		return [2]Cell{{6, 3}, {7, 3}}
	}
	return [2]Cell{{6, 5}, {7, 5}}
}

// mandatory reports whether c is a mandatory cell of either side.
func mandatory(c Cell) bool {
	for _, s := range []Side{North, South} {
		for _, m := range MandatoryCells(s) {
			if m == c {
				return true
			}
		}
	}
	return false
}

// InOwnZones reports whether c is a cell of the side's own deployment zones
// (A and B for the North, C and D for the South; R-I.1.6).
func InOwnZones(c Cell, side Side) bool {
	owner, ok := ZoneOf(c).Owner()
	return ok && owner == side
}

// FrontRow is the row (y) of the side's front row: 3 for the North, 5 for
// the South (R-I.1.5).
func FrontRow(side Side) int {
	if side == North {
		return 3
	}
	return 5
}

// MaxYamabushi is the most yamabushi units an army may have (R-II.8.2).
const MaxYamabushi = 1

// ValidateDeployment checks one side's deployment at the start of the
// battle (RULES IV). It returns every problem found, in a stable order; nil
// means the deployment is legal:
//
//   - every unit of the side on the field stands in a cell of its own zones
//     (R-IV.1.1, R-I.1.2), never in a swamp (R-XI.4.1), one unit per cell
//     (R-I.2.2);
//   - the two mandatory cells of its front row are occupied by its units
//     (R-IV.1.1);
//   - each unit has 4 to 16 figures (R-I.2.3, R-II.10.1, R-IV.1.2);
//   - at most 1 yamabushi unit (R-II.8.2);
//   - the HQ, if the side has one, is in its own zones (R-III.1.1, D-18);
//   - each leader is in the HQ, in the reserve or in one of its units on
//     the field (R-IV.3.1);
//   - shields (D-14): shield sections carry no owner (they belong to the
//     cell), so a section in the side's zones is the side's and one in the
//     enemy's zones the enemy's; a section outside every zone is a problem
//     for both sides. At most one section per cell side; with
//     shields.zone_border_cells_only, only in border cells of the zone.
//
// Units in the reserve (or destroyed) at the start take no part and are not
// checked.
func ValidateDeployment(b Battle, side Side) []*Problem {
	var probs []*Problem
	add := func(code, rule, unit, arg string) {
		probs = append(probs, &Problem{Code: code, Rule: rule, Unit: unit, Arg: arg})
	}

	// Units.
	at := map[Cell]string{}
	yamabushi := 0
	for i := range b.Units {
		u := &b.Units[i]
		if u.Side != side || !u.Status.OnField() {
			continue
		}
		switch {
		case !InOwnZones(u.Cell, side):
			add(ProbDeployZone, "R-IV.1.1", u.ID, u.Cell.Name())
		case b.Terrain.Swamp(u.Cell):
			add(ProbDeploySwamp, "R-XI.4.1", u.ID, u.Cell.Name())
		}
		if other, ok := at[u.Cell]; ok && other != u.ID {
			add(ProbDeployOccupied, "R-I.2.2", u.ID, u.Cell.Name())
		} else {
			at[u.Cell] = u.ID
		}
		switch {
		case u.Figures < MinDeployFigures:
			add(ProbDeployFigures, "R-II.10.1", u.ID, strconv.Itoa(u.Figures))
		case u.Figures > MaxFigures:
			add(ProbDeployFigures, "R-I.2.3", u.ID, strconv.Itoa(u.Figures))
		}
		if u.Type == Yamabushi {
			yamabushi++
			if yamabushi > MaxYamabushi {
				add(ProbDeployYamabushi, "R-II.8.2", u.ID, "")
			}
		}
	}
	// A unit of the enemy in the same cell is the enemy's problem in its
	// own zones; here only the side's own units count.
	for _, c := range MandatoryCells(side) {
		if _, ok := at[c]; !ok {
			add(ProbDeployCentre, "R-IV.1.1", "", c.Name())
		}
	}

	// HQ and leaders.
	hq := b.HQ[side]
	if hq != NoCell && !InOwnZones(hq, side) {
		add(ProbDeployHQ, "D-18", "", hq.Name())
	}
	for _, l := range b.Leaders {
		if l.Side != side {
			continue
		}
		switch l.At {
		case AtReserve:
		case AtHQ:
			if hq == NoCell {
				add(ProbDeployLeaderHQ, "R-III.1.1", "", l.ID)
			}
		default:
			if u := b.Unit(l.At); u == nil || u.Side != side || !u.Active() {
				add(ProbDeployLeader, "R-IV.3.1", "", l.ID)
			}
		}
	}

	// Shields.
	seen := map[Cell]uint8{}
	for _, s := range b.Terrain.Shields {
		if s.Sides == 0 {
			continue
		}
		_, inZone := ZoneOf(s.Cell).Owner()
		if !inZone {
			add(ProbDeployShields, "R-II.9.1", "", s.Cell.Name())
			continue
		}
		if !InOwnZones(s.Cell, side) {
			continue // the enemy's
		}
		if s.Sides&^0xF != 0 || seen[s.Cell]&s.Sides != 0 {
			add(ProbDeployShieldSide, "D-14", "", s.Cell.Name())
		}
		seen[s.Cell] |= s.Sides
		if b.Settings.ShieldsZoneBorderOnly && !zoneBorderCell(s.Cell) {
			add(ProbDeployShieldEdge, "D-14", "", s.Cell.Name())
		}
	}
	return probs
}

// zoneBorderCell reports whether c is a cell of a deployment zone with an
// orthogonal neighbour outside that zone (shields.zone_border_cells_only,
// D-14): a cell along the zone's border.
func zoneBorderCell(c Cell) bool {
	z := ZoneOf(c)
	for d := N; d <= W; d++ {
		if ZoneOf(c.Add(d.Vec())) != z {
			return true
		}
	}
	return false
}

// Terrain types as ValidateTerrain takes them (terrain.available and
// terrain.river, see Settings.TerrainTypes).
const (
	TypeHill   = "hill"
	TypeForest = "forest"
	TypeSwamp  = "swamp"
	TypeRiver  = "river"
)

// ValidateTerrain checks the defender's terrain placement (RULES IV.2, XI,
// D-63, D-65) given the terrain types the defender has, from "hill",
// "forest", "swamp" and "river" (the battle does not store them; see
// Settings.TerrainTypes). It returns every problem found; nil means the
// placement is legal:
//
//   - every terrain cell in the defender's zones, never in no-man's land;
//   - exactly 2 cells of each type the defender has, none of the others
//     (R-XI.2.1, R-XI.3.1, R-XI.4.1);
//   - the 2 cells of one type do not touch each other, even diagonally;
//     different types may touch, and a forest may stand on a hill;
//   - a swamp shares its cell with nothing and is never on a mandatory
//     deployment cell;
//   - the river exists exactly when the defender has it (D-63); then the
//     bridge is a cell of the defender's front row (the cell on its side of
//     the river, R-XI.1.4), and no forest stands on it (R-XI.3.7).
func ValidateTerrain(b Battle, types []string) []*Problem {
	var probs []*Problem
	add := func(code, rule, arg string) {
		probs = append(probs, &Problem{Code: code, Rule: rule, Arg: arg})
	}
	have := map[string]bool{}
	for _, t := range types {
		t = strings.ToLower(strings.TrimSpace(t))
		switch t {
		case TypeHill, TypeForest, TypeSwamp, TypeRiver:
			have[t] = true
		default:
			add(ProbTerrainUnknown, "D-65", t)
		}
	}
	def := b.Defender
	kinds := []struct {
		name  string
		cells []Cell
		code  string
		rule  string
	}{
		{TypeHill, b.Terrain.Hills, ProbTerrainHills, "R-XI.2.1"},
		{TypeForest, b.Terrain.Forests, ProbTerrainForests, "R-XI.3.1"},
		{TypeSwamp, b.Terrain.Swamps, ProbTerrainSwamps, "R-XI.4.1"},
	}
	for _, k := range kinds {
		if !have[k.name] {
			for _, c := range k.cells {
				add(ProbTerrainUnavailable, "D-65", c.Name())
			}
			continue
		}
		for _, c := range k.cells {
			if !InOwnZones(c, def) {
				add(ProbTerrainZone, "D-65", c.Name())
			}
		}
		if len(k.cells) != 2 {
			add(k.code, k.rule, strconv.Itoa(len(k.cells)))
		}
		for i, c := range k.cells {
			for _, o := range k.cells[i+1:] {
				if c == o || Adjacent8(c, o) {
					add(ProbTerrainTouch, k.rule, c.Name()+", "+o.Name())
				}
			}
		}
	}
	for _, c := range b.Terrain.Swamps {
		if b.Terrain.Hill(c) || b.Terrain.Forest(c) {
			add(ProbTerrainSwampShared, "D-65", c.Name())
		}
		if mandatory(c) {
			add(ProbTerrainSwampCentre, "D-65", c.Name())
		}
	}

	// River and bridge.
	switch {
	case b.Terrain.River && !have[TypeRiver]:
		add(ProbTerrainRiver, "D-63", "")
	case !b.Terrain.River && have[TypeRiver]:
		add(ProbTerrainNoRiver, "D-63", "")
	}
	br := b.Terrain.Bridge
	switch {
	case br != NoCell && (!b.Terrain.River || !br.OnField() || br.Y != FrontRow(def)):
		add(ProbTerrainBridge, "D-63", br.Name())
	case br == NoCell && b.Terrain.River:
		add(ProbTerrainNoBridge, "R-XI.1.4", "")
	}
	if br != NoCell && b.Terrain.Forest(br) {
		add(ProbTerrainForestBridge, "R-XI.3.7", br.Name())
	}
	return probs
}

// Infiltrate resolves the shinobi of one side trying to infiltrate the
// enemy's rear against the enemy's guards (R-IV.4.2, D-27): each guard
// blocks one infiltrator; for each blocked infiltrator roll() gives a d6:
// 1-3 turned back (out of this battle), 4-5 killed, 6 captured. The others
// succeed. Guards block in random order, but every blocked infiltrator
// rolls alike, so only the counts matter. The roll key is the guarding
// side's "<side>.shinobi" (CASES.md). Negative counts count as 0.
func Infiltrate(infiltrators, guards int, roll func() int) (succeeded, turnedBack, killed, captured int) {
	infiltrators, guards = max(0, infiltrators), max(0, guards)
	blocked := min(infiltrators, guards)
	for range blocked {
		switch v := roll(); {
		case v <= 3:
			turnedBack++
		case v <= 5:
			killed++
		default:
			captured++
		}
	}
	return infiltrators - blocked, turnedBack, killed, captured
}

// ScoutReport is what a side's scouting shinobi learn in the plan-change
// phase of the deployment turn (R-IV.5.2, R-IV.5.3).
type ScoutReport struct {
	// Units are the enemy units standing in the named cells (hidden in a
	// forest or not), in the order of the cells.
	Units []Unit `json:"units,omitempty"`
	// Leaders are the enemy leaders with those units (R-IV.5.2).
	Leaders []Leader `json:"leaders,omitempty"`
	// HQ is the enemy HQ: NoCell if the enemy has none, or if it is hidden
	// (hq.public=false) and nobody scouted (R-IV.5.3, D-19).
	HQ Cell `json:"hq"`
	// Scouts is the number of shinobi that scouted, 2 named cells each
	// (R-IV.5.2). They take no further part in the battle (R-IV.5.4), and
	// each gives one swap of two units (R-IV.5.5, D-28).
	Scouts int `json:"scouts"`
}

// Scout reports the enemy units in the cells named by the side's scouting
// shinobi (2 cells each, R-IV.5.2) and the leaders with them. With at least
// one scout (a cell named) the report gives the enemy HQ (R-IV.5.3); by
// D-19 the HQ is public anyway, so it is given without scouts too unless
// hq.public=false. The report shows positions before any swap (D-28).
func Scout(b Battle, side Side, cells []Cell) ScoutReport {
	r := ScoutReport{Scouts: (len(cells) + 1) / 2}
	enemy := side.Enemy()
	done := map[Cell]bool{}
	for _, c := range cells {
		if done[c] {
			continue
		}
		done[c] = true
		u := b.UnitAt(c)
		if u == nil || u.Side != enemy {
			continue
		}
		r.Units = append(r.Units, *u)
		for _, l := range b.Leaders {
			if l.Side == enemy && l.At == u.ID {
				l.Traits = append([]string(nil), l.Traits...)
				r.Leaders = append(r.Leaders, l)
			}
		}
	}
	if r.Scouts > 0 || !b.Settings.HQHidden {
		r.HQ = b.HQ[enemy]
	}
	return r
}

// SwapUnits swaps the cells of two of the side's units, one swap for a
// scouting shinobi (R-IV.5.5, D-28). The units keep their facing, leaders
// and Save-ammo instruction; shields and terrain stay with the cells. Swaps
// are made only in the deployment turn (D-29). The battle is returned
// changed as a copy; on a problem it is returned unchanged.
func SwapUnits(b Battle, side Side, a, c string) (Battle, *Problem) {
	if b.Turn != 0 {
		return b, &Problem{Code: ProbSwapTurn, Rule: "D-29"}
	}
	for _, id := range []string{a, c} {
		if u := b.Unit(id); u == nil || u.Side != side || !u.Active() {
			return b, &Problem{Code: ProbSwapUnit, Rule: "R-IV.5.5", Unit: id}
		}
	}
	if a == c {
		return b, &Problem{Code: ProbSwapSame, Rule: "D-28", Unit: a}
	}
	nb := b.Clone()
	ua, uc := nb.Unit(a), nb.Unit(c)
	ua.Cell, uc.Cell = uc.Cell, ua.Cell
	return nb, nil
}

// SetSaveAmmo gives or takes back a shooter's Save ammo! instruction: at
// deployment (R-IV.1.2, R-VI.5.5), or in a battle turn's command phase only
// under save_ammo.changeable=true (D-44). deploying says which: Battle.Turn
// is still 0 in turn 1's command phase. The battle is returned changed as a
// copy; on a problem it is returned unchanged.
func SetSaveAmmo(b Battle, side Side, unit string, on, deploying bool) (Battle, *Problem) {
	if !deploying && !b.Settings.SaveAmmoChangeable {
		return b, &Problem{Code: ProbSaveAmmoTurn, Rule: "D-44", Unit: unit}
	}
	if u := b.Unit(unit); u == nil || u.Side != side || !u.Active() || !u.Stats().Shooter {
		return b, &Problem{Code: ProbSaveAmmoUnit, Rule: "R-VI.5.5", Unit: unit}
	}
	nb := b.Clone()
	nb.Unit(unit).SaveAmmo = on
	return nb, nil
}
