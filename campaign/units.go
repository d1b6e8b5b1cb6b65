package campaign

// UnitType is a core unit type, as far as the end-of-turn phase cares.
type UnitType string

// The unit types of the core rules.
const (
	HeavyCavalry     UnitType = "heavy_cavalry"
	LightCavalry     UnitType = "light_cavalry"
	FootSamuraiSpear UnitType = "foot_samurai_spear"
	FootSamuraiBow   UnitType = "foot_samurai_bow"
	AshigaruSpear    UnitType = "ashigaru_spear"
	AshigaruTeppo    UnitType = "ashigaru_teppo"
	Yamabushi        UnitType = "yamabushi" // sohei for E1 (E1-Q10)
)

// troopKeys are the grid battle's names of the unit types (the engine's
// troop keys, engine/troops.go): the one table game, render and the roster
// files map the two vocabularies with.
var troopKeys = map[UnitType]string{
	HeavyCavalry:     "heavy_cavalry",
	LightCavalry:     "light_cavalry",
	FootSamuraiSpear: "samurai_spear",
	FootSamuraiBow:   "samurai_archer",
	AshigaruSpear:    "ashigaru_spear",
	AshigaruTeppo:    "ashigaru_teppo",
	Yamabushi:        "yamabushi",
}

// TroopKey is the grid battle's name of the type ("" for an unknown one).
func (t UnitType) TroopKey() string { return troopKeys[t] }

// UnitTypeOfTroop is the unit type the grid battle names key.
func UnitTypeOfTroop(key string) (UnitType, bool) {
	for t, k := range troopKeys {
		if k == key {
			return t, true
		}
	}
	return "", false
}

// FootSamurai says whether the type takes infantry recovery (E1-L2, E1-Q11a).
func (t UnitType) FootSamurai() bool { return t == FootSamuraiSpear || t == FootSamuraiBow }

// Samurai says whether the type is samurai (E1-R5: "Самураи могут
// запереться в замках"): foot samurai and the cavalry, which E1-Q3 counts at
// the samurai's rate; not ashigaru, nor yamabushi, who are sohei (E1-Q10).
func (t UnitType) Samurai() bool {
	return t.FootSamurai() || t == HeavyCavalry || t == LightCavalry
}

// Samurai says whether the unit is of samurai (E1-R5), by its type.
func (u Unit) Samurai() bool { return u.Type.Samurai() }

// Promotion is one of the two upgrades of E1-U2.
type Promotion string

// The two upgrades.
const (
	PromoteMastery  Promotion = "mastery"            // Combat Mastery +1
	PromoteSteadImp Promotion = "steadiness_impetus" // Steadiness +1 and Impetus +1
)

// Unit is a roster unit with its per-turn counters.
type Unit struct {
	ID      string   `json:"id"`
	Name    string   `json:"name,omitempty"`
	Type    UnitType `json:"type"`
	Figures int      `json:"figures"` // figures now; 0 = destroyed this turn

	ImpetusMod    int         `json:"impetus_mod,omitempty"`
	SteadinessMod int         `json:"steadiness_mod,omitempty"`
	Mastery       int         `json:"mastery,omitempty"`
	Promotions    []Promotion `json:"promotions,omitempty"` // taken, oldest first (E1-U3)

	// Per-turn counters, reset by /turn next.
	LostThisTurn   int  `json:"lost_this_turn,omitempty"`  // figures lost this turn still recoverable (zeroed by recovery, E1-Q11g)
	SufferedLosses bool `json:"suffered_losses,omitempty"` // it lost figures this turn (E1-U1a); recovery does not clear it
	Inflicted      bool `json:"inflicted,omitempty"`       // it removed enemy figures this turn (E1-U1a)
	DestroyedEnemy bool `json:"destroyed_enemy,omitempty"` // it destroyed an enemy unit (E1-U1b)
	PutToFlight    bool `json:"put_to_flight,omitempty"`   // it put an enemy unit to flight in melee (E1-U1b, E1-Q15b)
	Held           bool `json:"held,omitempty"`            // it threw back an attack on it (E1-U1b, E1-Q15a)
	Fled           bool `json:"fled,omitempty"`            // it fled or was scattered (E1-U1c, E1-Q15c)
	StormKill      bool `json:"storm_kill,omitempty"`      // in a successful storm it destroyed a defender unit (E1-U5)
}
