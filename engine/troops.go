package engine

import "fmt"

// TroopType is one of the 7 troop types (R-II.1.1).
type TroopType int8

// The troop types, in the order of the troop table R-II.1.3.
const (
	HeavyCavalry TroopType = iota
	LightCavalry
	SamuraiSpear
	SamuraiArcher
	AshigaruSpear
	AshigaruTeppo
	Yamabushi
	numTroopTypes
)

// Troop holds the stats of one troop type (R-II.1.2).
type Troop struct {
	Key string // the name used in case files and configs

	BaseMelee  int // base damage in melee (R-T.4.1)
	BaseShoot  int // base damage when shooting (shooters only)
	ExtraMelee int // extra damage: success on this d6 value or more (R-T.4.2)
	ExtraShoot int
	Armor      int
	St         int // Steadiness
	Imp        int // Impetus

	AmmoPerFigure int // shooters only (D-38)

	// Cost is CostPoints per CostFigures figures; CostFigures 0 means the
	// original gives no cost (ashigaru teppo, D-08).
	CostPoints, CostFigures int

	Cavalry, Shooter, Spearmen, Ashigaru, FootSamurai bool // type classes (R-II.1.4, D-09)

	SerriedRanks bool // R-II.4.2, R-II.5.2, R-II.6.2
	ForestSpears bool // R-II.4.1, R-II.6.1
	ChargeImp    bool // Mounted charge gives +1 Imp (HC only, R-II.2.1 vs R-II.3.1)
	Peasants     bool // R-II.6.3, R-II.7.3
}

// troops is the troop table R-II.1.3, the only place the stats live.
var troops = [numTroopTypes]Troop{
	HeavyCavalry: {Key: "heavy_cavalry", BaseMelee: 2, ExtraMelee: 5, Armor: 2, St: 2, Imp: 2,
		CostPoints: 4, CostFigures: 1, Cavalry: true, ChargeImp: true},
	LightCavalry: {Key: "light_cavalry", BaseMelee: 2, ExtraMelee: 5, Armor: 1, St: 2, Imp: 2,
		CostPoints: 3, CostFigures: 1, Cavalry: true},
	SamuraiSpear: {Key: "samurai_spear", BaseMelee: 2, ExtraMelee: 5, Armor: 1, St: 2, Imp: 2,
		CostPoints: 2, CostFigures: 1, Spearmen: true, FootSamurai: true, SerriedRanks: true, ForestSpears: true},
	SamuraiArcher: {Key: "samurai_archer", BaseMelee: 1, BaseShoot: 1, ExtraMelee: 5, ExtraShoot: 5,
		Armor: 1, St: 2, Imp: 2, AmmoPerFigure: 8, CostPoints: 2, CostFigures: 1,
		Shooter: true, FootSamurai: true, SerriedRanks: true},
	AshigaruSpear: {Key: "ashigaru_spear", BaseMelee: 1, ExtraMelee: 6, Armor: 0, St: 1, Imp: 1,
		CostPoints: 2, CostFigures: 3, Spearmen: true, Ashigaru: true, SerriedRanks: true,
		ForestSpears: true, Peasants: true},
	AshigaruTeppo: {Key: "ashigaru_teppo", BaseMelee: 0, BaseShoot: 1, ExtraMelee: 6, ExtraShoot: 4,
		Armor: 0, St: 1, Imp: 1, AmmoPerFigure: 8, Shooter: true, Ashigaru: true, Peasants: true},
	Yamabushi: {Key: "yamabushi", BaseMelee: 2, ExtraMelee: 4, Armor: 1, St: 3, Imp: 3,
		CostPoints: 3, CostFigures: 1},
}

// TroopTypes lists every troop type, in the order of the troop table.
func TroopTypes() []TroopType {
	out := make([]TroopType, numTroopTypes)
	for i := range out {
		out[i] = TroopType(i)
	}
	return out
}

// Stats returns the row of the troop table.
func (t TroopType) Stats() Troop { return troops[t] }

func (t TroopType) String() string {
	if t < 0 || t >= numTroopTypes {
		return fmt.Sprintf("troop(%d)", int(t))
	}
	return troops[t].Key
}

// Infantry is every type that is not cavalry (R-II.1.4).
func (t TroopType) Infantry() bool { return !troops[t].Cavalry }

// ParseTroopType reads a troop key of CASES.md. Cases name the samurai types
// samurai_spear and samurai_archer; the longer spellings are accepted too.
func ParseTroopType(s string) (TroopType, error) {
	switch s {
	case "samurai_spearmen":
		return SamuraiSpear, nil
	case "samurai_archers":
		return SamuraiArcher, nil
	case "ashigaru_spearmen":
		return AshigaruSpear, nil
	}
	for i, tr := range troops {
		if tr.Key == s {
			return TroopType(i), nil
		}
	}
	return 0, fmt.Errorf("unknown unit type %q (want heavy_cavalry, light_cavalry, samurai_spear, samurai_archer, ashigaru_spear, ashigaru_teppo or yamabushi)", s)
}

// Files is the number of files of a unit of n figures, its formation's
// width (R-VIII.1, D-10): W = min(4, n); its ranks are R = ceil(n/4).
func Files(n int) int { return min(4, max(0, n)) }

// Ranks is the number of ranks of n figures (D-10); a rank with 1 figure counts.
func Ranks(n int) int {
	if n <= 0 {
		return 0
	}
	return (n + 3) / 4
}

// FullestRank is the number of figures in the fullest rank (R-VIII.3.2).
func FullestRank(n int) int { return Files(n) }

// Limits of a unit's size at the start of the battle (R-I.2.3, R-II.10.1).
const (
	MinDeployFigures = 4
	MaxFigures       = 16
)
