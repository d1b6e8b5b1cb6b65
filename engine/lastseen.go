package engine

import "sort"

// Memory of the enemy (issue 28, item 3): a side remembers each enemy unit
// it saw, where and when it saw it last, once the unit is out of its sight
// (in a forest, R-XI.3.2, D-67). The memory is derived, never stored: from
// the side's own views of the battle, one a turn, so that it holds nothing
// the side did not see and follows an undo or a GM's fix by itself.

// Ghost is an enemy unit a side saw and sees no more: the unit as the side
// last saw it (its cell, facing, type, figures, status), and the turn at
// whose end it was seen (Battle.Turn of that view: 0 is before turn 1, at
// the deployment or the start).
//
// A view shows an enemy unit whole or not at all (View, DeploymentView):
// the "?<troop type>" of a shot from a forest (VisibleEvents) is an event,
// never a unit of a view, so a ghost is never more than was seen.
type Ghost struct {
	Unit Unit
	Turn int
}

// LastSeen is side's memory of the enemy: the ghosts of the enemy units
// that some earlier view showed on the field and the last view does not
// show at all. views are side's own views (View, DeploymentView), oldest
// first; the last is what the side sees now. A unit the last view shows,
// on the field or off it (destroyed, scattered, withdrawn: View shows
// those), is no ghost, nor is one whose last sighting was off the field.
// Each ghost is the unit as the latest view that showed it, its leaders
// not included. Ghosts come sorted by the turn they were seen, latest
// first, then by ID.
func LastSeen(side Side, views ...Battle) []Ghost {
	if len(views) < 2 {
		return nil
	}
	now := views[len(views)-1]
	shown := make(map[string]bool, len(now.Units))
	for i := range now.Units {
		shown[now.Units[i].ID] = true
	}
	last := map[string]Ghost{}
	for _, v := range views[:len(views)-1] {
		for i := range v.Units {
			u := &v.Units[i]
			if u.Side == side || shown[u.ID] {
				continue
			}
			if !u.Active() {
				delete(last, u.ID) // seen leave the field: nothing to look for
				continue
			}
			last[u.ID] = Ghost{Unit: *u, Turn: v.Turn}
		}
	}
	if len(last) == 0 {
		return nil
	}
	out := make([]Ghost, 0, len(last))
	for _, g := range last {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Turn != out[j].Turn {
			return out[i].Turn > out[j].Turn
		}
		return out[i].Unit.ID < out[j].Unit.ID
	})
	return out
}
