package main

import (
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/field"
	"github.com/gunbai/gunbai/store"
)

// The demo plays a built-in battle through the same battle lifecycle the
// bot uses (package game), with scripted players, a fixed clock and a fixed
// seed source, and writes what the clans would see: a PNG per turn and the
// turn logs in Russian and English. It needs no token and no network.

const (
	demoGuild    = "demo"
	demoName     = "Битва при Каванакадзиме (демо)"
	demoScenario = "kawanakajima"
)

// demoBattle is the battle's key in the store.
var demoBattle = game.BattleID(demoName)

// demoRoles are the clans' roles; the scripted players hold them.
var demoRoles = [2]string{"uesugi", "takeda"}

// demoOrder is one scripted order: its unit, kind and phase, and what it
// says besides (a target, gallop steps, a facing).
type demoOrder struct {
	unit   string
	kind   engine.OrderKind
	phase  int
	target string
	steps  []engine.StepKind
	facing *engine.Dir
}

var mv = engine.StepMove

// demoOrders are the scripted orders by turn. The Uesugi cross the river
// on a broad front while their light horse rides round the Takeda's west
// wing to take it in the flank; the Takeda shoot them as they come.
var demoOrders = map[int][]demoOrder{
	1: {
		{unit: "n-uma", kind: engine.OrderMove, phase: 1, steps: []engine.StepKind{mv, mv}},
		{unit: "n-yari", kind: engine.OrderMove, phase: 1}, {unit: "n-ashigaru", kind: engine.OrderMove, phase: 1},
		{unit: "n-yumi", kind: engine.OrderMove, phase: 1},
		{unit: "s-uma", kind: engine.OrderWait, phase: 1},
	},
	2: {
		{unit: "n-uma", kind: engine.OrderMove, phase: 1, steps: []engine.StepKind{mv}},
		{unit: "n-yari", kind: engine.OrderMove, phase: 1},
		{unit: "n-yumi", kind: engine.OrderShoot, phase: 1, target: "s-yari"},
		{unit: "s-teppo", kind: engine.OrderShoot, phase: 1, target: "n-yari"},
	},
	3: {
		{unit: "n-uma", kind: engine.OrderWheelLeft, phase: 1}, {unit: "n-uma", kind: engine.OrderMove, phase: 2},
		{unit: "n-yari", kind: engine.OrderMove, phase: 1},
		{unit: "s-hatamoto", kind: engine.OrderMove, phase: 1},
	},
	4: {
		{unit: "n-uma", kind: engine.OrderMove, phase: 1},
		{unit: "n-kakizaki", kind: engine.OrderMove, phase: 1, steps: []engine.StepKind{mv, mv}},
		{unit: "s-yari", kind: engine.OrderMove, phase: 1},
	},
	5: {
		{unit: "n-kakizaki", kind: engine.OrderMove, phase: 1},
		{unit: "n-sohei", kind: engine.OrderMove, phase: 1},
		{unit: "s-ashigaru", kind: engine.OrderMove, phase: 1},
	},
	6: {
		{unit: "n-kakizaki", kind: engine.OrderMove, phase: 1},
		{unit: "n-teppo", kind: engine.OrderMove, phase: 1},
		{unit: "s-hatamoto", kind: engine.OrderMove, phase: 1},
	},
}

// turnOrders adapts the script to the battle as it stands, as a player
// would: no orders for units that are gone, Rally first for routing units.
// The lifecycle checks each order as it would a player's.
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
		o := engine.Order{Unit: u.ID, Kind: s.kind, Class: engine.Ordinary, Phase: s.phase, Target: s.target, Steps: s.steps, Facing: s.facing}
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
	side := fs.String("ai", "", "the side the general plays instead of the script: north or south")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *turns < 1 || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "gunbai demo: -turns must be at least 1 and no arguments are taken")
		return 2
	}
	general, ok := parseDemoAI(*side)
	if !ok {
		fmt.Fprintln(stderr, "gunbai demo: "+render.T(argsLang(args), "cli.demo_ai_bad", *side))
		return 2
	}
	if err := playDemo(*outDir, *turns, general, stdout); err != nil {
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

// playDemo plays the demo into outDir; general, if not nil, plays its
// side instead of the script (gunbai demo -ai).
func playDemo(outDir string, turns int, general *demoAI, stdout io.Writer) error {
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
	// The roster's seed comes from a stream of its own, so that the
	// battle's seeds (and the battle) are those of the demo before the
	// campaign was added.
	svc := &game.Service{Store: st, Rand: &demoSeeds{n: 1 << 20}, Now: func() time.Time { return clock }}
	if err := setUpCampaign(svc); err != nil {
		return err
	}
	svc.Rand = &demoSeeds{}
	rec, err := svc.Create(demoGuild, game.CreateRequest{
		Name: demoName, Scenario: demoScenario, Armies: demoArmies, Locale: string(render.RU),
		North: store.Clan{Name: "Уэсуги", RoleID: demoRoles[engine.North]},
		South: store.Clan{Name: "Такэда", RoleID: demoRoles[engine.South]},
	})
	if err != nil {
		return err
	}
	if err := writeStart(outDir, rec, stdout); err != nil {
		return err
	}
	op, err := svc.Start(demoGuild, rec.ID, false)
	if err != nil {
		return err
	}
	if op.Scouting {
		// The shinobi that got through would scout (R-IV.5); the demo's
		// clans scout nothing, and the GM closes the phase.
		if _, err := svc.Start(demoGuild, rec.ID, true); err != nil {
			return err
		}
	}
	over := false
	for turn := 1; turn <= turns; turn++ {
		res, err := playTurn(svc, turn, general, outDir, stdout)
		if err != nil {
			return fmt.Errorf("turn %d: %w", turn, err)
		}
		if err := writeTurn(svc, outDir, res.Battle, turn, stdout); err != nil {
			return err
		}
		rec = res.Battle
		if over = res.Next == nil; over {
			break
		}
	}
	if err := playAftermath(svc, outDir, over, dbPath, stdout); err != nil {
		return err
	}
	return playSkirmish(svc, outDir, stdout)
}

// playTurn plays one turn as the two clans would: each makes its command
// roll (high stake, accepted as it falls), gives its scripted orders and
// says it is ready; the second "ready" resolves the turn. The general's
// side, if any, is played by general.play instead.
func playTurn(svc *game.Service, turn int, general *demoAI, outDir string, stdout io.Writer) (game.Resolved, error) {
	var res game.ReadyResult
	for _, side := range []engine.Side{engine.North, engine.South} {
		seat, err := svc.Seats().SeatOf(demoGuild, []string{demoRoles[side]})
		if err != nil {
			return game.Resolved{}, err
		}
		if general != nil && general.side == side {
			if err := general.play(svc, seat, turn, outDir, stdout); err != nil {
				return game.Resolved{}, err
			}
			if res, err = svc.Ready(seat); err != nil {
				return game.Resolved{}, err
			}
			continue
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

// demoViews are the audiences the demo draws, with their file names.
var demoViews = []struct {
	audience store.Audience
	name     string
}{
	{store.AudienceGM, "gm"}, {store.AudienceNorth, "north"}, {store.AudienceSouth, "south"},
}

// writeStart writes the field before the first turn, as each view sees it.
func writeStart(dir string, rec store.BattleRecord, stdout io.Writer) error {
	var written []string
	for _, v := range demoViews {
		state, view := rec.State, field.ViewGM
		if v.audience != store.AudienceGM {
			side := engine.North
			if v.audience == store.AudienceSouth {
				side = engine.South
			}
			state, view = game.SideView(&rec, side), field.SideView(side) // D-70
		}
		png, err := field.PNG(state, field.Options{Lang: render.RU, Battle: rec.Name, View: view,
			Clans: [2]string{rec.Sides[engine.North].Name, rec.Sides[engine.South].Name}})
		if err != nil {
			return err
		}
		p := filepath.Join(dir, fmt.Sprintf("turn-0.%s.png", v.name))
		if err := os.WriteFile(p, png, 0o644); err != nil {
			return err
		}
		written = append(written, p)
	}
	fmt.Fprintf(stdout, "deployment -> %v\n", written)
	return nil
}

// writeTurn writes what each view saw of a turn, drawn as the bot posts
// it (bot.DrawTurn): the field with the turn on it, its replay, its logs.
func writeTurn(svc *game.Service, dir string, rec store.BattleRecord, turn int, stdout io.Writer) error {
	var written []string
	events := 0
	for _, v := range demoViews {
		tv, err := svc.TurnView(demoGuild, rec.ID, turn, v.audience, true)
		if err != nil {
			return err
		}
		if v.audience == store.AudienceGM {
			events = len(tv.Events)
		}
		for _, lang := range []render.Lang{render.RU, render.EN} {
			f, err := bot.DrawTurn(lang, tv, lang == render.RU)
			if err != nil {
				return err
			}
			base := filepath.Join(dir, fmt.Sprintf("turn-%d.%s", turn, v.name))
			files := map[string][]byte{base + "." + string(lang) + ".txt": []byte(f.Log)}
			if lang == render.RU {
				files[base+".png"], files[base+".gif"] = f.PNG, f.GIF
			}
			for _, p := range slices.Sorted(maps.Keys(files)) {
				if err := os.WriteFile(p, files[p], 0o644); err != nil {
					return err
				}
				written = append(written, p)
			}
		}
	}
	fmt.Fprintf(stdout, "turn %d: %d events -> %d files (%s)\n", turn, events, len(written), filepath.Join(dir, fmt.Sprintf("turn-%d.*", turn)))
	return nil
}
