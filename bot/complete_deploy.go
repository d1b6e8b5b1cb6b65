package bot

import (
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// The players' completions of /deploy and /scout.

// completeDeployCell offers the cells of the side's deployment zones a
// unit may take (free, not a swamp: R-IV.1.1, R-I.2.2, R-XI.4.1); with
// terrain given, the defender's cells to toggle it on.
func (b *Bot) completeDeployCell(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.seats(c).DeploySeat)
	if err != nil {
		return nil, err
	}
	side := seat.Side
	own := ownZones(side)
	var out []offer
	if kind := c.str("terrain"); kind != "" {
		if side != view.Defender {
			return nil, nil // R-IV.2.1
		}
		on := map[string]func(engine.Cell) bool{"hill": view.Terrain.Hill, "forest": view.Terrain.Forest, "swamp": view.Terrain.Swamp}[kind]
		if on == nil {
			return nil, nil
		}
		word := render.T(c.lang, "legend."+kind)
		for _, cl := range own {
			key := "complete.terrain.place"
			if on(cl) {
				key = "complete.terrain.remove"
			}
			out = append(out, offer{cl.Name(), render.T(c.lang, key, cl.Name(), word)})
		}
		return match(out, typed), nil
	}
	for _, cl := range own {
		if view.UnitAt(cl) != nil || view.Terrain.Swamp(cl) {
			continue
		}
		name := render.T(c.lang, "complete.cell.free", cl.Name())
		if t := terrainWords(c.lang, &view.Terrain, cl); t != "" {
			name = render.T(c.lang, "complete.cell.free_on", cl.Name(), t)
		}
		out = append(out, offer{cl.Name(), name})
	}
	return match(out, typed), nil
}

// completeDeployHQ offers the cells the HQ may take: the side's own zones
// (R-III.1.1, D-18).
func (b *Bot) completeDeployHQ(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.seats(c).DeploySeat)
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, cl := range ownZones(seat.Side) {
		key := "complete.hq.move"
		if view.HQ[seat.Side] == cl {
			key = "complete.hq.here"
		}
		out = append(out, offer{cl.Name(), render.T(c.lang, key, cl.Name())})
	}
	return match(out, typed), nil
}

// completeDeployLeader offers the side's leaders (R-IV.3.1).
func (b *Bot) completeDeployLeader(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.seats(c).DeploySeat)
	if err != nil {
		return nil, err
	}
	var out []offer
	for i := range view.Leaders {
		if l := &view.Leaders[i]; l.Side == seat.Side {
			out = append(out, offer{l.ID, leaderName(c.lang, l)})
		}
	}
	return match(out, typed), nil
}

// completeDeployTo offers where a leader may stand at the start: the HQ
// (once the side has one), the reserve or an own unit (R-IV.3.1).
func (b *Bot) completeDeployTo(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.seats(c).DeploySeat)
	if err != nil {
		return nil, err
	}
	places := []string{engine.AtReserve}
	if view.HQ[seat.Side] != engine.NoCell {
		places = []string{engine.AtHQ, engine.AtReserve}
	}
	var out []offer
	for _, to := range places {
		o, _ := placeOffer(c.lang, &view, seat.Side, to)
		out = append(out, o)
	}
	out = append(out, unitOffers(c.lang, &view, seat.Side)...)
	return match(out, typed), nil
}

// splitList splits a list as game reads one: at spaces, commas and
// semicolons.
func splitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' })
}

// completeScoutCells offers the list of cells to scout so far with one
// cell more (2 a shinobi, once: R-IV.5.2), the enemy's zones first, where
// its army stands.
func (b *Bot) completeScoutCells(c *call, typed string) ([]offer, error) {
	seat, err := b.seat(c, b.seats(c).ScoutSeat)
	if err != nil {
		return nil, err
	}
	rec, side := seat.Battle, seat.Side
	most := 2 * rec.State.Shinobi[side]
	if rec.Scouts[side] > 0 || rec.ScoutsDone[side] || most == 0 {
		return nil, nil
	}
	words := splitList(typed)
	last := ""
	if len(words) > 0 && !strings.ContainsAny(typed[len(typed)-1:], " ,;") {
		last, words = strings.ToUpper(words[len(words)-1]), words[:len(words)-1]
	}
	var given []string
	seen := map[engine.Cell]bool{}
	for _, w := range words {
		cl, err := engine.ParseCell(w)
		if err != nil || !cl.OnField() || seen[cl] {
			return nil, nil
		}
		seen[cl] = true
		given = append(given, cl.Name())
	}
	prefix := strings.Join(given, " ")
	if len(given) >= most {
		return []offer{{prefix, render.T(c.lang, "complete.scout", prefix, len(given), most)}}, nil
	}
	enemy := side.Enemy()
	var first, rest []offer
	for _, cl := range cellsWhere(func(cl engine.Cell) bool { return !seen[cl] }) {
		if !strings.Contains(cl.Name(), last) {
			continue
		}
		v := strings.TrimSpace(prefix + " " + cl.Name())
		if engine.InOwnZones(cl, enemy) {
			first = append(first, offer{v, render.T(c.lang, "complete.scout.enemy", v, len(given)+1, most)})
		} else {
			rest = append(rest, offer{v, render.T(c.lang, "complete.scout", v, len(given)+1, most)})
		}
	}
	return append(first, rest...), nil
}

// completeSwap offers the swaps of two own units the side may still make
// (engine.CheckSwap: one a scout, R-IV.5.5, D-28), as "unit unit".
func (b *Bot) completeSwap(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.seats(c).ScoutSeat)
	if err != nil {
		return nil, err
	}
	rec, side := seat.Battle, seat.Side
	if rec.ScoutsDone[side] {
		return nil, nil
	}
	scouts := rec.Scouts[side]
	if n := len(splitList(c.str("cells"))); scouts == 0 && n > 0 {
		scouts = min((n+1)/2, rec.State.Shinobi[side]) // the same /scout sends them first
	}
	// The positions the earlier swaps leave: each pair named where it
	// will stand.
	after := view
	for _, sw := range rec.Swaps[side] {
		after, _ = engine.SwapUnits(after, side, sw[0], sw[1])
	}
	var out []offer
	own := unitOffers(c.lang, &after, side)
	for i, a := range own {
		for _, z := range own[i+1:] {
			pair := [2]string{a.value.(string), z.value.(string)}
			if engine.CheckSwap(rec.State, side, rec.Swaps[side], pair, scouts) != nil {
				continue
			}
			ua, uz := after.Unit(pair[0]), after.Unit(pair[1])
			out = append(out, offer{pair[0] + " " + pair[1],
				render.T(c.lang, "complete.swap", pair[0], ua.Cell.Name(), pair[1], uz.Cell.Name())})
		}
	}
	return match(out, typed), nil
}
