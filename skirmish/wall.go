package skirmish

import "strconv"

// wallForm declares a shield wall (E2-SW): at the start of the turn,
// before shooting and movement; at least 4 fit fighters of the side, no
// archers, none on a fortification's walls, none in another wall.
func (g *Game) wallForm(a Action) ([]Event, error) {
	if g.Phase != PhaseOpen {
		return nil, refuse("E2-SW", "err.skirmish.wall_late")
	}
	if len(a.Fighters) < WallMin {
		return nil, refuse("E2-SW", "err.skirmish.wall_few", len(a.Fighters), WallMin)
	}
	seen := map[string]bool{}
	var members []*Fighter
	for _, id := range a.Fighters {
		f, _, err := g.own(id)
		if err != nil {
			return nil, err
		}
		c, _ := g.Table.Class(f.Class)
		switch {
		case seen[id]:
			return nil, refuse("E2-SW", "err.skirmish.wall_twice", id)
		case c.Shooter:
			return nil, refuse("E2-SW", "err.skirmish.wall_archer", id)
		case f.OnWalls || a.OnWalls:
			return nil, refuse("E2-SW", "err.skirmish.wall_on_walls")
		case f.Wall != 0:
			return nil, refuse("E2-SW", "err.skirmish.wall_already", id)
		}
		seen[id] = true
		members = append(members, f)
	}
	g.NextWall++
	for _, f := range members {
		f.Wall = g.NextWall
	}
	return []Event{{Kind: "wall_formed", Rule: "E2-SW", Unit: a.Fighters[0], Result: strconv.Itoa(g.NextWall), Side: g.Active}}, nil
}

// wallLeave takes a fighter out of his wall, in his side's turn.
func (g *Game) wallLeave(a Action) ([]Event, error) {
	f, w, err := g.own(a.Fighter)
	if err != nil {
		return nil, err
	}
	if f.Wall == 0 {
		return nil, refuse("E2-SW", "err.skirmish.wall_none", f.ID)
	}
	return append([]Event{{Kind: "wall_left", Rule: "E2-SW", Fighter: f.ID, Side: w.side}}, g.leaveWall(f, w.side)...), nil
}

// leaveWall takes f out of his wall; a wall left with fewer than 4 breaks
// (E2-SW: a death may break it, the bases no longer touching).
func (g *Game) leaveWall(f *Fighter, side int) []Event {
	wall := f.Wall
	if wall == 0 {
		return nil
	}
	f.Wall = 0
	var rest []*Fighter
	g.fighters(side, func(o *Fighter, _ *Unit) {
		if o.Wall == wall {
			rest = append(rest, o)
		}
	})
	if len(rest) >= WallMin {
		return nil
	}
	for _, o := range rest {
		o.Wall = 0
	}
	return []Event{{Kind: "wall_broken", Rule: "E2-SW", Fighter: f.ID, Side: side}}
}
