package skirmishes

import (
	"reflect"

	"github.com/gunbai/gunbai/skirmish"
	"github.com/gunbai/gunbai/store"
)

// Check is a finished game verified from its revealed seed (issue 27): the
// seed against the hash published at its opening, then every action of
// the journal played again from the warbands, every die compared with the
// journal's.
type Check struct {
	Name string
	// Hash is the hash published at the opening; SeedOK: the seed's
	// sha256 is it.
	Hash   string
	SeedOK bool
	// Actions and Dice are those checked (all of them when Bad is 0).
	Actions, Dice int
	// Bad is the first entry (from 1) that disagrees, 0 when none does;
	// Die the first of its dice (from 1) that does, 0 when the action
	// itself fails or its dice are not as many; Got the die recomputed,
	// Journal the journal's (0: none).
	Bad, Die     int
	Key          string
	Got, Journal int
}

// OK reports whether everything agrees.
func (c Check) OK() bool { return c.SeedOK && c.Bad == 0 }

// Verify checks a finished game (Check); before its end it refuses, the
// seed still secret.
func Verify(rec Record) (Check, error) {
	c := Check{Name: rec.Name, Hash: rec.PublishedHash()}
	if rec.Game.Phase != skirmish.PhaseOver {
		return c, refuse("err.skirmishes.verify_early", rec.Name, c.Hash)
	}
	c.SeedOK = store.SeedHash(rec.Seed) == c.Hash
	g, err := skirmish.NewGame(rec.setup())
	if err != nil {
		c.Bad = 1
		return c, nil
	}
	for i, e := range rec.Journal {
		var ev []skirmish.Event
		g, ev, err = skirmish.Apply(g, e.Action, newDice(rec.Seed, rec.ID))
		if err != nil {
			c.Bad = i + 1
			return c, nil
		}
		if got := rolls(ev); !reflect.DeepEqual(got, e.Rolls) {
			c.Bad = i + 1
			c.firstDie(got, e.Rolls)
			return c, nil
		}
		c.Actions++
		c.Dice += len(e.Rolls)
	}
	return c, nil
}

// firstDie names the first die of an entry that disagrees.
func (c *Check) firstDie(got, journal []skirmish.Roll) {
	for i := range max(len(got), len(journal)) {
		var g, j skirmish.Roll
		if i < len(got) {
			g = got[i]
		}
		if i < len(journal) {
			j = journal[i]
		}
		if g != j {
			c.Die, c.Got, c.Journal, c.Key = i+1, g.Die, j.Die, j.Key
			if c.Key == "" {
				c.Key = g.Key
			}
			return
		}
	}
}

// PublishedHash is the seed's hash published at the opening (stored with
// it; a game stored before it was, the seed's own).
func (r Record) PublishedHash() string {
	if r.Hash != "" {
		return r.Hash
	}
	return r.SeedHash()
}
