package engine

// Shinobi missions in battle turns (R-V.6, D-29 - D-31) and banners (R-V.7,
// D-26): declarations of the command phase that cost no order.

// Shinobi missions (R-V.6.1).
const (
	MissionSignals      = "signals"
	MissionPanic        = "panic"
	MissionSabotage     = "sabotage"
	MissionInterception = "interception"
)

// Banner names with an effect of their own; others come from the army list
// and have none unless configured (D-26).
const BannerPhoenix = "phoenix"

// Banner is one banner of a side's army list, raised at most once a battle
// (D-26).
type Banner struct {
	Name string `json:"name"`
	Used bool   `json:"used,omitempty"`
}

// checkShinobi checks a shinobi mission (R-V.6.1): a shinobi that
// infiltrated is left for it, the mission is one of the four, and panic and
// sabotage name an enemy unit on the field.
func checkShinobi(b *Battle, side Side, o Order, used int) *Problem {
	bad := func(why string) *Problem { return &Problem{Code: ProbShinobi, Rule: "R-V.6.1", Arg: why} }
	if used > b.Shinobi[side] {
		return bad("none_left")
	}
	switch o.Mission {
	case MissionPanic, MissionSabotage, MissionSignals:
		t := b.Unit(o.Target)
		if t == nil || t.Side == side || !t.Active() {
			return bad("target")
		}
	case MissionInterception:
	default:
		return bad("mission")
	}
	return nil
}

// unusedBanners counts the side's banners of a name not yet raised.
func unusedBanners(b *Battle, side Side, name string) int {
	n := 0
	for _, bn := range b.Banners[side] {
		if bn.Name == name && !bn.Used {
			n++
		}
	}
	return n
}

// checkBanner checks a banner raised in a unit (R-V.7, D-26): one of the
// side's banners not raised before, in one of its units that is not of a
// minor clan, and only the Phoenix in a routing unit.
func checkBanner(b *Battle, side Side, u *Unit, o Order) *Problem {
	bad := func(rule, why string) *Problem { return &Problem{Code: ProbBanner, Rule: rule, Unit: u.ID, Arg: why} }
	found := false
	for _, bn := range b.Banners[side] {
		if bn.Name == o.Banner && !bn.Used {
			found = true
		}
	}
	switch {
	case !found:
		return bad("D-26", "none")
	case u.MinorClan:
		return bad("R-V.7.4", "minor_clan")
	case u.Routing() && o.Banner != BannerPhoenix:
		return bad("R-V.7.1", "routing")
	}
	return nil
}

// shinobiMissions carries out the missions given this turn, at the start of
// the turn: panic lowers the target's St and Imp by 1 each (R-V.6.3);
// sabotage succeeds on the side's shinobi die at 3+ when all the target's
// orders are ordinary, at 5+ when any is special, and then the unit has no
// order and no initiative this turn (R-V.6.4, D-30). Signals and
// interception act in the command phase (the bot, and Intercept). Each
// shinobi is spent (R-V.6.1).
func (r *resolver) shinobiMissions(orders []Order) {
	for _, side := range []Side{North, South} {
		for _, o := range orders {
			if o.Kind != OrderShinobi || o.Side != side || (o.Turn != 0 && o.Turn != r.b.Turn) {
				continue
			}
			r.b.Shinobi[side]--
			r.emit(Event{Kind: EvShinobi, Rule: "R-V.6.1", Side: side, Other: o.Target, Detail: o.Mission})
			i := r.index(o.Target)
			switch o.Mission {
			case MissionPanic:
				r.u[i].panic++
			case MissionSabotage:
				r.sabotage(side, i)
			}
		}
	}
}

// sabotage rolls a sabotage against unit i's final orders (R-V.6.4, D-30).
func (r *resolver) sabotage(side Side, i int) {
	t := &r.u[i]
	need := 3
	for _, o := range t.orders {
		if o != nil && o.Kind.Special() {
			need = 5 // a special order by nature; a slot carrying an ordinary one stays ordinary
		}
	}
	key := side.String() + ".shinobi"
	v := r.d.Roll(key)
	r.emit(Event{Kind: EvRoll, Rule: "R-V.6.4", Key: key, Dice: []int{v}, Value: v, Need: need})
	if v < need {
		return
	}
	t.orders = [3]*Order{}
	t.army = false // the army-wide order is suppressed for this turn only
	t.noInitTurn = true
	r.emit(Event{Kind: EvSabotaged, Rule: "R-V.6.4", Unit: r.b.Units[i].ID})
}

// raiseBanners raises the banners given this turn when execution begins:
// until then they are hidden (R-V.7.2). The Phoenix in a routing unit
// rallies it like a free Rally, even in a forest, with the penalty of
// R-X.5.2 (D-26, banners.phoenix=rally); other banners have no effect of
// their own (D-26: their effects come from the battle's configuration).
func (r *resolver) raiseBanners(orders []Order) {
	for _, side := range []Side{North, South} {
		for _, o := range orders {
			if o.Kind != OrderBanner || o.Side != side || (o.Turn != 0 && o.Turn != r.b.Turn) {
				continue
			}
			for k := range r.b.Banners[side] {
				if bn := &r.b.Banners[side][k]; bn.Name == o.Banner && !bn.Used {
					bn.Used = true
					break
				}
			}
			i := r.index(o.Unit)
			u := &r.b.Units[i]
			r.emit(Event{Kind: EvBanner, Rule: "R-V.7.2", Unit: u.ID, Detail: o.Banner})
			if o.Banner == BannerPhoenix && u.Routing() {
				f := u.Side.EnemyEdge()
				if o.Facing != nil {
					f = *o.Facing
				}
				u.Status, u.Facing = StatusOK, f
				detail := "stopped"
				if !u.Rallied {
					u.Rallied, detail = true, "stopped_penalty" // R-X.5.2
				}
				r.emit(Event{Kind: EvRallied, Rule: "R-XI.3.6", Unit: u.ID, At: u.Cell, Facing: f, Detail: detail})
			}
		}
	}
}

// Intercept is the interception of an enemy messenger (R-V.6.5, D-31,
// shinobi.interception=unused_first): the enemy loses an unused messenger;
// failing that, his last messenger reroll of this turn is void, with any
// reroll after it, and his result goes back to the roll before it; failing
// that, nothing happens. rerolls are the sources of his rerolls in order
// (as given to CommandRoll). usedFirst is the revision-1 alternative
// (shinobi.interception=used_first): the reroll made this turn is voided
// first. It returns the new result, the messengers left, and what happened.
func Intercept(res CommandResult, stake Stake, rerolls []string, messengersLeft int, usedFirst bool) (CommandResult, int, string) {
	last := -1 // the index in res.Totals of the last messenger reroll
	for k, src := range rerolls {
		if src == RerollMessenger && k+1 < len(res.Totals) {
			last = k + 1
		}
	}
	void := func() (CommandResult, int, string) {
		res.Rolls, res.Totals = res.Rolls[:last], res.Totals[:last]
		res.Total = res.Totals[last-1]
		res.MessengersUsed--
		st := stakeTable[stake]
		res.Success = res.Total >= st.target
		if res.Success {
			res.Special, res.Ordinary = st.okSpecial, st.okOrdinary
		} else {
			res.Special, res.Ordinary = st.failSpecial, st.failOrdinary
		}
		return res, messengersLeft, "voided"
	}
	switch {
	case usedFirst && last > 0:
		return void()
	case messengersLeft > 0:
		return res, messengersLeft - 1, "messenger_lost"
	case last > 0:
		return void()
	}
	return res, messengersLeft, "nothing"
}

// Signals is what a shinobi sent to signal reports about an enemy unit
// (R-V.6.2, D-29): the orders it received for this turn, and the order it
// received through Cunning plan for the next one. The report shows the
// orders as they stood before any changes in the plan-change round.
func Signals(orders []Order, target string, turn int) []Order {
	var out []Order
	for _, o := range orders {
		if o.Unit == target && (o.Turn == 0 || o.Turn == turn || o.Turn == turn+1) {
			out = append(out, o)
		}
	}
	return out
}
