package engine

// Settings are the per-battle choices that RULES.md marks [CFG]; Defaults
// gives the documented defaults.
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
