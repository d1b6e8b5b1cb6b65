package bot

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/scenario"
	"github.com/gunbai/gunbai/render"
)

// Scenarios are prepared deployments a GM can start a battle from until
// deployment by the players is built (RULES IV). Each holds the mandatory
// centre cells of both front rows (R-IV.1.1).
var scenarios = map[string]func() engine.Battle{
	"anegawa": anegawa,
}

// Scenario returns a fresh copy of a built-in scenario.
func Scenario(name string) (engine.Battle, bool) {
	f, ok := scenarios[name]
	if !ok {
		return engine.Battle{}, false
	}
	return f(), true
}

// ScenarioNames lists the built-in scenarios.
func ScenarioNames() []string {
	var out []string
	for n := range scenarios {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// anegawa: six units a side, cavalry on the wings, spearmen in the centre.
func anegawa() engine.Battle {
	type spec struct {
		id     string
		side   engine.Side
		t      engine.TroopType
		n      int
		cell   string
		facing engine.Dir
	}
	specs := []spec{
		{"n-hatamoto", engine.North, engine.HeavyCavalry, 8, "A23", engine.S},
		{"n-yari", engine.North, engine.SamuraiSpear, 10, "A21", engine.S},
		{"n-ashigaru", engine.North, engine.AshigaruSpear, 12, "B21", engine.S},
		{"n-sohei", engine.North, engine.Yamabushi, 6, "B23", engine.S},
		{"n-uma", engine.North, engine.LightCavalry, 6, "B25", engine.S},
		{"n-yumi", engine.North, engine.SamuraiArcher, 8, "A31", engine.S},
		{"s-yari", engine.South, engine.SamuraiSpear, 10, "C11", engine.N},
		{"s-ashigaru", engine.South, engine.AshigaruSpear, 12, "D11", engine.N},
		{"s-hatamoto", engine.South, engine.HeavyCavalry, 8, "D13", engine.N},
		{"s-uma", engine.South, engine.LightCavalry, 6, "C14", engine.N},
		{"s-sohei", engine.South, engine.Yamabushi, 6, "C13", engine.N},
		{"s-teppo", engine.South, engine.AshigaruTeppo, 8, "D21", engine.N},
	}
	b := engine.Battle{ID: "anegawa", Defender: engine.South, Settings: engine.DefaultSettings()}
	for _, s := range specs {
		u := engine.Unit{ID: s.id, Side: s.side, Type: s.t, Figures: s.n, Cell: engine.MustCell(s.cell), Facing: s.facing}
		u.Ammo = u.Stats().AmmoPerFigure * s.n
		b.Units = append(b.Units, u)
	}
	b.HQ[engine.North] = engine.MustCell("A34")
	b.HQ[engine.South] = engine.MustCell("D33")
	b.Leaders = []engine.Leader{
		{ID: "n-daimyo", Side: engine.North, Role: engine.Commander, At: engine.AtHQ},
		{ID: "s-daimyo", Side: engine.South, Role: engine.Commander, At: engine.AtHQ},
	}
	b.Messengers = [2]int{1, 1}
	return b
}

// LoadScenarios reads scenario files (config battle.scenarios): each [[case]]
// of a file, written in the case-file format (engine/scenario), is a
// prepared battle named by the case's name, with its units, leaders,
// terrain, HQs, settings, shinobi and banners; engine/scenario refuses one
// that gives orders, commands, dice or expectations. Each must pass the
// deployment and terrain checks of RULES IV (engine.ValidateDeployment,
// engine.ValidateTerrain). The error names the file, line and problem.
func LoadScenarios(files []string) (map[string]engine.Battle, error) {
	out := map[string]engine.Battle{}
	var errs []error
	for _, f := range files {
		ps, err := scenario.Load(f)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, p := range ps {
			where := fmt.Sprintf("%s:%d: scenario %q", f, p.Line, p.Name)
			id := battleID(p.Name)
			switch {
			case p.Err != nil:
				errs = append(errs, p.Err)
				continue
			case id == "":
				errs = append(errs, fmt.Errorf("%s: the name needs letters or digits", where))
				continue
			case out[id].ID != "" || scenarios[id] != nil:
				errs = append(errs, fmt.Errorf("%s: another scenario has this name", where))
				continue
			}
			b := p.Battle
			b.ID, b.Turn = id, 0
			probs := engine.ValidateTerrain(b, b.Settings.TerrainTypes())
			for _, side := range []engine.Side{engine.North, engine.South} {
				probs = append(probs, engine.ValidateDeployment(b, side)...)
			}
			if len(probs) > 0 {
				var lines []string
				for _, p := range probs {
					lines = append(lines, render.ProblemText(render.EN, p))
				}
				errs = append(errs, fmt.Errorf("%s: %s", where, strings.Join(lines, " ")))
				continue
			}
			out[id] = b
		}
	}
	return out, errors.Join(errs...)
}
