package game

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
// does not have yet or change one it has. Lines starting with # are
// comments; the separator is the comma or the semicolon (what Russian Excel
// writes), whichever the header uses more. An army list gives a Roster with
// the armies only: no clans and no characters, an army's Clan, Kind and
// Commander empty where the file leaves them out; MergeRoster then keeps
// what the roster has.
//
// Every mistake is a Refusal whose first three arguments are the file name,
// the line and the column of the offending value (for a CSV file the column
// is the field's position, 1 for the first; for a TOML file it counts
// characters from 1), then what the text of the key needs.

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/gunbai/gunbai/campaign"
)

// MaxRosterFile is the largest roster file or army list accepted, in bytes.
const MaxRosterFile = 256 << 10

// ParseRosterFile reads an uploaded roster file (name ending in .toml) or
// army list (.csv); name is the file name used in the refusals. Nothing
// else is accepted. The roster it gives is checked as far as the file alone
// allows; MergeRoster checks the rest against the campaign's roster.
func ParseRosterFile(name string, data []byte) (campaign.Roster, error) {
	ext := strings.ToLower(filepath.Ext(name))
	if ext != ".toml" && ext != ".csv" {
		return campaign.Roster{}, refuse("err.roster_file.ext", name)
	}
	if len(data) > MaxRosterFile {
		return campaign.Roster{}, refuse("err.roster_file.too_big", name, MaxRosterFile>>10)
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

// pos is a place in a file, 1-based; a zero pos is the file as a whole.
type pos struct{ line, col int }

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

// unitAliases are the engine's names of the types (engine/troops.go Key)
// where they differ from the campaign's.
var unitAliases = map[string]campaign.UnitType{
	"samurai_spear":  campaign.FootSamuraiSpear,
	"samurai_archer": campaign.FootSamuraiBow,
}

func (f *fileCheck) unitType(p pos, s string) (campaign.UnitType, error) {
	v := strings.ToLower(strings.TrimSpace(s))
	if v == "" {
		return "", f.fail(p, "missing", "type")
	}
	if t, ok := unitAliases[v]; ok {
		return t, nil
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

// charColumn turns go-toml's byte column on a line into a character column,
// as an editor counts (Cyrillic letters are two bytes each).
func charColumn(data []byte, line, col int) int {
	return lineIndex(data).column(line, col)
}

// lines holds where each line of a file starts, to turn byte columns into
// character columns without reading the file from its start every time.
type lines struct {
	data   []byte
	starts []int
}

func lineIndex(data []byte) lines {
	starts := []int{0}
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return lines{data, starts}
}

// at is the line and character column of a byte offset (the parser's
// Shape would read the file from its start for each).
func (l lines) at(off int) pos {
	off = min(max(off, 0), len(l.data))
	line, _ := slices.BinarySearch(l.starts, off+1) // the first start after off
	return pos{line, utf8.RuneCount(l.data[l.starts[line-1]:off]) + 1}
}

func (l lines) column(line, col int) int {
	if line < 1 || line > len(l.starts) || col < 1 {
		return col
	}
	start := l.starts[line-1]
	end := min(start+col-1, len(l.data))
	return utf8.RuneCount(l.data[start:end]) + 1
}

// tomlPositions maps the paths of the values of a decoded TOML document to
// where they start: "turn", "clan[0].id", "army[1].unit[2].type",
// "army[1].generals[0]"; a table of an array of tables maps to its header
// ("army[1].unit[2]"). bot/config's valuePositions does the same for plain
// tables only.
func tomlPositions(data []byte) map[string]pos {
	out := map[string]pos{}
	var p unstable.Parser
	p.Reset(data)
	idx := lineIndex(data)
	at := func(r unstable.Range) pos { return idx.at(int(r.Offset)) }
	counts := map[string]int{} // array-of-tables path -> elements so far
	resolve := func(parts []string) string {
		path := ""
		for _, part := range parts {
			if path != "" {
				path += "."
			}
			path += part
			if n, ok := counts[path]; ok {
				path += "[" + strconv.Itoa(n-1) + "]"
			}
		}
		return path
	}
	keyOf := func(n *unstable.Node) ([]string, unstable.Range) {
		var parts []string
		var r unstable.Range
		it := n.Key()
		for it.Next() {
			if len(parts) == 0 {
				r = it.Node().Raw
			}
			parts = append(parts, string(it.Node().Data))
		}
		return parts, r
	}
	join := func(prefix, key string) string {
		if prefix == "" {
			return key
		}
		return prefix + "." + key
	}
	var value func(path string, v *unstable.Node, fallback pos)
	value = func(path string, v *unstable.Node, fallback pos) {
		if v.Raw.Length > 0 {
			out[path] = at(v.Raw)
		} else {
			out[path] = fallback
		}
		switch v.Kind {
		case unstable.Array:
			it := v.Children()
			for i := 0; it.Next(); i++ {
				value(path+"["+strconv.Itoa(i)+"]", it.Node(), out[path])
			}
		case unstable.InlineTable:
			it := v.Children()
			for it.Next() {
				if n := it.Node(); n.Kind == unstable.KeyValue {
					parts, r := keyOf(n)
					value(join(path, strings.Join(parts, ".")), n.Value(), at(r))
				}
			}
		}
	}
	table := ""
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table:
			parts, r := keyOf(e)
			table = resolve(parts)
			out[table] = at(r)
		case unstable.ArrayTable:
			parts, r := keyOf(e)
			full := join(resolve(parts[:len(parts)-1]), parts[len(parts)-1])
			counts[full]++
			table = full + "[" + strconv.Itoa(counts[full]-1) + "]"
			out[table] = at(r)
		case unstable.KeyValue:
			parts, r := keyOf(e)
			value(join(table, strings.Join(parts, ".")), e.Value(), at(r))
		}
	}
	return out
}

func parseRosterTOML(name string, data []byte) (campaign.Roster, error) {
	f := &fileCheck{name: name, ids: map[string]pos{}}
	var raw rosterTOML
	if err := decodeStrict(data, &raw); err != nil {
		return campaign.Roster{}, f.tomlRefusal(data, err)
	}
	where := tomlPositions(data)
	// at is where the value of path is, or else where its table starts.
	at := func(path string) pos {
		for {
			if p, ok := where[path]; ok {
				return p
			}
			i := strings.LastIndexAny(path, ".[")
			if i < 0 {
				return pos{1, 1}
			}
			path = path[:i]
		}
	}
	var r campaign.Roster
	if raw.Turn != nil {
		if *raw.Turn < 1 {
			return r, f.fail(at("turn"), "turn", *raw.Turn)
		}
		r.Turn = *raw.Turn
	}
	if raw.Subphase != nil {
		r.Subphase = strings.TrimSpace(*raw.Subphase)
	}
	for i, c := range raw.Clan {
		path := fmt.Sprintf("clan[%d]", i)
		if err := f.id(at(path+".id"), c.ID, "id"); err != nil {
			return r, err
		}
		r.Clans = append(r.Clans, campaign.Clan{ID: c.ID, Name: c.Name, Provinces: c.Provinces, Shrine: c.Shrine})
	}
	clanOf := func(path, clan string) error {
		if clan == "" {
			return f.fail(at(path), "missing", "clan")
		}
		if _, ok := r.Clan(clan); !ok {
			return f.fail(at(path), "no_clan", clan)
		}
		return nil
	}
	for i, c := range raw.Character {
		path := fmt.Sprintf("character[%d]", i)
		if err := f.id(at(path+".id"), c.ID, "id"); err != nil {
			return r, err
		}
		if err := clanOf(path+".clan", c.Clan); err != nil {
			return r, err
		}
		age := campaign.Age(strings.ToLower(strings.TrimSpace(c.Age)))
		if c.Age == "" {
			return r, f.fail(at(path+".age"), "missing", "age")
		}
		if !slices.Contains(campaign.Ages, age) {
			names := make([]string, len(campaign.Ages))
			for i, a := range campaign.Ages {
				names[i] = string(a)
			}
			return r, f.fail(at(path+".age"), "value", "age", c.Age, strings.Join(names, ", "))
		}
		if c.Wounds < 0 || c.Wounds > 3 {
			return r, f.fail(at(path+".wounds"), "wounds", c.Wounds)
		}
		status, err := f.oneOf(at(path+".status"), "status", c.Status, string(campaign.Active), statuses...)
		if err != nil {
			return r, err
		}
		if c.Rating != nil && (*c.Rating < 0 || *c.Rating > 3) {
			return r, f.fail(at(path+".rating"), "rating", *c.Rating)
		}
		if c.Captor != "" && c.Captor == c.Clan {
			return r, f.fail(at(path+".captor"), "own_captor", c.Captor)
		}
		r.Characters = append(r.Characters, campaign.Person{
			Character: campaign.Character{ID: c.ID, Age: age, WeakHealth: c.WeakHealth, Wounds: c.Wounds, WoundsAtTurnStart: c.Wounds},
			Name:      c.Name, Clan: c.Clan, Female: c.Female, Traits: c.Traits, Skills: c.Skills,
			Status: campaign.Status(status), Captor: c.Captor, Province: c.Province, Rating: c.Rating,
		})
	}
	for i, a := range raw.Army {
		path := fmt.Sprintf("army[%d]", i)
		if err := f.id(at(path+".id"), a.ID, "id"); err != nil {
			return r, err
		}
		if err := clanOf(path+".clan", a.Clan); err != nil {
			return r, err
		}
		kind, err := f.oneOf(at(path+".kind"), "kind", a.Kind, string(campaign.KindArmy), armyKinds...)
		if err != nil {
			return r, err
		}
		state, err := f.oneOf(at(path+".state"), "state", a.State, string(campaign.InOrder), armyStates...)
		if err != nil {
			return r, err
		}
		leader := func(p pos, id string) error {
			switch person, ok := r.Person(id); {
			case !ok:
				return f.fail(p, "no_character", id)
			case person.Clan != a.Clan:
				return f.fail(p, "other_clan", id, person.Clan, a.Clan)
			}
			return nil
		}
		if a.Commander != "" {
			if err := leader(at(path+".commander"), a.Commander); err != nil {
				return r, err
			}
		}
		for j, g := range a.Generals {
			if err := leader(at(fmt.Sprintf("%s.generals[%d]", path, j)), g); err != nil {
				return r, err
			}
		}
		army := campaign.Army{ID: a.ID, Name: a.Name, Clan: a.Clan, Kind: campaign.ArmyKind(kind), Commander: a.Commander,
			Generals: a.Generals, Province: a.Province, State: campaign.Condition(state), ForcedMarch: a.ForcedMarch, CutOff: a.CutOff}
		for j, u := range a.Unit {
			up := fmt.Sprintf("%s.unit[%d]", path, j)
			if err := f.id(at(up+".id"), u.ID, "id"); err != nil {
				return r, err
			}
			t, err := f.unitType(at(up+".type"), u.Type)
			if err != nil {
				return r, err
			}
			if u.Figures == nil {
				return r, f.fail(at(up), "missing", "figures")
			}
			if err := f.figures(at(up+".figures"), *u.Figures); err != nil {
				return r, err
			}
			unit := campaign.Unit{ID: u.ID, Name: u.Name, Type: t, Figures: *u.Figures,
				ImpetusMod: u.ImpetusMod, SteadinessMod: u.SteadinessMod, Mastery: u.Mastery}
			for k, s := range u.Promotions {
				pr, err := f.promotion(at(fmt.Sprintf("%s.promotions[%d]", up, k)), s)
				if err != nil {
					return r, err
				}
				unit.Promotions = append(unit.Promotions, pr)
			}
			army.Units = append(army.Units, unit)
		}
		r.Armies = append(r.Armies, army)
	}
	if err := r.Check(); err != nil {
		return campaign.Roster{}, refuse("err.roster_file.invalid", name, err.Error())
	}
	return r, nil
}

// The columns of an army list.
var (
	armyListColumns  = []string{"army", "id", "name", "type", "figures", "impetus_mod", "steadiness_mod", "mastery", "promotions", "clan", "kind", "commander"}
	armyListRequired = []string{"army", "id", "type", "figures"}
)

func parseArmyList(name string, data []byte) (campaign.Roster, error) {
	f := &fileCheck{name: name, ids: map[string]pos{}}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.Comma = listSeparator(data)
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	csvErr := func(err error) error {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return f.fail(pos{pe.Line, pe.Column}, "csv_syntax", pe.Err.Error())
		}
		return refuse("err.roster_file.broken", name, err.Error())
	}
	header, err := cr.Read()
	if err == io.EOF {
		return campaign.Roster{}, refuse("err.roster_file.csv_empty", name)
	}
	if err != nil {
		return campaign.Roster{}, csvErr(err)
	}
	headerLine, _ := cr.FieldPos(0)
	col := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(h))
		p := pos{headerLine, i + 1}
		if !slices.Contains(armyListColumns, h) {
			return campaign.Roster{}, f.fail(p, "csv_column", header[i], strings.Join(armyListColumns, ", "))
		}
		if _, ok := col[h]; ok {
			return campaign.Roster{}, f.fail(p, "csv_column_twice", h)
		}
		col[h] = i
	}
	for _, c := range armyListRequired {
		if _, ok := col[c]; !ok {
			return campaign.Roster{}, f.fail(pos{headerLine, len(header) + 1}, "csv_no_column", c)
		}
	}
	var r campaign.Roster
	given := map[string]map[string]pos{} // army -> column -> where its clan, kind or commander was given
	for {
		row, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return campaign.Roster{}, csvErr(err)
		}
		line, _ := cr.FieldPos(0)
		if !slices.ContainsFunc(row, func(s string) bool { return strings.TrimSpace(s) != "" }) {
			continue // a row of empty cells, as spreadsheets write
		}
		if len(row) != len(header) {
			return campaign.Roster{}, f.fail(pos{line, min(len(row), len(header)) + 1}, "csv_fields", len(row), len(header))
		}
		cell := func(c string) (string, pos) {
			i, ok := col[c]
			if !ok {
				return "", pos{line, 1}
			}
			return strings.TrimSpace(row[i]), pos{line, i + 1}
		}
		number := func(c string) (int, error) {
			s, p := cell(c)
			if s == "" {
				return 0, nil
			}
			n, err := strconv.Atoi(s)
			if err != nil {
				return 0, f.fail(p, "csv_int", c, s)
			}
			return n, nil
		}
		armyID, p := cell("army")
		if armyID == "" {
			return campaign.Roster{}, f.fail(p, "missing", "army")
		}
		army, ok := r.Army(armyID)
		if !ok {
			if err := f.id(p, armyID, "army"); err != nil {
				return campaign.Roster{}, err
			}
			r.Armies = append(r.Armies, campaign.Army{ID: armyID})
			army = &r.Armies[len(r.Armies)-1]
			given[armyID] = map[string]pos{}
		}
		for _, c := range []string{"clan", "kind", "commander"} {
			v, p := cell(c)
			if v == "" {
				continue
			}
			if c == "kind" {
				if v, err = f.oneOf(p, "kind", v, "", armyKinds...); err != nil {
					return campaign.Roster{}, err
				}
			}
			field := map[string]*string{"clan": &army.Clan, "commander": &army.Commander}[c]
			old := string(army.Kind)
			if field != nil {
				old = *field
			}
			if first, ok := given[armyID][c]; ok && old != v {
				return campaign.Roster{}, f.fail(p, "csv_conflict", c, v, old, first.line)
			}
			given[armyID][c] = p
			if field != nil {
				*field = v
			} else {
				army.Kind = campaign.ArmyKind(v)
			}
		}
		id, p := cell("id")
		if err := f.id(p, id, "id"); err != nil {
			return campaign.Roster{}, err
		}
		typ, p := cell("type")
		t, err := f.unitType(p, typ)
		if err != nil {
			return campaign.Roster{}, err
		}
		figs, p := cell("figures")
		if figs == "" {
			return campaign.Roster{}, f.fail(p, "missing", "figures")
		}
		n, err := number("figures")
		if err != nil {
			return campaign.Roster{}, err
		}
		if err := f.figures(p, n); err != nil {
			return campaign.Roster{}, err
		}
		unitName, _ := cell("name")
		u := campaign.Unit{ID: id, Name: unitName, Type: t, Figures: n}
		for _, m := range []struct {
			c string
			v *int
		}{{"impetus_mod", &u.ImpetusMod}, {"steadiness_mod", &u.SteadinessMod}, {"mastery", &u.Mastery}} {
			if *m.v, err = number(m.c); err != nil {
				return campaign.Roster{}, err
			}
		}
		promos, p := cell("promotions")
		for _, s := range strings.FieldsFunc(promos, func(r rune) bool { return r == ' ' || r == '|' || r == ',' || r == ';' }) {
			pr, err := f.promotion(p, s)
			if err != nil {
				return campaign.Roster{}, err
			}
			u.Promotions = append(u.Promotions, pr)
		}
		army.Units = append(army.Units, u)
	}
	return r, nil
}

// listSeparator is ';' if the header line (the first line not a comment)
// has more semicolons than commas, else ','.
func listSeparator(data []byte) rune {
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		if bytes.Count(t, []byte(";")) > bytes.Count(t, []byte(",")) {
			return ';'
		}
		return ','
	}
	return ','
}

// MergeRoster applies an upload (ParseRosterFile's result) to a campaign's
// roster. A roster file replaces the clans it names, each whole: the clan
// (its Discord role and channel kept), its characters and its armies; the
// other clans stay as they are. An army list (an upload without clans)
// replaces the units of the armies it names and adds the armies the roster
// does not have; where it gives an army's clan, kind or commander they
// change, the rest of the army stays. The turn and the subphase change when
// the upload gives them. Records, aftermaths and healing marks stay. The
// result passes Roster.Check, or the merge is refused saying what is wrong.
func MergeRoster(old, upload campaign.Roster) (campaign.Roster, error) {
	out := old
	out.Clans = slices.Clone(old.Clans)
	out.Characters = slices.Clone(old.Characters)
	out.Armies = slices.Clone(old.Armies)
	if upload.Turn > 0 {
		out.Turn = upload.Turn
	}
	if upload.Subphase != "" {
		out.Subphase = upload.Subphase
	}
	if len(upload.Clans) > 0 {
		named := map[string]bool{}
		for _, c := range upload.Clans {
			named[c.ID] = true
			if have, ok := out.Clan(c.ID); ok {
				c.Role, c.Channel = have.Role, have.Channel
				*have = c
			} else {
				out.Clans = append(out.Clans, c)
			}
		}
		out.Characters = slices.DeleteFunc(out.Characters, func(p campaign.Person) bool { return named[p.Clan] })
		out.Characters = append(out.Characters, upload.Characters...)
		out.Armies = slices.DeleteFunc(out.Armies, func(a campaign.Army) bool { return named[a.Clan] })
		out.Armies = append(out.Armies, upload.Armies...)
	} else {
		for _, a := range upload.Armies {
			have, ok := out.Army(a.ID)
			if !ok {
				if a.Clan == "" {
					return old, refuse("err.roster_merge.army_clan", a.ID)
				}
				if a.Kind == "" {
					a.Kind = campaign.KindArmy
				}
				if a.State == "" {
					a.State = campaign.InOrder
				}
				out.Armies = append(out.Armies, a)
				continue
			}
			have.Units = slices.Clone(a.Units)
			if a.Clan != "" {
				have.Clan = a.Clan
			}
			if a.Kind != "" {
				have.Kind = a.Kind
			}
			if a.Commander != "" {
				have.Commander = a.Commander
			}
		}
	}
	if err := mergeCheck(&out); err != nil {
		return old, err
	}
	if err := out.Check(); err != nil {
		return old, refuse("err.roster_merge.invalid", err.Error())
	}
	return out, nil
}

// mergeCheck words what a merge most often breaks: an id taken by another
// clan's character, army or unit, a reference to a clan or a character the
// roster does not have.
func mergeCheck(r *campaign.Roster) error {
	seen := map[string]bool{}
	unique := func(id string) error {
		if seen[id] {
			return refuse("err.roster_merge.duplicate", id)
		}
		seen[id] = true
		return nil
	}
	for _, c := range r.Clans {
		if err := unique(c.ID); err != nil {
			return err
		}
	}
	for _, p := range r.Characters {
		if err := unique(p.ID); err != nil {
			return err
		}
		if _, ok := r.Clan(p.Clan); !ok {
			return refuse("err.roster_merge.character_clan", p.ID, p.Clan)
		}
		if _, ok := r.Clan(p.Captor); p.Captor != "" && !ok {
			return refuse("err.roster_merge.captor", p.ID, p.Captor)
		}
	}
	for _, a := range r.Armies {
		if err := unique(a.ID); err != nil {
			return err
		}
		if _, ok := r.Clan(a.Clan); !ok {
			return refuse("err.roster_merge.army_no_clan", a.ID, a.Clan)
		}
		for _, id := range append([]string{a.Commander}, a.Generals...) {
			if id == "" {
				continue
			}
			if p, ok := r.Person(id); !ok || p.Clan != a.Clan {
				return refuse("err.roster_merge.leader", a.ID, id, a.Clan)
			}
		}
		for _, u := range a.Units {
			if err := unique(u.ID); err != nil {
				return err
			}
		}
	}
	return nil
}
