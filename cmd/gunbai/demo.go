package main

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The demo plays a built-in battle with scripted orders and seeded dice,
// through the same engine, store and renderer the bot uses, and writes what
// the clans would see: a PNG per turn and the turn logs in Russian and
// English. It needs no token and no network.

const demoBattle = "demo"

// demoArmy is the starting position: the built-in scenario the bot offers.
func demoArmy() engine.Battle {
	b, _ := bot.Scenario("anegawa")
	b.ID = demoBattle
	return b
}

// demoOrders are the scripted orders by turn: unit, order, phase.
var demoOrders = map[int][]struct {
	unit  string
	kind  engine.OrderKind
	phase int
}{
	1: {
		{"n-yari", engine.OrderMove, 1}, {"n-yumi", engine.OrderMove, 1}, // in column
		{"n-sohei", engine.OrderMove, 1}, {"n-uma", engine.OrderWait, 1}, {"n-uma", engine.OrderMove, 2},
		{"s-hatamoto", engine.OrderMove, 1}, {"s-sohei", engine.OrderMove, 1},
		{"s-ashigaru", engine.OrderMove, 1}, {"s-uma", engine.OrderWheelRight, 1},
	},
	2: {
		{"n-hatamoto", engine.OrderMove, 1}, {"n-yari", engine.OrderMove, 1}, {"n-ashigaru", engine.OrderMove, 1},
		{"n-sohei", engine.OrderMove, 1}, {"n-uma", engine.OrderMove, 1},
		{"s-yari", engine.OrderMove, 1}, {"s-uma", engine.OrderMove, 1}, {"s-hatamoto", engine.OrderMove, 1},
		{"s-teppo", engine.OrderMove, 1},
	},
	3: {
		{"n-hatamoto", engine.OrderMove, 1}, {"n-yari", engine.OrderMove, 1}, {"n-ashigaru", engine.OrderMove, 1},
		{"n-yumi", engine.OrderMove, 1}, {"n-uma", engine.OrderMove, 1}, {"n-sohei", engine.OrderMove, 1},
		{"s-yari", engine.OrderMove, 1}, {"s-ashigaru", engine.OrderMove, 1}, {"s-hatamoto", engine.OrderMove, 1},
		{"s-uma", engine.OrderMove, 1}, {"s-sohei", engine.OrderMove, 1},
	},
	4: {
		{"n-hatamoto", engine.OrderMove, 1}, {"n-yari", engine.OrderMove, 1}, {"n-ashigaru", engine.OrderMove, 1},
		{"n-sohei", engine.OrderMove, 1}, {"n-uma", engine.OrderMove, 1},
		{"s-yari", engine.OrderMove, 1}, {"s-ashigaru", engine.OrderMove, 1}, {"s-hatamoto", engine.OrderMove, 1},
		{"s-uma", engine.OrderMove, 1}, {"s-sohei", engine.OrderMove, 1}, {"s-teppo", engine.OrderMove, 1},
	},
}

// turnOrders adapts the script to the battle as it stands, as a player
// would: no orders for units that are gone, Rally for routing units, and
// nothing the engine would refuse.
func turnOrders(b engine.Battle, turn int, log io.Writer) []engine.Order {
	var out []engine.Order
	rallied := map[string]bool{}
	for _, u := range b.Units {
		if u.Active() && u.Routing() {
			f := u.Side.EnemyEdge()
			out = append(out, engine.Order{Unit: u.ID, Side: u.Side, Kind: engine.OrderRally, Class: engine.Special, Phase: 1, Facing: &f})
			rallied[u.ID] = true
		}
	}
	for _, s := range demoOrders[turn] {
		u := b.Unit(s.unit)
		if u == nil || !u.Active() || rallied[u.ID] {
			continue
		}
		o := engine.Order{Unit: u.ID, Side: u.Side, Kind: s.kind, Class: engine.Ordinary, Phase: s.phase}
		if s.kind == engine.OrderMove {
			// Nobody marches off the field on purpose: stop at its edge.
			one := engine.FrontCell(u.Cell, u.Facing)
			if !one.OnField() {
				continue
			}
			if u.Stats().Cavalry && !engine.FrontCell(one, u.Facing).OnField() {
				o.Steps = []engine.StepKind{engine.StepMove}
			}
		}
		if s.kind.Special() {
			o.Class = engine.Special
		}
		out = append(out, o)
	}
	// Drop what the engine refuses (a phase-2 order whose phase-1 order was
	// dropped, say), and say so.
	for {
		var probs []*engine.Problem
		for _, side := range []engine.Side{engine.North, engine.South} {
			var mine []engine.Order
			for _, o := range out {
				if o.Side == side {
					mine = append(mine, o)
				}
			}
			probs = append(probs, engine.Validate(b, side, turn, mine)...)
		}
		if len(probs) == 0 {
			return out
		}
		bad := map[string]bool{}
		for _, p := range probs {
			fmt.Fprintf(log, "  order dropped: %s\n", render.ProblemText(render.EN, p))
			bad[p.Unit] = true
		}
		kept := out[:0]
		for _, o := range out {
			if !bad[o.Unit] {
				kept = append(kept, o)
			}
		}
		out = kept
	}
}

func demoMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	outDir := fs.String("out", "out", "directory for the PNGs, logs and the demo's store file")
	turns := fs.Int("turns", len(demoOrders), "battle turns to play (at least 1)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *turns < 1 || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "gunbai demo: -turns must be at least 1 and no arguments are taken")
		return 2
	}
	if err := playDemo(*outDir, *turns, stdout); err != nil {
		fmt.Fprintln(stderr, "gunbai demo:", err)
		return 1
	}
	return 0
}

func playDemo(outDir string, turns int, stdout io.Writer) error {
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	dbPath := filepath.Join(outDir, "demo.db")
	if err := os.Remove(dbPath); err != nil && !os.IsNotExist(err) {
		return err
	}
	st, err := store.Open(dbPath, store.Options{})
	if err != nil {
		return err
	}
	defer st.Close()

	rec := store.BattleRecord{
		ID: demoBattle, GuildID: "demo", Name: "Битва у реки Анэгава (демо)", Status: store.StatusCommand,
		Sides: [2]store.Clan{{Name: "Ода"}, {Name: "Асаи"}},
		State: demoArmy(),
	}
	if err := st.PutBattle(rec); err != nil {
		return err
	}
	if err := writeTurn(outDir, rec, 0, nil, stdout); err != nil {
		return err
	}
	for turn := 1; turn <= turns && rec.State.Outcome == engine.Ongoing; turn++ {
		b := rec.State
		orders := turnOrders(b, turn, stdout)
		// An offline demo publishes its seeds: they are derived from the turn
		// so that every run plays the same battle.
		seed := sha256.Sum256(fmt.Appendf(nil, "gunbai demo seed %d", turn))
		next, events, err := engine.ResolveTurn(b, orders, engine.NewSeededDice(seed[:], demoBattle, turn))
		if err != nil {
			return fmt.Errorf("turn %d: %w", turn, err)
		}
		rec.State, rec.Turn = next, turn
		if next.Outcome != engine.Ongoing {
			rec.Status = store.StatusFinished
		}
		// The whole turn is one transaction: snapshot, sealed orders, seed,
		// events and the new state land together or not at all.
		err = st.Update(func(tx *store.Tx) error {
			if err := tx.PutSnapshot(rec.GuildID, rec.ID, turn, b); err != nil {
				return err
			}
			for _, side := range []engine.Side{engine.North, engine.South} {
				mine := []engine.Order{}
				for _, o := range orders {
					if o.Side == side {
						mine = append(mine, o)
					}
				}
				if err := tx.PutOrders(rec.GuildID, rec.ID, turn, side, mine); err != nil {
					return err
				}
			}
			if err := tx.PutSeed(rec.GuildID, rec.ID, turn, seed[:]); err != nil {
				return err
			}
			if err := tx.PutEvents(rec.GuildID, rec.ID, turn, events); err != nil {
				return err
			}
			return tx.PutBattle(rec)
		})
		if err != nil {
			return fmt.Errorf("turn %d: saving: %w", turn, err)
		}
		if err := writeTurn(outDir, rec, turn, events, stdout); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "outcome: %s (%s); store: %s\n",
		render.OutcomeName(render.RU, rec.State.Outcome), render.OutcomeName(render.EN, rec.State.Outcome), dbPath)
	return nil
}

// writeTurn writes the field after a turn and, for battle turns, its logs.
func writeTurn(dir string, rec store.BattleRecord, turn int, events []engine.Event, stdout io.Writer) error {
	title := fmt.Sprintf("%s — %s", rec.Name, render.T(render.RU, "title.turn", turn))
	png, err := render.FieldPNG(rec.State, render.FieldOptions{Lang: render.RU, Title: title})
	if err != nil {
		return err
	}
	pngPath := filepath.Join(dir, fmt.Sprintf("turn-%d.png", turn))
	if err := os.WriteFile(pngPath, png, 0o644); err != nil {
		return err
	}
	written := []string{pngPath}
	if turn > 0 {
		for _, lang := range []render.Lang{render.RU, render.EN} {
			p := filepath.Join(dir, fmt.Sprintf("turn-%d.%s.txt", turn, lang))
			if err := os.WriteFile(p, []byte(render.Log(lang, events)), 0o644); err != nil {
				return err
			}
			written = append(written, p)
		}
	}
	fmt.Fprintf(stdout, "turn %d: %d events -> %v\n", turn, len(events), written)
	return nil
}
