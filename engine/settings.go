package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Settings are the per-battle choices that RULES.md marks [CFG]; the zero
// value is the documented default of every key (RULES.md Appendix B), so
// DefaultSettings() == Settings{}. Set and Get read and write a key by its
// RULES.md name; SettingKeys lists every key and whether the engine honours
// it yet.
type Settings struct {
	OffField OffFieldMode `json:"off_field"` // field.off_field (D-03)
	// RankBonusOnce: combat.rank_bonus=once instead of per_attacker (D-50).
	RankBonusOnce bool `json:"rank_bonus_once,omitempty"`
	// ArmorPerAttacker: armor.melee_joint=per_attacker instead of combined (D-12).
	ArmorPerAttacker bool `json:"armor_per_attacker,omitempty"`
	// MeetingLexicographic: meeting.rule=lexicographic instead of majority (D-51).
	MeetingLexicographic bool `json:"meeting_lexicographic,omitempty"`
	// PeasantsIgnorePushback: peasants.pushback=false (D-58): a friend that
	// only loses a combat and is pushed back does not set off Peasants.
	PeasantsIgnorePushback bool `json:"peasants_ignore_pushback,omitempty"`
	// SmallBaseOnlyVsBig: small.no_base_always=false (D-16).
	SmallBaseOnlyVsBig bool `json:"small_base_only_vs_big,omitempty"`

	// The keys below are stored so that a battle can carry them; SettingKeys
	// says which of them the engine honours yet (Unhonoured lists the ones
	// set to a value the engine would ignore).

	// AIsEast: field.a_is_west=false (D-01): quarters A and C are east.
	AIsEast bool `json:"a_is_east,omitempty"`
	// RoutExitAlways: field.rout_exit=always (D-03): in extend mode too, a
	// routing unit crossing its own back edge leaves the battle.
	RoutExitAlways bool `json:"rout_exit_always,omitempty"`
	// MaxTurns is battle.max_turns (D-04); 0 means the default, 12. Use
	// LastTurn.
	MaxTurns int `json:"max_turns,omitempty"`
	// VictoryMainClanOnly: victory.per_side=false (D-05): "clan" is the main
	// clan without its allied minor clans.
	VictoryMainClanOnly bool `json:"victory_main_clan_only,omitempty"`
	// VictoryCountRouting: victory.count_routing=true (D-02): routing units
	// count in the zone count.
	VictoryCountRouting bool `json:"victory_count_routing,omitempty"`
	// RuthlessLeadInMelee: teppo.ruthless_lead_in_melee=true (D-13).
	RuthlessLeadInMelee bool `json:"ruthless_lead_in_melee,omitempty"`
	// ShieldsZoneBorderOnly: shields.zone_border_cells_only=true (D-14):
	// shields are set up only in cells on the border of their zone.
	ShieldsZoneBorderOnly bool `json:"shields_zone_border_only,omitempty"`
	// ShieldsOwnSideOnly: shields.any_side=false (D-14).
	ShieldsOwnSideOnly bool `json:"shields_own_side_only,omitempty"`
	// SerriedVsShooting: serried.vs_shooting=true (D-15).
	SerriedVsShooting bool `json:"serried_vs_shooting,omitempty"`
	// HQHidden: hq.public=false (D-19): the HQ stays hidden until scouting
	// reveals it (R-IV.5.3).
	HQHidden bool `json:"hq_hidden,omitempty"`
	// CommanderLossEndsBattle: leaders.commander_loss=end_battle (D-23).
	CommanderLossEndsBattle bool `json:"commander_loss_ends_battle,omitempty"`
	// CunningPlanSpecial: traits.cunning_plan.kind=special (D-25).
	CunningPlanSpecial bool `json:"cunning_plan_special,omitempty"`
	// InterceptionUsedFirst: shinobi.interception=used_first (D-31).
	InterceptionUsedFirst bool `json:"interception_used_first,omitempty"`
	// MinorClanNoMainOrders: minor_clan.main_orders=false (D-33).
	MinorClanNoMainOrders bool `json:"minor_clan_no_main_orders,omitempty"`
	// MinorClanNoArmyWide: minor_clan.army_wide=false (D-33).
	MinorClanNoArmyWide bool `json:"minor_clan_no_army_wide,omitempty"`
	// AmmoFiringFigures: ammo.basis=firing_figures (D-38).
	AmmoFiringFigures bool `json:"ammo_firing_figures,omitempty"`
	// SaveAmmoChangeable: save_ammo.changeable=true (D-44).
	SaveAmmoChangeable bool `json:"save_ammo_changeable,omitempty"`
	// TerrainAvailable is terrain.available (D-65): the terrain types the
	// defender places, two cells each.
	TerrainAvailable TerrainTypes `json:"terrain_available,omitempty"`
	// TerrainRiver: terrain.river=true (D-63): the defender has the river.
	TerrainRiver bool `json:"terrain_river,omitempty"`
	// BridgeLiftsCavalry: terrain.bridge_lifts_cavalry=true (D-63).
	BridgeLiftsCavalry bool `json:"bridge_lifts_cavalry,omitempty"`
	// MasteryOff: campaign.mastery=off (E1-Q14): a unit's campaign Mastery
	// is a record only and leaves its extra-damage thresholds alone.
	MasteryOff bool `json:"mastery_off,omitempty"`
	// DuelRonin: leaders.duel_mode=ronin (F-E4-1): a duel die of 3-5 is
	// left to a detailed duel (EvDuel with Detail "ronin", ApplyDuel).
	DuelRonin bool `json:"duel_ronin,omitempty"`
}

// OffFieldMode is field.off_field (D-03).
type OffFieldMode int8

// Off-field modes; the zero value is the default, extend.
const (
	OffFieldExtend OffFieldMode = iota
	OffFieldBounded
)

// DefaultSettings returns the defaults of RULES.md Appendix B.
func DefaultSettings() Settings { return Settings{} }

// DefaultMaxTurns is the default of battle.max_turns (R-I.3.1, D-04).
const DefaultMaxTurns = 12

// LastTurn is the last battle turn (battle.max_turns, D-04).
func (s Settings) LastTurn() int {
	if s.MaxTurns > 0 {
		return s.MaxTurns
	}
	return DefaultMaxTurns
}

// TerrainTypes is a set of the terrain types placed in cells (D-65).
type TerrainTypes uint8

// Terrain types placed in cells.
const (
	TerrainHill TerrainTypes = 1 << iota
	TerrainForest
	TerrainSwamp
)

var terrainTypeNames = []struct {
	t    TerrainTypes
	name string
}{{TerrainHill, "hill"}, {TerrainForest, "forest"}, {TerrainSwamp, "swamp"}}

// Names lists the types in the set: hill, forest, swamp.
func (t TerrainTypes) Names() []string {
	var out []string
	for _, n := range terrainTypeNames {
		if t&n.t != 0 {
			out = append(out, n.name)
		}
	}
	return out
}

// TerrainTypes lists the terrain types the defender has, as ValidateTerrain
// takes them: terrain.available, plus "river" with terrain.river.
func (s Settings) TerrainTypes() []string {
	out := s.TerrainAvailable.Names()
	if s.TerrainRiver {
		out = append(out, "river")
	}
	return out
}

// SettingInfo describes one configuration key of RULES.md Appendix B.
type SettingInfo struct {
	// Key is the RULES.md name. Two keys stand for a family: traits.<name>
	// (insidious, charismatic, provident) and banners.<name>.
	Key string `json:"key"`
	// Default is the default value, written as Set takes it.
	Default string `json:"default"`
	// Values are the values Set accepts; nil for a number or a list.
	Values []string `json:"values,omitempty"`
	// Decision is the decision of RULES.md that defines the key.
	Decision string `json:"decision"`
	// Implemented reports whether the engine honours every value Set
	// accepts. A key that is not implemented may still be stored (Set
	// accepts its documented values), but the engine then behaves as with
	// the default; Unhonoured lists such keys.
	Implemented bool `json:"implemented"`
	// Note says where the key is honoured, or what is missing.
	Note string `json:"note,omitempty"`
}

// Errors of Set and Get, wrapped with the key and the value.
var (
	ErrUnknownSetting  = errors.New("unknown setting")
	ErrBadSettingValue = errors.New("bad setting value")
)

// setting is one row of the settings table: its description and how to
// read and write it. A key without a field (get == nil) accepts only its
// default value.
type setting struct {
	info SettingInfo
	get  func(*Settings) string
	set  func(*Settings, string) error
}

// choice is a key with two values stored in a bool field: values[0] is the
// default (false), values[1] the alternative (true).
func choice(info SettingInfo, values [2]string, field func(*Settings) *bool) setting {
	info.Default = values[0]
	info.Values = values[:]
	return setting{
		info: info,
		get: func(s *Settings) string {
			return values[b2i(*field(s))]
		},
		set: func(s *Settings, v string) error {
			for i, want := range values {
				if strings.EqualFold(v, want) {
					*field(s) = i == 1
					return nil
				}
			}
			return badValue(info.Key, v, "want "+strings.Join(values[:], " or "))
		},
	}
}

// flag is a true/false key stored in a bool field that is true when the
// key differs from its default.
func flag(info SettingInfo, def bool, field func(*Settings) *bool) setting {
	values := [2]string{"false", "true"}
	if def {
		values = [2]string{"true", "false"}
	}
	return choice(info, values, field)
}

// fixed is a key whose only defined value is its default.
func fixed(info SettingInfo, def, why string) setting {
	info.Default = def
	info.Values = []string{def}
	return setting{info: info, set: func(_ *Settings, v string) error {
		if strings.EqualFold(v, def) {
			return nil
		}
		return badValue(info.Key, v, why)
	}}
}

func badValue(key, v, why string) error {
	return fmt.Errorf("%w: %s = %q: %s", ErrBadSettingValue, key, v, why)
}

// Undefined traits whose effects come from config (D-24).
var configTraits = []string{"insidious", "charismatic", "provident"}

// settingTable lists every key of RULES.md Appendix B, in its order.
var settingTable = []setting{
	flag(SettingInfo{Key: "field.a_is_west", Decision: "D-01",
		Note: "stored only: cell names always put A and C in the west"}, true,
		func(s *Settings) *bool { return &s.AIsEast }),
	{
		info: SettingInfo{Key: "field.off_field", Default: "extend", Values: []string{"extend", "bounded"}, Decision: "D-03", Implemented: true,
			Note: "movement, retreat and rout (Battle.Passable, flight across the back edge)"},
		get: func(s *Settings) string { return [...]string{"extend", "bounded"}[s.OffField&1] },
		set: func(s *Settings, v string) error {
			switch strings.ToLower(v) {
			case "extend":
				s.OffField = OffFieldExtend
			case "bounded":
				s.OffField = OffFieldBounded
			default:
				return badValue("field.off_field", v, "want extend or bounded")
			}
			return nil
		},
	},
	choice(SettingInfo{Key: "field.rout_exit", Decision: "D-03", Implemented: true,
		Note: "retreat and rout: with always, a routing unit crossing its own back edge leaves the battle in extend mode too"},
		[2]string{"bounded_only", "always"}, func(s *Settings) *bool { return &s.RoutExitAlways }),
	{
		info: SettingInfo{Key: "battle.max_turns", Default: strconv.Itoa(DefaultMaxTurns), Decision: "D-04", Implemented: true,
			Note: "the end of the battle (R-I.4.5, Settings.LastTurn)"},
		get: func(s *Settings) string { return strconv.Itoa(s.LastTurn()) },
		set: func(s *Settings, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 999 {
				return badValue("battle.max_turns", v, "want a number of battle turns, 1 to 999")
			}
			s.MaxTurns = n
			if n == DefaultMaxTurns {
				s.MaxTurns = 0
			}
			return nil
		},
	},
	flag(SettingInfo{Key: "victory.per_side", Decision: "D-05",
		Note: "stored only: the end-of-battle conditions always count the whole side, minor clans included"}, true,
		func(s *Settings) *bool { return &s.VictoryMainClanOnly }),
	flag(SettingInfo{Key: "victory.count_routing", Decision: "D-02", Implemented: true,
		Note: "the zone count (R-I.4.6-8)"}, false,
		func(s *Settings) *bool { return &s.VictoryCountRouting }),
	fixed(SettingInfo{Key: "cost.ashigaru_teppo", Decision: "D-08",
		Note: "army building is not part of the engine; battles accept teppo whatever the cost"},
		"unset", "the cost of teppo is for the army builder, which the engine does not have (only unset)"),
	choice(SettingInfo{Key: "armor.melee_joint", Decision: "D-12", Implemented: true,
		Note: "melee damage of a joint attack"},
		[2]string{"combined", "per_attacker"}, func(s *Settings) *bool { return &s.ArmorPerAttacker }),
	flag(SettingInfo{Key: "teppo.ruthless_lead_in_melee", Decision: "D-13", Implemented: true,
		Note: "melee: with true, teppo's damage, attacking or defending, ignores a point of armor as in shooting"}, false,
		func(s *Settings) *bool { return &s.RuthlessLeadInMelee }),
	fixed(SettingInfo{Key: "shields.count", Decision: "D-14",
		Note: "the number of shield sections comes from the army list, which the engine does not have; deployment does not count them"},
		"army_list", "the number of shield sections comes from the army list (only army_list)"),
	flag(SettingInfo{Key: "shields.zone_border_cells_only", Decision: "D-14", Implemented: true,
		Note: "ValidateDeployment: with true, shields only in cells on the border of their deployment zone"}, false,
		func(s *Settings) *bool { return &s.ShieldsZoneBorderOnly }),
	fixed(SettingInfo{Key: "shields.diagonal", Decision: "D-14", Implemented: true,
		Note: "shooting: either side covers a diagonal shot"},
		"either", "only either is defined (D-14)"),
	flag(SettingInfo{Key: "shields.any_side", Decision: "D-14",
		Note: "stored only: shields serve units of either side (they belong to the cell)"}, true,
		func(s *Settings) *bool { return &s.ShieldsOwnSideOnly }),
	flag(SettingInfo{Key: "serried.vs_shooting", Decision: "D-15",
		Note: "stored only: Serried ranks never apply against shooting"}, false,
		func(s *Settings) *bool { return &s.SerriedVsShooting }),
	flag(SettingInfo{Key: "small.no_base_always", Decision: "D-16", Implemented: true,
		Note: "base damage of units of 1-2 figures"}, true,
		func(s *Settings) *bool { return &s.SmallBaseOnlyVsBig }),
	fixed(SettingInfo{Key: "hq.cells", Decision: "D-18", Implemented: true,
		Note: "ValidateDeployment: the HQ in the side's own zones"},
		"own_zones", "only own_zones is defined (D-18)"),
	flag(SettingInfo{Key: "hq.public", Decision: "D-19", Implemented: true,
		Note: "false: View hides the enemy HQ until the side's scouts find it (Scout, Battle.HQKnown) or it is overrun"}, true,
		func(s *Settings) *bool { return &s.HQHidden }),
	fixed(SettingInfo{Key: "leaders.destruction_pick", Decision: "D-22", Implemented: true,
		Note: "the destruction roll counts the lowest die"},
		"lowest", "only lowest is defined (D-22)"),
	choice(SettingInfo{Key: "leaders.commander_loss", Decision: "D-23", Implemented: true,
		Note: "end of battle: with end_battle, an army whose commander is killed, captured or twice wounded loses at the end of that turn"},
		[2]string{"continue", "end_battle"}, func(s *Settings) *bool { return &s.CommanderLossEndsBattle }),
	{
		info: SettingInfo{Key: "traits.<name>", Default: "none", Values: []string{"none"}, Decision: "D-24",
			Note: "insidious, charismatic, provident: effects from config are not implemented (only none)"},
	},
	choice(SettingInfo{Key: "traits.cunning_plan.kind", Decision: "D-25", Implemented: true,
		Note: "CheckBudget: with special, the Cunning-plan order may be a special order"},
		[2]string{"ordinary", "special"}, func(s *Settings) *bool { return &s.CunningPlanSpecial }),
	{
		info: SettingInfo{Key: "banners.<name>", Default: "army_list", Values: []string{"army_list"}, Decision: "D-26",
			Note: "a side's banners come from its army list (Battle.Banners); effects of banners other than the Phoenix from config are not implemented (only army_list)"},
	},
	fixed(SettingInfo{Key: "banners.phoenix", Decision: "D-26", Implemented: true,
		Note: "the Phoenix rallies a routing unit (R-XI.3.6)"},
		"rally", "only rally is defined (D-26)"),
	choice(SettingInfo{Key: "shinobi.interception", Decision: "D-31", Implemented: true,
		Note: "Intercept does both orders; its callers (the bot's missionReports, the case runner) pass Settings.InterceptionUsedFirst"},
		[2]string{"unused_first", "used_first"}, func(s *Settings) *bool { return &s.InterceptionUsedFirst }),
	flag(SettingInfo{Key: "minor_clan.main_orders", Decision: "D-33", Implemented: true,
		Note: "CheckBudget: with false, a minor-clan unit takes only its clan's extra order"}, true,
		func(s *Settings) *bool { return &s.MinorClanNoMainOrders }),
	flag(SettingInfo{Key: "minor_clan.army_wide", Decision: "D-33", Implemented: true,
		Note: "army-wide orders: with false, minor-clan units do not follow them"}, true,
		func(s *Settings) *bool { return &s.MinorClanNoArmyWide }),
	choice(SettingInfo{Key: "ammo.basis", Decision: "D-38",
		Note: "stored only: ammo is always counted per figure of the unit"},
		[2]string{"unit_figures", "firing_figures"}, func(s *Settings) *bool { return &s.AmmoFiringFigures }),
	flag(SettingInfo{Key: "save_ammo.changeable", Decision: "D-44", Implemented: true,
		Note: "SetSaveAmmo: with true, Save ammo! may be given or taken back in battle turns"}, false,
		func(s *Settings) *bool { return &s.SaveAmmoChangeable }),
	choice(SettingInfo{Key: "combat.rank_bonus", Decision: "D-50", Implemented: true,
		Note: "combat result of a joint attack"},
		[2]string{"per_attacker", "once"}, func(s *Settings) *bool { return &s.RankBonusOnce }),
	choice(SettingInfo{Key: "meeting.rule", Decision: "D-51", Implemented: true,
		Note: "who wins a meeting engagement"},
		[2]string{"majority", "lexicographic"}, func(s *Settings) *bool { return &s.MeetingLexicographic }),
	flag(SettingInfo{Key: "peasants.pushback", Decision: "D-58", Implemented: true,
		Note: "Peasants"}, true,
		func(s *Settings) *bool { return &s.PeasantsIgnorePushback }),
	fixed(SettingInfo{Key: "hill.zone", Decision: "D-61", Implemented: true,
		Note: "the fire zone from a hill"},
		"cone2", "only cone2 is defined (D-61)"),
	{
		info: SettingInfo{Key: "terrain.available", Default: "[]", Decision: "D-65", Implemented: true,
			Note: "a list of hill, forest, swamp; ValidateTerrain(b, b.Settings.TerrainTypes()) checks the placement"},
		get: func(s *Settings) string { return "[" + strings.Join(s.TerrainAvailable.Names(), ", ") + "]" },
		set: func(s *Settings, v string) error {
			t, err := parseTerrainTypes(v)
			if err != nil {
				return badValue("terrain.available", v, err.Error())
			}
			s.TerrainAvailable = t
			return nil
		},
	},
	flag(SettingInfo{Key: "terrain.river", Decision: "D-63", Implemented: true,
		Note: "ValidateTerrain checks it against the battle's river (Terrain.River), which the resolver uses"}, false,
		func(s *Settings) *bool { return &s.TerrainRiver }),
	fixed(SettingInfo{Key: "terrain.river_line", Decision: "D-63", Implemented: true,
		Note: "the river runs along the defender's deployment line"},
		"defender", "only defender is defined (D-63)"),
	flag(SettingInfo{Key: "terrain.bridge_lifts_cavalry", Decision: "D-63", Implemented: true,
		Note: "movement: with true, cavalry crossing by the bridge is not slowed (D-64) and keeps its Mounted charge"}, false,
		func(s *Settings) *bool { return &s.BridgeLiftsCavalry }),
	choice(SettingInfo{Key: "campaign.mastery", Decision: "E1-Q14", Implemented: true,
		Note: "melee and shooting: with on, each point of a unit's campaign Mastery lowers its extra-damage threshold by 1, never below 2+; with off it is a record only"},
		[2]string{"on", "off"}, func(s *Settings) *bool { return &s.MasteryOff }),
	choice(SettingInfo{Key: "leaders.duel_mode", Decision: "F-E4-1", Implemented: true,
		Note: "duels: with ronin, a duel die of 3-5 applies no fixed result; the bot fights a detailed duel and applies it (ApplyDuel)"},
		[2]string{"core", "ronin"}, func(s *Settings) *bool { return &s.DuelRonin }),
}

// parseTerrainTypes reads "[]", "[hill, forest]" or "hill,forest".
func parseTerrainTypes(v string) (TerrainTypes, error) {
	v = strings.TrimSpace(v)
	v = strings.TrimSuffix(strings.TrimPrefix(v, "["), "]")
	var t TerrainTypes
	for _, part := range strings.Split(v, ",") {
		name := strings.ToLower(strings.Trim(strings.TrimSpace(part), `"'`))
		if name == "" {
			continue
		}
		found := false
		for _, n := range terrainTypeNames {
			if n.name == name {
				t |= n.t
				found = true
			}
		}
		if !found {
			if name == "river" {
				return 0, errors.New("the river is terrain.river, not a type placed in cells")
			}
			return 0, fmt.Errorf("unknown terrain type %q: want a list of hill, forest, swamp", name)
		}
	}
	return t, nil
}

// SettingKeys lists every key of RULES.md Appendix B, in its order.
func SettingKeys() []SettingInfo {
	out := make([]SettingInfo, len(settingTable))
	for i, st := range settingTable {
		out[i] = st.info
		out[i].Values = append([]string(nil), st.info.Values...)
	}
	return out
}

// lookupSetting finds the row of a key; the families traits.<name> and
// banners.<name> check the name.
func lookupSetting(key string) (*setting, error) {
	key = strings.TrimSpace(key)
	for i := range settingTable {
		if settingTable[i].info.Key == key && !strings.Contains(key, "<") {
			return &settingTable[i], nil
		}
	}
	family := func(k string) *setting {
		for i := range settingTable {
			if settingTable[i].info.Key == k {
				return &settingTable[i]
			}
		}
		panic("no setting " + k)
	}
	if name, ok := strings.CutPrefix(key, "traits."); ok {
		for _, t := range configTraits {
			if name == t {
				return family("traits.<name>"), nil
			}
		}
		return nil, fmt.Errorf("%w %q: only insidious, charismatic and provident take their effect from config (D-24); traits.cunning_plan.kind sets Cunning plan (D-25)", ErrUnknownSetting, key)
	}
	if name, ok := strings.CutPrefix(key, "banners."); ok && validName(name) {
		return family("banners.<name>"), nil
	}
	return nil, fmt.Errorf("%w %q (RULES.md Appendix B lists the keys)", ErrUnknownSetting, key)
}

// validName reports whether s is a lower-case identifier (a banner's name).
func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '_' {
			return false
		}
	}
	return true
}

// Set sets a key by its RULES.md name (Appendix B) from its text, e.g.
// Set("peasants.pushback", "false"), Set("field.off_field", "bounded"),
// Set("battle.max_turns", "12"). An unknown key wraps ErrUnknownSetting and
// a value the key does not take wraps ErrBadSettingValue; s is then
// unchanged. Keys that the engine does not honour yet are stored all the
// same (see SettingInfo.Implemented and Unhonoured).
func (s *Settings) Set(key, value string) error {
	st, err := lookupSetting(key)
	if err != nil {
		return err
	}
	value = strings.TrimSpace(value)
	if st.set == nil { // a family that takes only its default
		if strings.EqualFold(value, st.info.Default) {
			return nil
		}
		return badValue(strings.TrimSpace(key), value, st.info.Note)
	}
	c := *s
	if err := st.set(&c, value); err != nil {
		return err
	}
	*s = c
	return nil
}

// Get returns the value of a key as Set takes it.
func (s Settings) Get(key string) (string, error) {
	st, err := lookupSetting(key)
	if err != nil {
		return "", err
	}
	if st.get == nil {
		return st.info.Default, nil
	}
	return st.get(&s), nil
}

// Unhonoured lists the keys set to a value other than their default that
// the engine does not honour yet: with them the battle would run as with
// the default. A battle set-up should refuse them.
func (s Settings) Unhonoured() []string {
	def := DefaultSettings()
	var out []string
	for _, st := range settingTable {
		if st.get != nil && !st.info.Implemented && st.get(&s) != st.get(&def) {
			out = append(out, st.info.Key)
		}
	}
	return out
}
