package skirmish

import "fmt"

// Kind is an action's kind.
type Kind string

const (
	KindMove       Kind = "move"        // Fighter moves Inches (Climb, Ladder, OnWalls)
	KindAttack     Kind = "attack"      // Fighter attacks Target at Inches (Height, Others)
	KindWallForm   Kind = "wall_form"   // Fighters form a shield wall (OnWalls)
	KindWallLeave  Kind = "wall_leave"  // Fighter leaves his shield wall
	KindWoundTest  Kind = "wound_test"  // Fighter, wounded, tests at Inches from Officer
	KindMoraleTest Kind = "morale_test" // Unit tests; Enemy: the nearest enemy; Fighter: the corporal on 16-20
	KindRejoin     Kind = "rejoin"      // Unit comes under Officer, Inches away
	KindCapture    Kind = "capture"     // Fighter, Inches from Target; Enemy: nearest fit enemy of Target
	KindPrisoner   Kind = "prisoner"    // the captor's side kills (Mode "kill") or sends (Mode "send") Target
	KindFree       Kind = "free"        // Fighter, a prisoner: Enemy the nearest enemy, Inches from Officer
	KindEngineMove Kind = "engine_move" // Engine moves Inches
	KindEngineShot Kind = "engine_shot" // Engine shoots Target (a fighter, or "" the gates) at Inches
	KindEndTurn    Kind = "end_turn"    // «Ход» (E2-TS2)
)

// Action is one thing a player does, as data: every distance he measured
// on the table is in it, and stays in the record.
type Action struct {
	Kind     Kind     `json:"kind"`
	Fighter  string   `json:"fighter,omitempty"`
	Fighters []string `json:"fighters,omitempty"`
	Target   string   `json:"target,omitempty"`
	Unit     string   `json:"unit,omitempty"`
	Officer  string   `json:"officer,omitempty"`
	Engine   string   `json:"engine,omitempty"`
	Mode     string   `json:"mode,omitempty"`
	// Inches: the move's length, the distance to the target, or to the
	// officer.
	Inches float64 `json:"inches,omitempty"`
	// Enemy: the stated distance to the nearest enemy that matters (E2-J1,
	// E2-J5, E2-R1); 0: none on the table.
	Enemy float64 `json:"enemy,omitempty"`
	// Others: the stated distances from the attacker to the other fighters
	// of the target's shield wall (E2-SW: only the nearest is attacked).
	Others map[string]float64 `json:"others,omitempty"`
	// Climb: the tallest object the move crosses, inches (E2-L).
	Climb   float64 `json:"climb,omitempty"`
	Ladder  bool    `json:"ladder,omitempty"`
	OnWalls bool    `json:"on_walls,omitempty"`
	// Height: how tall, in inches, the object the attacker stands on is
	// (E2-L: over 3" it is a height, +4" to shooting).
	Height float64 `json:"height,omitempty"`
}

// Event is one thing that happened, as data: a die with its target, a
// fighter's new state, a result.
type Event struct {
	Kind    string  `json:"kind"`
	Rule    string  `json:"rule"`
	Fighter string  `json:"fighter,omitempty"`
	Target  string  `json:"target,omitempty"`
	Unit    string  `json:"unit,omitempty"`
	Inches  float64 `json:"inches,omitempty"`
	Roll    *Roll   `json:"roll,omitempty"`
	Result  string  `json:"result,omitempty"`
	Side    int     `json:"side"`
}

// Refusal is an action the rules refuse: a catalogue key (render,
// skirmishTexts), the rule's ID, and what the text needs. A refused action
// changes nothing.
type Refusal struct {
	Key  string
	Rule string
	Args []any
}

func (r *Refusal) Error() string { return fmt.Sprintf("skirmish: %s (%s) %v", r.Key, r.Rule, r.Args) }

// refuse is the refusal of rule by catalogue key.
func refuse(rule, key string, args ...any) error { return &Refusal{Key: key, Rule: rule, Args: args} }

// Apply plays one action of the active player on a copy of g: the new game,
// what happened, or a refusal and g unchanged. The entry is appended to
// the record; an ended turn is never touched again (E2-TS3).
func Apply(g Game, a Action, d Dice) (Game, []Event, error) {
	if g.Phase == PhaseOver {
		return g, nil, refuse("E2-F", "err.skirmish.over")
	}
	n := g.Clone()
	ev, err := n.apply(a, d)
	if err != nil {
		return g, nil, err
	}
	n.checkEnd(&ev)
	n.Record = append(n.Record, Entry{Turn: g.Turn, Side: g.Active, Action: a, Events: ev})
	return n, ev, nil
}

func (g *Game) apply(a Action, d Dice) ([]Event, error) {
	key := fmt.Sprintf("t%d.%d", g.Turn, len(g.Record)+1)
	switch a.Kind {
	case KindMove:
		return g.move(a)
	case KindAttack:
		return g.attack(a, d, key)
	case KindWallForm:
		return g.wallForm(a)
	case KindWallLeave:
		return g.wallLeave(a)
	case KindWoundTest:
		return g.woundTest(a, d, key)
	case KindMoraleTest:
		return g.moraleTest(a, d, key)
	case KindRejoin:
		return g.rejoin(a)
	case KindCapture:
		return g.capture(a)
	case KindPrisoner:
		return g.prisoner(a)
	case KindFree:
		return g.free(a)
	case KindEngineMove:
		return g.engineMove(a)
	case KindEngineShot:
		return g.engineShot(a, d, key)
	case KindEndTurn:
		return g.endTurn(), nil
	}
	return nil, refuse("E2-TS2", "err.skirmish.kind", string(a.Kind))
}

// endTurn is «Ход»: the turn is over and nothing of it is undone (E2-TS2,
// E2-TS3); the other side plays.
func (g *Game) endTurn() []Event {
	ev := []Event{{Kind: "turn_end", Rule: "E2-TS2", Side: g.Active}}
	g.fighters(g.Active, func(f *Fighter, _ *Unit) { f.Moved, f.Attacks = false, 0 })
	for i := range g.Sides[g.Active].Engines {
		g.Sides[g.Active].Engines[i].Moved, g.Sides[g.Active].Engines[i].Shot = false, false
	}
	g.Turn++
	g.Active = 1 - g.Active
	g.Phase = PhaseOpen
	return ev
}

// checkEnd ends the game when every officer of a side is dead (E2-F).
func (g *Game) checkEnd(ev *[]Event) {
	for s := range g.Sides {
		alive := false
		g.fighters(s, func(f *Fighter, _ *Unit) {
			if f.IsOfficer() && f.State != Dead {
				alive = true
			}
		})
		if !alive {
			g.Winner, g.Phase = 1-s, PhaseOver
			*ev = append(*ev, Event{Kind: "game_over", Rule: "E2-F", Side: 1 - s, Result: "won"})
			return
		}
	}
}

// own is the active side's fighter who may act: his, alive, free, with his
// functions.
func (g *Game) own(id string) (*Fighter, where, error) {
	f, w, ok := g.find(id)
	switch {
	case !ok:
		return nil, w, refuse("E2-TS2", "err.skirmish.no_fighter", id)
	case w.side != g.Active:
		return nil, w, refuse("E2-TS3", "err.skirmish.not_yours", id)
	case f.State == Wounded:
		return nil, w, refuse("E2-M2", "err.skirmish.wounded", id)
	case f.State == Dead:
		return nil, w, refuse("E2-M1", "err.skirmish.dead", id)
	case f.State == Captured:
		return nil, w, refuse("E2-J4", "err.skirmish.prisoner_acts", id)
	}
	return f, w, nil
}

// enterPhase moves the turn on to p (E2-TS2: move, then attack); going
// back is refused.
func (g *Game) enterPhase(p Phase) error {
	order := map[Phase]int{PhaseOpen: 0, PhaseMove: 1, PhaseAttack: 2}
	if order[g.Phase] > order[p] {
		return refuse("E2-TS2", "err.skirmish.phase", string(p), string(g.Phase))
	}
	g.Phase = p
	return nil
}

// officerNear checks a stated distance from a fighter of side to a friendly
// officer who commands: an officer, fit and free, within the command
// distance (E2-M3, E2-O1, E2-J5).
func (g *Game) officerNear(side int, officer string, inches float64, rule string) error {
	o, w, ok := g.find(officer)
	if !ok || w.side != side || !o.IsOfficer() || !o.Active() {
		return refuse(rule, "err.skirmish.no_officer", officer)
	}
	if inches <= 0 || inches > g.Table.Command {
		return refuse(rule, "err.skirmish.command_far", inches, g.Table.Command)
	}
	return nil
}
