// Package scenario reads positions: the part of a case file
// (design/CASES.md) that sets up a battle — its units, leaders, HQs,
// terrain, settings, shinobi, banners, defender, spared duellists and turn.
//
// The same parser and builder serve two readers: the scenario files a GM
// prepares battles from (Load, Parse: a [[case]] is a position and nothing
// else), and the case corpus (engine/cases), which decodes its own keys —
// orders, command rolls, dice, expectations — next to a Table with Decode and
// builds the position with a Builder. Both therefore accept and refuse the
// same positions with the same messages.
package scenario

import (
	"os"

	"github.com/gunbai/gunbai/engine"
)

// Position is one [[case]] of a file, built.
type Position struct {
	Name string // the case's name, or "<file base>#<n>" when it has none
	File string
	Line int // line of the [[case]] header; 0 if unknown
	// Turn is the first battle turn to resolve (the case's turn, default
	// 1); Battle.Turn == Turn-1.
	Turn   int
	Battle engine.Battle
	// Err says why the position cannot be used (unknown unit type, bad
	// cell, unknown key...), each problem with file and line.
	Err error
}

// Table is the position part of a [[case]] table, as decoded. Strings are
// checked by the Builder, so that a bad value is a problem of its case (its
// Position.Err) rather than of the whole file.
type Table struct {
	Name     string        `toml:"name"`
	Turn     *int          `toml:"turn"`
	Defender string        `toml:"defender"`
	Terrain  TerrainTable  `toml:"terrain"`
	HQ       HQTable       `toml:"hq"`
	Unit     []UnitTable   `toml:"unit"`
	Leader   []LeaderTable `toml:"leader"`
	// Extension (engine/testdata/cases/README.md): per-battle settings by
	// their RULES.md Appendix B names.
	Settings map[string]any `toml:"settings"`
	// Extensions: each side's infiltrated shinobi and banners (R-V.6, R-V.7).
	Shinobi SidesTable   `toml:"shinobi"`
	Banners BannersTable `toml:"banners"`
	// Extension: each side's choice to spare duellists it "kills"
	// (R-VIII.6.5, D-59).
	Spare SpareTable `toml:"spare"`
}

// TerrainTable is [case.terrain].
type TerrainTable struct {
	Hills   []string `toml:"hills"`
	Forests []string `toml:"forests"`
	Swamps  []string `toml:"swamps"`
	River   bool     `toml:"river"`
	Bridge  string   `toml:"bridge"`
}

// HQTable is [case.hq]: each side's HQ cell.
type HQTable struct {
	North string `toml:"north"`
	South string `toml:"south"`
}

// SidesTable is a number per side ([case.shinobi]).
type SidesTable struct {
	North int `toml:"north"`
	South int `toml:"south"`
}

// BannersTable is [case.banners]: each side's banner names.
type BannersTable struct {
	North []string `toml:"north"`
	South []string `toml:"south"`
}

// SpareTable is [case.spare].
type SpareTable struct {
	North bool `toml:"north"`
	South bool `toml:"south"`
}

// UnitTable is one [[case.unit]].
type UnitTable struct {
	ID        string   `toml:"id"`
	Name      string   `toml:"name"`
	Side      string   `toml:"side"`
	Type      string   `toml:"type"`
	Figures   *int     `toml:"figures"`
	Cell      string   `toml:"cell"`
	Facing    string   `toml:"facing"`
	Ammo      *int     `toml:"ammo"`
	Status    string   `toml:"status"`
	Fatigued  bool     `toml:"fatigued"`
	Hold      bool     `toml:"hold"`
	Rallied   bool     `toml:"rallied"`
	MinorClan bool     `toml:"minor_clan"`
	Shields   []string `toml:"shields"`
	SaveAmmo  bool     `toml:"save_ammo"`
}

// LeaderTable is one [[case.leader]].
type LeaderTable struct {
	ID     string   `toml:"id"`
	Name   string   `toml:"name"`
	Side   string   `toml:"side"`
	Role   string   `toml:"role"`
	At     string   `toml:"at"`
	Wounds int      `toml:"wounds"`
	Traits []string `toml:"traits"`
}

// scenarioTable is a [[case]] of a scenario file: a position, and the keys
// of a case file that are not part of one. Those have the shape the case
// loader gives them (a list of tables, a table, a list of strings), so that
// a value of the wrong shape spoils the file for both, but their contents
// are not read: a scenario that has them is refused. "rules" (the citations
// of a case) is harmless and ignored.
type scenarioTable struct {
	Table
	Rules   []string         `toml:"rules"`
	Order   []map[string]any `toml:"order"`
	Command []map[string]any `toml:"command"`
	Dice    map[string]any   `toml:"dice"`
	Expect  map[string]any   `toml:"expect"`
	Refused []string         `toml:"refused"`
}

// caseOnly reports whether the table gives orders, command rolls, dice,
// expectations or a refusal (an empty table or list gives none).
func (t *scenarioTable) caseOnly() bool {
	return len(t.Order)+len(t.Command)+len(t.Dice)+len(t.Expect)+len(t.Refused) > 0
}

// Load reads a scenario file. The error is about the whole file
// (unreadable, TOML syntax, a value of the wrong type: a *FileError but for
// a read error); a position that cannot be used has its own Err.
func Load(path string) ([]Position, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads the scenario file data; name is the file name used in
// messages. Every [[case]] is a position; one that gives orders, command
// rolls, dice or expectations has an Err.
func Parse(name string, data []byte) ([]Position, error) {
	tables, err := Decode[scenarioTable](name, data)
	if err != nil {
		return nil, err
	}
	out := make([]Position, len(tables))
	for i := range tables {
		d := &tables[i]
		b := d.Builder()
		p := b.Position(&d.Raw.Table)
		if d.Raw.caseOnly() {
			b.Errf("", "scenario %q: a scenario has no orders, commands, dice or expectations", p.Name)
		}
		p.Err = b.Err()
		out[i] = p
	}
	return out, nil
}
