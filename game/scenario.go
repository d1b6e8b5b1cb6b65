package game

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/scenario"
)

// Scenarios are prepared deployments a GM can start a battle from until
// deployment by the players is built (RULES IV). Each holds the mandatory
// centre cells of both front rows (R-IV.1.1).
var scenarios = map[string]func() engine.Battle{
	"anegawa":      anegawa,
	"kawanakajima": kawanakajima,
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

// unitSpec is a unit of a built-in scenario.
type unitSpec struct {
	id     string
	side   engine.Side
	t      engine.TroopType
	n      int
	cell   string
	facing engine.Dir
}

// builtIn is a built-in scenario's battle with its units, full of ammo,
// South defending, on the default settings.
func builtIn(id string, specs []unitSpec) engine.Battle {
	b := engine.Battle{ID: id, Defender: engine.South, Settings: engine.DefaultSettings()}
	for _, s := range specs {
		u := engine.Unit{ID: s.id, Side: s.side, Type: s.t, Figures: s.n, Cell: engine.MustCell(s.cell), Facing: s.facing}
		u.Ammo = u.Stats().AmmoPerFigure * s.n
		b.Units = append(b.Units, u)
	}
	return b
}

// anegawa: six units a side, cavalry on the wings, spearmen in the centre.
func anegawa() engine.Battle {
	specs := []unitSpec{
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
	b := builtIn("anegawa", specs)
	b.HQ[engine.North] = engine.MustCell("A34")
	b.HQ[engine.South] = engine.MustCell("D33")
	b.Leaders = []engine.Leader{
		{ID: "n-daimyo", Side: engine.North, Role: engine.Commander, At: engine.AtHQ},
		{ID: "s-daimyo", Side: engine.South, Role: engine.Commander, At: engine.AtHQ},
	}
	b.Messengers = [2]int{1, 1}
	return b
}

// kawanakajima: the Takeda (South, defending) behind a river with one
// bridge, a hill and two forests, archers hidden in one (R-XI.3.2); the
// Uesugi (North) with a light-horse wing for a flank attack. Both sides
// have a commander and a general, shinobi, a messenger and a banner: the
// scenario of the demo, where every part of the rules shows.
func kawanakajima() engine.Battle {
	specs := []unitSpec{
		{"n-kakizaki", engine.North, engine.HeavyCavalry, 8, "B22", engine.S},
		{"n-yari", engine.North, engine.SamuraiSpear, 10, "A21", engine.S},
		{"n-ashigaru", engine.North, engine.AshigaruSpear, 12, "B21", engine.S},
		{"n-yumi", engine.North, engine.SamuraiArcher, 8, "A22", engine.S},
		{"n-teppo", engine.North, engine.AshigaruTeppo, 8, "B23", engine.S},
		{"n-sohei", engine.North, engine.Yamabushi, 6, "A24", engine.S},
		{"n-uma", engine.North, engine.LightCavalry, 6, "A26", engine.S},
		{"s-yari", engine.South, engine.SamuraiSpear, 10, "C11", engine.N},
		{"s-ashigaru", engine.South, engine.AshigaruSpear, 12, "D11", engine.N},
		{"s-teppo", engine.South, engine.AshigaruTeppo, 8, "D12", engine.N},
		{"s-sohei", engine.South, engine.Yamabushi, 6, "C13", engine.N},
		{"s-uma", engine.South, engine.LightCavalry, 6, "C14", engine.N},
		{"s-hatamoto", engine.South, engine.HeavyCavalry, 8, "D13", engine.N},
		{"s-yumi", engine.South, engine.SamuraiArcher, 8, "C23", engine.N},
	}
	b := builtIn("kawanakajima", specs)
	if err := b.Settings.Set("terrain.available", "hill,forest,swamp"); err != nil {
		panic(err) // a built-in scenario's settings are known good (TestBuiltInScenariosAreLegal)
	}
	if err := b.Settings.Set("terrain.river", "true"); err != nil {
		panic(err)
	}
	b.Terrain = engine.Terrain{
		River:   true,
		Bridge:  engine.MustCell("C11"),
		Hills:   []engine.Cell{engine.MustCell("D21"), engine.MustCell("C35")},
		Forests: []engine.Cell{engine.MustCell("C23"), engine.MustCell("D35")},
		Swamps:  []engine.Cell{engine.MustCell("C36"), engine.MustCell("D26")},
	}
	b.HQ[engine.North] = engine.MustCell("A34")
	b.HQ[engine.South] = engine.MustCell("D33")
	b.Leaders = []engine.Leader{
		{ID: "uesugi-kenshin", Side: engine.North, Role: engine.Commander, At: engine.AtHQ},
		{ID: "kakizaki", Side: engine.North, Role: engine.General, At: "n-kakizaki"},
		{ID: "takeda-shingen", Side: engine.South, Role: engine.Commander, At: engine.AtHQ},
		{ID: "yamamoto", Side: engine.South, Role: engine.General, At: "s-yari"},
	}
	b.Messengers = [2]int{1, 1}
	b.Shinobi = [2]int{1, 1}
	b.Banners = [2][]engine.Banner{{{Name: "phoenix"}}, {{Name: "phoenix"}}}
	return b
}

// ScenarioError is a scenario file's position that cannot be offered: why
// (Reason), or the deployment rules it breaks (Problems, RULES IV).
type ScenarioError struct {
	File     string
	Line     int
	Name     string
	Reason   string
	Problems []*engine.Problem
}

func (e *ScenarioError) Error() string {
	msg := e.Reason
	if len(e.Problems) > 0 {
		var parts []string
		for _, p := range e.Problems {
			parts = append(parts, p.Error())
		}
		msg = strings.Join(parts, "; ")
	}
	return fmt.Sprintf("%s:%d: scenario %q: %s", e.File, e.Line, e.Name, msg)
}

// LoadScenarios reads scenario files (config battle.scenarios): each
// position of a file, written in the position format of engine/scenario,
// is a prepared battle named by its name. Each must pass the deployment
// and terrain checks of RULES IV (engine.ValidateStart). Every error names
// the file and line; the errors of all files are joined.
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
			id := BattleID(p.Name)
			bad := &ScenarioError{File: f, Line: p.Line, Name: p.Name}
			switch {
			case p.Err != nil:
				errs = append(errs, p.Err)
				continue
			case id == "":
				bad.Reason = "the name needs letters or digits"
			case out[id].ID != "" || scenarios[id] != nil:
				bad.Reason = "another scenario has this name"
			}
			b := p.Battle
			b.ID, b.Turn = id, 0
			if bad.Problems = engine.ValidateStart(b); bad.Reason != "" || len(bad.Problems) > 0 {
				errs = append(errs, bad)
				continue
			}
			out[id] = b
		}
	}
	return out, errors.Join(errs...)
}

// scenario finds a prepared battle by name: the config's, then built-in.
func (s *Service) scenario(name string) (engine.Battle, bool) {
	if b, ok := s.Scenarios[BattleID(name)]; ok {
		return b.Clone(), true
	}
	return Scenario(name)
}

// scenarioNames lists every scenario a battle can be created from.
func (s *Service) scenarioNames() []string {
	names := ScenarioNames()
	for n := range s.Scenarios {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
