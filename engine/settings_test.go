package engine

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

// appendixB is every key of RULES.md Appendix B with its default, in order,
// and the decision it comes from (D-01, D-02, D-03, D-04, D-05, D-08, D-12,
// D-13, D-14, D-15, D-16, D-18, D-19, D-22, D-23, D-24, D-25, D-26, D-31,
// D-33, D-38, D-44, D-50, D-51, D-58, D-61, D-63, D-65). The two families
// stand as traits.<name> and banners.<name>; "(army list)" is army_list.
var appendixB = []struct{ key, def, decision string }{
	{"field.a_is_west", "true", "D-01"},
	{"field.off_field", "extend", "D-03"},
	{"field.rout_exit", "bounded_only", "D-03"},
	{"battle.max_turns", "12", "D-04"},
	{"victory.per_side", "true", "D-05"},
	{"victory.count_routing", "false", "D-02"},
	{"cost.ashigaru_teppo", "unset", "D-08"},
	{"armor.melee_joint", "combined", "D-12"},
	{"teppo.ruthless_lead_in_melee", "false", "D-13"},
	{"shields.count", "army_list", "D-14"},
	{"shields.zone_border_cells_only", "false", "D-14"},
	{"shields.diagonal", "either", "D-14"},
	{"shields.any_side", "true", "D-14"},
	{"serried.vs_shooting", "false", "D-15"},
	{"small.no_base_always", "true", "D-16"},
	{"hq.cells", "own_zones", "D-18"},
	{"hq.public", "true", "D-19"},
	{"leaders.destruction_pick", "lowest", "D-22"},
	{"leaders.commander_loss", "continue", "D-23"},
	{"traits.<name>", "none", "D-24"},
	{"traits.cunning_plan.kind", "ordinary", "D-25"},
	{"banners.<name>", "army_list", "D-26"},
	{"banners.phoenix", "rally", "D-26"},
	{"shinobi.interception", "unused_first", "D-31"},
	{"minor_clan.main_orders", "true", "D-33"},
	{"minor_clan.army_wide", "true", "D-33"},
	{"ammo.basis", "unit_figures", "D-38"},
	{"save_ammo.changeable", "false", "D-44"},
	{"combat.rank_bonus", "per_attacker", "D-50"},
	{"meeting.rule", "majority", "D-51"},
	{"peasants.pushback", "true", "D-58"},
	{"hill.zone", "cone2", "D-61"},
	{"terrain.available", "[]", "D-65"},
	{"terrain.river", "false", "D-63"},
	{"terrain.river_line", "defender", "D-63"},
	{"terrain.bridge_lifts_cavalry", "false", "D-63"},
	{"campaign.mastery", "on", "E1-Q14"},    // EXTRAS.md, not Appendix B
	{"leaders.duel_mode", "core", "F-E4-1"}, // EXTRAS.md, not Appendix B
}

// concrete replaces a family's <name> by a real name.
func concrete(key string) string {
	switch key {
	case "traits.<name>":
		return "traits.insidious"
	case "banners.<name>":
		return "banners.kirin"
	}
	return key
}

// Every key of Appendix B is listed, with its default and decision.
func TestSettingKeysListAppendixB(t *testing.T) {
	keys := SettingKeys()
	if len(keys) != len(appendixB) {
		t.Fatalf("%d keys, want %d", len(keys), len(appendixB))
	}
	for i, want := range appendixB {
		got := keys[i]
		if got.Key != want.key || got.Default != want.def || got.Decision != want.decision {
			t.Errorf("key %d: %s=%s (%s), want %s=%s (%s)", i, got.Key, got.Default, got.Decision, want.key, want.def, want.decision)
		}
		if got.Note == "" {
			t.Errorf("%s: no note", got.Key)
		}
		if got.Values != nil && !slices.Contains(got.Values, got.Default) {
			t.Errorf("%s: the default %q is not among the values %v", got.Key, got.Default, got.Values)
		}
	}
}

// The defaults of Appendix B are DefaultSettings(), and DefaultSettings() is
// the zero value: a battle without settings runs with the defaults.
func TestDefaultsAreAppendixB(t *testing.T) {
	if DefaultSettings() != (Settings{}) {
		t.Fatal("DefaultSettings is not the zero value")
	}
	def := DefaultSettings()
	for _, k := range appendixB {
		got, err := def.Get(concrete(k.key))
		if err != nil || got != k.def {
			t.Errorf("Get(%s) = %q, %v; want %q", k.key, got, err, k.def)
		}
		s := DefaultSettings()
		if err := s.Set(concrete(k.key), k.def); err != nil || s != def {
			t.Errorf("Set(%s, default %q) = %v, settings %+v", k.key, k.def, err, s)
		}
	}
	if def.LastTurn() != 12 {
		t.Errorf("R-I.3.1, D-04: last turn %d", def.LastTurn())
	}
	if u := def.Unhonoured(); len(u) != 0 {
		t.Errorf("defaults unhonoured: %v", u)
	}
}

// Every value of every key round-trips through Set and Get, and changes
// exactly that key: no two keys share a field.
func TestSettingsRoundTrip(t *testing.T) {
	for _, info := range SettingKeys() {
		key := concrete(info.Key)
		values := info.Values
		switch info.Key {
		case "battle.max_turns":
			values = []string{"1", "12", "15", "999"}
		case "terrain.available":
			values = []string{"[]", "[hill]", "[forest, swamp]", "[hill, forest, swamp]"}
		}
		if len(values) == 0 {
			t.Errorf("%s: no values to try", info.Key)
		}
		for _, v := range values {
			var s Settings
			if err := s.Set(key, v); err != nil {
				t.Errorf("Set(%s, %q): %v", key, v, err)
				continue
			}
			if got, _ := s.Get(key); got != v {
				t.Errorf("Set(%s, %q) then Get = %q", key, v, got)
			}
			// Every other key keeps its default.
			for _, other := range appendixB {
				if other.key == info.Key {
					continue
				}
				if got, _ := s.Get(concrete(other.key)); got != other.def {
					t.Errorf("Set(%s, %q) changed %s to %q", key, v, other.key, got)
				}
			}
			// Values survive JSON (the store keeps battles as JSON).
			data, err := json.Marshal(s)
			var back Settings
			if err != nil || json.Unmarshal(data, &back) != nil || back != s {
				t.Errorf("%s=%s: JSON round trip %s -> %+v", key, v, data, back)
			}
		}
	}
}

// The examples of the brief, and the fields they set.
func TestSettingsSetFields(t *testing.T) {
	var s Settings
	for _, kv := range [][2]string{
		{"peasants.pushback", "false"},        // D-58
		{"field.off_field", "bounded"},        // D-03
		{"battle.max_turns", "10"},            // D-04
		{"armor.melee_joint", "per_attacker"}, // D-12
		{"combat.rank_bonus", "ONCE"},         // D-50, case-insensitive
		{"meeting.rule", " lexicographic "},   // D-51, spaces trimmed
		{"small.no_base_always", "false"},     // D-16
		{"terrain.available", "hill,swamp"},   // D-65, brackets optional
		{"terrain.river", "true"},             // D-63
	} {
		if err := s.Set(kv[0], kv[1]); err != nil {
			t.Fatalf("Set(%s, %s): %v", kv[0], kv[1], err)
		}
	}
	want := Settings{
		PeasantsIgnorePushback: true, OffField: OffFieldBounded, MaxTurns: 10,
		ArmorPerAttacker: true, RankBonusOnce: true, MeetingLexicographic: true,
		SmallBaseOnlyVsBig: true, TerrainAvailable: TerrainHill | TerrainSwamp, TerrainRiver: true,
	}
	if s != want {
		t.Errorf("got %+v\nwant %+v", s, want)
	}
	if s.LastTurn() != 10 {
		t.Errorf("last turn %d", s.LastTurn())
	}
	if got := s.TerrainTypes(); !slices.Equal(got, []string{"hill", "swamp", "river"}) {
		t.Errorf("terrain types %v", got)
	}
	if u := s.Unhonoured(); len(u) != 0 {
		t.Errorf("unhonoured %v", u)
	}
	if err := s.Set("serried.vs_shooting", "true"); err != nil {
		t.Fatal(err)
	}
	if u := s.Unhonoured(); !slices.Equal(u, []string{"serried.vs_shooting"}) {
		t.Errorf("unhonoured %v", u)
	}
}

// Unknown keys wrap ErrUnknownSetting, bad values ErrBadSettingValue, and a
// failed Set leaves the settings unchanged.
func TestSettingsErrors(t *testing.T) {
	unknown := []string{"", "peasants", "peasants.push", "Peasants.Pushback", "field.off_field.x",
		"traits.<name>", "traits.brawler", "traits.cunning_plan", "traits.", "banners.", "banners.Kirin", "banners.<name>"}
	for _, key := range unknown {
		var s Settings
		err := s.Set(key, "true")
		if !errors.Is(err, ErrUnknownSetting) || !strings.Contains(err.Error(), "unknown setting") {
			t.Errorf("Set(%q): %v", key, err)
		}
		if _, err := s.Get(key); !errors.Is(err, ErrUnknownSetting) {
			t.Errorf("Get(%q): %v", key, err)
		}
	}
	bad := [][2]string{
		{"peasants.pushback", "no"},
		{"peasants.pushback", ""},
		{"field.off_field", "edge"},
		{"battle.max_turns", "0"},
		{"battle.max_turns", "-3"},
		{"battle.max_turns", "twelve"},
		{"battle.max_turns", "1000"},
		{"meeting.rule", "majority,lexicographic"},
		{"terrain.available", "[hill, mountain]"},
		{"terrain.available", "[river]"}, // the river is terrain.river (D-63)
		{"hq.cells", "anywhere"},         // only own_zones (D-18)
		{"shields.diagonal", "both"},     // only either (D-14)
		{"cost.ashigaru_teppo", "3"},     // no army builder (D-08)
		{"shields.count", "4"},           // from the army list (D-14)
		{"traits.insidious", "plus_one"}, // effects from config: not implemented (D-24)
		{"banners.kirin", "raise"},       // not implemented (D-26)
		{"banners.phoenix", "none"},      // only rally (D-26)
	}
	for _, kv := range bad {
		s := Settings{RankBonusOnce: true}
		before := s
		err := s.Set(kv[0], kv[1])
		if !errors.Is(err, ErrBadSettingValue) || !strings.Contains(err.Error(), kv[0]) {
			t.Errorf("Set(%s, %q): %v", kv[0], kv[1], err)
		}
		if s != before {
			t.Errorf("Set(%s, %q) changed the settings: %+v", kv[0], kv[1], s)
		}
	}
}

// Keys whose behaviour is not implemented are listed as such, and a value
// other than their default shows up in Unhonoured; the implemented keys
// are the ones the engine reads (grep Settings. in the engine).
func TestSettingsImplemented(t *testing.T) {
	implemented := []string{
		"field.off_field", "battle.max_turns", "victory.count_routing", "armor.melee_joint",
		"shields.zone_border_cells_only", "shields.diagonal", "small.no_base_always", "hq.cells",
		"leaders.destruction_pick", "banners.phoenix", "shinobi.interception", "combat.rank_bonus",
		"meeting.rule", "peasants.pushback", "hill.zone", "terrain.available", "terrain.river",
		"terrain.river_line", "hq.public", "teppo.ruthless_lead_in_melee",
		"terrain.bridge_lifts_cavalry", "minor_clan.army_wide",
		"minor_clan.main_orders", "traits.cunning_plan.kind",
		"leaders.commander_loss", "field.rout_exit", "save_ammo.changeable",
		"campaign.mastery", "leaders.duel_mode",
	}
	for _, info := range SettingKeys() {
		if info.Implemented != slices.Contains(implemented, info.Key) {
			t.Errorf("%s: implemented = %v", info.Key, info.Implemented)
		}
		if info.Implemented || len(info.Values) < 2 {
			continue
		}
		var s Settings
		if err := s.Set(info.Key, info.Values[1]); err != nil {
			t.Fatal(err)
		}
		if u := s.Unhonoured(); !slices.Equal(u, []string{info.Key}) {
			t.Errorf("%s=%s: unhonoured %v", info.Key, info.Values[1], u)
		}
	}
	// SettingKeys hands out copies.
	keys := SettingKeys()
	keys[1].Values[0] = "changed"
	if SettingKeys()[1].Values[0] != "extend" {
		t.Error("SettingKeys shares its table")
	}
}
