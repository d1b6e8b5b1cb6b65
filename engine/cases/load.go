// Package cases loads and runs the engine's adjudication test cases: the TOML
// case files of design/CASES.md ("gunbai case FILE...").
package cases

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/pelletier/go-toml/v2"
)

// Case is one [[case]] of a case file, ready to run.
type Case struct {
	Name  string
	File  string
	Line  int // line of the case's [[case]] header; 0 if unknown
	Rules []string

	// Turn is the first battle turn resolved (the case's turn); LastTurn is
	// the last one (the highest order turn, at least Turn).
	Turn, LastTurn int
	// Battle is the state before Turn is resolved: Battle.Turn == Turn-1.
	Battle engine.Battle
	// Orders are every order of the case, each with its Turn set.
	Orders   []engine.Order
	Commands []engine.CommandInput // [[case.command]], in file order
	Dice     map[string][]int
	Expect   []Expectation // sorted by key
	// Refused lists the rule IDs for which the engine must refuse the
	// orders of the case's turn (extension `refused`, see the corpus
	// README); the other expectations are then checked on the unchanged state.
	Refused []string

	// Err says why the case cannot be run (unknown unit type, bad cell...);
	// such a case is reported as ERROR.
	Err error
}

// OrdersOf returns the orders of one battle turn.
func (c *Case) OrdersOf(turn int) []engine.Order {
	var out []engine.Order
	for _, o := range c.Orders {
		if o.Turn == turn {
			out = append(out, o)
		}
	}
	return out
}

// FileError is a problem with a whole case file (TOML syntax, a value of the
// wrong type): none of its cases can be read.
type FileError struct {
	File         string
	Line, Column int // 1-based; 0 if unknown
	Msg          string
}

func (e *FileError) Error() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return e.File + ": " + e.Msg
}

// maxTurn bounds the turns a case may name, so that a typo cannot make the
// runner resolve turns for ever.
const maxTurn = 999

// The raw TOML shape of a case file. Strings are checked after decoding, so
// that a bad value is an ERROR of its case rather than of the whole file.
type rawFile struct {
	Case []rawCase `toml:"case"`
}

type rawCase struct {
	Name     string         `toml:"name"`
	Rules    []string       `toml:"rules"`
	Turn     *int           `toml:"turn"`
	Defender string         `toml:"defender"`
	Terrain  rawTerrain     `toml:"terrain"`
	HQ       rawHQ          `toml:"hq"`
	Unit     []rawUnit      `toml:"unit"`
	Leader   []rawLeader    `toml:"leader"`
	Order    []rawOrder     `toml:"order"`
	Command  []rawCommand   `toml:"command"`
	Dice     map[string]any `toml:"dice"`
	Expect   map[string]any `toml:"expect"`
	Refused  []string       `toml:"refused"`
	// Extension (engine/testdata/cases/README.md): per-battle settings by
	// their RULES.md Appendix B names.
	Settings map[string]any `toml:"settings"`
	// Extensions: each side's infiltrated shinobi and banners (R-V.6, R-V.7).
	Shinobi rawSides     `toml:"shinobi"`
	Banners rawBannerSet `toml:"banners"`
	// Extension: each side's choice to spare duellists it "kills"
	// (R-VIII.6.5, D-59).
	Spare rawSpare `toml:"spare"`
}

type rawSpare struct {
	North bool `toml:"north"`
	South bool `toml:"south"`
}

type rawSides struct {
	North int `toml:"north"`
	South int `toml:"south"`
}

type rawBannerSet struct {
	North []string `toml:"north"`
	South []string `toml:"south"`
}

type rawTerrain struct {
	Hills   []string `toml:"hills"`
	Forests []string `toml:"forests"`
	Swamps  []string `toml:"swamps"`
	River   bool     `toml:"river"`
	Bridge  string   `toml:"bridge"`
}

type rawHQ struct {
	North string `toml:"north"`
	South string `toml:"south"`
}

type rawUnit struct {
	ID        string   `toml:"id"`
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

type rawLeader struct {
	ID     string   `toml:"id"`
	Side   string   `toml:"side"`
	Role   string   `toml:"role"`
	At     string   `toml:"at"`
	Wounds int      `toml:"wounds"`
	Traits []string `toml:"traits"`
}

type rawOrder struct {
	Unit   string   `toml:"unit"`
	Side   string   `toml:"side"`
	Order  string   `toml:"order"`
	Class  string   `toml:"class"`
	Phase  *int     `toml:"phase"`
	Turn   *int     `toml:"turn"`
	Target string   `toml:"target"`
	Facing string   `toml:"facing"`
	Steps  []string `toml:"steps"`
	// Extensions (engine/testdata/cases/README.md): portable shields.
	CarryShields bool     `toml:"carry_shields"`
	SetShields   []string `toml:"set_shields"`
	// Extensions: a leader's move (order = "move_leader"), a shinobi's
	// mission (order = "shinobi"), a banner (order = "banner").
	Leader  string `toml:"leader"`
	To      string `toml:"to"`
	Mission string `toml:"mission"`
	Banner  string `toml:"banner"`
}

type rawCommand struct {
	Side       string   `toml:"side"`
	Stake      string   `toml:"stake"`
	Rerolls    []string `toml:"rerolls"`
	Messengers int      `toml:"messengers"`
}

// Load reads a case file. The error is about the whole file (unreadable,
// TOML syntax); a case that cannot be run has its own Err.
func Load(path string) ([]Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads the case file data; name is the file name used in messages.
func Parse(name string, data []byte) ([]Case, error) {
	var f rawFile
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(&f)

	var strict *toml.StrictMissingError
	var decErr *toml.DecodeError
	switch {
	case err == nil:
	case errors.As(err, &strict):
		// Unknown keys: everything else was decoded; blame the case each
		// key is written in, below.
	case errors.As(err, &decErr):
		line, col := decErr.Position()
		return nil, &FileError{File: name, Line: line, Column: col, Msg: decodeMessage(decErr)}
	default:
		return nil, &FileError{File: name, Msg: err.Error()}
	}

	index := indexLines(data)
	if len(index) != len(f.Case) {
		index = nil // cases not written as [[case]] tables: no line numbers
	}
	unknown := make([][]caseError, len(f.Case))
	if strict != nil {
		for i := range strict.Errors {
			e := &strict.Errors[i]
			line, col := e.Position()
			ci := caseAtLine(index, line)
			if ci < 0 {
				return nil, &FileError{File: name, Line: line, Column: col, Msg: decodeMessage(e)}
			}
			msg := fmt.Sprintf("%s:%d:%d: %s", name, line, col, decodeMessage(e))
			unknown[ci] = append(unknown[ci], caseError{line, msg})
		}
	}

	cases := make([]Case, len(f.Case))
	for i := range f.Case {
		var lines caseLines
		if index != nil {
			lines = index[i]
		}
		b := &builder{file: name, lines: lines, errs: unknown[i]}
		cases[i] = b.build(&f.Case[i])
		if cases[i].Name == "" {
			cases[i].Name = fmt.Sprintf("%s#%d", filepath.Base(name), i+1)
		}
	}
	return cases, nil
}

var cannotDecode = regexp.MustCompile(`^cannot decode TOML (\S+) into struct field \S+ of type (.+)$`)

// decodeMessage turns a go-toml error into a message for a case writer.
func decodeMessage(e *toml.DecodeError) string {
	msg := strings.TrimPrefix(e.Error(), "toml: ")
	key := strings.Join(e.Key(), ".")
	if msg == "unknown field" && len(e.Key()) > 0 {
		k := e.Key()
		return fmt.Sprintf("unknown key %q in %s", k[len(k)-1], strings.Join(k[:len(k)-1], "."))
	}
	if m := cannotDecode.FindStringSubmatch(msg); m != nil {
		want := strings.TrimPrefix(m[2], "*")
		switch want {
		case "int":
			want = "an integer"
		case "string":
			want = "a string"
		case "bool":
			want = "true or false"
		case "[]string":
			want = "a list of strings"
		default:
			if strings.HasPrefix(want, "[]") {
				want = "a list of tables"
			} else {
				want = "a table"
			}
		}
		msg = fmt.Sprintf("want %s, got a TOML %s", want, m[1])
	}
	if key != "" {
		msg = key + ": " + msg
	}
	return msg
}

// builder turns one raw case into a Case, collecting every problem.
type builder struct {
	file  string
	lines caseLines
	errs  []caseError
}

type caseError struct {
	line int
	msg  string // with the file name and line
}

// errf records a problem with the value at path (see caseLines.lookup).
func (b *builder) errf(path, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	line := b.lines.lookup(path)
	if line > 0 {
		msg = fmt.Sprintf("%s:%d: %s", b.file, line, msg)
	} else {
		msg = b.file + ": " + msg
	}
	b.errs = append(b.errs, caseError{line, msg})
}

// err joins the problems of the case in line order.
func (b *builder) err() error {
	if len(b.errs) == 0 {
		return nil
	}
	slices.SortStableFunc(b.errs, func(x, y caseError) int { return x.line - y.line })
	msgs := make([]string, len(b.errs))
	for i, e := range b.errs {
		msgs[i] = e.msg
	}
	return errors.New(strings.Join(msgs, "; "))
}

func (b *builder) cell(path, what, s string) engine.Cell {
	c, err := engine.ParseCell(s)
	if err != nil {
		b.errf(path, "%s: %v", what, err)
	}
	return c
}

func (b *builder) cells(path, what string, names []string) []engine.Cell {
	var out []engine.Cell
	for _, s := range names {
		out = append(out, b.cell(path, what, s))
	}
	return out
}

func (b *builder) side(path, what, s string) engine.Side {
	if s == "" {
		b.errf(path, "%s: missing side (north or south)", what)
		return engine.North
	}
	side, err := engine.ParseSide(s)
	if err != nil {
		b.errf(path, "%s: %v", what, err)
	}
	return side
}

// Leader traits of CASES.md.
var traits = map[string]bool{"brawler": true, "insidious": true, "charismatic": true, "provident": true, "cunning_plan": true}

// reservedIDs cannot name a unit or leader: they would make expectation
// keys, roll keys or a leader's "at" ambiguous.
var reservedIDs = map[string]bool{"battle": true, "north": true, "south": true, "hq": true, "reserve": true, "duel": true}

func (b *builder) build(r *rawCase) Case {
	c := Case{Name: r.Name, File: b.file, Line: b.lines.header, Rules: r.Rules, Turn: 1}
	if r.Turn != nil {
		c.Turn = *r.Turn
		if c.Turn < 1 || c.Turn > maxTurn {
			b.errf("turn", "turn %d: want 1 to %d", c.Turn, maxTurn)
			c.Turn = 1
		}
	}
	bt := engine.Battle{ID: c.Name, Turn: c.Turn - 1, Defender: engine.South, Settings: engine.DefaultSettings()}
	if r.Defender != "" {
		bt.Defender = b.side("defender", "defender", r.Defender)
	}
	b.settings(&bt.Settings, r.Settings)

	// Terrain and HQs.
	t := r.Terrain
	bt.Terrain.Hills = b.cells("terrain.hills", "terrain hills", t.Hills)
	bt.Terrain.Forests = b.cells("terrain.forests", "terrain forests", t.Forests)
	bt.Terrain.Swamps = b.cells("terrain.swamps", "terrain swamps", t.Swamps)
	bt.Terrain.River = t.River
	if t.Bridge != "" {
		bt.Terrain.Bridge = b.cell("terrain.bridge", "terrain bridge", t.Bridge)
	}
	if r.HQ.North != "" {
		bt.HQ[engine.North] = b.cell("hq.north", "hq north", r.HQ.North)
	}
	if r.HQ.South != "" {
		bt.HQ[engine.South] = b.cell("hq.south", "hq south", r.HQ.South)
	}
	bt.Shinobi = [2]int{r.Shinobi.North, r.Shinobi.South}
	bt.Spare = [2]bool{r.Spare.North, r.Spare.South}
	for side, names := range [2][]string{r.Banners.North, r.Banners.South} {
		for _, n := range names {
			bt.Banners[side] = append(bt.Banners[side], engine.Banner{Name: n})
		}
	}

	// Units.
	ids := map[string]bool{}
	checkID := func(path, what, id string) {
		switch {
		case id == "":
			b.errf(path, "%s: missing id", what)
		case strings.ContainsAny(id, ". \t\n"):
			b.errf(path, "%s: id %q may not contain dots or spaces", what, id)
		case reservedIDs[id]:
			b.errf(path, "%s: id %q is reserved", what, id)
		case ids[id]:
			b.errf(path, "%s: duplicate id %q", what, id)
		}
		ids[id] = true
	}
	for i, ru := range r.Unit {
		path := fmt.Sprintf("unit.%d", i)
		what := fmt.Sprintf("unit %q", ru.ID)
		checkID(path+".id", what, ru.ID)
		u := engine.Unit{ID: ru.ID}
		u.Side = b.side(path+".side", what, ru.Side)
		if ru.Type == "" {
			b.errf(path, "%s: missing type", what)
		} else if tt, err := engine.ParseTroopType(ru.Type); err != nil {
			b.errf(path+".type", "%s: %v", what, err)
		} else {
			u.Type = tt
		}
		if ru.Status != "" {
			st, ok := engine.ParseStatus(ru.Status)
			if !ok {
				b.errf(path+".status", "%s: unknown status %q (want ok, routing, destroyed, reserve or scattered)", what, ru.Status)
			}
			u.Status = st
		}
		switch {
		case ru.Figures == nil:
			b.errf(path, "%s: missing figures", what)
		case *ru.Figures < 0, *ru.Figures == 0 && u.Status != engine.StatusDestroyed:
			b.errf(path+".figures", "%s: figures = %d: a unit has at least 1 figure", what, *ru.Figures)
		default:
			u.Figures = *ru.Figures
		}
		onField := u.Status.OnField()
		if ru.Cell != "" {
			u.Cell = b.cell(path+".cell", what, ru.Cell)
		} else if onField {
			b.errf(path, "%s: missing cell", what)
		}
		if ru.Facing != "" {
			d, err := engine.ParseDir(ru.Facing)
			if err != nil {
				b.errf(path+".facing", "%s: %v", what, err)
			}
			u.Facing = d
		} else if onField {
			b.errf(path, "%s: missing facing", what)
		}
		if ru.Ammo != nil {
			if *ru.Ammo < 0 {
				b.errf(path+".ammo", "%s: negative ammo %d", what, *ru.Ammo)
			}
			u.Ammo = *ru.Ammo
		} else {
			u.Ammo = u.Stats().AmmoPerFigure * u.Figures
		}
		u.Fatigued, u.Hold, u.Rallied = ru.Fatigued, ru.Hold, ru.Rallied
		u.MinorClan, u.SaveAmmo = ru.MinorClan, ru.SaveAmmo
		// A routing unit routed in an earlier turn (CASES.md); a scattered
		// or rallied unit has routed too.
		if u.Status == engine.StatusRouting || u.Status == engine.StatusScattered {
			u.RoutedOnce, u.RoutedTurn = true, c.Turn-1
		}
		if u.Rallied {
			u.RoutedOnce = true
		}
		// shields = [...] are the sides of the unit's cell with shields;
		// the engine keeps them with the cell (D-14).
		var sides uint8
		for _, s := range ru.Shields {
			d, err := engine.ParseDir(s)
			if err != nil {
				b.errf(path+".shields", "%s: shields: %v", what, err)
				continue
			}
			sides |= 1 << uint(d)
		}
		if sides != 0 {
			bt.Terrain.SetShields(u.Cell, bt.Terrain.ShieldSides(u.Cell)|sides)
		}
		bt.Units = append(bt.Units, u)
	}
	unit := func(id string) *engine.Unit {
		if id == "" {
			return nil
		}
		return bt.Unit(id)
	}

	// Leaders.
	for i, rl := range r.Leader {
		path := fmt.Sprintf("leader.%d", i)
		what := fmt.Sprintf("leader %q", rl.ID)
		checkID(path+".id", what, rl.ID)
		l := engine.Leader{ID: rl.ID, Wounds: rl.Wounds, At: rl.At, Traits: rl.Traits}
		l.Side = b.side(path+".side", what, rl.Side)
		if err := l.Role.UnmarshalText([]byte(rl.Role)); err != nil {
			b.errf(path+".role", "%s: %v", what, err)
		}
		switch u := unit(rl.At); {
		case rl.At == engine.AtHQ || rl.At == engine.AtReserve:
		case rl.At == "":
			b.errf(path, "%s: missing at (a unit id, hq or reserve)", what)
		case u == nil:
			b.errf(path+".at", "%s: at %q: no such unit (want a unit id, hq or reserve)", what, rl.At)
		case u.Side != l.Side:
			b.errf(path+".at", "%s: at %q: a unit of the other side", what, rl.At)
		}
		if rl.Wounds < 0 {
			b.errf(path+".wounds", "%s: negative wounds %d", what, rl.Wounds)
		} else if rl.Wounds > 0 {
			l.Health = engine.LeaderWounded
		}
		for _, tr := range rl.Traits {
			if !traits[tr] {
				b.errf(path+".traits", "%s: unknown trait %q (want brawler, insidious, charismatic, provident or cunning_plan)", what, tr)
			}
		}
		bt.Leaders = append(bt.Leaders, l)
	}

	// Orders.
	c.LastTurn = c.Turn
	for i, ro := range r.Order {
		path := fmt.Sprintf("order.%d", i)
		who := ro.Unit
		if who == "" {
			who = ro.Side
		}
		what := fmt.Sprintf("order #%d (%s)", i+1, strings.TrimSpace(who+" "+ro.Order))
		o := engine.Order{Unit: ro.Unit, Phase: 1, Turn: c.Turn, Target: ro.Target}
		var err error
		if ro.Order == "" {
			b.errf(path, "%s: missing order", what)
		} else if o.Kind, err = engine.ParseOrderKind(ro.Order); err != nil {
			b.errf(path+".order", "%s: %v", what, err)
		}
		if ro.Side != "" {
			o.Side = b.side(path+".side", what, ro.Side)
		}
		switch u := unit(ro.Unit); {
		case u != nil:
			if ro.Side == "" {
				o.Side = u.Side
			}
		case ro.Unit != "":
			b.errf(path+".unit", "%s: no unit %q", what, ro.Unit)
		case o.Kind.ArmyWide() || o.Kind.Declaration():
			if ro.Side == "" {
				b.errf(path, "%s: an army-wide order or a declaration needs side = \"north\" or \"south\"", what)
			}
		default:
			b.errf(path, "%s: missing unit", what)
		}
		if ro.Class == "" {
			if o.Kind.Special() {
				o.Class = engine.Special
			}
		} else if err := o.Class.UnmarshalText([]byte(ro.Class)); err != nil {
			b.errf(path+".class", "%s: %v", what, err)
		}
		if ro.Phase != nil {
			o.Phase = *ro.Phase // the engine refuses a bad phase (R-VI.1.2)
		}
		if ro.Turn != nil {
			o.Turn = *ro.Turn
			if o.Turn < c.Turn || o.Turn > maxTurn {
				b.errf(path+".turn", "%s: turn %d: want %d (the case's turn) to %d", what, o.Turn, c.Turn, maxTurn)
				o.Turn = c.Turn
			}
		}
		c.LastTurn = max(c.LastTurn, o.Turn)
		if ro.Target != "" && unit(ro.Target) == nil {
			b.errf(path+".target", "%s: target %q: no such unit", what, ro.Target)
		}
		if ro.Facing != "" {
			d, err := engine.ParseDir(ro.Facing)
			if err != nil {
				b.errf(path+".facing", "%s: %v", what, err)
			}
			o.Facing = &d
		}
		o.CarryShields = ro.CarryShields
		o.Leader, o.To = ro.Leader, ro.To
		o.Mission, o.Banner = ro.Mission, ro.Banner
		for _, s := range ro.SetShields {
			d, err := engine.ParseDir(s)
			if err != nil {
				b.errf(path+".set_shields", "%s: set_shields: %v", what, err)
				continue
			}
			o.SetShields = append(o.SetShields, d)
		}
		for _, s := range ro.Steps {
			var st engine.StepKind
			if err := st.UnmarshalText([]byte(s)); err != nil {
				b.errf(path+".steps", "%s: %v", what, err)
			}
			o.Steps = append(o.Steps, st)
		}
		c.Orders = append(c.Orders, o)
	}

	// Command rolls.
	for i, rc := range r.Command {
		path := fmt.Sprintf("command.%d", i)
		what := fmt.Sprintf("command #%d", i+1)
		in := engine.CommandInput{Side: b.side(path+".side", what, rc.Side), Messengers: rc.Messengers, Rerolls: rc.Rerolls}
		var err error
		if in.Stake, err = engine.ParseStake(rc.Stake); err != nil {
			b.errf(path+".stake", "%s: %v", what, err)
		}
		if rc.Messengers < 0 {
			b.errf(path+".messengers", "%s: negative messengers %d", what, rc.Messengers)
		}
		for _, src := range rc.Rerolls {
			if src != engine.RerollHQ && src != engine.RerollMessenger {
				b.errf(path+".rerolls", "%s: unknown reroll %q (want hq or messenger)", what, src)
			}
		}
		in.HQReroll, in.Bonus = engine.CommandSetup(&bt, in.Side, c.Turn, c.OrdersOf(c.Turn))
		c.Commands = append(c.Commands, in)
	}

	c.Dice = b.dice(r.Dice)
	c.Battle = bt
	c.Expect = b.expectations(r.Expect, &c)
	c.Refused = r.Refused
	c.Err = b.err()
	return c
}

// settings applies [case.settings]: each key a RULES.md Appendix B key, each
// value a TOML string, boolean, integer or list of strings, given to
// Settings.Set as text. An unknown key, a bad value, or a value the engine
// does not honour yet (Settings.Unhonoured) is a problem of the case.
func (b *builder) settings(s *engine.Settings, raw map[string]any) {
	flat := b.flatten("settings", raw)
	for _, key := range slices.Sorted(maps.Keys(flat)) {
		path := "settings." + key
		text, ok := settingText(flat[key])
		if !ok {
			b.errf(path, "setting %q: want a string, true or false, an integer or a list of strings, got %v", key, flat[key])
			continue
		}
		if err := s.Set(key, text); err != nil {
			b.errf(path, "%v", err)
			continue
		}
		for _, k := range s.Unhonoured() {
			if k == key {
				b.errf(path, "setting %s = %q: not implemented by the engine yet", key, text)
			}
		}
	}
}

// settingText writes a TOML value as the text Settings.Set reads.
func settingText(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case bool:
		return strconv.FormatBool(x), true
	case int64:
		return strconv.FormatInt(x, 10), true
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			s, ok := e.(string)
			if !ok {
				return "", false
			}
			parts[i] = s
		}
		return "[" + strings.Join(parts, ", ") + "]", true
	}
	return "", false
}

// dice reads [case.dice]: every value a list of d6 results.
func (b *builder) dice(raw map[string]any) map[string][]int {
	out := map[string][]int{}
	flat := b.flatten("dice", raw)
	for _, key := range slices.Sorted(maps.Keys(flat)) {
		v := flat[key]
		path := "dice." + key
		list, ok := v.([]any)
		if !ok {
			b.errf(path, "dice %q: want a list of d6 results, e.g. [6, 3]", key)
			continue
		}
		dice := make([]int, 0, len(list))
		for _, x := range list {
			n, ok := x.(int64)
			if !ok || n < 1 || n > 6 {
				b.errf(path, "dice %q: %v is not a d6 result (1 to 6)", key, x)
				continue
			}
			dice = append(dice, int(n))
		}
		out[key] = dice
	}
	return out
}

// flatten turns nested tables into dotted keys, so that an unquoted dotted
// key (hc.cell = "C11") means the same as the quoted one ("hc.cell" = "C11").
func (b *builder) flatten(table string, m map[string]any) map[string]any {
	out := map[string]any{}
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			v := m[k]
			if sub, ok := v.(map[string]any); ok {
				walk(prefix+k+".", sub)
				continue
			}
			if _, dup := out[prefix+k]; dup {
				b.errf(table+"."+prefix+k, "%s: key %q written twice", table, prefix+k)
			}
			out[prefix+k] = v
		}
	}
	walk("", m)
	return out
}
