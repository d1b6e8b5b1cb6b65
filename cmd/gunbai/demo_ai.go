package main

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gunbai/gunbai/ai"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
)

// gunbai demo -ai north|south (issue 30 item 5): the general plays that
// side instead of the script, through the lifecycle as a player would (its
// stake, its rerolls, its orders, each refused or taken as a player's),
// and what it intended each turn is written to ai.ru.txt and ai.en.txt.
// The other side keeps its scripted orders.

// demoAI is the general playing one side of the demo.
type demoAI struct {
	side engine.Side
	// views are the side's views so far, the last few: its memory of the
	// enemy it no longer sees (engine.LastSeen), as the arena keeps it.
	views []engine.Battle
	// said is what it intended, a turn a text, by language.
	said map[render.Lang][]string
}

// parseDemoAI reads -ai: "" for none, north or south (English or
// Russian). ok is false for anything else.
func parseDemoAI(v string) (d *demoAI, ok bool) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "":
		return nil, true
	case "north", "север":
		return &demoAI{side: engine.North, said: map[render.Lang][]string{}}, true
	case "south", "юг":
		return &demoAI{side: engine.South, said: map[render.Lang][]string{}}, true
	}
	return nil, false
}

// seed is the general's seed for a turn: from a label of its own, never
// the battle's dice (the demo's seeds are public anyway, so this only
// keeps the two apart, as the bot must).
func (d *demoAI) seed(turn int) uint64 {
	h := sha256.Sum256(fmt.Appendf(nil, "gunbai demo ai %d %d", d.side, turn))
	return binary.BigEndian.Uint64(h[:8])
}

// play plays the side's turn with the general at its default budget: the
// stake, each reroll while the roll fails and one is open, the orders;
// then writes what it intended.
func (d *demoAI) play(svc *game.Service, seat game.Seat, turn int, dir string, stdout io.Writer) error {
	b := seat.Battle.State
	d.views = append(d.views, engine.View(b, d.side))
	if len(d.views) > 6 {
		d.views = d.views[1:]
	}
	sight := ai.SeenBy(b, d.side, engine.LastSeen(d.side, d.views...))
	g := ai.General{Seed: d.seed(turn)}
	stake := g.Stake(sight)
	r, err := svc.Roll(seat, stake)
	for err == nil && !r.Final {
		// "" accepts the roll as it stands: the general takes no reroll.
		r, err = svc.Reroll(seat, r.Turn, g.Reroll(sight, stake, r.Result, r.Open))
	}
	if err != nil {
		return err
	}
	plan := g.Orders(sight, r.Result, nil)
	given := 0
	for _, o := range plan.Orders {
		if _, err := svc.Order(seat, o); err != nil {
			refusal(stdout, o, err)
			continue
		}
		given++
	}
	fmt.Fprintf(stdout, "  the general (%s): stake %s, %d of %d orders given, %d battle turns simulated\n", d.side, stake, given, len(plan.Orders), plan.Turns)
	for _, l := range []render.Lang{render.RU, render.EN} {
		d.said[l] = append(d.said[l], render.AIIntents(l, turn, d.side, stake, plan.Intents))
		p := filepath.Join(dir, "ai."+string(l)+".txt")
		if err := os.WriteFile(p, []byte(strings.Join(d.said[l], "\n\n")+"\n"), 0o644); err != nil {
			return err
		}
	}
	return nil
}
