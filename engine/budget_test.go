package engine

import (
	"fmt"
	"testing"

	"github.com/gunbai/gunbai/internal/racetest"
)

// The command allowance: CheckBudget (R-V.1.1, R-V.2, R-V.5, R-III.1.3,
// R-III.2.2, R-III.2.7, R-VI.3.7, R-VI.4.1, D-25, D-33, D-34, D-43).

const budgetTurn = 3

// budgetBattle is North's army at the start of a command phase: a samurai
// spear unit, an archer unit, a yamabushi unit, a minor-clan unit and a
// heavy cavalry unit led by a general; the commander is in the intact HQ.
// South has one unit.
func budgetBattle() Battle {
	mk := func(id string, side Side, t TroopType, cell string) Unit {
		return Unit{ID: id, Side: side, Type: t, Figures: 8, Cell: MustCell(cell), Facing: N, Status: StatusOK}
	}
	mc := mk("mc", North, AshigaruSpear, "A24")
	mc.MinorClan = true
	return Battle{
		ID: "budget", Turn: budgetTurn - 1, Defender: South, Settings: DefaultSettings(),
		HQ: [2]Cell{MustCell("A11"), MustCell("D11")},
		Units: []Unit{
			mk("sp", North, SamuraiSpear, "A21"),
			mk("ar", North, SamuraiArcher, "A22"),
			mk("ym", North, Yamabushi, "A23"),
			mc,
			mk("hc", North, HeavyCavalry, "A25"),
			mk("en", South, SamuraiSpear, "D21"),
		},
		Leaders: []Leader{
			{ID: "daimyo", Side: North, Role: Commander, At: AtHQ},
			{ID: "gen", Side: North, Role: General, At: "hc"},
			{ID: "foe", Side: South, Role: Commander, At: AtHQ},
		},
	}
}

// leader finds a leader of a budget battle by ID.
func leader(b *Battle, id string) *Leader {
	for i := range b.Leaders {
		if b.Leaders[i].ID == id {
			return &b.Leaders[i]
		}
	}
	panic("no leader " + id)
}

// ord is a North order for the current turn, on the ladder of its kind.
func ord(unit string, k OrderKind, phase int) Order {
	o := Order{Unit: unit, Side: North, Kind: k, Phase: phase}
	if k.Special() {
		o.Class = Special
	}
	return o
}

// inSpecial is an ordinary order played in the special sequence (R-VI.3.7).
func inSpecial(unit string, k OrderKind, phase int) Order {
	o := ord(unit, k, phase)
	o.Class = Special
	return o
}

// plan is a Cunning-plan order: for the next turn (R-V.5.3, D-25).
func plan(unit string, k OrderKind, phase int) Order {
	o := ord(unit, k, phase)
	o.Turn = budgetTurn + 1
	return o
}

// armyWide is a North army-wide order (R-VI.4).
func armyWide(k OrderKind) Order { return Order{Side: North, Kind: k, Phase: 1} }

func grant(special, ordinary int) CommandResult {
	return CommandResult{Special: special, Ordinary: ordinary}
}

type budgetCase struct {
	name    string
	edit    func(b *Battle)
	orders  []Order
	granted CommandResult
	want    *Problem // nil: the orders fit
}

func runBudget(t *testing.T, cases []budgetCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := budgetBattle()
			if c.edit != nil {
				c.edit(&b)
			}
			checkBudgetIs(t, CheckBudget(b, North, budgetTurn, c.orders, c.granted), c.want)
		})
	}
}

func checkBudgetIs(t *testing.T, got, want *Problem) {
	t.Helper()
	switch {
	case want == nil && got != nil:
		t.Fatalf("got %v, want the orders to fit", got)
	case want != nil && got == nil:
		t.Fatalf("the orders fit, want %v", want)
	case want != nil && *got != *want:
		t.Fatalf("got %v, want %v", got, want)
	}
}

var (
	overSpecial  = &Problem{Code: ProbOverBudget, Rule: "R-V.1.1", Arg: "special"}
	overOrdinary = &Problem{Code: ProbOverBudget, Rule: "R-V.1.1", Arg: "ordinary"}
)

// R-V.1.1, R-V.2.1, R-V.2.2: the command roll's orders, as CommandRoll
// grants them for each stake, success and failure.
func TestBudgetCommandRoll_R_V_1_1_R_V_2_1_R_V_2_2(t *testing.T) {
	roll := func(stake Stake, a, b int) CommandResult {
		r, p := CommandRoll(CommandInput{Side: North, Stake: stake}, NewScriptedDice(map[string][]int{"north.command": {a, b}}))
		if p != nil {
			t.Fatal(p)
		}
		return r
	}
	lowOK, lowFail := roll(StakeLow, 3, 2), roll(StakeLow, 2, 2)     // 5+: 1 special, 3 ordinary; else 3 ordinary
	highOK, highFail := roll(StakeHigh, 4, 4), roll(StakeHigh, 4, 3) // 8+: 2 special, 3 ordinary; else 2 ordinary
	three := []Order{ord("sp", OrderMove, 1), ord("ar", OrderWait, 1), ord("ym", OrderMove, 1)}
	runBudget(t, []budgetCase{
		{"R-V.2.1 success: 1 special and 3 ordinary", nil,
			[]Order{ord("sp", OrderMove, 1), ord("sp", OrderMove, 2), ord("ar", OrderWait, 1), ord("ym", OrderAdvance, 1)}, lowOK, nil},
		{"R-V.2.1 success: a second special is too many", nil,
			[]Order{ord("sp", OrderAdvance, 1), ord("ar", OrderAdvance, 1)}, lowOK, overSpecial},
		{"R-V.2.1 success: a 5th order is too many", nil,
			[]Order{ord("sp", OrderMove, 1), ord("sp", OrderMove, 2), ord("ar", OrderWait, 1), ord("ar", OrderMove, 2), ord("ym", OrderMove, 1)}, lowOK, overOrdinary},
		{"R-V.2.1 failure: 3 ordinary", nil, three, lowFail, nil},
		{"R-V.2.1 failure: no special", nil, []Order{ord("sp", OrderAdvance, 1)}, lowFail, overSpecial},
		{"R-V.2.2 success: 2 special and 3 ordinary", nil,
			append([]Order{ord("sp", OrderAdvance, 1), ord("ar", OrderAdvance, 1)}, ord("ym", OrderMove, 1), ord("ym", OrderMove, 2), ord("ar", OrderMove, 2)), highOK, nil},
		{"R-V.2.2 success: a 3rd special is too many", nil,
			[]Order{ord("sp", OrderAdvance, 1), ord("ar", OrderAdvance, 1), ord("ym", OrderAdvance, 1)}, highOK, overSpecial},
		{"R-V.2.2 failure: 2 ordinary", nil, three[:2], highFail, nil},
		{"R-V.2.2 failure: a 3rd ordinary is too many", nil, three, highFail, overOrdinary},
		{"R-V.2.2 failure: no special", nil, []Order{ord("sp", OrderAdvance, 1)}, highFail, overSpecial},
	})
}

// R-VI.3.7: a special slot may carry an ordinary order, given with Class
// Special, or left in the ordinary sequence (an ordinary-class order beyond
// the ordinary slots takes a spare special slot); a special order played in
// the ordinary sequence still costs a special one.
func TestBudgetSpecialSlots_R_VI_3_7(t *testing.T) {
	four := []Order{ord("sp", OrderMove, 1), ord("sp", OrderMove, 2), ord("ar", OrderWait, 1), ord("ar", OrderMove, 2)}
	advanceOrdinary := ord("sp", OrderAdvance, 1)
	advanceOrdinary.Class = Ordinary
	runBudget(t, []budgetCase{
		{"a special slot carries an ordinary order given as special", nil,
			append([]Order{inSpecial("ym", OrderMove, 1)}, four[:3]...), grant(1, 3), nil},
		{"an ordinary-class order takes a spare special slot", nil, four, grant(1, 3), nil},
		{"... but not a special slot already used", nil, append([]Order{inSpecial("ym", OrderMove, 1)}, four...), grant(1, 3), overOrdinary},
		{"an ordinary order in the special sequence costs a special slot", nil,
			[]Order{inSpecial("sp", OrderMove, 1)}, grant(0, 3), overSpecial},
		{"... and fits one", nil, []Order{inSpecial("sp", OrderMove, 1)}, grant(1, 0), nil},
		{"a special order in the ordinary sequence still costs a special slot", nil,
			[]Order{advanceOrdinary}, grant(0, 3), overSpecial},
	})
}

// R-II.8.1, D-43, D-34: the first Rally of a yamabushi unit routing at the
// start of the turn is free; a further Rally costs a special order; a
// yamabushi that is not routing pays for its Rally.
func TestBudgetCalmRally_D_43(t *testing.T) {
	routing := func(b *Battle) { b.Unit("ym").Status = StatusRouting }
	runBudget(t, []budgetCase{
		{"the Calm Rally is free", routing, []Order{ord("ym", OrderRally, 1)}, grant(0, 3), nil},
		{"a second Rally is not", routing, []Order{ord("ym", OrderRally, 1), ord("ym", OrderRally, 2)}, grant(0, 3), overSpecial},
		{"a second Rally uses the roll's special slot", routing, []Order{ord("ym", OrderRally, 2), ord("ym", OrderRally, 1)}, grant(1, 0), nil},
		{"not routing: the Rally is paid", nil, []Order{ord("ym", OrderRally, 1)}, grant(0, 3), overSpecial},
		{"not a yamabushi: the Rally is paid", func(b *Battle) { b.Unit("sp").Status = StatusRouting },
			[]Order{ord("sp", OrderRally, 1)}, grant(0, 3), overSpecial},
		{"a general in the routing yamabushi pays for the second Rally", func(b *Battle) {
			routing(b)
			leader(b, "gen").At = "ym"
		}, []Order{ord("ym", OrderRally, 2), ord("ym", OrderRally, 1)}, grant(0, 0), nil},
	})
}

// R-III.2.2, R-V.5.2, D-34: a general in a unit gives it one free special
// order (or, R-VI.3.7, an ordinary order, played in either sequence), unless the commander
// is in the unit too (R-III.2.5) or it is a minor-clan unit (R-III.2.7,
// D-33); never for an army-wide order.
func TestBudgetGeneralOrder_R_III_2_2_R_V_5_2(t *testing.T) {
	commanderInHC := func(b *Battle) { leader(b, "daimyo").At = "hc" }
	commanderInSP := func(b *Battle) { leader(b, "daimyo").At = "sp" }
	generalInMC := func(b *Battle) { leader(b, "gen").At = "mc" }
	four := []Order{ord("sp", OrderMove, 1), ord("sp", OrderMove, 2), ord("ar", OrderWait, 1), ord("ar", OrderMove, 2)}
	runBudget(t, []budgetCase{
		{"R-V.5.2 the general's unit gets a free special order", nil,
			[]Order{ord("hc", OrderAdvance, 1)}, grant(0, 3), nil},
		{"R-V.5.2 an order played in the special sequence is free too", nil,
			[]Order{inSpecial("hc", OrderMove, 1)}, grant(0, 0), nil},
		{"R-V.5.2 only one", nil,
			[]Order{ord("hc", OrderAdvance, 1), ord("hc", OrderAdvance, 2)}, grant(0, 3), overSpecial},
		{"R-V.5.2 only to his own unit", nil,
			[]Order{ord("sp", OrderAdvance, 1)}, grant(0, 3), overSpecial},
		{"R-VI.3.7 it carries an ordinary order of his unit left in the ordinary sequence", nil,
			append([]Order{ord("hc", OrderMove, 1)}, four[:3]...), grant(0, 3), nil},
		{"R-VI.3.7 ... only one of them", nil,
			append([]Order{ord("hc", OrderWait, 1), ord("hc", OrderMove, 2)}, four[:3]...), grant(0, 3), overOrdinary},
		{"R-VI.3.7 ... and only of his unit", nil,
			append([]Order{ord("hc", OrderMove, 1)}, four...), grant(0, 3), overOrdinary},
		{"R-VI.3.7 the free slot goes to the special order of the unit", nil,
			[]Order{ord("hc", OrderMove, 1), ord("hc", OrderAdvance, 2)}, grant(0, 1), nil},
		{"R-III.2.5 not with the commander in the unit", commanderInHC,
			[]Order{ord("hc", OrderAdvance, 1)}, grant(0, 3), overSpecial},
		{"R-III.2.7 not in a minor-clan unit", generalInMC,
			[]Order{ord("mc", OrderAdvance, 1)}, grant(0, 3), overSpecial},
		{"R-III.2.5 two generals in one unit give one order", func(b *Battle) {
			b.Leaders = append(b.Leaders, Leader{ID: "gen2", Side: North, Role: General, At: "hc"})
		}, []Order{ord("hc", OrderAdvance, 1), ord("hc", OrderAdvance, 2)}, grant(0, 3), overSpecial},
		{"two generals in two units give one each", func(b *Battle) {
			b.Leaders = append(b.Leaders, Leader{ID: "gen2", Side: North, Role: General, At: "sp"})
		}, []Order{ord("hc", OrderAdvance, 1), ord("sp", OrderAdvance, 1)}, grant(0, 0), nil},
		{"R-III.3.6 not a general wounded twice", func(b *Battle) { leader(b, "gen").Wounds = 2 },
			[]Order{ord("hc", OrderAdvance, 1)}, grant(0, 3), overSpecial},
		{"a wounded general still gives it", func(b *Battle) {
			leader(b, "gen").Wounds, leader(b, "gen").Health = 1, LeaderWounded
		}, []Order{ord("hc", OrderAdvance, 1)}, grant(0, 3), nil},
		{"not a captured general", func(b *Battle) { leader(b, "gen").Health = LeaderCaptured },
			[]Order{ord("hc", OrderAdvance, 1)}, grant(0, 3), overSpecial},
		{"not a general in the HQ", func(b *Battle) { leader(b, "gen").At = AtHQ },
			[]Order{ord("hc", OrderAdvance, 1)}, grant(0, 3), overSpecial},
		{"not another side's general", func(b *Battle) { leader(b, "gen").Side = South },
			[]Order{ord("hc", OrderAdvance, 1)}, grant(0, 3), overSpecial},
		{"D-34 never an army-wide order", commanderInSP,
			[]Order{armyWide(OrderGeneralAdvance)}, grant(0, 3), overSpecial},
		{"D-34 never an army-wide order, even one naming his unit", commanderInSP, []Order{func() Order {
			o := armyWide(OrderGeneralAdvance)
			o.Unit = "hc"
			return o
		}()}, grant(0, 3), overSpecial},
	})
}

// R-V.5.1, D-33: one extra ordinary order per turn for the minor clan's
// units, and only for them; it does not pay for a special order.
func TestBudgetMinorClan_R_V_5_1_D_33(t *testing.T) {
	three := []Order{ord("sp", OrderMove, 1), ord("ar", OrderWait, 1), ord("ar", OrderMove, 2)}
	runBudget(t, []budgetCase{
		{"the extra order goes to the minor clan", nil, append([]Order{ord("mc", OrderMove, 1)}, three...), grant(0, 3), nil},
		{"only one per turn", nil, append([]Order{ord("mc", OrderWait, 1), ord("mc", OrderMove, 2)}, three...), grant(0, 3), overOrdinary},
		{"only to the minor clan", nil, append([]Order{ord("sp", OrderMove, 2)}, three...), grant(0, 3), overOrdinary},
		{"not a special order", nil, []Order{ord("mc", OrderAdvance, 1)}, grant(0, 3), overSpecial},
		{"not an ordinary order in the special sequence", nil, []Order{inSpecial("mc", OrderMove, 1)}, grant(0, 3), overSpecial},
		{"no minor clan, no extra order", func(b *Battle) { b.Unit("mc").MinorClan = false },
			append([]Order{ord("mc", OrderMove, 1)}, three...), grant(0, 3), overOrdinary},
	})
}

// R-III.1.3, R-VI.4.1, D-34, D-23: an army-wide order costs an ordinary
// order with the commander in an intact HQ, else a special one.
func TestBudgetArmyWide_R_III_1_3_R_VI_4_1(t *testing.T) {
	advance := []Order{armyWide(OrderGeneralAdvance)}
	inUnit := func(b *Battle) { leader(b, "daimyo").At = "sp" }
	noHQ := func(b *Battle) { b.HQLost[North] = true }
	runBudget(t, []budgetCase{
		{"commander in the HQ: ordinary", nil, advance, grant(0, 1), nil},
		{"commander in the HQ: no ordinary left", nil, append(advance, ord("sp", OrderMove, 1)), grant(0, 1), overOrdinary},
		{"commander in the HQ: General retreat too", nil, []Order{armyWide(OrderGeneralRetreat)}, grant(0, 1), nil},
		{"commander in a unit: special", inUnit, advance, grant(0, 3), overSpecial},
		{"commander in a unit: a special slot pays", inUnit, advance, grant(1, 0), nil},
		{"HQ destroyed: special", noHQ, advance, grant(0, 3), overSpecial},
		{"HQ destroyed: a special slot pays", noHQ, advance, grant(1, 0), nil},
		{"commander in the reserve: special", func(b *Battle) { leader(b, "daimyo").At = AtReserve }, advance, grant(0, 3), overSpecial},
		{"D-23 commander wounded twice: special", func(b *Battle) { leader(b, "daimyo").Wounds = 2 }, advance, grant(0, 3), overSpecial},
		{"D-23 commander killed: special", func(b *Battle) { leader(b, "daimyo").Health = LeaderKilled }, advance, grant(0, 3), overSpecial},
		{"the enemy commander's HQ does not count", func(b *Battle) { leader(b, "daimyo").At = AtReserve },
			[]Order{armyWide(OrderGeneralAdvance)}, grant(0, 1), overSpecial},
	})
}

// R-V.5.3, D-25: one free order for the next turn while a Cunning-plan
// leader is active.
func TestBudgetCunningPlan_R_V_5_3_D_25(t *testing.T) {
	next := fmt.Sprint(budgetTurn + 1)
	commanderTrait := func(b *Battle) { leader(b, "daimyo").Traits = []string{"brawler", "cunning_plan"} }
	generalTrait := func(b *Battle) { leader(b, "gen").Traits = []string{"cunning_plan"} }
	wrongTurn := &Problem{Code: ProbWrongTurn, Rule: "R-V.5.3", Unit: "ar", Arg: next}
	runBudget(t, []budgetCase{
		{"free, not counted this turn", commanderTrait, []Order{plan("ar", OrderMove, 1)}, grant(0, 0), nil},
		{"with this turn's orders", commanderTrait,
			[]Order{plan("ar", OrderMove, 1), ord("ar", OrderMove, 1), ord("sp", OrderMove, 1)}, grant(0, 2), nil},
		{"two are refused", commanderTrait, []Order{plan("ar", OrderMove, 1), plan("sp", OrderMove, 1)}, grant(1, 3),
			&Problem{Code: ProbOverBudget, Rule: "R-V.5.3", Arg: "cunning_plan"}},
		{"two phases of one unit are two orders", commanderTrait, []Order{plan("ar", OrderWait, 1), plan("ar", OrderMove, 2)}, grant(1, 3),
			&Problem{Code: ProbOverBudget, Rule: "R-V.5.3", Arg: "cunning_plan"}},
		{"without the trait: refused", nil, []Order{plan("ar", OrderMove, 1)}, grant(1, 3), wrongTurn},
		{"the enemy's trait does not help", func(b *Battle) { leader(b, "foe").Traits = []string{"cunning_plan"} },
			[]Order{plan("ar", OrderMove, 1)}, grant(1, 3), wrongTurn},
		{"R-III.4.2 a commander in a unit still has it", func(b *Battle) {
			commanderTrait(b)
			leader(b, "daimyo").At = "sp"
		}, []Order{plan("ar", OrderMove, 1)}, grant(0, 0), nil},
		{"R-III.4.2 not a commander wounded twice", func(b *Battle) {
			commanderTrait(b)
			leader(b, "daimyo").Wounds, leader(b, "daimyo").At = 2, AtReserve
		}, []Order{plan("ar", OrderMove, 1)}, grant(1, 3), wrongTurn},
		{"R-III.4.3 a general in the HQ has it", func(b *Battle) {
			generalTrait(b)
			leader(b, "gen").At = AtHQ
		}, []Order{plan("ar", OrderMove, 1)}, grant(0, 0), nil},
		{"R-III.4.3 not a general in a unit", generalTrait, []Order{plan("ar", OrderMove, 1)}, grant(1, 3), wrongTurn},
		{"R-III.4.3 not a general in a destroyed HQ", func(b *Battle) {
			generalTrait(b)
			leader(b, "gen").At = AtHQ
			b.HQLost[North] = true
		}, []Order{plan("ar", OrderMove, 1)}, grant(1, 3), wrongTurn},
		{"D-25 the order is ordinary", commanderTrait, []Order{plan("ar", OrderAdvance, 1)}, grant(1, 3),
			&Problem{Code: ProbOverBudget, Rule: "D-25", Unit: "ar", Arg: "special"}},
		{"D-25 not in the special sequence either", commanderTrait, []Order{func() Order {
			o := plan("ar", OrderMove, 1)
			o.Class = Special
			return o
		}()}, grant(1, 3), &Problem{Code: ProbOverBudget, Rule: "D-25", Unit: "ar", Arg: "special"}},
		{"D-25 not an army-wide order", commanderTrait, []Order{func() Order {
			o := armyWide(OrderGeneralAdvance)
			o.Turn = budgetTurn + 1
			return o
		}()}, grant(1, 3), &Problem{Code: ProbWrongTurn, Rule: "D-25", Arg: next}},
	})
}

// Which orders count: Turn 0 and the current turn are this turn's orders;
// other turns than this one and the next are ignored; so are the other
// side's orders.
func TestBudgetWhichOrders_R_V_1_1(t *testing.T) {
	at := func(o Order, turn int) Order { o.Turn = turn; return o }
	south := ord("en", OrderAdvance, 1)
	south.Side = South
	runBudget(t, []budgetCase{
		{"Turn == turn counts", nil, []Order{at(ord("sp", OrderMove, 1), budgetTurn)}, grant(0, 0), overOrdinary},
		{"Turn 0 counts", nil, []Order{ord("sp", OrderMove, 1)}, grant(0, 0), overOrdinary},
		{"earlier turns are ignored", nil, []Order{at(ord("sp", OrderMove, 1), budgetTurn-1)}, grant(0, 0), nil},
		{"later turns than the next are ignored", nil, []Order{at(ord("sp", OrderMove, 1), budgetTurn+2)}, grant(0, 0), nil},
		{"the other side's orders are ignored", nil, []Order{south}, grant(0, 0), nil},
		{"no orders fit any roll", nil, nil, grant(0, 0), nil},
	})
}

// The result does not depend on the order in which the orders are given,
// even where free slots (D-34) and spare special slots (R-VI.3.7) must be
// matched to the right orders.
func TestBudgetPermutations_D_34(t *testing.T) {
	b := budgetBattle()
	b.Unit("ym").Status = StatusRouting
	leader(&b, "daimyo").Traits = []string{"cunning_plan"}
	orders := []Order{
		ord("ym", OrderRally, 1),      // Calm (D-43)
		ord("hc", OrderMove, 1),       // paid, ordinary
		ord("hc", OrderAdvance, 2),    // the general's slot: it goes to the special order
		ord("mc", OrderMove, 1),       // the minor clan's slot
		ord("mc", OrderMove, 2),       // paid
		ord("sp", OrderAdvance, 1),    // paid, special
		plan("ar", OrderMove, 1),      // Cunning plan
		armyWide(OrderGeneralRetreat), // paid, ordinary: the commander is in the HQ
	}
	// Free: the Rally, hc's Advance, one mc Move, the plan. Left: sp
	// Advance (1 special), hc's Move, the other mc Move and the army-wide
	// order (3 ordinary).
	want := func(g CommandResult) *Problem {
		switch {
		case g.Special < 1:
			return overSpecial
		case g.Ordinary+g.Special-1 < 3: // spare special slots carry ordinary orders
			return overOrdinary
		}
		return nil
	}
	perm := make([]Order, len(orders))
	n := 0
	stride := racetest.Stride(7) // under -race, every 7th permutation
	var permute func(k int, used uint)
	permute = func(k int, used uint) {
		if k == len(orders) {
			n++
			if n%stride != 0 {
				return
			}
			for s := 0; s <= 2; s++ {
				for o := 0; o <= 3; o++ {
					g := grant(s, o)
					if got, w := CheckBudget(b, North, budgetTurn, perm, g), want(g); (got == nil) != (w == nil) || (got != nil && *got != *w) {
						t.Fatalf("%v with %+v: got %v, want %v", perm, g, got, w)
					}
				}
			}
			return
		}
		for i := range orders {
			if used&(1<<i) == 0 {
				perm[k] = orders[i]
				permute(k+1, used|1<<i)
			}
		}
	}
	permute(0, 0)
	if n != 40320 {
		t.Fatalf("%d permutations", n)
	}
	// CheckBudget does not reorder the caller's slice.
	if orders[0].Unit != "ym" || orders[len(orders)-1].Kind != OrderGeneralRetreat {
		t.Fatal("orders were modified")
	}
}

// What is left of the roll once orders are paid for: a spare special slot
// carries an ordinary order beyond the ordinary slots (R-VI.3.7), the
// general's free order costs nothing (R-III.2.2), and orders over the
// budget leave nothing (R-V.1.1).
func TestAllowanceLeft_R_V_1_1_R_VI_3_7(t *testing.T) {
	b := budgetBattle()
	granted := CommandResult{Special: 1, Ordinary: 2}
	spOrd := func(unit string, phase int) Order {
		o := ord(unit, OrderHold, phase)
		o.Class = Special
		return o
	}
	for _, tc := range []struct {
		name   string
		orders []Order
		want   Allowance
		prob   bool
	}{
		{"nothing given", nil, Allowance{Ordinary: 2, Special: 1}, false},
		{"one ordinary", []Order{ord("sp", OrderMove, 1)}, Allowance{Ordinary: 1, Special: 1}, false},
		{"a third ordinary takes the spare special slot", []Order{ord("sp", OrderMove, 1), ord("ar", OrderMove, 1), ord("ym", OrderMove, 1)}, Allowance{}, false},
		{"one special", []Order{spOrd("sp", 1)}, Allowance{Ordinary: 2}, false},
		{"the general's unit orders for free", []Order{ord("hc", OrderMove, 1)}, Allowance{Ordinary: 2, Special: 1}, false},
		{"over the budget", []Order{spOrd("sp", 1), spOrd("ar", 1)}, Allowance{}, true},
	} {
		got, p := AllowanceLeft(b, North, budgetTurn, tc.orders, granted)
		if got != tc.want || (p != nil) != tc.prob {
			t.Errorf("%s: left %+v (problem %v), want %+v (problem %v)", tc.name, got, p, tc.want, tc.prob)
		}
	}
}
