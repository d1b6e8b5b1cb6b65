// Package rosterfile is the format of the roster files (issue 15), as
// engine/scenario is the format of the scenarios: it reads what the GM
// uploads into a campaign.Roster and merges it into the campaign's.
//
// It imports the campaign's rules (the roster it reads into), go-toml
// (through internal/tomlpos for where a value is written) and game/kit for
// the Refusal its mistakes are, so that they are worded like every other
// refusal; never package game, which calls it.
package rosterfile

// Roster files: what the GM uploads to set up or change a campaign
// (issue 15). Two kinds, chosen by the file's extension:
//
// A roster file (.toml) holds whole clans: the clans, their characters and
// their armies and sendans with the units. Keys are snake_case; every key
// but the ids, the references and the unit figures may be left out.
//
//	turn = 3                  # optional: the campaign turn (1 or more)
//	subphase = "весна"        # optional: a free-text label of the subphase
//
//	[[clan]]
//	id = "takeda"
//	name = "Такэда"
//	provinces = ["kai", "shinano"]
//	shrine = "kai"
//	lang = "ru"               # optional: its channel's language, ru | en
//
//	[[character]]
//	id = "shingen"            # unique among all ids of the roster
//	name = "Такэда Сингэн"
//	clan = "takeda"           # a clan of this file
//	age = "mature"            # minor | young | mature | old
//	female = false
//	weak_health = false
//	wounds = 1                # 0..3; the wounds at turn start are the same
//	traits = ["..."]
//	skills = ["..."]
//	status = "active"         # active (default) | captured | dead
//	captor = "uesugi"         # the clan holding him, if captured
//	province = "kai"
//	rating = 2                # quick-battle rating 0..3 (default 1, E3-Q2)
//	house = true              # of the clan's house (the daimyo's family: heirs,
//	                          # wives, daughters, minors); false: a general who
//	                          # serves the clan, its possible regent (E1-K0).
//	                          # Left out: false for a character named among an
//	                          # army's generals, true otherwise
//
//	[[army]]
//	id = "takeda-main"
//	name = "Главное войско"
//	clan = "takeda"
//	kind = "army"             # army (default) | sendan | leaderless
//	commander = "shingen"     # a character of the same clan in this file
//	generals = ["nobushige"]  # the same
//	province = "kai"
//	state = "in_order"        # in_order (default) | disorder | scattered
//	forced_march = false
//	cut_off = false
//
//	  [[army.unit]]
//	  id = "tk-hc1"
//	  name = "Красные всадники"
//	  type = "heavy_cavalry"  # campaign.UnitTypes, or the engine's samurai_spear, samurai_archer
//	  figures = 6             # 0..99, required
//	  impetus_mod = 0
//	  steadiness_mod = 0
//	  mastery = 0
//	  promotions = ["mastery"] # mastery | steadiness_impetus, oldest first
//
// An army list (.csv) holds units only, one a row, under a header row naming
// the columns in any order: army, id, type and figures are required; name,
// impetus_mod, steadiness_mod, mastery and promotions (separated by spaces
// or "|") are the unit's; clan, kind and commander, given on any row of an
// army (the same on every row that gives them), create an army the roster
// does not have yet or change one it has; commander_house (true or false,
// yes or no, да or нет, 1 or 0) says whether the army's commander, named in
// the file, is of the clan's house or a general serving it (E1-K0). Lines starting with # are
// comments; the separator is the comma or the semicolon (what Russian Excel
// writes), whichever the header uses more. An army list gives a Roster with
// the armies only: no clans and no characters, an army's Clan, Kind and
// Commander empty where the file leaves them out, and for each
// commander_house given a character with only the commander's id and House;
// Merge then keeps what the roster has.
//
// Every mistake is a Refusal whose first three arguments are the file name,
// the line and the column of the offending value (for a CSV file the column
// is the field's position, 1 for the first; for a TOML file it counts
// characters from 1), then what the text of the key needs.

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"

	"github.com/gunbai/gunbai/campaign"
)

// Mistake is a file's mistake, worded by the catalogue's Key with Args
// (the line, the column, what was written). The format knows no service:
// the campaign's service hands it on as its refusal, so the roster file
// sits beside campaign without importing the lifecycle's kit.
type Mistake struct {
	Key  string
	Args []any
}

func (m *Mistake) Error() string { return fmt.Sprintf("roster file: %s %v", m.Key, m.Args) }

// refuse is the mistake of a file by catalogue key.
func refuse(key string, args ...any) error { return &Mistake{Key: key, Args: args} }

// MaxSize is the largest roster file or army list accepted, in bytes.
const MaxSize = 256 << 10

// Parse reads an uploaded roster file (name ending in .toml) or
// army list (.csv); name is the file name used in the refusals. Nothing
// else is accepted. The roster it gives is checked as far as the file alone
// allows; Merge checks the rest against the campaign's roster.
func Parse(name string, data []byte) (campaign.Roster, error) {
	ext := strings.ToLower(filepath.Ext(name))
	if ext != ".toml" && ext != ".csv" {
		return campaign.Roster{}, refuse("err.roster_file.ext", name)
	}
	if len(data) > MaxSize {
		return campaign.Roster{}, refuse("err.roster_file.too_big", name, MaxSize>>10)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		off := 0
		for off < len(data) {
			r, n := utf8.DecodeRune(data[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		line := 1 + bytes.Count(data[:off], []byte("\n"))
		col := off - (bytes.LastIndexByte(data[:off], '\n') + 1)
		return campaign.Roster{}, refuse("err.roster_file.utf8", name, line, utf8.RuneCount(data[off-col:off])+1)
	}
	if ext == ".csv" {
		return parseArmyList(name, data)
	}
	return parseRosterTOML(name, data)
}

// fileCheck makes the refusals of one file and keeps the ids seen in it.
type fileCheck struct {
	name string
	ids  map[string]pos
}

func (f *fileCheck) fail(p pos, key string, args ...any) error {
	return refuse("err.roster_file."+key, append([]any{f.name, p.line, p.col}, args...)...)
}

// id checks that an id is given and new in the file.
func (f *fileCheck) id(p pos, id, what string) error {
	if id == "" {
		return f.fail(p, "missing", what)
	}
	if first, ok := f.ids[id]; ok {
		return f.fail(p, "duplicate", id, first.line)
	}
	f.ids[id] = p
	return nil
}

// oneOf checks that value is one of allowed; an empty value is def.
func (f *fileCheck) oneOf(p pos, key, value, def string, allowed ...string) (string, error) {
	v := strings.ToLower(strings.TrimSpace(value))
	if v == "" {
		return def, nil
	}
	if !slices.Contains(allowed, v) {
		return "", f.fail(p, "value", key, value, strings.Join(allowed, ", "))
	}
	return v, nil
}

func (f *fileCheck) unitType(p pos, s string) (campaign.UnitType, error) {
	v := strings.ToLower(strings.TrimSpace(s))
	if v == "" {
		return "", f.fail(p, "missing", "type")
	}
	if t, ok := campaign.UnitTypeOfTroop(v); ok {
		return t, nil // the grid battle's name of the type
	}
	if t := campaign.UnitType(v); slices.Contains(campaign.UnitTypes, t) {
		return t, nil
	}
	names := make([]string, len(campaign.UnitTypes))
	for i, t := range campaign.UnitTypes {
		names[i] = string(t)
	}
	return "", f.fail(p, "unit_type", s, strings.Join(names, ", "))
}

func (f *fileCheck) figures(p pos, n int) error {
	if n < 0 || n > 99 {
		return f.fail(p, "figures", n)
	}
	return nil
}

var promotions = []string{string(campaign.PromoteMastery), string(campaign.PromoteSteadImp)}

func (f *fileCheck) promotion(p pos, s string) (campaign.Promotion, error) {
	v, err := f.oneOf(p, "promotions", s, "", promotions...)
	if err == nil && v == "" {
		err = f.fail(p, "value", "promotions", s, strings.Join(promotions, ", "))
	}
	return campaign.Promotion(v), err
}

var (
	armyKinds  = []string{string(campaign.KindArmy), string(campaign.KindSendan), string(campaign.KindLeaderless)}
	armyStates = []string{string(campaign.InOrder), string(campaign.Disorder), string(campaign.Scattered)}
	statuses   = []string{string(campaign.Active), string(campaign.Captured), string(campaign.Dead)}
)

// The TOML file as decoded.
type (
	rosterTOML struct {
		Turn      *int            `toml:"turn"`
		Subphase  *string         `toml:"subphase"`
		Clan      []clanTOML      `toml:"clan"`
		Character []characterTOML `toml:"character"`
		Army      []armyTOML      `toml:"army"`
	}
	clanTOML struct {
		ID        string   `toml:"id"`
		Name      string   `toml:"name"`
		Provinces []string `toml:"provinces"`
		Shrine    string   `toml:"shrine"`
		Lang      string   `toml:"lang"`
	}
	characterTOML struct {
		ID         string   `toml:"id"`
		Name       string   `toml:"name"`
		Clan       string   `toml:"clan"`
		Age        string   `toml:"age"`
		Female     bool     `toml:"female"`
		WeakHealth bool     `toml:"weak_health"`
		Wounds     int      `toml:"wounds"`
		Traits     []string `toml:"traits"`
		Skills     []string `toml:"skills"`
		Status     string   `toml:"status"`
		Captor     string   `toml:"captor"`
		Province   string   `toml:"province"`
		Rating     *int     `toml:"rating"`
		House      *bool    `toml:"house"`
	}
	armyTOML struct {
		ID          string     `toml:"id"`
		Name        string     `toml:"name"`
		Clan        string     `toml:"clan"`
		Kind        string     `toml:"kind"`
		Commander   string     `toml:"commander"`
		Generals    []string   `toml:"generals"`
		Province    string     `toml:"province"`
		State       string     `toml:"state"`
		ForcedMarch bool       `toml:"forced_march"`
		CutOff      bool       `toml:"cut_off"`
		Unit        []unitTOML `toml:"unit"`
	}
	unitTOML struct {
		ID            string   `toml:"id"`
		Name          string   `toml:"name"`
		Type          string   `toml:"type"`
		Figures       *int     `toml:"figures"`
		ImpetusMod    int      `toml:"impetus_mod"`
		SteadinessMod int      `toml:"steadiness_mod"`
		Mastery       int      `toml:"mastery"`
		Promotions    []string `toml:"promotions"`
	}
)

// decodeStrict decodes a TOML document, unknown keys refused; a panic of the
// decoder is an error, never a crash.
func decodeStrict(data []byte, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("decoder failure: %v", r)
		}
	}()
	return toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields().Decode(v)
}

// tomlRefusal words go-toml's error: the first unknown key, a value of the
// wrong type or a syntax error, where the file has it.
func (f *fileCheck) tomlRefusal(data []byte, err error) error {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) && len(strict.Errors) > 0 {
		de := &strict.Errors[0]
		line, col := de.Position()
		return f.fail(pos{line, charColumn(data, line, col)}, "unknown_key", strings.Join(de.Key(), "."))
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		p := pos{line, charColumn(data, line, col)}
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if strings.HasPrefix(msg, "cannot decode TOML ") {
			want := "want_text"
			switch t := msg[strings.LastIndex(msg, " of type ")+len(" of type "):]; {
			case strings.HasPrefix(t, "[]"):
				want = "want_list"
			case t == "bool":
				want = "want_bool"
			case strings.Contains(t, "int"):
				want = "want_int"
			}
			return f.fail(p, want, strings.Join(de.Key(), "."))
		}
		return f.fail(p, "syntax", msg)
	}
	return refuse("err.roster_file.broken", f.name, strings.TrimPrefix(err.Error(), "toml: "))
}

// parseRosterTOML reads a roster file: the turn and the subphase, then the
// clans, the characters and the armies in that order, each checked against
// what came before it (a character's clan, an army's leaders).
func parseRosterTOML(name string, data []byte) (campaign.Roster, error) {
	f := &fileCheck{name: name, ids: map[string]pos{}}
	var raw rosterTOML
	if err := decodeStrict(data, &raw); err != nil {
		return campaign.Roster{}, f.tomlRefusal(data, err)
	}
	t := &tomlRoster{f: f, where: tomlPositions(data)}
	if raw.Turn != nil {
		if *raw.Turn < 1 {
			return t.r, f.fail(t.at("turn"), "turn", *raw.Turn)
		}
		t.r.Turn = *raw.Turn
	}
	if raw.Subphase != nil {
		t.r.Subphase = strings.TrimSpace(*raw.Subphase)
	}
	// A refusal gives the roster read so far, as it always has.
	if err := t.clans(raw.Clan); err != nil {
		return t.r, err
	}
	if err := t.characters(raw.Character); err != nil {
		return t.r, err
	}
	if err := t.armies(raw.Army); err != nil {
		return t.r, err
	}
	if err := t.r.Check(); err != nil {
		return campaign.Roster{}, refuse("err.roster_file.invalid", name, err.Error())
	}
	return t.r, nil
}

// tomlRoster is a roster file being read: its refusals, where its values
// are, and the roster so far.
type tomlRoster struct {
	f     *fileCheck
	where map[string]pos
	r     campaign.Roster
}

// at is where the value of path is, or else where its table starts.
func (t *tomlRoster) at(path string) pos {
	for {
		if p, ok := t.where[path]; ok {
			return p
		}
		i := strings.LastIndexAny(path, ".[")
		if i < 0 {
			return pos{1, 1}
		}
		path = path[:i]
	}
}

func (t *tomlRoster) clans(raw []clanTOML) error {
	for i, c := range raw {
		path := fmt.Sprintf("clan[%d]", i)
		if err := t.f.id(t.at(path+".id"), c.ID, "id"); err != nil {
			return err
		}
		t.r.Clans = append(t.r.Clans, campaign.Clan{ID: c.ID, Name: c.Name, Provinces: c.Provinces, Shrine: c.Shrine, Lang: c.Lang})
	}
	return nil
}

// clanOf checks that the value at path names a clan of the file.
func (t *tomlRoster) clanOf(path, clan string) error {
	if clan == "" {
		return t.f.fail(t.at(path), "missing", "clan")
	}
	if _, ok := t.r.Clan(clan); !ok {
		return t.f.fail(t.at(path), "no_clan", clan)
	}
	return nil
}

func (t *tomlRoster) characters(raw []characterTOML) error {
	f := t.f
	for i, c := range raw {
		path := fmt.Sprintf("character[%d]", i)
		if err := f.id(t.at(path+".id"), c.ID, "id"); err != nil {
			return err
		}
		if err := t.clanOf(path+".clan", c.Clan); err != nil {
			return err
		}
		age := campaign.Age(strings.ToLower(strings.TrimSpace(c.Age)))
		if c.Age == "" {
			return f.fail(t.at(path+".age"), "missing", "age")
		}
		if !slices.Contains(campaign.Ages, age) {
			names := make([]string, len(campaign.Ages))
			for i, a := range campaign.Ages {
				names[i] = string(a)
			}
			return f.fail(t.at(path+".age"), "value", "age", c.Age, strings.Join(names, ", "))
		}
		if c.Wounds < 0 || c.Wounds > 3 {
			return f.fail(t.at(path+".wounds"), "wounds", c.Wounds)
		}
		status, err := f.oneOf(t.at(path+".status"), "status", c.Status, string(campaign.Active), statuses...)
		if err != nil {
			return err
		}
		if c.Rating != nil && (*c.Rating < 0 || *c.Rating > 3) {
			return f.fail(t.at(path+".rating"), "rating", *c.Rating)
		}
		if c.Captor != "" && c.Captor == c.Clan {
			return f.fail(t.at(path+".captor"), "own_captor", c.Captor)
		}
		t.r.Characters = append(t.r.Characters, campaign.Person{
			Character: campaign.Character{ID: c.ID, Age: age, WeakHealth: c.WeakHealth, Wounds: c.Wounds, WoundsAtTurnStart: c.Wounds},
			Name:      c.Name, Clan: c.Clan, Female: c.Female, Traits: c.Traits, Skills: c.Skills,
			Status: campaign.Status(status), Captor: c.Captor, Province: c.Province, Rating: c.Rating, House: c.House,
		})
	}
	return nil
}

// armies reads the armies after the characters, whom their leaders name;
// an army joins the roster only once all its units are read.
func (t *tomlRoster) armies(raw []armyTOML) error {
	f := t.f
	for i, a := range raw {
		path := fmt.Sprintf("army[%d]", i)
		if err := f.id(t.at(path+".id"), a.ID, "id"); err != nil {
			return err
		}
		if err := t.clanOf(path+".clan", a.Clan); err != nil {
			return err
		}
		kind, err := f.oneOf(t.at(path+".kind"), "kind", a.Kind, string(campaign.KindArmy), armyKinds...)
		if err != nil {
			return err
		}
		state, err := f.oneOf(t.at(path+".state"), "state", a.State, string(campaign.InOrder), armyStates...)
		if err != nil {
			return err
		}
		if a.Commander != "" {
			if err := t.leader(t.at(path+".commander"), a.Commander, a.Clan); err != nil {
				return err
			}
		}
		for j, g := range a.Generals {
			if err := t.leader(t.at(fmt.Sprintf("%s.generals[%d]", path, j)), g, a.Clan); err != nil {
				return err
			}
		}
		army := campaign.Army{ID: a.ID, Name: a.Name, Clan: a.Clan, Kind: campaign.ArmyKind(kind), Commander: a.Commander,
			Generals: a.Generals, Province: a.Province, State: campaign.Condition(state), ForcedMarch: a.ForcedMarch, CutOff: a.CutOff}
		for j, u := range a.Unit {
			unit, err := t.unit(fmt.Sprintf("%s.unit[%d]", path, j), u)
			if err != nil {
				return err
			}
			army.Units = append(army.Units, unit)
		}
		t.r.Armies = append(t.r.Armies, army)
	}
	return nil
}

// leader checks that a commander or general at p is a character of the
// army's clan.
func (t *tomlRoster) leader(p pos, id, clan string) error {
	switch person, ok := t.r.Person(id); {
	case !ok:
		return t.f.fail(p, "no_character", id)
	case person.Clan != clan:
		return t.f.fail(p, "other_clan", id, person.Clan, clan)
	}
	return nil
}

// unit reads the unit at path up ("army[1].unit[2]").
func (t *tomlRoster) unit(up string, u unitTOML) (campaign.Unit, error) {
	f := t.f
	if err := f.id(t.at(up+".id"), u.ID, "id"); err != nil {
		return campaign.Unit{}, err
	}
	typ, err := f.unitType(t.at(up+".type"), u.Type)
	if err != nil {
		return campaign.Unit{}, err
	}
	if u.Figures == nil {
		return campaign.Unit{}, f.fail(t.at(up), "missing", "figures")
	}
	if err := f.figures(t.at(up+".figures"), *u.Figures); err != nil {
		return campaign.Unit{}, err
	}
	unit := campaign.Unit{ID: u.ID, Name: u.Name, Type: typ, Figures: *u.Figures,
		ImpetusMod: u.ImpetusMod, SteadinessMod: u.SteadinessMod, Mastery: u.Mastery}
	for k, s := range u.Promotions {
		pr, err := f.promotion(t.at(fmt.Sprintf("%s.promotions[%d]", up, k)), s)
		if err != nil {
			return campaign.Unit{}, err
		}
		unit.Promotions = append(unit.Promotions, pr)
	}
	return unit, nil
}
