package campaign

// Result is a side's battle result in E1's words (E1-Q12).
type Result string

// The results. A core total defeat of the enemy is the winner's Rout, an
// ordinary defeat his ordinary victory.
const (
	Rout            Result = "rout"
	OrdinaryVictory Result = "ordinary_victory"
	Draw            Result = "draw"
	OrdinaryDefeat  Result = "ordinary_defeat"
	TotalDefeat     Result = "total_defeat"
)

// Battle is one battle or assault of the turn as the commander's side saw it.
// Figures are at deployment, all units of each side, allies included
// (E1-Q13b); for an assault, the storming army against the garrison.
type Battle struct {
	Result         Result
	OwnFigures     int
	EnemyFigures   int
	CastleCaptured bool // it captured a castle or citadel (E1-X1)
	// Generals are the IDs of the generals who fought in it as part of the
	// army, the commander not among them: who may take a grant (E1-X4).
	Generals []string
}

// Grant is one tactical skill earned; the player names the skill and picks
// the recipient, the commander or a participating general (E1-X4, E1-Q13h).
type Grant struct {
	Rule   string // "E1-X1", "E1-X2" or "E1-X3"
	Reason string
}

// Experience is E1-X for the commander of one army over the turn's battles.
// Each rule grants at most once (E1-Q13f).
func Experience(age Age, battles []Battle) []Grant {
	var x1, x2, x3 string
	for _, b := range battles {
		own, enemy := b.OwnFigures, b.EnemyFigures
		won := b.Result == OrdinaryVictory || b.Result == Rout
		if x1 == "" && (won || b.Result == Draw) && own <= 2*enemy {
			x1 = "victory or draw without outnumbering the enemy more than 2 to 1"
		}
		if x1 == "" && b.CastleCaptured {
			x1 = "captured a castle or citadel"
		}
		if x2 == "" && age == Young && (b.Result == OrdinaryDefeat || b.Result == TotalDefeat) {
			x2 = "a young commander lost a battle"
		}
		if x3 == "" && b.Result == OrdinaryVictory && enemy >= 2*own {
			x3 = "ordinary victory against twice his numbers"
		}
		if x3 == "" && b.Result == Rout && 2*enemy >= own {
			x3 = "routed an enemy no less than half his numbers"
		}
	}
	var g []Grant
	for _, r := range []struct{ rule, why string }{{"E1-X1", x1}, {"E1-X2", x2}, {"E1-X3", x3}} {
		if r.why != "" {
			g = append(g, Grant{Rule: r.rule, Reason: r.why})
		}
	}
	return g
}
