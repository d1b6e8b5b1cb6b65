package engine

// Intended is what one order means to do, as a player's preview of his
// pending orders draws it: where its unit goes, what it runs into, what it
// shoots. It is what the order would do were nothing to stand in its way
// (no enemy moving first, no rout, no failed check): the plan, not the
// result.
type Intended struct {
	Unit  string    `json:"unit"`
	Order OrderKind `json:"order"`
	Phase int       `json:"phase"`
	From  Cell      `json:"from"`
	// Path is every cell the unit enters, in order; empty if it stays.
	Path []Cell `json:"path,omitempty"`
	// Facing is the unit's facing once the order is done.
	Facing Dir `json:"facing"`
	// Attack is the enemy unit the move runs into (a melee), AttackAt its
	// cell; "" when it attacks nobody the side can see.
	Attack   string `json:"attack,omitempty"`
	AttackAt Cell   `json:"attack_at"`
	// Shoot is the unit a shooting or volley order aims at, ShootAt its cell.
	Shoot   string `json:"shoot,omitempty"`
	ShootAt Cell   `json:"shoot_at"`
}
