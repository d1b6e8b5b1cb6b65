package engine

// Terrain effects on movement and combat (R-XI, D-63, D-64, D-69).

// riverRows are the two rows the river runs between: along the defender's
// deployment line (D-63).
func (b *Battle) riverRows() (int, int) {
	if b.Defender == North {
		return 3, 4
	}
	return 4, 5
}

// crossesRiver reports whether a step from one cell to the next crosses the
// river, over the bridge or not.
func (b *Battle) crossesRiver(from, to Cell) bool {
	if !b.Terrain.River || from.X != to.X {
		return false
	}
	a, c := b.riverRows()
	return (from.Y == a && to.Y == c) || (from.Y == c && to.Y == a)
}

// overBridge reports whether a river crossing goes over the bridge, which
// joins the defender-side cell Terrain.Bridge to the cell across (R-XI.1.4).
func (b *Battle) overBridge(from, to Cell) bool {
	br := b.Terrain.Bridge
	return br != NoCell && b.crossesRiver(from, to) && (from == br || to == br)
}

// attackPenalty is the Impetus an attacker loses for where it attacks
// (D-17): -1 across the river but not over the bridge (R-XI.1.2, R-XI.1.4),
// -1 into an enemy on a hill (R-XI.2.2, D-69); they add up.
func (b *Battle) attackPenalty(from, to Cell, intoHill bool) int {
	p := 0
	if b.crossesRiver(from, to) && !b.overBridge(from, to) {
		p++
	}
	if intoHill {
		p++
	}
	return p
}

// slowsCavalry reports whether a cavalry step is one that takes its whole
// order: crossing the river or entering a forest (R-XI.1.3, R-XI.3.4, D-64).
// Such a step loses the Mounted charge too.
func (b *Battle) slowsCavalry(from, to Cell) bool {
	// Over the bridge the crossing is no crossing for cavalry only under
	// terrain.bridge_lifts_cavalry=true (D-63).
	river := b.crossesRiver(from, to) && !(b.Settings.BridgeLiftsCavalry && b.overBridge(from, to))
	return river || (b.Terrain.Forest(to) && !b.Terrain.Forest(from))
}
