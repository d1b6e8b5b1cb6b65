package bot

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The GM's completions.

func fought(s store.Status) bool {
	return s == store.StatusDeployment || s == store.StatusCommand || s == store.StatusResolving
}

// fixable: game.Fix corrects a battle in deployment or taking orders.
func fixable(s store.Status) bool { return s == store.StatusDeployment || s == store.StatusCommand }

// battleOffers completes the battle of a GM subcommand: the guild's
// battles by the names the GM gave them, those in a state the subcommand
// accepts first.
func battleOffers(accepts func(c *call, h store.Header) bool) completer {
	return func(b *Bot, c *call, typed string) ([]offer, error) {
		hs, err := b.svc.Battles(c.i.GuildID)
		if err != nil {
			return nil, err
		}
		var first, rest []offer
		for _, h := range hs {
			if h.Unreadable != "" {
				continue
			}
			name := render.T(c.lang, "complete.battle", h.Name, render.T(c.lang, "lifecycle."+string(h.Status)), h.Turn)
			if h.Scouting {
				name += ", " + render.T(c.lang, "lifecycle.scouting")
			}
			if accepts(c, h) {
				first = append(first, offer{h.Name, name})
			} else {
				rest = append(rest, offer{h.Name, name})
			}
		}
		return match(append(first, rest...), typed), nil
	}
}

// gmBattle is the battle a GM subcommand names; with none named yet, the
// guild's one battle in a state accepts takes, if there is one.
func (b *Bot) gmBattle(c *call, accepts func(store.Status) bool) (store.BattleRecord, error) {
	if ref := c.str("battle"); ref != "" {
		return b.svc.Battle(c.i.GuildID, ref)
	}
	hs, err := b.svc.Battles(c.i.GuildID)
	if err != nil {
		return store.BattleRecord{}, err
	}
	var only []store.Header
	for _, h := range hs {
		if h.Unreadable == "" && accepts(h.Status) {
			only = append(only, h)
		}
	}
	if len(only) != 1 {
		return store.BattleRecord{}, refuse("err.no_battle", "")
	}
	return b.svc.Battle(c.i.GuildID, only[0].ID)
}

// completeTurn offers the turn taking orders of the battle named (or of
// every battle taking orders), for /battle resolve.
func (b *Bot) completeTurn(c *call, _ string) ([]offer, error) {
	hs, err := b.svc.Battles(c.i.GuildID)
	if err != nil {
		return nil, err
	}
	named := game.BattleID(c.str("battle"))
	var out []offer
	for _, h := range hs {
		if h.Status != store.StatusCommand || named != "" && h.ID != named && game.BattleID(h.Name) != named {
			continue
		}
		out = append(out, offer{h.Turn, render.T(c.lang, "battles.turn_choice", h.Name, h.Turn)})
	}
	return out, nil
}

// completeScenario offers the scenarios a battle can be created from:
// the built-in ones, then those of the config's scenario files.
func (b *Bot) completeScenario(c *call, typed string) ([]offer, error) {
	var out []offer
	for _, n := range game.ScenarioNames() {
		s, _ := game.Scenario(n)
		out = append(out, offer{n, render.T(c.lang, "complete.scenario.builtin", n, len(s.Units))})
	}
	loaded := make([]string, 0, len(b.svc.Scenarios))
	for n := range b.svc.Scenarios {
		loaded = append(loaded, n)
	}
	slices.Sort(loaded)
	for _, n := range loaded {
		out = append(out, offer{n, render.T(c.lang, "complete.scenario.loaded", n, len(b.svc.Scenarios[n].Units))})
	}
	return match(out, typed), nil
}

// fieldKind is the kind of thing a field of /battle fix belongs to
// (engine.FixFields); "" for none.
func fieldKind(field string) string {
	for kind, fields := range engine.FixFields {
		if slices.Contains(fields, field) {
			return kind
		}
	}
	return ""
}

// completeFixWho offers what /battle fix may correct: every unit, leader
// and side of the battle (the GM sees all), only those that have the field
// once it is chosen.
func (b *Bot) completeFixWho(c *call, typed string) ([]offer, error) {
	rec, err := b.gmBattle(c, fixable)
	if err != nil || !fixable(rec.Status) {
		return nil, err
	}
	kind := fieldKind(c.str("field"))
	st := &rec.State
	var out []offer
	if kind == "" || kind == "unit" {
		for i := range st.Units {
			u := &st.Units[i]
			name := unitName(c.lang, u) + ", " + render.SideName(c.lang, u.Side)
			if u.Status != engine.StatusOK {
				name += ", " + render.StatusName(c.lang, u.Status)
			}
			out = append(out, offer{u.ID, name})
		}
	}
	if kind == "" || kind == "leader" {
		for i := range st.Leaders {
			l := &st.Leaders[i]
			out = append(out, offer{l.ID, leaderName(c.lang, l) + ", " + render.SideName(c.lang, l.Side)})
		}
	}
	if kind == "" || kind == "side" {
		for _, s := range []engine.Side{engine.North, engine.South} {
			out = append(out, offer{s.String(), s.String() + " — " + render.T(c.lang, "complete.side", render.SideName(c.lang, s))})
		}
	}
	return match(out, typed), nil
}

// completeFixValue offers the values the chosen field of the chosen unit,
// leader or side takes: each one engine.Fix accepts.
func (b *Bot) completeFixValue(c *call, typed string) ([]offer, error) {
	rec, err := b.gmBattle(c, fixable)
	if err != nil || !fixable(rec.Status) {
		return nil, err
	}
	who, field := c.str("who"), c.str("field")
	now := fixCurrent(&rec.State, who, field)
	var out []offer
	for _, v := range fixCandidates(&rec.State, who, field) {
		if _, p := engine.Fix(rec.State, who, field, v); p != nil {
			continue
		}
		name := v
		if g := fixGloss(c.lang, field, v); g != "" {
			name += " — " + g
		}
		if v == now {
			name = render.T(c.lang, "complete.now", name)
		}
		out = append(out, offer{v, name})
	}
	return match(out, typed), nil
}

// fixCandidates are the values worth trying for a field, written as
// engine.Fix reads them; it keeps the ones it accepts.
func fixCandidates(b *engine.Battle, who, field string) []string {
	count := func(from, to int) []string {
		var out []string
		for n := from; n <= to; n++ {
			out = append(out, strconv.Itoa(n))
		}
		return out
	}
	names := func(cells []engine.Cell) []string {
		var out []string
		for _, c := range cells {
			out = append(out, c.Name())
		}
		return out
	}
	switch field {
	case "cell":
		var off []engine.Cell
		for y := 1 - engine.FixBand; y <= engine.FieldHeight+engine.FixBand; y++ {
			for x := 1 - engine.FixBand; x <= engine.FieldWidth+engine.FixBand; x++ {
				if c := (engine.Cell{X: x, Y: y}); !c.OnField() {
					off = append(off, c)
				}
			}
		}
		sort.Slice(off, func(i, j int) bool { return off[i].Name() < off[j].Name() })
		return append(names(cellsWhere(func(engine.Cell) bool { return true })), names(off)...)
	case "facing":
		return stringsOf(engine.Dirs())
	case "figures":
		return count(1, engine.MaxFigures)
	case "status":
		return stringsOf(engine.Statuses())
	case "ammo":
		if u := b.Unit(who); u != nil {
			return count(0, u.Stats().AmmoPerFigure*u.Figures)
		}
	case "fatigued", "hold", "save_ammo":
		return []string{"true", "false"}
	case "at":
		out := []string{engine.AtHQ, engine.AtReserve}
		if l := b.Leader(who); l != nil {
			for i := range b.Units {
				if u := &b.Units[i]; u.Side == l.Side && u.Active() {
					out = append(out, u.ID)
				}
			}
		}
		return out
	case "wounds":
		return count(0, 3)
	case "health":
		var out []string
		for h := engine.LeaderOK; h <= engine.LeaderKilled; h++ {
			out = append(out, h.String())
		}
		return out
	case "hq":
		if side, err := engine.ParseSide(who); err == nil {
			return append([]string{"none"}, names(ownZones(side))...)
		}
	case "messengers", "shinobi":
		return count(0, engine.MaxFixCount)
	}
	return nil
}

// stringsOf writes values as engine.Fix reads them: by their String.
func stringsOf[T fmt.Stringer](vs []T) []string {
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		out = append(out, v.String())
	}
	return out
}

// fixCurrent is the value a field has now, as Fix writes it; "" if none.
func fixCurrent(b *engine.Battle, who, field string) string {
	if u := b.Unit(who); u != nil {
		switch field {
		case "cell":
			return u.Cell.Name()
		case "facing":
			return u.Facing.String()
		case "figures":
			return strconv.Itoa(u.Figures)
		case "status":
			return u.Status.String()
		case "ammo":
			return strconv.Itoa(u.Ammo)
		case "fatigued":
			return strconv.FormatBool(u.Fatigued)
		case "hold":
			return strconv.FormatBool(u.Hold)
		case "save_ammo":
			return strconv.FormatBool(u.SaveAmmo)
		}
		return ""
	}
	if l := b.Leader(who); l != nil {
		switch field {
		case "at":
			return l.At
		case "wounds":
			return strconv.Itoa(l.Wounds)
		case "health":
			return l.Health.String()
		}
		return ""
	}
	side, err := engine.ParseSide(who)
	if err != nil {
		return ""
	}
	switch field {
	case "hq":
		if b.HQ[side] == engine.NoCell {
			return "none"
		}
		return b.HQ[side].Name()
	case "messengers":
		return strconv.Itoa(b.Messengers[side])
	case "shinobi":
		return strconv.Itoa(b.Shinobi[side])
	}
	return ""
}

// fixAllowed says what values a field of who takes, for a refused fix: a
// range of numbers, the values with their meaning, or the places; "" when
// who has no such field.
func fixAllowed(l render.Lang, b *engine.Battle, who, field string) string {
	vs := fixCandidates(b, who, field)
	var what string
	switch field {
	case "cell":
		what = render.T(l, "fix.allowed.cell", engine.FixBand)
	case "figures", "ammo", "wounds", "messengers", "shinobi":
		if len(vs) == 0 {
			return ""
		}
		from, _ := strconv.Atoi(vs[0])
		to, _ := strconv.Atoi(vs[len(vs)-1])
		what = render.T(l, "fix.allowed.range", from, to)
	case "hq":
		if len(vs) < 2 {
			return ""
		}
		what = render.T(l, "fix.allowed.hq", strings.Join(vs[1:], ", "))
	case "at":
		if len(vs) <= 2 {
			what = render.T(l, "fix.allowed.at.none")
		} else {
			what = render.T(l, "fix.allowed.at", strings.Join(vs[2:], ", "))
		}
	default:
		var parts []string
		for _, v := range vs {
			if g := fixGloss(l, field, v); g != "" {
				v += " (" + g + ")"
			}
			parts = append(parts, v)
		}
		if len(parts) == 0 {
			return ""
		}
		what = strings.Join(parts, ", ")
	}
	return render.T(l, "fix.allowed", what)
}

// fixGloss says in words what a value of a field means; "" when the value
// says it itself (a number, a cell, a unit).
func fixGloss(l render.Lang, field, v string) string {
	switch field {
	case "facing":
		if d, err := engine.ParseDir(v); err == nil {
			return render.FacingName(l, d)
		}
	case "status":
		if s, ok := engine.ParseStatus(v); ok {
			return render.StatusName(l, s)
		}
	case "fatigued", "hold", "save_ammo":
		return render.T(l, "complete."+v)
	case "health":
		return render.T(l, "complete.health."+v)
	case "at":
		if v == engine.AtHQ || v == engine.AtReserve {
			return atName(l, v)
		}
	case "hq":
		if v == "none" {
			return render.T(l, "complete.hq.none")
		}
	}
	return ""
}

// settingInfo is the row of a settings key the GM may set; false for an
// unknown key, a family or one the engine does not honour.
func settingInfo(key string) (engine.SettingInfo, bool) {
	for _, info := range engine.SettingKeys() {
		if info.Key == key && info.Implemented && !strings.Contains(key, "<") {
			return info, true
		}
	}
	return engine.SettingInfo{}, false
}

// gmSettings are the settings of the battle named, or the defaults while
// none is.
func (b *Bot) gmSettings(c *call) (engine.Settings, bool) {
	rec, err := b.gmBattle(c, func(s store.Status) bool { return s != store.StatusFinished })
	if err != nil {
		return engine.DefaultSettings(), false
	}
	return rec.State.Settings, true
}

// completeSetKey offers the settings keys the engine honours (as /battle
// set lists them), with the battle's value of each.
func (b *Bot) completeSetKey(c *call, typed string) ([]offer, error) {
	cur, known := b.gmSettings(c)
	var out []offer
	// The settings of the battle's posts and clock (game's), then the rules'.
	var rec *store.BattleRecord
	if r, err := b.gmBattle(c, func(s store.Status) bool { return s != store.StatusFinished }); err == nil {
		rec = &r
	}
	for _, ps := range game.PostSettings(rec) {
		if ps.Key == game.TurnDeadlineKey || ps.Key == game.RemindBeforeKey {
			continue // the clock's keys are offered with their lengths (clock.go)
		}
		name := render.T(c.lang, "complete.setting", ps.Key, ps.Now)
		if rec == nil {
			name = ps.Key
		}
		out = append(out, offer{ps.Key, name})
	}
	for _, info := range engine.SettingKeys() {
		if _, ok := settingInfo(info.Key); !ok {
			continue
		}
		v, err := cur.Get(info.Key)
		if err != nil {
			return nil, err
		}
		name := render.T(c.lang, "complete.setting", info.Key, v)
		if !known {
			name = render.T(c.lang, "complete.default", info.Key+" = "+v)
		}
		out = append(out, offer{info.Key, name})
	}
	return match(out, typed), nil
}

// completeSetValue offers the values the chosen key takes: each one that
// game.SetSetting accepts (Settings.Set, and honoured by the engine).
func (b *Bot) completeSetValue(c *call, typed string) ([]offer, error) {
	key := c.str("key")
	for _, ps := range game.PostSettings(nil) {
		if ps.Key != key {
			continue
		}
		var out []offer
		for _, v := range ps.Values {
			out = append(out, offer{v, v})
		}
		return match(out, typed), nil
	}
	info, ok := settingInfo(key)
	if !ok {
		return nil, nil
	}
	cur, known := b.gmSettings(c)
	now, _ := cur.Get(key)
	cands := info.Values
	switch {
	case key == "battle.max_turns":
		cands = []string{info.Default, now}
		for n := 1; n <= 999; n++ {
			cands = append(cands, strconv.Itoa(n))
		}
	case key == "terrain.available":
		cands = nil
		for set := 0; set < 8; set++ {
			var names []string
			for k, n := range []string{"hill", "forest", "swamp"} {
				if set&(1<<k) != 0 {
					names = append(names, n)
				}
			}
			cands = append(cands, "["+strings.Join(names, ", ")+"]")
		}
	case len(cands) == 0:
		cands = []string{info.Default}
	}
	var out []offer
	for _, v := range cands {
		next := cur
		if next.Set(key, v) != nil || slices.Contains(next.Unhonoured(), key) {
			continue
		}
		name := v
		if g := settingGloss(c.lang, key, v); g != "" {
			name += " — " + g
		}
		if v == info.Default {
			name = render.T(c.lang, "complete.default", name)
		}
		if known && v == now {
			name = render.T(c.lang, "complete.now", name)
		}
		out = append(out, offer{v, name})
	}
	return match(out, typed), nil
}

// settingGloss words a setting's value where words help: yes or no, the
// terrain types.
func settingGloss(l render.Lang, key, v string) string {
	switch {
	case v == "true" || v == "false":
		return render.T(l, "complete."+v)
	case key == "terrain.available":
		var words []string
		for _, n := range strings.Split(strings.Trim(v, "[]"), ", ") {
			if n != "" {
				words = append(words, render.T(l, "legend."+n))
			}
		}
		if len(words) == 0 {
			return render.T(l, "complete.false")
		}
		return strings.Join(words, ", ")
	}
	return ""
}
