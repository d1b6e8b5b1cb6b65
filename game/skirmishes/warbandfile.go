package skirmishes

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/gunbai/gunbai/skirmish"
)

// A warband file is one side's army in TOML:
//
//	name = "Дружина Ода"
//	nation = "Ода"           # at the bottom left of its cards (E2-C)
//	task = "удержать мост"   # its battle task (E2-TS1), optional
//
//	[[unit]]
//	id = "d1"
//	name = "Стража"
//	symbol = "◆"             # its marking (E2-B)
//
//	[[unit.fighter]]
//	id = "dk"                # unique in the game
//	class = "swordsman"      # a class of the table (E2-T)
//	rank = "knight"          # "", sergeant, knight, master (E2-K)
//	cavalry = false          # special classes (E2-K)
//	bearer = false
//
//	[[engine]]               # siege engines (E2-W), optional
//	id = "cat1"
//	kind = "catapult"        # catapult | ballista | ram
//	crew = ["d2", "d3", "d4", "d5"]

// MaxWarbandFile is the largest warband file accepted, in bytes.
const MaxWarbandFile = 64 << 10

type sideTOML struct {
	Name   string       `toml:"name"`
	Nation string       `toml:"nation"`
	Task   string       `toml:"task"`
	Unit   []unitTOML   `toml:"unit"`
	Engine []engineTOML `toml:"engine"`
}

type unitTOML struct {
	ID      string        `toml:"id"`
	Name    string        `toml:"name"`
	Symbol  string        `toml:"symbol"`
	Fighter []fighterTOML `toml:"fighter"`
}

type fighterTOML struct {
	ID      string   `toml:"id"`
	Name    string   `toml:"name"`
	Class   string   `toml:"class"`
	Rank    string   `toml:"rank"`
	Cavalry bool     `toml:"cavalry"`
	Bearer  bool     `toml:"bearer"`
	Sign    string   `toml:"sign"`
	Awards  []string `toml:"awards"`
}

type engineTOML struct {
	ID   string   `toml:"id"`
	Kind string   `toml:"kind"`
	Crew []string `toml:"crew"`
}

// ParseWarband reads a warband file: the side, or a refusal naming the
// file, the line and the column of its first mistake.
func ParseWarband(name string, data []byte) (skirmish.Side, error) {
	if !strings.EqualFold(filepath.Ext(name), ".toml") {
		return skirmish.Side{}, refuse("err.skirmishes.warband_ext", name)
	}
	if len(data) > MaxWarbandFile {
		return skirmish.Side{}, refuse("err.skirmishes.warband_big", name, MaxWarbandFile>>10)
	}
	var raw sideTOML
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		var strict *toml.StrictMissingError
		var de *toml.DecodeError
		switch {
		case errors.As(err, &strict) && len(strict.Errors) > 0:
			line, col := strict.Errors[0].Position()
			return skirmish.Side{}, refuse("err.skirmishes.warband_key", name, line, col, strings.Join(strict.Errors[0].Key(), "."))
		case errors.As(err, &de):
			line, col := de.Position()
			return skirmish.Side{}, refuse("err.skirmishes.warband_syntax", name, line, col, de.Error())
		}
		return skirmish.Side{}, refuse("err.skirmishes.warband_syntax", name, 1, 1, err.Error())
	}
	side := skirmish.Side{Name: raw.Name, Nation: raw.Nation, Task: raw.Task}
	for _, u := range raw.Unit {
		unit := skirmish.Unit{ID: u.ID, Name: u.Name, Symbol: u.Symbol}
		if u.ID == "" {
			return side, refuse("err.skirmishes.warband_unit_id", name)
		}
		for _, f := range u.Fighter {
			fi, err := fighterOf(f.ID, f.Class, f.Rank)
			if err != nil {
				return side, err
			}
			fi.Name, fi.Cavalry, fi.Bearer, fi.Sign, fi.Awards = f.Name, f.Cavalry, f.Bearer, f.Sign, f.Awards
			unit.Fighters = append(unit.Fighters, fi)
		}
		side.Units = append(side.Units, unit)
	}
	for _, e := range raw.Engine {
		side.Engines = append(side.Engines, skirmish.Engine{ID: e.ID, Kind: e.Kind, Crew: e.Crew})
	}
	return side, nil
}

// fighterOf is a fighter with an ID, a class and a rank checked.
func fighterOf(id, class, rank string) (skirmish.Fighter, error) {
	if id == "" || strings.ContainsAny(id, " \t\n") {
		return skirmish.Fighter{}, refuse("err.skirmishes.fighter_id", id)
	}
	r := skirmish.Rank(strings.ToLower(rank))
	switch r {
	case skirmish.NoRank, skirmish.Sergeant, skirmish.Knight, skirmish.Master:
	default:
		return skirmish.Fighter{}, refuse("err.skirmishes.rank", rank)
	}
	return skirmish.Fighter{ID: id, Class: class, Rank: r}, nil
}
