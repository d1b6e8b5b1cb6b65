package game

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/duel"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game/campaigns"
	"github.com/gunbai/gunbai/game/duels"
	"github.com/gunbai/gunbai/game/quickbattles"
	"github.com/gunbai/gunbai/game/skirmishes"
	"github.com/gunbai/gunbai/internal/tomlpos"
	"github.com/gunbai/gunbai/quick"
	"github.com/gunbai/gunbai/render"
	renderfield "github.com/gunbai/gunbai/render/field"
	"github.com/gunbai/gunbai/skirmish"
	"github.com/gunbai/gunbai/store"
)

// Every value that crosses JSON, text or the store decodes to what was
// encoded (issue 24, item 1). The sheet's odds were stored as JSON, and
// engine.CombatOutcome and CombatKind had MarshalText but no UnmarshalText:
// every outcome read back as the first one, and zero values (all a test of
// the default position made) hid it.
//
// TestEveryTypeRoundTrips finds the repository's exported enumerations in
// its source (an exported type of integer or string kind with exported
// constants of it), and walks by reflection every type that reaches the
// store (the parameters of store.Tx's writes and the campaign values it
// keeps), the outbox's post data, the sheet's note and the export. Each
// enumeration's every value must round trip through JSON (as a value and
// as a map key) and through its MarshalText/UnmarshalText; each stored or
// posted type, filled with non-zero values (each enumeration of it through
// all its values in turn), must come back from JSON deeply equal.

// roundTripRoots are the types whose values reach the store, an outbox
// post's data, a sheet's stored note or an export, besides the parameters
// of store.Tx's writes, which are found by reflection.
func roundTripRoots() []reflect.Type {
	return []reflect.Type{
		// The campaign values store.Tx.PutCampaign keeps (as any).
		reflect.TypeFor[quick.Record](),
		reflect.TypeFor[quick.Siege](),
		reflect.TypeFor[skirmishes.Record](),
		// What store.Tx's reads give back.
		reflect.TypeFor[store.Header](),
		reflect.TypeFor[store.TurnRecord](),
		reflect.TypeFor[store.Seed](),
		// A sheet's note, stored as JSON in store.Sheet.Note.
		reflect.TypeFor[SheetNote](),
		// The posts' data (outbox.go and the posts' kinds).
		reflect.TypeFor[OpenedData](),
		reflect.TypeFor[engine.Outcome](),
		reflect.TypeFor[engine.ScoutReport](),
		reflect.TypeFor[store.CommandRoll](),
		reflect.TypeFor[Receipt](),
		reflect.TypeFor[Failure](),
		reflect.TypeFor[Replaced](),
		reflect.TypeFor[ClockData](),
		reflect.TypeFor[ReminderData](),
		reflect.TypeFor[SheetRef](),
		reflect.TypeFor[duels.DuelPost](),
		reflect.TypeFor[quickbattles.FightRef](),
		reflect.TypeFor[skirmishes.SkirmishPost](),
		reflect.TypeFor[campaigns.AftermathRef](),
		reflect.TypeFor[campaign.BattleRecord](),
		// gunbai export and verify.
		reflect.TypeFor[Export](),
		// /odds, worded from the same result the sheet keeps.
		reflect.TypeFor[OrderOdds](),
	}
}

// enumRoots are enumerations no stored or posted type holds yet: they
// must round trip all the same, should one ever be stored.
func enumRoots() []reflect.Type {
	return []reflect.Type{
		reflect.TypeFor[engine.AttackSide](),
		reflect.TypeFor[engine.Zone](),
		reflect.TypeFor[engine.TerrainTypes](),
		reflect.TypeFor[engine.SideResult](),
		reflect.TypeFor[campaign.CaptiveChoice](),
		reflect.TypeFor[tomlpos.Kind](), // where a TOML file's key is written
		reflect.TypeFor[campaign.Doer](),
		reflect.TypeFor[campaign.Fate](),
		reflect.TypeFor[campaign.Method](),
		reflect.TypeFor[campaign.RevoltKind](),
		reflect.TypeFor[campaign.Terrain](),
		reflect.TypeFor[duel.Cover](),
		reflect.TypeFor[duel.Movement](),
		reflect.TypeFor[duel.ShotPhase](),
		reflect.TypeFor[duel.Weapon](),
		reflect.TypeFor[renderfield.View](),
		reflect.TypeFor[render.Lang](),
		// The skirmish game (issue 27), to be stored whole by its service.
		reflect.TypeFor[skirmish.Game](),
		reflect.TypeFor[skirmish.Action](),
		reflect.TypeFor[skirmish.Event](),
	}
}

// storeWrites are the parameter types of store.Tx's methods that write a
// value: Put*, NewSheet, Owe, OweLive, UpdatePost, Journal.
func storeWrites() []reflect.Type {
	var out []reflect.Type
	tx := reflect.TypeFor[*store.Tx]()
	for i := range tx.NumMethod() {
		m := tx.Method(i)
		switch {
		case strings.HasPrefix(m.Name, "Put"), m.Name == "NewSheet", m.Name == "Owe", m.Name == "OweLive",
			m.Name == "UpdatePost", m.Name == "Journal":
		default:
			continue
		}
		for j := 1; j < m.Type.NumIn(); j++ { // 0 is the receiver
			in := m.Type.In(j)
			if m.Type.IsVariadic() && j == m.Type.NumIn()-1 {
				in = in.Elem()
			}
			if in.Kind() == reflect.Interface {
				continue // PutCampaign's value: its types are in roundTripRoots
			}
			out = append(out, in)
		}
	}
	return out
}

// enumeration is an exported enumeration found in the source: its
// exported constants, by name, in the order written.
type enumeration struct {
	pkg, name string
	consts    []string
	values    []constant.Value
}

func (e *enumeration) key() string { return e.pkg + "." + e.name }

// findEnumerations parses every non-test, non-main package of the module
// (from its root, dir) and returns its exported enumerations by
// "importpath.Name".
func findEnumerations(t *testing.T, dir, module string) map[string]*enumeration {
	t.Helper()
	out := map[string]*enumeration{}
	var dirs []string
	_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if d.IsDir() {
			if n := d.Name(); path != dir && (n == "testdata" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			dirs = append(dirs, path)
		}
		return nil
	})
	for _, d := range dirs {
		fset := token.NewFileSet()
		// The package's files by package name (a folder's non-test files
		// are one package, or main).
		pkgs := map[string]map[string]*ast.File{}
		names, err := filepath.Glob(filepath.Join(d, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, fn := range names {
			if strings.HasSuffix(fn, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, fn, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			if pkgs[f.Name.Name] == nil {
				pkgs[f.Name.Name] = map[string]*ast.File{}
			}
			pkgs[f.Name.Name][fn] = f
		}
		rel, _ := filepath.Rel(dir, d)
		path := module
		if rel != "." {
			path += "/" + filepath.ToSlash(rel)
		}
		for name, p := range pkgs {
			if name == "main" {
				continue
			}
			for k, v := range packageEnumerations(t, path, p) {
				out[k] = v
			}
		}
	}
	return out
}

// packageEnumerations finds a package's enumerations and works out their
// constants' values (iota, literals, + - * | << of them, conversions).
func packageEnumerations(t *testing.T, path string, pkg map[string]*ast.File) map[string]*enumeration {
	types := map[string]bool{} // exported types of integer or string kind
	files := slices.Sorted(func(yield func(string) bool) {
		for n := range pkg {
			if !yield(n) {
				return
			}
		}
	})
	for _, fn := range files {
		for _, decl := range pkg[fn].Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, s := range g.Specs {
				ts := s.(*ast.TypeSpec)
				id, ok := ts.Type.(*ast.Ident)
				if !ok || ts.Assign != 0 || !ts.Name.IsExported() || ts.TypeParams != nil {
					continue
				}
				switch id.Name {
				case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "byte", "string":
					types[ts.Name.Name] = true
				}
			}
		}
	}
	out := map[string]*enumeration{}
	values := map[string]constant.Value{} // every constant evaluated, for references
	var eval func(e ast.Expr, iota int64) (constant.Value, bool)
	eval = func(e ast.Expr, iota int64) (constant.Value, bool) {
		switch e := e.(type) {
		case *ast.BasicLit:
			return constant.MakeFromLiteral(e.Value, e.Kind, 0), true
		case *ast.Ident:
			if e.Name == "iota" {
				return constant.MakeInt64(iota), true
			}
			v, ok := values[e.Name]
			return v, ok
		case *ast.ParenExpr:
			return eval(e.X, iota)
		case *ast.UnaryExpr:
			x, ok := eval(e.X, iota)
			if !ok {
				return nil, false
			}
			return constant.UnaryOp(e.Op, x, 0), true
		case *ast.BinaryExpr:
			x, ok1 := eval(e.X, iota)
			y, ok2 := eval(e.Y, iota)
			if !ok1 || !ok2 {
				return nil, false
			}
			if e.Op == token.SHL || e.Op == token.SHR {
				n, _ := constant.Uint64Val(y)
				return constant.Shift(x, e.Op, uint(n)), true
			}
			return constant.BinaryOp(x, e.Op, y), true
		case *ast.CallExpr: // a conversion, T(x)
			if len(e.Args) == 1 {
				return eval(e.Args[0], iota)
			}
		}
		return nil, false
	}
	// Constants may refer to those of other files: evaluate until nothing
	// more can be.
	for pass := 0; pass < 4; pass++ {
		for _, fn := range files {
			for _, decl := range pkg[fn].Decls {
				g, ok := decl.(*ast.GenDecl)
				if !ok || g.Tok != token.CONST {
					continue
				}
				var typ ast.Expr
				var exprs []ast.Expr
				for i, s := range g.Specs {
					vs := s.(*ast.ValueSpec)
					if vs.Type != nil || len(vs.Values) > 0 {
						typ, exprs = vs.Type, vs.Values
					}
					tname := ""
					if id, ok := typ.(*ast.Ident); ok {
						tname = id.Name
					} else if len(exprs) == 1 {
						if c, ok := exprs[0].(*ast.CallExpr); ok {
							if id, ok := c.Fun.(*ast.Ident); ok && types[id.Name] {
								tname = id.Name
							}
						}
					}
					for k, n := range vs.Names {
						if _, done := values[n.Name]; done || k >= len(exprs) {
							continue
						}
						v, ok := eval(exprs[k], int64(i))
						if !ok {
							continue
						}
						values[n.Name] = v
						if !types[tname] || !n.IsExported() {
							continue
						}
						e := out[tname]
						if e == nil {
							e = &enumeration{pkg: path, name: tname}
							out[tname] = e
						}
						e.consts = append(e.consts, n.Name)
						e.values = append(e.values, v)
					}
				}
			}
		}
	}
	keyed := map[string]*enumeration{}
	for _, e := range out {
		keyed[e.key()] = e
	}
	return keyed
}

// typeWalk is every named type reachable from some roots, by
// "importpath.Name".
func typeWalk(roots []reflect.Type) map[string]reflect.Type {
	seen := map[reflect.Type]bool{}
	named := map[string]reflect.Type{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		if t.Name() != "" && t.PkgPath() != "" {
			named[t.PkgPath()+"."+t.Name()] = t
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(t.Elem())
		case reflect.Map:
			walk(t.Key())
			walk(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				if f := t.Field(i); f.IsExported() && f.Tag.Get("json") != "-" {
					walk(f.Type)
				}
			}
		}
	}
	for _, r := range roots {
		walk(r)
	}
	return named
}

// filler makes non-zero values of any type: variant k of an enumeration
// is its value k (mod their number), of anything else a value that
// differs with k.
type filler struct {
	enums map[reflect.Type][]reflect.Value
	// missing are the types it could not fill with something JSON reads back.
	missing map[string]bool
}

var (
	timeType = reflect.TypeFor[time.Time]()
	cellType = reflect.TypeFor[engine.Cell]()
	rawType  = reflect.TypeFor[json.RawMessage]()
)

// fillCells are cells to fill with: on the field, at its corners, and
// drawn beyond it (D-03), where fled units go.
var fillCells = []engine.Cell{{X: 1, Y: 1}, {X: 12, Y: 8}, {X: 6, Y: 4}, {X: 7, Y: 5}, {X: -1, Y: 3}, {X: 14, Y: 10}, {X: 3, Y: -2}}

func (f *filler) fill(t reflect.Type, k, depth int) reflect.Value {
	v := reflect.New(t).Elem()
	if depth > 10 {
		return v
	}
	if vals, ok := f.enums[t]; ok {
		return vals[k%len(vals)]
	}
	switch t {
	case timeType:
		return reflect.ValueOf(time.Date(2026, 12, 1, 23, 45, k%60, 0, time.UTC))
	case cellType:
		return reflect.ValueOf(fillCells[k%len(fillCells)])
	case rawType:
		return reflect.ValueOf(json.RawMessage(fmt.Sprintf(`{"k":%d}`, k)))
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(k%100 + 1))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(uint64(k%100 + 1))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(k%100) + 0.5)
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", k))
	case reflect.Pointer:
		v.Set(f.fill(t.Elem(), k, depth+1).Addr())
	case reflect.Slice:
		v.Set(reflect.MakeSlice(t, 2, 2))
		for i := range 2 {
			v.Index(i).Set(f.fill(t.Elem(), k+i, depth+1))
		}
	case reflect.Array:
		for i := range t.Len() {
			v.Index(i).Set(f.fill(t.Elem(), k+i, depth+1))
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(t))
		v.SetMapIndex(f.fill(t.Key(), k, depth+1), f.fill(t.Elem(), k, depth+1))
	case reflect.Struct:
		for i := range t.NumField() {
			sf := t.Field(i)
			if !sf.IsExported() || sf.Tag.Get("json") == "-" {
				continue
			}
			v.Field(i).Set(f.fill(sf.Type, k+i, depth+1))
		}
	case reflect.Interface:
		if t.NumMethod() == 0 { // any: a text's argument, a whole number or a string
			if k%2 == 0 {
				v.Set(reflect.ValueOf(k + 1))
			} else {
				v.Set(reflect.ValueOf(fmt.Sprintf("s%d", k)))
			}
		} else {
			f.missing[t.String()] = true
		}
	default:
		f.missing[t.String()] = true
	}
	// Addressable, for Addr above.
	p := reflect.New(t)
	p.Elem().Set(v)
	return p.Elem()
}

// enumValues are an enumeration's values as values of its type.
func enumValues(t reflect.Type, e *enumeration) ([]reflect.Value, error) {
	var out []reflect.Value
	for i, c := range e.values {
		v := reflect.New(t).Elem()
		switch t.Kind() {
		case reflect.String:
			v.SetString(constant.StringVal(c))
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			n, ok := constant.Int64Val(c)
			if !ok {
				return nil, fmt.Errorf("%s: %s is no integer", e.key(), e.consts[i])
			}
			v.SetInt(n)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			n, ok := constant.Uint64Val(c)
			if !ok {
				return nil, fmt.Errorf("%s: %s is no unsigned integer", e.key(), e.consts[i])
			}
			v.SetUint(n)
		default:
			return nil, fmt.Errorf("%s is of kind %s", e.key(), t.Kind())
		}
		out = append(out, v)
	}
	return out, nil
}

// jsonRoundTrip encodes v as JSON and decodes it into a new value of its
// type.
func jsonRoundTrip(v reflect.Value) (reflect.Value, []byte, error) {
	raw, err := json.Marshal(v.Interface())
	if err != nil {
		return reflect.Value{}, nil, err
	}
	back := reflect.New(v.Type())
	err = json.Unmarshal(raw, back.Interface())
	return back.Elem(), raw, err
}

func TestEveryTypeRoundTrips(t *testing.T) {
	enums := findEnumerations(t, "..", "github.com/gunbai/gunbai")
	if len(enums) < 20 {
		t.Fatalf("found only %d enumerations in the source: the scan is broken", len(enums))
	}
	roots := append(storeWrites(), roundTripRoots()...)
	named := typeWalk(append(slices.Clone(roots), enumRoots()...))

	// The scan's values agree with the packages' own lists.
	lists := map[reflect.Type][]any{}
	for _, l := range [][]any{
		anys(engine.CombatOutcomes()), anys(engine.CombatKinds()), anys(engine.OrderKinds()), anys(engine.TroopTypes()),
		anys(engine.Statuses()), anys(engine.Outcomes()), anys(engine.Dirs()), anys(engine.EventKinds()),
		anys(campaign.Ages), anys(campaign.UnitTypes), anys(store.Statuses),
	} {
		lists[reflect.TypeOf(l[0])] = l
	}

	f := &filler{enums: map[reflect.Type][]reflect.Value{}, missing: map[string]bool{}}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range enums {
			if !yield(k) {
				return
			}
		}
	})
	for _, key := range keys {
		e := enums[key]
		typ, ok := named[key]
		if !ok {
			if strings.HasSuffix(e.pkg, "/discordtest") || strings.HasSuffix(e.pkg, "/discordfake") {
				continue // the fake Discord: nothing of it is stored
			}
			if key == "github.com/gunbai/gunbai/bot.CheckState" {
				continue // gunbai doctor's checklist, printed and never stored or posted (and game's tests cannot import bot)
			}
			t.Errorf("enumeration %s (%s) is neither held by a stored or posted type nor in enumRoots: add it there", key, strings.Join(e.consts, ", "))
			continue
		}
		vals, err := enumValues(typ, e)
		if err != nil {
			t.Error(err)
			continue
		}
		if l, ok := lists[typ]; ok {
			got := make([]any, len(vals))
			for i, v := range vals {
				got[i] = v.Interface()
			}
			if !reflect.DeepEqual(got, l) {
				t.Errorf("%s: the source's constants %v are not the package's list %v", key, got, l)
			}
		}
		f.enums[typ] = vals
		for i, v := range vals {
			name := e.name + "." + e.consts[i]
			// As a value, through JSON.
			back, raw, err := jsonRoundTrip(v)
			if err != nil {
				t.Errorf("%s: JSON %s does not decode: %v", name, raw, err)
			} else if back.Interface() != v.Interface() {
				t.Errorf("%s: JSON %s decodes as %v", name, raw, back.Interface())
			}
			// As a map key, through JSON.
			m := reflect.MakeMap(reflect.MapOf(typ, reflect.TypeFor[int]()))
			m.SetMapIndex(v, reflect.ValueOf(1))
			mback, raw, err := jsonRoundTrip(m)
			if err != nil {
				t.Errorf("%s: JSON map key %s does not decode: %v", name, raw, err)
			} else if !reflect.DeepEqual(mback.Interface(), m.Interface()) {
				t.Errorf("%s: JSON map key %s decodes as %v", name, raw, mback.Interface())
			}
			// Through its text, if it has one.
			tm, ok := v.Interface().(encoding.TextMarshaler)
			if !ok {
				continue
			}
			text, err := tm.MarshalText()
			if err != nil {
				t.Errorf("%s: MarshalText: %v", name, err)
				continue
			}
			p := reflect.New(typ)
			tu, ok := p.Interface().(encoding.TextUnmarshaler)
			if !ok {
				t.Errorf("%s: has MarshalText (%q) but no UnmarshalText: it cannot be read back", name, text)
				continue
			}
			if err := tu.UnmarshalText(text); err != nil {
				t.Errorf("%s: UnmarshalText(%q): %v", name, text, err)
			} else if p.Elem().Interface() != v.Interface() {
				t.Errorf("%s: text %q reads back as %v", name, text, p.Elem().Interface())
			}
		}
		// Unknown text is an error, not a silent first value.
		if p, ok := reflect.New(typ).Interface().(encoding.TextUnmarshaler); ok {
			if err := p.UnmarshalText([]byte("no-such-value")); err == nil {
				t.Errorf("%s: UnmarshalText of an unknown name is no error", key)
			}
		}
	}

	// Every stored or posted type, filled in turn with every value of each
	// of its enumerations.
	rounds := 1
	for _, v := range f.enums {
		rounds = max(rounds, len(v))
	}
	rounds += len(fillCells)
	for _, r := range roots {
		for k := range rounds {
			v := f.fill(r, k, 0)
			back, raw, err := jsonRoundTrip(v)
			if err != nil {
				t.Errorf("%s (variant %d): JSON does not decode: %v\n%s", r, k, err, clip(raw))
				break
			}
			if !reflect.DeepEqual(back.Interface(), v.Interface()) {
				t.Errorf("%s (variant %d): JSON does not decode to what was encoded: %s\n%s", r, k, firstDiff(v, back, r.String()), clip(raw))
				break
			}
		}
	}
	if len(f.missing) > 0 {
		t.Errorf("types the walk cannot fill, so cannot check: %v", slices.Sorted(func(yield func(string) bool) {
			for k := range f.missing {
				if !yield(k) {
					return
				}
			}
		}))
	}
	t.Logf("%d enumerations, %d root types, %d named types reached, %d rounds each", len(enums), len(roots), len(named), rounds)

	// And through the store itself, in its own encodings (JSON envelopes,
	// compact deflated JSON, a turn's bundle).
	st, err := store.Open(filepath.Join(t.TempDir(), "rt.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	fillOf := func(k int, p any) {
		v := reflect.ValueOf(p).Elem()
		v.Set(f.fill(v.Type(), k, 0))
	}
	for k := range rounds {
		var (
			rec    store.BattleRecord
			battle engine.Battle
			orders []engine.Order
			roll   store.CommandRoll
			phase  store.CommandPhase
			events []engine.Event
			dr     store.DuelRecord
			sh     store.Sheet
			roster store.RosterRecord
		)
		for _, p := range []any{&rec, &battle, &orders, &roll, &phase, &events, &dr, &sh, &roster} {
			fillOf(k, p)
		}
		rec.Turn = 1 + k%store.MaxTurn
		dr.Guild, dr.Battle = rec.GuildID, rec.ID // a battle's duel: the battle exists
		side := engine.Side(k % 2)
		err := st.Update(func(tx *store.Tx) error {
			if err := tx.PutBattle(rec); err != nil {
				return err
			}
			g, id, turn := rec.GuildID, rec.ID, rec.Turn
			if err := tx.BattleTurn(g, id, turn).PutSnapshot(battle); err != nil {
				return err
			}
			if err := tx.BattleTurn(g, id, turn).PutOrders(side, orders); err != nil {
				return err
			}
			if err := tx.BattleTurn(g, id, turn).PutCommand(side, roll); err != nil {
				return err
			}
			if err := tx.BattleTurn(g, id, turn).PutPhase(phase); err != nil {
				return err
			}
			if err := tx.BattleTurn(g, id, turn).PutEvents(events); err != nil {
				return err
			}
			if err := tx.PutDuel(dr); err != nil {
				return err
			}
			if sh, err = tx.NewSheet(sh); err != nil {
				return err
			}
			return tx.PutRoster(g, roster)
		})
		if err != nil {
			t.Fatalf("variant %d: %v", k, err)
		}
		check := func(what string, put, got any) {
			t.Helper()
			if !reflect.DeepEqual(put, got) {
				t.Errorf("store, variant %d: %s reads back otherwise: %s", k, what, firstDiff(reflect.ValueOf(put), reflect.ValueOf(got), what))
			}
		}
		err = st.View(func(tx *store.Tx) error {
			g, id, turn := rec.GuildID, rec.ID, rec.Turn
			got, err := tx.Battle(g, id)
			if err != nil {
				return err
			}
			rec.CreatedAt, rec.UpdatedAt = got.CreatedAt, got.UpdatedAt // stamped by PutBattle
			check("BattleRecord", rec, got)
			b, err := tx.BattleTurn(g, id, turn).Snapshot()
			check("Snapshot", battle, b)
			o, err2 := tx.BattleTurn(g, id, turn).Orders(side)
			check("Orders", orders, o)
			c, err3 := tx.BattleTurn(g, id, turn).Command(side)
			check("CommandRoll", roll, c)
			ph, err4 := tx.BattleTurn(g, id, turn).Phase()
			check("CommandPhase", phase, ph)
			ev, err5 := tx.BattleTurn(g, id, turn).Events()
			check("Events", events, ev)
			d, err6 := tx.Duel(dr.Guild, dr.Battle, dr.ID)
			check("DuelRecord", dr, d)
			s, err7 := tx.Sheet(sh.ID)
			check("Sheet", sh, s)
			r, err8 := tx.Roster(g)
			check("RosterRecord", roster, r)
			return errors.Join(err, err2, err3, err4, err5, err6, err7, err8)
		})
		if err != nil {
			t.Fatalf("variant %d: %v", k, err)
		}
	}
}

func anys[T any](s []T) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

func clip(raw []byte) string {
	if len(raw) > 600 {
		return string(raw[:600]) + "…"
	}
	return string(raw)
}

// firstDiff is where two values of one type first differ, as a path.
func firstDiff(a, b reflect.Value, path string) string {
	if a.Kind() != b.Kind() {
		return path
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return fmt.Sprintf("%s: %v vs %v", path, a, b)
		}
		return firstDiff(a.Elem(), b.Elem(), path)
	case reflect.Struct:
		for i := range a.NumField() {
			if !a.Type().Field(i).IsExported() {
				continue
			}
			if !reflect.DeepEqual(a.Field(i).Interface(), b.Field(i).Interface()) {
				return firstDiff(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name)
			}
		}
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: length %d vs %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if !reflect.DeepEqual(a.Index(i).Interface(), b.Index(i).Interface()) {
				return firstDiff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i))
			}
		}
	case reflect.Map:
		keys := a.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		for _, k := range keys {
			x, y := a.MapIndex(k), b.MapIndex(k)
			if !y.IsValid() {
				return fmt.Sprintf("%s[%v]: missing", path, k)
			}
			if !reflect.DeepEqual(x.Interface(), y.Interface()) {
				return firstDiff(x, y, fmt.Sprintf("%s[%v]", path, k))
			}
		}
		return fmt.Sprintf("%s: %d keys vs %d", path, a.Len(), b.Len())
	}
	return fmt.Sprintf("%s: %v, read back as %v", path, a.Interface(), b.Interface())
}
