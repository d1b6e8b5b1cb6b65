package skirmish

import "fmt"

// EngineRules are a siege engine's numbers (E2-W): range, move a turn and
// crew, in inches and fighters.
type EngineRules struct {
	Range, Move float64
	Crew        int
}

// Engines are E2-W's engines: a catapult or ballista shoots 10", moves 2",
// crew 4; a ram strikes the gates from 1", moves 4", crew 4.
var Engines = map[string]EngineRules{
	"catapult": {10, 2, 4},
	"ballista": {10, 2, 4},
	"ram":      {1, 4, 4},
}

// GateHits are the hits that destroy the gates (E2-W).
const GateHits = 2

// checkEngine checks an engine at setup: a known kind, its crew the side's
// fighters, as many as E2-W says.
func checkEngine(g Game, side int, e Engine) error {
	r, ok := Engines[e.Kind]
	if !ok {
		return refuse("E2-W", "err.skirmish.engine_kind", e.ID, e.Kind)
	}
	if len(e.Crew) != r.Crew {
		return refuse("E2-W", "err.skirmish.engine_crew", e.ID, len(e.Crew), r.Crew)
	}
	for _, id := range e.Crew {
		if _, w, ok := g.find(id); !ok || w.side != side {
			return refuse("E2-W", "err.skirmish.engine_crew_side", e.ID, id)
		}
	}
	return nil
}

// engine is the active side's engine, its whole crew fit (E2-W: crew 4).
func (g *Game) engine(id string) (*Engine, EngineRules, error) {
	for i := range g.Sides[g.Active].Engines {
		e := &g.Sides[g.Active].Engines[i]
		if e.ID != id {
			continue
		}
		for _, c := range e.Crew {
			if f, _, _ := g.find(c); f == nil || !f.Active() {
				return nil, EngineRules{}, refuse("E2-W", "err.skirmish.crew", e.ID, Engines[e.Kind].Crew)
			}
		}
		return e, Engines[e.Kind], nil
	}
	return nil, EngineRules{}, refuse("E2-W", "err.skirmish.no_engine", id)
}

func (g *Game) engineMove(a Action) ([]Event, error) {
	e, r, err := g.engine(a.Engine)
	switch {
	case err != nil:
		return nil, err
	case e.Moved:
		return nil, refuse("E2-TS2", "err.skirmish.moved", e.ID)
	case a.Inches <= 0 || a.Inches > r.Move:
		return nil, refuse("E2-W", "err.skirmish.too_far", a.Inches, r.Move)
	}
	if err := g.enterPhase(PhaseMove); err != nil {
		return nil, err
	}
	e.Moved = true
	return []Event{{Kind: "engine_move", Rule: "E2-W", Fighter: e.ID, Inches: a.Inches, Side: g.Active}}, nil
}

// engineShot is E2-W: a catapult or ballista shoots a fighter on the walls
// or the gates, a ram strikes the gates from 1"; a hit test is a d20 above
// the fighter's defence or the gates' (the table's GateDefence); two hits
// destroy the gates.
func (g *Game) engineShot(a Action, d Dice, key string) ([]Event, error) {
	e, r, err := g.engine(a.Engine)
	switch {
	case err != nil:
		return nil, err
	case e.Shot:
		return nil, refuse("E2-W", "err.skirmish.engine_shot", e.ID)
	case a.Inches <= 0 || a.Inches > r.Range:
		return nil, refuse("E2-W", "err.skirmish.out_of_range", a.Inches, r.Range)
	}
	if a.Target == "" {
		switch {
		case g.Gates == nil || g.Active == g.Defender:
			return nil, refuse("E2-W", "err.skirmish.no_gates")
		case g.Gates.Broken:
			return nil, refuse("E2-W", "err.skirmish.gates_broken")
		}
	} else if e.Kind == "ram" {
		return nil, refuse("E2-W", "err.skirmish.ram_gates")
	}
	var t *Fighter
	var tw where
	def := g.Table.GateDefence
	if a.Target != "" {
		if t, tw, err = g.target(a.Target); err != nil {
			return nil, err
		}
		if !t.OnWalls {
			return nil, refuse("E2-W", "err.skirmish.not_on_walls", t.ID)
		}
		def = Defence(*t)
	}
	if err := g.enterPhase(PhaseAttack); err != nil {
		return nil, err
	}
	e.Shot = true
	roll, err := die(d, fmt.Sprintf("%s.engine.%s", key, e.ID), 0, def+1)
	if err != nil {
		return nil, err
	}
	ev := []Event{{Kind: "engine_shot", Rule: "E2-W", Fighter: e.ID, Target: a.Target, Inches: a.Inches, Roll: &roll, Side: g.Active}}
	switch {
	case !roll.Success:
		ev[0].Result = "miss"
	case t != nil:
		ev[0].Result = "hit"
		ev = append(ev, g.wound(t, tw.side)...)
	default:
		ev[0].Result = "hit"
		g.Gates.Hits++
		if g.Gates.Hits >= GateHits {
			g.Gates.Broken = true
			ev = append(ev, Event{Kind: "gates_broken", Rule: "E2-W", Side: g.Active})
		}
	}
	return ev, nil
}
