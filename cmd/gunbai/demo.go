package main

import (
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The demo plays a built-in battle through the same battle lifecycle the
// bot uses (package game), with scripted players, a fixed clock and a fixed
// seed source, and writes what the clans would see: a PNG per turn and the
// turn logs in Russian and English. It needs no token and no network.

const (
	demoGuild    = "demo"
	demoName     = "Битва у реки Анэгава (демо)"
	demoScenario = "anegawa"
)

// demoBattle is the battle's key in the store.
var demoBattle = game.BattleID(demoName)

// demoRoles are the clans' roles; the scripted players hold them.
var demoRoles = [2]string{"oda", "asai"}

// demoArmy is the starting position: the built-in scenario the bot offers.
func demoArmy() engine.Battle {
	b, _ := game.Scenario(demoScenario)
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
// would: no orders for units that are gone, Rally first for routing units,
// and nobody marching off the field on purpose. The lifecycle checks each
// order as it would a player's.
func turnOrders(b engine.Battle, side engine.Side, turn int) []engine.Order {
	var out []engine.Order
	rallied := map[string]bool{}
	for _, u := range b.Units {
		if u.Side == side && u.Active() && u.Routing() {
			f := u.Side.EnemyEdge()
			out = append(out, engine.Order{Unit: u.ID, Kind: engine.OrderRally, Class: engine.Special, Phase: 1, Facing: &f})
			rallied[u.ID] = true
		}
	}
	for _, s := range demoOrders[turn] {
		u := b.Unit(s.unit)
		if u == nil || u.Side != side || !u.Active() || rallied[u.ID] {
			continue
		}
		o := engine.Order{Unit: u.ID, Kind: s.kind, Class: engine.Ordinary, Phase: s.phase}
		if s.kind == engine.OrderMove {
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
	return out
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

// demoSeeds is the demo's seed source: an offline demo publishes its
// seeds, so they are a fixed stream and every run plays the same battle.
type demoSeeds struct{ n int }

func (d *demoSeeds) Read(p []byte) (int, error) {
	for i := 0; i < len(p); i += sha256.Size {
		d.n++
		h := sha256.Sum256(fmt.Appendf(nil, "gunbai demo seed %d", d.n))
		copy(p[i:], h[:])
	}
	return len(p), nil
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
	clock := time.Date(1570, 7, 30, 6, 0, 0, 0, time.UTC)
	svc := &game.Service{Store: st, Rand: &demoSeeds{}, Now: func() time.Time { return clock }}
	rec, err := svc.Create(demoGuild, game.CreateRequest{
		Name: demoName, Scenario: demoScenario, Locale: string(render.RU),
		North: store.Clan{Name: "Ода", RoleID: demoRoles[engine.North]},
		South: store.Clan{Name: "Асаи", RoleID: demoRoles[engine.South]},
	})
	if err != nil {
		return err
	}
	if err := writeTurn(outDir, rec.Name, 0, rec.State, nil, [2][]engine.Order{}, stdout); err != nil {
		return err
	}
	if _, err := svc.Start(demoGuild, rec.ID, false); err != nil {
		return err
	}
	for turn := 1; turn <= turns; turn++ {
		res, err := playTurn(svc, turn, stdout)
		if err != nil {
			return fmt.Errorf("turn %d: %w", turn, err)
		}
		// The GM's log, as the GM channel reads it: both sides' orders first.
		tp, err := svc.PostedTurn(demoGuild, res.Battle.ID, turn)
		if err != nil {
			return err
		}
		if err := writeTurn(outDir, res.Battle.Name, turn, res.After, res.Events, tp.Orders, stdout); err != nil {
			return err
		}
		rec = res.Battle
		if res.Next == nil {
			break
		}
	}
	fmt.Fprintf(stdout, "outcome: %s (%s); store: %s\n",
		render.OutcomeName(render.RU, rec.State.Outcome), render.OutcomeName(render.EN, rec.State.Outcome), dbPath)
	return nil
}

// playTurn plays one turn as the two clans would: each makes its command
// roll (high stake, accepted as it falls), gives its scripted orders and
// says it is ready; the second "ready" resolves the turn.
func playTurn(svc *game.Service, turn int, stdout io.Writer) (game.Resolved, error) {
	var res game.ReadyResult
	for _, side := range []engine.Side{engine.North, engine.South} {
		seat, err := svc.SeatOf(demoGuild, []string{demoRoles[side]})
		if err != nil {
			return game.Resolved{}, err
		}
		r, err := svc.Roll(seat, engine.StakeHigh)
		if err == nil && !r.Final {
			_, err = svc.Reroll(seat, r.Turn, "")
		}
		if err != nil {
			return game.Resolved{}, err
		}
		for _, o := range turnOrders(seat.Battle.State, side, turn) {
			if _, err := svc.Order(seat, o); err != nil {
				refusal(stdout, o, err)
			}
		}
		if res, err = svc.Ready(seat); err != nil {
			return game.Resolved{}, err
		}
	}
	if res.Resolved == nil {
		return game.Resolved{}, fmt.Errorf("both sides ready, but the turn was not resolved")
	}
	return *res.Resolved, nil
}

// refusal says why the lifecycle refused a scripted order (the command
// roll allows only so many), or fails loudly on anything else.
func refusal(w io.Writer, o engine.Order, err error) {
	var r *game.Refusal
	if errors.As(err, &r) {
		fmt.Fprintf(w, "  order %s %s not given: %s\n", o.Unit, o.Kind, render.Refusal(render.EN, r.Key, r.Args, r.Problems))
		return
	}
	fmt.Fprintf(w, "  order %s %s: %v\n", o.Unit, o.Kind, err)
}

// writeTurn writes the field after a turn and, for battle turns, its logs.
func writeTurn(dir, name string, turn int, state engine.Battle, events []engine.Event, orders [2][]engine.Order, stdout io.Writer) error {
	title := fmt.Sprintf("%s — %s", name, render.T(render.RU, "title.turn", turn))
	png, err := render.FieldPNG(state, render.FieldOptions{Lang: render.RU, Title: title})
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
			log := render.OrdersGiven(lang, []engine.Side{engine.North, engine.South}, turn, orders) + render.Log(lang, events)
			if err := os.WriteFile(p, []byte(log), 0o644); err != nil {
				return err
			}
			written = append(written, p)
		}
	}
	fmt.Fprintf(stdout, "turn %d: %d events -> %v\n", turn, len(events), written)
	return nil
}
