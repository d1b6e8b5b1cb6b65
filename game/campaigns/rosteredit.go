package campaigns

import (
	"slices"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/store"
)

// The GM's edits of a roster (/roster set target: field: value:): every ID of
// a roster is unique across clans, characters, armies and units (Check), so
// the target names what is edited and the field table says what each kind
// may change. One table: the command, its completion and its checks.

// Target kinds.
const (
	TargetClan      = "clan"
	TargetArmy      = "army"
	TargetUnit      = "unit"
	TargetCharacter = "character"
)

// rosterField is one editable field: its kind, the values it offers for
// completion (nil: free), and how a value is set.
type rosterField struct {
	kind   string
	name   string
	values []string
	set    func(t target, v string) error
}

// target is what an edit reaches: one of these is set.
type target struct {
	clan   *campaign.Clan
	army   *campaign.Army
	unit   *campaign.Unit
	person *campaign.Person
}

var yesNo = []string{"true", "false"}

func boolField(kind, name string, get func(t target) *bool) rosterField {
	return rosterField{kind: kind, name: name, values: yesNo, set: func(t target, v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return refuse("err.roster_value", name, v, strings.Join(yesNo, ", "))
		}
		*get(t) = b
		return nil
	}}
}

func intField(kind, name string, lo, hi int, get func(t target) *int) rosterField {
	return rosterField{kind: kind, name: name, set: func(t target, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi {
			return refuse("err.roster_range", name, v, lo, hi)
		}
		*get(t) = n
		return nil
	}}
}

func textField(kind, name string, get func(t target) *string) rosterField {
	return rosterField{kind: kind, name: name, set: func(t target, v string) error {
		*get(t) = clipRunes(v, 80)
		return nil
	}}
}

func listField(kind, name string, get func(t target) *[]string) rosterField {
	return rosterField{kind: kind, name: name, set: func(t target, v string) error {
		var out []string
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, clipRunes(s, 80))
			}
		}
		*get(t) = out
		return nil
	}}
}

func choiceField[T ~string](kind, name string, values []T, get func(t target) *T) rosterField {
	names := make([]string, len(values))
	for i, v := range values {
		names[i] = string(v)
	}
	return rosterField{kind: kind, name: name, values: names, set: func(t target, v string) error {
		if !slices.Contains(names, v) {
			return refuse("err.roster_value", name, v, strings.Join(names, ", "))
		}
		*get(t) = T(v)
		return nil
	}}
}

var rosterFields = []rosterField{
	textField(TargetClan, "name", func(t target) *string { return &t.clan.Name }),
	listField(TargetClan, "provinces", func(t target) *[]string { return &t.clan.Provinces }),
	textField(TargetClan, "shrine", func(t target) *string { return &t.clan.Shrine }),

	textField(TargetArmy, "name", func(t target) *string { return &t.army.Name }),
	choiceField(TargetArmy, "state", []campaign.Condition{campaign.InOrder, campaign.Disorder, campaign.Scattered}, func(t target) *campaign.Condition { return &t.army.State }),
	textField(TargetArmy, "province", func(t target) *string { return &t.army.Province }),
	textField(TargetArmy, "commander", func(t target) *string { return &t.army.Commander }),
	listField(TargetArmy, "generals", func(t target) *[]string { return &t.army.Generals }),
	boolField(TargetArmy, "forced_march", func(t target) *bool { return &t.army.ForcedMarch }),
	boolField(TargetArmy, "cut_off", func(t target) *bool { return &t.army.CutOff }),
	boolField(TargetArmy, "retreated", func(t target) *bool { return &t.army.Retreated }),

	textField(TargetUnit, "name", func(t target) *string { return &t.unit.Name }),
	intField(TargetUnit, "figures", 0, 99, func(t target) *int { return &t.unit.Figures }),
	intField(TargetUnit, "lost_this_turn", 0, 99, func(t target) *int { return &t.unit.LostThisTurn }),
	intField(TargetUnit, "impetus_mod", -3, 3, func(t target) *int { return &t.unit.ImpetusMod }),
	intField(TargetUnit, "steadiness_mod", -3, 3, func(t target) *int { return &t.unit.SteadinessMod }),
	intField(TargetUnit, "mastery", 0, 1, func(t target) *int { return &t.unit.Mastery }),
	boolField(TargetUnit, "storm_kill", func(t target) *bool { return &t.unit.StormKill }),

	textField(TargetCharacter, "name", func(t target) *string { return &t.person.Name }),
	choiceField(TargetCharacter, "age", campaign.Ages, func(t target) *campaign.Age { return &t.person.Age }),
	intField(TargetCharacter, "wounds", 0, 3, func(t target) *int { return &t.person.Wounds }),
	boolField(TargetCharacter, "weak_health", func(t target) *bool { return &t.person.WeakHealth }),
	boolField(TargetCharacter, "busy", func(t target) *bool { return &t.person.Busy }),
	boolField(TargetCharacter, "female", func(t target) *bool { return &t.person.Female }),
	choiceField(TargetCharacter, "status", []campaign.Status{campaign.Active, campaign.Captured, campaign.Dead}, func(t target) *campaign.Status { return &t.person.Status }),
	textField(TargetCharacter, "captor", func(t target) *string { return &t.person.Captor }),
	textField(TargetCharacter, "province", func(t target) *string { return &t.person.Province }),
	listField(TargetCharacter, "traits", func(t target) *[]string { return &t.person.Traits }),
	listField(TargetCharacter, "skills", func(t target) *[]string { return &t.person.Skills }),
	{kind: TargetCharacter, name: "house", values: yesNo, set: func(t target, v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return refuse("err.roster_value", "house", v, strings.Join(yesNo, ", "))
		}
		t.person.House = &b // E1-K0: true of the house, false a general who serves the clan
		return nil
	}},
	{kind: TargetCharacter, name: "rating", values: []string{"0", "1", "2", "3"}, set: func(t target, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 3 {
			return refuse("err.roster_range", "rating", v, 0, 3)
		}
		t.person.Rating = &n // E3-Q2
		return nil
	}},
}

// targetOf is what id names in the roster, and its kind ("" if nothing).
func targetOf(r *campaign.Roster, id string) (target, string) {
	if c, ok := r.Clan(id); ok {
		return target{clan: c}, TargetClan
	}
	if p, ok := r.Person(id); ok {
		return target{person: p}, TargetCharacter
	}
	if a, ok := r.Army(id); ok {
		return target{army: a}, TargetArmy
	}
	for i := range r.Armies {
		if j := r.Armies[i].UnitIndex(id); j >= 0 {
			return target{unit: &r.Armies[i].Units[j]}, TargetUnit
		}
	}
	return target{}, ""
}

// RosterTargets lists every ID of the roster with its kind, for completion.
func RosterTargets(r campaign.Roster) [][2]string {
	var out [][2]string
	for _, c := range r.Clans {
		out = append(out, [2]string{c.ID, TargetClan})
	}
	for _, p := range r.Characters {
		out = append(out, [2]string{p.ID, TargetCharacter})
	}
	for _, a := range r.Armies {
		out = append(out, [2]string{a.ID, TargetArmy})
		for _, u := range a.Units {
			out = append(out, [2]string{u.ID, TargetUnit})
		}
	}
	return out
}

// RosterFields lists the fields a target of this kind may change.
func RosterFields(kind string) []string {
	var out []string
	for _, f := range rosterFields {
		if f.kind == kind {
			out = append(out, f.name)
		}
	}
	return out
}

// RosterFieldValues lists the values a field offers ("" kind: any kind).
func RosterFieldValues(kind, field string) []string {
	for _, f := range rosterFields {
		if f.kind == kind && f.name == field {
			return f.values
		}
	}
	return nil
}

// KindOf is the kind of what id names in the roster ("" if nothing).
func KindOf(r campaign.Roster, id string) string {
	_, kind := targetOf(&r, id)
	return kind
}

// EditRoster sets one field of one roster entry (the GM's /roster set); the
// roster as a whole must still pass its check.
func (s *Service) EditRoster(guild, id, field, value string) (string, error) {
	var kind string
	err := s.InRoster(guild, func(_ *store.Tx, rec *store.RosterRecord) error {
		var t target
		t, kind = targetOf(&rec.Roster, id)
		if kind == "" {
			return refuse("err.roster_no_target", id)
		}
		i := slices.IndexFunc(rosterFields, func(f rosterField) bool { return f.kind == kind && f.name == field })
		if i < 0 {
			return refuse("err.roster_no_field", field, kind, strings.Join(RosterFields(kind), ", "))
		}
		return rosterFields[i].set(t, strings.TrimSpace(value))
	})
	return kind, err
}
