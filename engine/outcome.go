package engine

// The end of the battle (R-I.4, D-02, D-04, D-05). Complete defeat (R-I.4.1)
// is checked after every step of the ladder (checkCompleteDefeat); the other
// conditions are checked here, at the end of each battle turn, in the order
// of D-05: R-I.4.4, R-I.4.5, R-I.4.3, then the R-I.4.2 offer.

// Chronicle is what the end-of-battle conditions remember across turns
// (R-I.4, D-05). It holds only numbers and fixed arrays, so copying a Battle
// copies it.
type Chronicle struct {
	// Quiet counts the battle turns in a row, up to the last one resolved,
	// in which no unit moved toward its enemy edge, fought a melee or shot
	// (R-I.4.3, D-05).
	Quiet int `json:"quiet,omitempty"`
	// Signal is, by Side, the battle turn in which the side gave the signal
	// to retreat that is still running, 0 if none (R-I.4.4, D-05): it
	// covers that turn and the next two.
	Signal [2]int `json:"signal,omitzero"`
	// RetreatOnly counts, by Side, the battle turns in a row, up to the last
	// one resolved, with no melee or shooting in which none of the side's
	// units executed an order other than Retreat or General retreat
	// (R-I.4.4, D-05).
	RetreatOnly [2]int `json:"retreat_only,omitzero"`
	// LastRetreat is, by Side, the last battle turn in which a unit of the
	// side executed a Retreat, by order or by General retreat.
	LastRetreat [2]int `json:"last_retreat,omitzero"`
	// Offer is, by Side, the last battle turn at whose end the side was
	// offered to stop the battle (R-I.4.2); it may accept with its orders
	// for the next turn.
	Offer [2]int `json:"offer,omitzero"`
}

// OfferStands reports whether side may stop the battle with its orders for
// the next turn (R-I.4.2): the offer was made at the end of the last turn.
func (b *Battle) OfferStands(side Side) bool {
	return b.Outcome == Ongoing && b.Turn > 0 && b.Chronicle.Offer[side] == b.Turn
}

// Zone holds (R-I.4.6, D-02).
const (
	HoldNone    = 0
	HoldClaim   = 1
	HoldControl = 2
)

// ZoneCount is the count of one deployment zone (R-I.4.6-8, D-02).
type ZoneCount struct {
	Zone Zone `json:"zone"`
	// Hold is HoldControl, HoldClaim or HoldNone; Side is the side that
	// controls or claims the zone.
	Hold int  `json:"hold"`
	Side Side `json:"side"`
	// Own and Enemy are the counted units inside the zone of the side it
	// originally belongs to and of the other side; Border is the counted
	// units of the owner in the half of no-man's land that borders it.
	Own    int `json:"own"`
	Enemy  int `json:"enemy"`
	Border int `json:"border"`
}

// zoneHold applies D-02 to a zone that originally belongs to owner: own and
// enemy are the counted units inside it, border the owner's counted units in
// the no-man's-land half that borders it.
func zoneHold(owner Side, own, enemy, border int) (hold int, side Side) {
	switch {
	case own > 0 && enemy == 0:
		return HoldControl, owner
	case enemy > 0 && own == 0:
		return HoldControl, owner.Enemy() // whatever border is
	case own > 0: // both inside: the larger claims, a tie gives nothing
		switch {
		case own+border > enemy:
			return HoldClaim, owner
		case enemy > own+border:
			return HoldClaim, owner.Enemy()
		}
		return HoldNone, owner
	case border > 0:
		return HoldClaim, owner
	}
	return HoldNone, owner
}

// countsForZones reports whether a unit counts in the zone count: on the
// field, at least 4 figures (R-I.4.8, R-II.10.2), and not routing unless
// victory.count_routing=true (D-02).
func (b *Battle) countsForZones(u *Unit) bool {
	return u.Active() && u.Figures >= MinDeployFigures && (!u.Routing() || b.Settings.VictoryCountRouting)
}

// CountZones counts control of the four deployment zones (R-I.4.6-8, D-02),
// in the order A, B, C, D.
func CountZones(b *Battle) [4]ZoneCount {
	var in [4][2]int     // by zone, by side: counted units inside
	var border [2][2]int // by half (0 west, 1 east), by side: in no-man's land
	for i := range b.Units {
		u := &b.Units[i]
		if !b.countsForZones(u) {
			continue
		}
		switch z := ZoneOf(u.Cell); z {
		case ZoneA, ZoneB, ZoneC, ZoneD:
			in[z-ZoneA][u.Side]++
		case NoMansLand:
			half := 0
			if u.Cell.X > FieldWidth/2 {
				half = 1
			}
			border[half][u.Side]++
		}
	}
	var out [4]ZoneCount
	for k, z := range []Zone{ZoneA, ZoneB, ZoneC, ZoneD} {
		owner, _ := z.Owner()
		half := 0
		if z == ZoneB || z == ZoneD {
			half = 1
		}
		c := ZoneCount{Zone: z, Own: in[k][owner], Enemy: in[k][owner.Enemy()], Border: border[half][owner]}
		c.Hold, c.Side = zoneHold(owner, c.Own, c.Enemy, c.Border)
		out[k] = c
	}
	return out
}

// zoneWinner decides the battle from the zone count (R-I.4.9): more zones
// controlled, then more zones claimed, else a draw.
func zoneWinner(zones [4]ZoneCount) Outcome {
	var control, claim [2]int
	for _, z := range zones {
		switch z.Hold {
		case HoldControl:
			control[z.Side]++
		case HoldClaim:
			claim[z.Side]++
		}
	}
	switch {
	case control[North] > control[South]:
		return NorthVictory
	case control[South] > control[North]:
		return SouthVictory
	case claim[North] > claim[South]:
		return NorthVictory
	case claim[South] > claim[North]:
		return SouthVictory
	}
	return Draw
}

// victory is the ordinary victory of side.
func victory(side Side) Outcome {
	if side == North {
		return NorthVictory
	}
	return SouthVictory
}

// turnFacts is what the end-of-battle conditions need to know about the turn
// just resolved, read from its events (D-05).
type turnFacts struct {
	fight   bool    // a melee (fights with routing units included) or a shot (free and repelling fire included)
	advance bool    // an executed move toward the mover's enemy edge
	other   [2]bool // by Side: a unit executed an order other than Retreat or General retreat
	retreat [2]bool // by Side: a unit executed a Retreat, by order or by General retreat
}

// facts reads the turn's events.
func (r *resolver) facts() turnFacts {
	var f turnFacts
	for k := range r.ev {
		e := &r.ev[k] // events are large: no copy each
		switch e.Kind {
		case EvAttack, EvMeeting, EvShot:
			f.fight = true
			continue
		case EvMoved, EvRetreated, EvWheeled, EvSidestepped, EvRallied, EvWaited, EvHold, EvShields:
		default:
			continue
		}
		i := r.index(e.Unit)
		if i < 0 {
			continue
		}
		u := &r.b.Units[i]
		switch e.Kind {
		case EvMoved:
			if e.To.Sub(e.From) == u.Side.EnemyEdge().Vec() {
				f.advance = true
			}
			f.other[u.Side] = true
		case EvRetreated:
			// A Retreat by order or by General retreat; retreats after a
			// combat or from shooting are no orders.
			if e.Rule == "R-VI.2.6" {
				f.retreat[u.Side] = true
			}
		case EvWheeled:
			// General retreat wheels a unit toward facing the enemy edge
			// (D-41): part of the order. Any other wheel is another order.
			if o := r.u[i].orders[e.Phase]; o == nil || o.Kind != OrderGeneralRetreat {
				f.other[u.Side] = true
			}
		case EvShields:
			if e.Detail != "" { // set anew by a Wheel or Rally; carried by a Move or Retreat
				f.other[u.Side] = true
			}
		case EvRallied:
			// A Rally order; not the Phoenix Banner, which is no order of
			// the unit (R-V.7).
			if e.Rule == "R-VI.3.6" {
				f.other[u.Side] = true
			}
		default: // sidestep, wait, hold
			f.other[u.Side] = true
		}
	}
	return f
}

// beaten reports whether every unit of side has routed at least once or
// left the field: destroyed, scattered or withdrawn (R-I.4.2, D-05). A side
// with no units at all is not beaten.
func (b *Battle) beaten(side Side) bool {
	n := 0
	for i := range b.Units {
		u := &b.Units[i]
		if u.Side != side {
			continue
		}
		n++
		if u.Active() && !u.RoutedOnce {
			return false
		}
	}
	return n > 0
}

// inContact reports whether a unit of side on the field is 8-adjacent to a
// unit of the other side on the field (R-I.4.2, D-05).
func (b *Battle) inContact(side Side) bool {
	for i := range b.Units {
		u := &b.Units[i]
		if u.Side != side || !u.Active() {
			continue
		}
		for k := range b.Units {
			e := &b.Units[k]
			if e.Side != side && e.Active() && Adjacent8(u.Cell, e.Cell) {
				return true
			}
		}
	}
	return false
}

// endOfBattle checks the end-of-battle conditions at the end of a battle
// turn (R-I.4, D-05). It first takes the sides' declarations of this turn:
// the signal to retreat (R-I.4.4) and the decision to stop the battle
// (R-I.4.2). Each stage that ends the battle ends the checks.
func (r *resolver) endOfBattle(orders []Order) {
	r.phase, r.step = 0, ""
	signal, stop := declarations(orders, r.b.Turn)
	f := r.facts()
	if r.stopTaken(stop) || r.commanderLoss() {
		return
	}
	r.chronicle(signal, f)
	if r.retreatLoses() || r.lastTurns(f) || r.quiet() {
		return
	}
	r.offerStop()
}

// declarations are which sides signal the retreat (R-I.4.4) and which
// decide to stop the battle (R-I.4.2) among the orders of turn t.
func declarations(orders []Order, t int) (signal, stop [2]bool) {
	for _, o := range orders {
		if o.Unit == "" && (o.Turn == 0 || o.Turn == t) {
			switch o.Kind {
			case OrderSignalRetreat:
				signal[o.Side] = true
			case OrderStopBattle:
				stop[o.Side] = true
			}
		}
	}
	return signal, stop
}

// stopTaken ends the battle on a side's decision to stop it (R-I.4.2),
// taken in this turn's command phase on the offer made at the end of the
// last turn, so it comes before what this turn brought; a decision with
// no offer standing is refused.
func (r *resolver) stopTaken(stop [2]bool) bool {
	t, ch := r.b.Turn, &r.b.Chronicle
	for _, s := range []Side{North, South} {
		if !stop[s] {
			continue
		}
		if t > 1 && ch.Offer[s] == t-1 {
			r.end(victory(s), "R-I.4.2")
			return true
		}
		r.emit(Event{Kind: EvStopRefused, Rule: "R-I.4.2", Side: s})
	}
	return false
}

// commanderLoss ends the battle under leaders.commander_loss=end_battle:
// an army whose commander is killed, captured or twice wounded loses; both
// at once is a draw (D-23).
func (r *resolver) commanderLoss() bool {
	if !r.b.Settings.CommanderLossEndsBattle {
		return false
	}
	lost := [2]bool{r.b.commanderLost(North), r.b.commanderLost(South)}
	switch {
	case lost[North] && lost[South]:
		r.end(Draw, "D-23")
	case lost[North]:
		r.end(SouthVictory, "D-23")
	case lost[South]:
		r.end(NorthVictory, "D-23")
	default:
		return false
	}
	return true
}

// chronicle brings the chronicle up to date with the turn: the signals to
// retreat given and cancelled (R-I.4.4, D-05), the turns of retreat only,
// and the quiet turns (R-I.4.3).
func (r *resolver) chronicle(signal [2]bool, f turnFacts) {
	t, ch := r.b.Turn, &r.b.Chronicle
	for _, s := range []Side{North, South} {
		if signal[s] {
			if ch.Signal[s] == 0 {
				ch.Signal[s] = t
				r.emit(Event{Kind: EvRetreatSignal, Rule: "R-I.4.4", Side: s, Value: t + 2})
			} else {
				// Giving it again while it runs has no effect (D-05).
				r.emit(Event{Kind: EvRetreatSignal, Rule: "D-05", Side: s, Value: ch.Signal[s] + 2, Detail: "running"})
			}
		}
		if f.fight && ch.Signal[s] != 0 {
			ch.Signal[s] = 0 // the first melee or shooting in its window cancels it (D-05)
			r.emit(Event{Kind: EvSignalCancelled, Rule: "D-05", Side: s})
		}
		if f.retreat[s] {
			ch.LastRetreat[s] = t
		}
		if f.fight || f.other[s] {
			ch.RetreatOnly[s] = 0
		} else {
			ch.RetreatOnly[s]++
		}
	}
	if f.fight || f.advance {
		ch.Quiet = 0
	} else {
		ch.Quiet++
	}
}

// retreatLoses ends the battle when a side retreats (R-I.4.4): its signal
// has run two turns, or it did nothing but retreat for three; both at
// once is a draw (D-05).
func (r *resolver) retreatLoses() bool {
	t, ch := r.b.Turn, &r.b.Chronicle
	var loses [2]bool
	for _, s := range []Side{North, South} {
		signalled := ch.Signal[s] != 0 && t >= ch.Signal[s]+2
		retreatOnly := ch.RetreatOnly[s] >= 3 && ch.LastRetreat[s] > 0 && ch.LastRetreat[s] >= t-2
		loses[s] = signalled || retreatOnly
	}
	switch {
	case loses[North] && loses[South]:
		r.end(Draw, "R-I.4.4")
	case loses[North]:
		r.end(SouthVictory, "R-I.4.4")
	case loses[South]:
		r.end(NorthVictory, "R-I.4.4")
	default:
		return false
	}
	return true
}

// lastTurns ends the battle by the zones held (R-I.4.5): turn 9, 10 or 11
// with no melee or shooting, or the end of turn 12; with another
// battle.max_turns, the three turns before the last one and the last one
// (D-04).
func (r *resolver) lastTurns(f turnFacts) bool {
	t, last := r.b.Turn, r.b.Settings.LastTurn()
	if t < last && (t < last-3 || f.fight) {
		return false
	}
	zones := CountZones(&r.b)
	for _, z := range zones {
		ev := Event{Kind: EvZone, Rule: "R-I.4.6", Detail: z.Zone.String(), Value: z.Hold}
		if z.Hold != HoldNone {
			ev.Side = z.Side
		}
		r.emit(ev)
	}
	r.end(zoneWinner(zones), "R-I.4.9")
	return true
}

// quiet ends the battle in a draw after 3 quiet turns in a row (R-I.4.3).
func (r *resolver) quiet() bool {
	if r.b.Chronicle.Quiet < 3 {
		return false
	}
	r.end(Draw, "R-I.4.3")
	return true
}

// offerStop offers the winning side to stop the battle (R-I.4.2). When
// both sides are beaten, neither is the winner and nobody is offered
// anything.
func (r *resolver) offerStop() {
	t, ch := r.b.Turn, &r.b.Chronicle
	for _, s := range []Side{North, South} {
		loser := s.Enemy()
		if r.b.beaten(loser) && !r.b.beaten(s) && !r.b.inContact(loser) {
			ch.Offer[s] = t
			r.emit(Event{Kind: EvStopOffered, Rule: "R-I.4.2", Side: s})
		}
	}
}

// commanderLost reports whether the side had a commander and he can no
// longer command in full: killed, captured or twice wounded (D-23).
func (b *Battle) commanderLost(side Side) bool {
	for _, l := range b.Leaders {
		if l.Side == side && l.Role == Commander {
			return !leaderFit(l)
		}
	}
	return false
}

// end ends the battle with an outcome; the event names the winner of an
// ordinary victory.
func (r *resolver) end(out Outcome, rule string) {
	r.b.Outcome = out
	r.ended = true
	ev := Event{Kind: EvOutcome, Rule: rule, Detail: out.String()}
	switch out {
	case NorthVictory:
		ev.Side = North
	case SouthVictory:
		ev.Side = South
	}
	r.emit(ev)
}
