package campaign

import (
	"fmt"
	"sort"
)

// Fortification is the clan's fortification in the army's province.
type Fortification string

// The fortification kinds.
const (
	NoFortification Fortification = ""
	Fort            Fortification = "fort"
	Castle          Fortification = "castle"
	Citadel         Fortification = "citadel"
)

// Province holds the province facts the GM gives for recovery (E1-L1, E1-L3).
// Fortification is the best one the clan garrisons there (a citadel over a
// castle, E1-Q11c).
type Province struct {
	Fortification    Fortification
	CapturedThisTurn bool // the fortification was taken this turn (E1-L1)
	HorseBreeding    bool
	HorseMarket      bool // implies breeding (E1-Q11d)
}

// ArmyState is what recovery reads of an army or sendan itself.
type ArmyState struct {
	ID                string
	Retreated         bool // made an emergency retreat this turn (E1-L1)
	Scattered         bool // E1-L4
	RecoveredThisTurn bool // E1-L4, E1-Q11g
}

// Pool is a rolled recovery pool: Total = sum of the dice + Bonus.
type Pool struct {
	Rolls []Roll
	Bonus int
	Total int
}

// Recovery is the result of rolling recovery for one army (E1-L).
type Recovery struct {
	Eligible  bool
	Reason    string // why not, when not eligible
	Infantry  Pool   // E1-L2: 3d6 (+2 with a citadel)
	Cavalry   *Pool  // E1-L3: d6 (+1 with a citadel); nil without horse breeding or market
	HeavyToo  bool   // a horse market: heavy cavalry may take from the cavalry pool
	KeyPrefix string
}

// RecoveryEligibility checks E1-L1 and E1-L4.
func RecoveryEligibility(a ArmyState, p Province) (bool, string) {
	switch {
	case a.Scattered:
		return false, "scattered armies do not recover losses (E1-L4)"
	case a.RecoveredThisTurn:
		return false, "already recovered this turn (E1-L4, E1-Q11g)"
	case a.Retreated:
		return false, "made an emergency retreat (E1-L1)"
	case p.Fortification == Fort:
		return false, "a fort is too small for recovery (E1-L4)"
	case p.Fortification != Castle && p.Fortification != Citadel:
		return false, "no castle or citadel of the clan in the province (E1-L1)"
	case p.CapturedThisTurn:
		return false, "the fortification was captured this turn (E1-L1)"
	}
	return true, ""
}

// RollRecovery rolls the pools of one army. Keys: "<army>.recover.inf.1".."3"
// and "<army>.recover.cav".
func RollRecovery(a ArmyState, p Province, d Dice) Recovery {
	ok, why := RecoveryEligibility(a, p)
	r := Recovery{Eligible: ok, Reason: why, KeyPrefix: a.ID + ".recover"}
	if !ok {
		return r
	}
	citadel := p.Fortification == Citadel
	r.Infantry = rollPool(d, r.KeyPrefix+".inf", 3, bonusIf(citadel, 2))
	if p.HorseBreeding || p.HorseMarket {
		c := rollPool(d, r.KeyPrefix+".cav", 1, bonusIf(citadel, 1))
		r.Cavalry = &c
		r.HeavyToo = p.HorseMarket
	}
	return r
}

func bonusIf(b bool, n int) int {
	if b {
		return n
	}
	return 0
}

func rollPool(d Dice, key string, n, bonus int) Pool {
	p := Pool{Bonus: bonus, Total: bonus}
	for i := 1; i <= n; i++ {
		k := key
		if n > 1 {
			k = fmt.Sprintf("%s.%d", key, i)
		}
		v := d.Roll(k)
		p.Rolls = append(p.Rolls, Roll{Key: k, Die: v, Result: v, Success: true, Outcome: "pool"})
		p.Total += v
	}
	return p
}

// Which pool a unit draws on, and its cap per unit (E1-L2, E1-L3, E1-Q11).
const (
	poolNone = iota
	poolInfantry
	poolCavalry
)

// RecoveryCap is how many figures the unit may take from the pools of rec:
// the per-unit cap (3 foot samurai or light cavalry, 2 heavy cavalry), no more
// than it lost this turn, nothing for a destroyed unit, ashigaru or sohei.
func RecoveryCap(u Unit, rec Recovery) int {
	pool, limit := unitPool(u, rec)
	if pool == poolNone || u.Figures <= 0 {
		return 0
	}
	return min(limit, u.LostThisTurn)
}

func unitPool(u Unit, rec Recovery) (int, int) {
	switch {
	case !rec.Eligible:
		return poolNone, 0
	case u.Type.FootSamurai():
		return poolInfantry, 3
	case u.Type == LightCavalry && rec.Cavalry != nil:
		return poolCavalry, 3
	case u.Type == HeavyCavalry && rec.Cavalry != nil && rec.HeavyToo:
		return poolCavalry, 2
	}
	return poolNone, 0
}

// Allocation gives Figures recovered figures to one unit.
type Allocation struct {
	UnitID  string
	Figures int
}

// DefaultAllocation is the distribution offered to the owner (F-E1-1):
// worst-depleted units first (most lost this turn, then roster order), each up
// to its cap, until each pool runs out.
func DefaultAllocation(units []Unit, rec Recovery) []Allocation {
	idx := make([]int, len(units))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return units[idx[a]].LostThisTurn > units[idx[b]].LostThisTurn })
	left := map[int]int{poolInfantry: rec.Infantry.Total}
	if rec.Cavalry != nil {
		left[poolCavalry] = rec.Cavalry.Total
	}
	var out []Allocation
	for _, i := range idx {
		u := units[i]
		pool, _ := unitPool(u, rec)
		n := min(RecoveryCap(u, rec), left[pool])
		if n > 0 {
			left[pool] -= n
			out = append(out, Allocation{UnitID: u.ID, Figures: n})
		}
	}
	return out
}

// ApplyRecovery checks a distribution against the pools and caps and returns
// the units after it: figures added, and every unit's LostThisTurn zeroed,
// the rest of the losses final (E1-L4, E1-Q11g). Unused points are lost
// (E1-Q11h). The caller marks the army RecoveredThisTurn.
func ApplyRecovery(units []Unit, rec Recovery, alloc []Allocation) ([]Unit, error) {
	if !rec.Eligible {
		return nil, fmt.Errorf("no recovery: %s", rec.Reason)
	}
	at := map[string]int{}
	for i, u := range units {
		at[u.ID] = i
	}
	given := map[string]int{}
	used := map[int]int{}
	for _, a := range alloc {
		i, ok := at[a.UnitID]
		if !ok {
			return nil, fmt.Errorf("unit %q is not in the army", a.UnitID)
		}
		if a.Figures < 0 {
			return nil, fmt.Errorf("unit %q: negative figures", a.UnitID)
		}
		given[a.UnitID] += a.Figures
		u := units[i]
		if c := RecoveryCap(u, rec); given[a.UnitID] > c {
			return nil, fmt.Errorf("unit %q: %d figures over its cap of %d", u.ID, given[a.UnitID], c)
		}
		pool, _ := unitPool(u, rec)
		used[pool] += a.Figures
	}
	if used[poolInfantry] > rec.Infantry.Total {
		return nil, fmt.Errorf("infantry: %d figures given, pool is %d", used[poolInfantry], rec.Infantry.Total)
	}
	if rec.Cavalry != nil && used[poolCavalry] > rec.Cavalry.Total {
		return nil, fmt.Errorf("cavalry: %d figures given, pool is %d", used[poolCavalry], rec.Cavalry.Total)
	}
	out := make([]Unit, len(units))
	for i, u := range units {
		u.Figures += given[u.ID]
		u.LostThisTurn = 0
		out[i] = u
	}
	return out, nil
}
