package engine

import "strings"

// The record of a finished battle for the campaign layer (EXTRAS.md F-E1-1,
// "Hooks the core engine must provide for E1"): per unit, per leader and
// per side, read from the battle at its start, the events of every turn and
// the battle at its end. Record is pure: it reads only what it is given.

// SideResult is a side's result in the campaign's words (E1-Q12): the
// winner's Rout is the loser's total defeat, the winner's ordinary victory
// the loser's ordinary defeat; a zone-count win is ordinary.
type SideResult string

// Side results (E1-Q12); ResultNone while the battle goes on, or when it
// was ended without an outcome.
const (
	ResultNone            SideResult = ""
	ResultRout            SideResult = "rout"
	ResultOrdinaryVictory SideResult = "ordinary_victory"
	ResultDraw            SideResult = "draw"
	ResultOrdinaryDefeat  SideResult = "ordinary_defeat"
	ResultTotalDefeat     SideResult = "total_defeat"
)

// ResultOf is side's result of a battle that ended with o (E1-Q12, R-I.4).
func ResultOf(o Outcome, side Side) SideResult {
	switch o {
	case NorthTotalVictory, SouthTotalVictory:
		if (o == NorthTotalVictory) == (side == North) {
			return ResultRout
		}
		return ResultTotalDefeat
	case NorthVictory, SouthVictory:
		if (o == NorthVictory) == (side == North) {
			return ResultOrdinaryVictory
		}
		return ResultOrdinaryDefeat
	case Draw:
		return ResultDraw
	}
	return ResultNone
}

// BattleRecord is what one battle did (F-E1-1 step 1).
type BattleRecord struct {
	Battle  string         `json:"battle,omitempty"` // the battle's ID
	Turns   int            `json:"turns"`            // battle turns recorded
	Outcome Outcome        `json:"outcome"`
	Sides   [2]SideRecord  `json:"sides"` // by Side
	Units   []UnitRecord   `json:"units"` // in the start battle's unit order
	Leaders []LeaderRecord `json:"leaders,omitempty"`
}

// SideRecord is one side's numbers and result.
type SideRecord struct {
	Side Side `json:"side"`
	// StartFigures and EndFigures count every unit of the side, allied
	// minor-clan units included (E1-Q13b), whatever its status: a
	// scattered or withdrawn unit keeps its figures.
	StartFigures int        `json:"start_figures"`
	EndFigures   int        `json:"end_figures"`
	Result       SideResult `json:"result,omitempty"`
}

// UnitRecord is one unit's battle (E1-U1, E1-Q15).
type UnitRecord struct {
	ID        string    `json:"id"`
	Side      Side      `json:"side"`
	Type      TroopType `json:"type"`
	MinorClan bool      `json:"minor_clan,omitempty"`
	Start     int       `json:"start"` // figures at the start
	End       int       `json:"end"`   // figures at the end
	Status    Status    `json:"status"`
	// Lost is every figure it lost: LostShot to shooting, LostMelee in
	// melee (attacks on a routing unit included), LostFlight fleeing
	// through enemies or scattering past them (R-X.2.2, R-X.2.5).
	Lost       int `json:"lost"`
	LostShot   int `json:"lost_shot,omitempty"`
	LostMelee  int `json:"lost_melee,omitempty"`
	LostFlight int `json:"lost_flight,omitempty"`
	// Inflicted is the enemy figures it removed, by shooting
	// (InflictedShot) or in melee (InflictedMelee); the figures a joint
	// attack or a crossfire removed are shared by the damage each unit
	// dealt before armor. Figures an enemy lost fleeing through it are
	// nobody's.
	Inflicted      int `json:"inflicted,omitempty"`
	InflictedShot  int `json:"inflicted_shot,omitempty"`
	InflictedMelee int `json:"inflicted_melee,omitempty"`
	// Destroyed counts the enemy units destroyed in melees it fought in
	// (every unit of its side in the fight), or by shooting it took part in.
	Destroyed int `json:"destroyed,omitempty"`
	// PutToFlight counts the enemy units routed by a melee it fought in:
	// every unit of its side in the fight gets the credit (E1-Q15b). A
	// rout by Peasants (EvPanic), by shooting, or of a unit already
	// routing gives none.
	PutToFlight int `json:"put_to_flight,omitempty"`
	// Held counts the attacks on it that were thrown back (E1-Q15a): an
	// enemy moved into it and the result was repelled, or every attacker
	// was destroyed. A meeting engagement is no attack on it, and shooting
	// neither.
	Held int `json:"held,omitempty"`
	// Fled: it routed at any time or was scattered (E1-Q15c); a push back
	// or a retreat by order is no flight.
	Fled       bool `json:"fled,omitempty"`
	Scattered  bool `json:"scattered,omitempty"`
	Eliminated bool `json:"eliminated,omitempty"` // destroyed
}

// Distinguished reports E1-U1: it inflicted losses and suffered losses,
// destroyed or put to flight an enemy unit or held under attack, and never
// fled.
func (u UnitRecord) Distinguished() bool {
	return u.Inflicted > 0 && u.Lost > 0 && (u.Destroyed > 0 || u.PutToFlight > 0 || u.Held > 0) && !u.Fled
}

// LeaderRecord is one leader's battle (core §III.3, R-VIII.6).
type LeaderRecord struct {
	ID       string     `json:"id"`
	Side     Side       `json:"side"`
	Role     LeaderRole `json:"role"`
	Wounds   int        `json:"wounds,omitempty"` // gained in the battle
	Captured bool       `json:"captured,omitempty"`
	Killed   bool       `json:"killed,omitempty"`
	Duels    int        `json:"duels,omitempty"` // duels fought (EvDuel)
}

// Record reads a battle: start as it was before its first recorded turn,
// turns[i] the events ResolveTurn returned for the i-th turn after it, end
// the battle after the last one.
func Record(start Battle, turns [][]Event, end Battle) BattleRecord {
	rec := BattleRecord{Battle: start.ID, Turns: len(turns), Outcome: end.Outcome}
	if rec.Battle == "" {
		rec.Battle = end.ID
	}
	rd := newRecorder(start)
	for _, evs := range turns {
		for _, e := range evs {
			rd.event(e)
		}
		rd.close()
	}
	for s := range rec.Sides {
		rec.Sides[s] = SideRecord{Side: Side(s), Result: ResultOf(end.Outcome, Side(s))}
	}
	for k, su := range start.Units {
		u := rd.units[k]
		u.Start = su.Figures
		u.End, u.Status = su.Figures, su.Status
		if eu := end.Unit(su.ID); eu != nil {
			u.End, u.Status = eu.Figures, eu.Status
			u.Fled = u.Fled || eu.RoutedOnce
		}
		u.Fled = u.Fled || su.RoutedOnce || su.Status == StatusRouting || su.Status == StatusScattered
		u.Scattered = u.Scattered || u.Status == StatusScattered
		u.Fled = u.Fled || u.Scattered
		u.Eliminated = u.Eliminated || u.Status == StatusDestroyed
		u.Inflicted = u.InflictedShot + u.InflictedMelee
		rec.Units = append(rec.Units, *u)
		rec.Sides[su.Side].StartFigures += su.Figures
		rec.Sides[su.Side].EndFigures += u.End
	}
	for _, sl := range start.Leaders {
		l := LeaderRecord{ID: sl.ID, Side: sl.Side, Role: sl.Role, Duels: rd.duels[sl.ID]}
		if el := end.Leader(sl.ID); el != nil {
			l.Wounds = max(0, el.Wounds-sl.Wounds)
			l.Captured = el.Health == LeaderCaptured && sl.Health != LeaderCaptured
			l.Killed = el.Health == LeaderKilled && sl.Health != LeaderKilled
		}
		rec.Leaders = append(rec.Leaders, l)
	}
	return rec
}

// weight is one unit's share of a damage: what it dealt before armor.
type weight struct {
	id string
	w  int
}

// credit is the damage a unit took that its next losses come from.
type credit struct {
	shot bool
	by   []weight
}

// fight is one melee as the events tell it: from its first EvAttack or
// EvMeeting to the next fight, shooting, Peasants, step or phase.
type fight struct {
	meeting  bool
	defender string          // the attacked unit of an attack
	routing  bool            // the defender was routing (R-X.5.3)
	in       []string        // every unit in it, the defender first
	member   map[string]bool // every unit in it
	routed   map[string]bool // units it has put to flight
	attack   map[string]string
	start    map[string]int // figures at its start
	hits     map[string]int // successes of the units' melee rolls
	rolled   bool
}

func (f *fight) has(id string) bool { return f.member[id] }

// recorder reads the events in order.
type recorder struct {
	settings Settings
	units    []*UnitRecord
	byID     map[string]*UnitRecord
	figures  map[string]int
	types    map[string]TroopType
	pending  map[string]credit   // by victim: the damage its next losses come from
	shots    map[string][]weight // by target: the shots of the shooting under way
	cur      *fight              // the melee under way, if any
	duels    map[string]int      // by leader
	// shotDown is the unit whose losses the last event was, to shooting,
	// and its shooters: a destruction that follows at once is theirs.
	shotDown   string
	shotDownBy []weight
	// mismatch counts joint melee damages whose shares could not be
	// rebuilt from the rolls (tests expect none).
	mismatch int
}

func newRecorder(b Battle) *recorder {
	rd := &recorder{settings: b.Settings, byID: map[string]*UnitRecord{}, figures: map[string]int{},
		types: map[string]TroopType{}, pending: map[string]credit{}, shots: map[string][]weight{},
		duels: map[string]int{}}
	for _, u := range b.Units {
		r := &UnitRecord{ID: u.ID, Side: u.Side, Type: u.Type, MinorClan: u.MinorClan}
		rd.units = append(rd.units, r)
		rd.byID[u.ID] = r
		rd.figures[u.ID] = u.Figures
		rd.types[u.ID] = u.Type
	}
	return rd
}

// close ends the melee under way.
func (rd *recorder) close() { rd.cur = nil }

func (rd *recorder) open(meeting bool) *fight {
	rd.cur = &fight{meeting: meeting, member: map[string]bool{}, routed: map[string]bool{}, attack: map[string]string{},
		start: map[string]int{}, hits: map[string]int{}}
	return rd.cur
}

func (f *fight) join(rd *recorder, id string) {
	if f.has(id) {
		return
	}
	f.in = append(f.in, id)
	f.member[id] = true
	f.start[id] = rd.figures[id]
}

func (rd *recorder) event(e Event) {
	shotDown, shotDownBy := rd.shotDown, rd.shotDownBy
	rd.shotDown, rd.shotDownBy = "", nil
	switch e.Kind {
	case EvPhase, EvStep, EvOutcome, EvPanic:
		rd.close()
	case EvShot:
		rd.close()
		rd.shots[e.Other] = append(rd.shots[e.Other], weight{e.Unit, e.Raw})
	case EvAttack:
		f := rd.cur
		if f == nil || f.meeting || f.rolled || f.defender != e.Other {
			f = rd.open(false)
			f.defender = e.Other
			f.join(rd, e.Other)
		}
		f.join(rd, e.Unit)
		f.attack[e.Unit] = e.Detail
		if e.Detail == "routing" {
			f.routing = true
		}
	case EvMeeting:
		f := rd.open(true)
		f.join(rd, e.Unit)
		f.join(rd, e.Other)
	case EvRoll:
		if f := rd.cur; f != nil {
			if owner, kind, ok := strings.Cut(e.Key, "."); ok && kind == "melee" {
				f.hits[owner] += e.Value
				f.rolled = true
			}
		}
	case EvDamage:
		rd.damage(e)
	case EvLosses:
		rd.losses(e)
	case EvDestroyed:
		u := rd.byID[e.Unit]
		if u == nil {
			return
		}
		u.Eliminated = true
		switch f := rd.cur; {
		case f != nil && f.has(e.Unit):
			for _, id := range f.in {
				if o := rd.byID[id]; o != nil && o.Side != u.Side {
					o.Destroyed++
				}
			}
		case shotDown == e.Unit:
			for _, w := range shotDownBy {
				if o := rd.byID[w.id]; o != nil && o.Side != u.Side {
					o.Destroyed++
				}
			}
		}
	case EvRouted:
		u := rd.byID[e.Unit]
		if u == nil {
			return
		}
		u.Fled = true
		f := rd.cur
		if f == nil || !f.has(e.Unit) || (f.routing && e.Unit == f.defender) {
			return
		}
		if f.routed[e.Unit] {
			return // routed twice in one fight: one flight
		}
		f.routed[e.Unit] = true
		for _, id := range f.in {
			if o := rd.byID[id]; o != nil && o.Side != u.Side {
				o.PutToFlight++
			}
		}
	case EvScattered:
		if u := rd.byID[e.Unit]; u != nil {
			u.Scattered, u.Fled = true, true
		}
	case EvCombatResult:
		if e.Detail == "repelled" || e.Detail == "held" {
			if u := rd.byID[e.Unit]; u != nil {
				u.Held++
			}
		}
	case EvDuel:
		rd.duels[e.Unit]++
		rd.duels[e.Other]++
	}
}

// damage notes what a damage's victim will lose, and to whom.
func (rd *recorder) damage(e Event) {
	ids := strings.Split(e.Unit, "+")
	var by []weight
	shot := e.Rule == "R-IX.1.1"
	switch {
	case shot:
		by = rd.shots[e.Other]
		delete(rd.shots, e.Other)
		if len(by) == 0 { // not seen: share alike
			for _, id := range ids {
				by = append(by, weight{id, 1})
			}
		}
	case len(ids) == 1:
		by = []weight{{ids[0], 1}}
	default:
		by = rd.jointShares(ids, e)
	}
	if e.Value <= 0 {
		delete(rd.pending, e.Other)
		return
	}
	rd.pending[e.Other] = credit{shot: shot, by: by}
}

// jointShares rebuilds what each attacker of a joint attack dealt before
// armor (R-VIII.2.1, R-X.5.3): its base damage, unless it had none, plus
// its extra damage from its roll.
func (rd *recorder) jointShares(ids []string, e Event) []weight {
	f := rd.cur
	by := make([]weight, len(ids))
	sum := 0
	for k, id := range ids {
		w := 0
		if f != nil {
			start := f.start[id]
			at, def := rd.types[id], rd.types[e.Other]
			switch {
			case f.routing:
				// No dice for the routing unit, no armor (R-X.5.3, R-II.2.6).
				switch {
				case at.Stats().Cavalry && def.Infantry():
					w = 2 * Files(start)
				case at.Infantry() && def.Stats().Cavalry:
					w = f.hits[id]
				default:
					w = Files(start)
				}
			default:
				w = at.Stats().BaseMelee
				r := resolver{}
				r.b.Settings = rd.settings
				if r.noBase(start, def.Stats().ForestSpears && f.attack[id] == AttackFront.String(), f.start[e.Other]) {
					w = 0
				}
				w += f.hits[id]
			}
		}
		by[k] = weight{id, w}
		sum += w
	}
	if sum != e.Raw {
		rd.mismatch++
		for k := range by {
			by[k].w = 1
		}
	}
	return by
}

// losses counts a unit's losses and credits them to who dealt them.
func (rd *recorder) losses(e Event) {
	rd.figures[e.Unit] = e.Figures
	u := rd.byID[e.Unit]
	if u == nil {
		return
	}
	n := e.Value
	u.Lost += n
	switch e.Rule {
	case "R-X.2.2", "R-X.2.5":
		u.LostFlight += n
		return
	case "R-VIII.2.7", "R-X.5.3":
		u.LostMelee += n
	default:
		u.LostShot += n
	}
	c, ok := rd.pending[e.Unit]
	if !ok {
		return
	}
	delete(rd.pending, e.Unit)
	if c.shot {
		rd.shotDown, rd.shotDownBy = e.Unit, c.by
	}
	for k, share := range apportion(n, c.by) {
		o := rd.byID[c.by[k].id]
		if o == nil || o.Side == u.Side {
			continue
		}
		if c.shot {
			o.InflictedShot += share
		} else {
			o.InflictedMelee += share
		}
	}
}

// apportion shares n by the weights, largest remainder first, ties to the
// earlier; all weights 0 share alike.
func apportion(n int, by []weight) []int {
	out := make([]int, len(by))
	if len(by) == 0 {
		return out
	}
	total := 0
	for _, w := range by {
		total += max(0, w.w)
	}
	ws := make([]int, len(by))
	for k, w := range by {
		ws[k] = max(0, w.w)
		if total == 0 {
			ws[k] = 1
		}
	}
	if total == 0 {
		total = len(by)
	}
	given := 0
	rem := make([]int, len(by))
	for k := range by {
		out[k] = n * ws[k] / total
		rem[k] = n * ws[k] % total
		given += out[k]
	}
	for ; given < n; given++ {
		best := 0
		for k := range rem {
			if rem[k] > rem[best] {
				best = k
			}
		}
		out[best]++
		rem[best] = -1
	}
	return out
}
