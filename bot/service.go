package bot

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Service is the battle lifecycle on top of the store (ARCHITECTURE: draft
// -> deployment -> turn N: command -> resolving -> ... -> finished). Each
// method is one bbolt transaction and touches no Discord: the Discord side
// (discord.go) calls it and posts what it returns, so a crash between any two
// steps leaves the store consistent and the bot resumes from it.
type Service struct {
	Store *store.Store
	// Rand supplies the dice seeds; crypto/rand in production.
	Rand io.Reader
	// Scenarios are the prepared battles of the config's scenario files,
	// offered beside the built-in ones (LoadScenarios).
	Scenarios map[string]engine.Battle
	// TurnDeadline is how long a command phase stays open (config
	// battle.turn_deadline); zero: until both sides are ready or the GM
	// resolves.
	TurnDeadline time.Duration
	// Now is the clock of deadlines; nil is time.Now.
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// scenario finds a prepared battle by name: the config's, then built-in.
func (s *Service) scenario(name string) (engine.Battle, bool) {
	if b, ok := s.Scenarios[battleID(name)]; ok {
		return b.Clone(), true
	}
	return Scenario(name)
}

// scenarioNames lists every scenario /battle create can start from.
func (s *Service) scenarioNames() []string {
	names := ScenarioNames()
	for n := range s.Scenarios {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// UserError is a refusal the player or GM should read: a catalogue key with
// its arguments, or the engine's Problems, rendered in the reader's language.
type UserError struct {
	Key      string
	Args     []any
	Problems []*engine.Problem
}

func (e *UserError) Error() string { return e.Text(render.EN) }

// Text renders the refusal in a language.
func (e *UserError) Text(lang render.Lang) string {
	if len(e.Problems) > 0 {
		return render.ProblemsText(lang, e.Problems)
	}
	return render.T(lang, e.Key, e.Args...)
}

func refuse(key string, args ...any) error { return &UserError{Key: key, Args: args} }

// CreateRequest is what /battle create gives.
type CreateRequest struct {
	Name        string
	North       store.Clan
	South       store.Clan
	GMChannelID string
	Scenario    string
	Locale      string
}

// battleID turns a battle name into its key: lower case, words joined by '-'.
func battleID(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.TrimSpace(name)) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.Trim(b.String(), "-")
}

// active reports whether a battle is being fought.
func active(s store.Status) bool {
	return s == store.StatusDeployment || s == store.StatusCommand || s == store.StatusResolving
}

// Create sets up a battle from a scenario; it waits in deployment until the
// GM starts it.
func (s *Service) Create(guild string, req CreateRequest) (store.BattleRecord, error) {
	id := battleID(req.Name)
	if id == "" {
		return store.BattleRecord{}, refuse("err.battle_name")
	}
	if req.North.RoleID == "" || req.South.RoleID == "" || req.North.RoleID == req.South.RoleID {
		return store.BattleRecord{}, refuse("err.same_role")
	}
	if req.Scenario == "" {
		req.Scenario = ScenarioNames()[0]
	}
	state, ok := s.scenario(req.Scenario)
	if !ok {
		return store.BattleRecord{}, refuse("err.scenario", req.Scenario, strings.Join(s.scenarioNames(), ", "))
	}
	state.ID = id
	rec := store.BattleRecord{
		ID: id, GuildID: guild, Name: strings.TrimSpace(req.Name), Status: store.StatusDeployment,
		Sides: [2]store.Clan{req.North, req.South}, GMChannelID: req.GMChannelID,
		State: state, Locale: req.Locale,
	}
	err := s.Store.Update(func(tx *store.Tx) error {
		if _, err := tx.Battle(guild, id); err == nil {
			return refuse("err.battle_exists", rec.Name)
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		all, err := tx.Battles(guild)
		if err != nil {
			return err
		}
		for _, b := range all {
			if !active(b.Status) {
				continue
			}
			for _, c := range b.Sides {
				if c.RoleID == req.North.RoleID || c.RoleID == req.South.RoleID {
					return refuse("err.clan_busy", b.Name)
				}
			}
		}
		return tx.PutBattle(rec)
	})
	return rec, err
}

// Battles lists a guild's battles, the ones being fought first, then by
// name.
func (s *Service) Battles(guild string) ([]store.BattleRecord, error) {
	var out []store.BattleRecord
	err := s.Store.View(func(tx *store.Tx) error {
		var err error
		out, err = tx.Battles(guild)
		return err
	})
	slices.SortStableFunc(out, func(a, b store.BattleRecord) int {
		if fa, fb := a.Status == store.StatusFinished, b.Status == store.StatusFinished; fa != fb {
			if fa {
				return 1
			}
			return -1
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out, err
}

// Battle looks a battle up by its ID or its name.
func (s *Service) Battle(guild, ref string) (store.BattleRecord, error) {
	var rec store.BattleRecord
	err := s.Store.View(func(tx *store.Tx) error {
		var err error
		rec, err = find(tx, guild, ref)
		return err
	})
	return rec, err
}

// find looks a battle up by its ID or its name.
func find(tx *store.Tx, guild, ref string) (store.BattleRecord, error) {
	rec, err := tx.Battle(guild, battleID(ref))
	if errors.Is(err, store.ErrNotFound) {
		return rec, refuse("err.no_battle", ref)
	}
	return rec, err
}

// Opened is a turn that has just opened: its seed is committed and its
// hash is to be posted to every channel before anyone rolls.
type Opened struct {
	Battle   store.BattleRecord
	Turn     int
	SeedHash string
	// Infiltration is set when the battle starts (R-IV.4), until told.
	Infiltration [2]store.Infiltration
	// Scouting: the phase opened is the plan-change phase of the
	// deployment turn (Turn 0), not a command phase (R-I.3.2, R-IV.5).
	Scouting bool
}

// seed returns the dice seed of a turn, drawing and storing it the first
// time: its hash is published before any of its dice are rolled.
func (s *Service) seed(tx *store.Tx, rec *store.BattleRecord, turn int) (store.Seed, error) {
	if old, err := tx.Seed(rec.GuildID, rec.ID, turn); !errors.Is(err, store.ErrNotFound) {
		return old, err
	}
	seed := make([]byte, 32)
	r := s.Rand
	if r == nil {
		r = rand.Reader
	}
	if _, err := io.ReadFull(r, seed); err != nil {
		return store.Seed{}, err
	}
	if err := tx.PutSeed(rec.GuildID, rec.ID, turn, seed); err != nil {
		return store.Seed{}, err
	}
	return tx.Seed(rec.GuildID, rec.ID, turn)
}

// openTurn opens the command phase of a battle turn with its seed and
// deadline.
func (s *Service) openTurn(tx *store.Tx, rec *store.BattleRecord, turn int) (Opened, error) {
	seed, err := s.seed(tx, rec, turn)
	if err != nil {
		return Opened{}, err
	}
	rec.Turn, rec.Status = turn, store.StatusCommand
	s.setDeadline(rec)
	return Opened{Battle: *rec, Turn: turn, SeedHash: seed.Hash, Infiltration: rec.Infiltration}, tx.PutBattle(*rec)
}

// setDeadline gives the phase that opens now its deadline, if any.
func (s *Service) setDeadline(rec *store.BattleRecord) {
	rec.Deadline = time.Time{}
	if s.TurnDeadline > 0 {
		rec.Deadline = s.now().Add(s.TurnDeadline).UTC()
	}
}

// Start opens battle turn 1.
func (s *Service) Start(guild, ref string) (Opened, error) {
	var out Opened
	err := s.Store.Update(func(tx *store.Tx) error {
		rec, err := find(tx, guild, ref)
		if err != nil {
			return err
		}
		if rec.Status != store.StatusDeployment {
			return refuse("err.not_in_deployment", rec.Name)
		}
		if rec.Scouting {
			// The GM closes the plan-change phase of the deployment turn.
			out, err = s.endScouting(tx, &rec)
			return err
		}
		// The battle starts only from a legal deployment (RULES IV, D-65).
		probs := engine.ValidateTerrain(rec.State, rec.State.Settings.TerrainTypes())
		for _, side := range []engine.Side{engine.North, engine.South} {
			probs = append(probs, engine.ValidateDeployment(rec.State, side)...)
		}
		if len(probs) > 0 {
			return &UserError{Problems: probs}
		}
		// The deployment turn has no seed of its own: its rolls use turn
		// 1's seed under turn number 0, so they too can be checked once
		// that seed is revealed.
		seed, err := s.seed(tx, &rec, 1)
		if err != nil {
			return err
		}
		infiltrate(&rec, engine.NewSeededDice(seed.Value, rec.ID, 0))
		if rec.State.Shinobi != [2]int{} {
			out, err = s.openScouting(tx, &rec, seed.Hash)
		} else {
			out, err = s.openTurn(tx, &rec, 1)
		}
		return err
	})
	return out, err
}

// Finish ends a battle by the GM's decision.
func (s *Service) Finish(guild, ref string) (store.BattleRecord, error) {
	var rec store.BattleRecord
	err := s.Store.Update(func(tx *store.Tx) error {
		var err error
		if rec, err = find(tx, guild, ref); err != nil {
			return err
		}
		if rec.Status == store.StatusFinished {
			return refuse("err.finished", rec.Name)
		}
		rec.Status = store.StatusFinished
		return tx.PutBattle(rec)
	})
	return rec, err
}

// Seat is where a player fights: a battle in its command phase and a side.
type Seat struct {
	Battle store.BattleRecord
	Side   engine.Side
}

// SeatOf finds the battle and side of a member from their roles: the
// battle in its command phase whose clan role the member has.
func (s *Service) SeatOf(guild string, roles []string) (Seat, error) {
	seat, err := s.seatOf(guild, roles)
	if err == nil && seat.Battle.Status != store.StatusCommand {
		return seat, refuse("err.not_command", seat.Battle.Name)
	}
	return seat, err
}

// DeploySeat finds the battle in deployment in which a member places his
// side's army (RULES IV).
func (s *Service) DeploySeat(guild string, roles []string) (Seat, error) {
	seat, err := s.seatOf(guild, roles)
	if err == nil && (seat.Battle.Status != store.StatusDeployment || seat.Battle.Scouting) {
		return seat, refuse("err.not_deployment", seat.Battle.Name)
	}
	return seat, err
}

func (s *Service) seatOf(guild string, roles []string) (Seat, error) {
	var seat Seat
	err := s.Store.View(func(tx *store.Tx) error {
		all, err := tx.Battles(guild)
		if err != nil {
			return err
		}
		var found []Seat
		for _, b := range all {
			if !active(b.Status) {
				continue
			}
			for side, c := range b.Sides {
				if slices.Contains(roles, c.RoleID) {
					found = append(found, Seat{b, engine.Side(side)})
				}
			}
		}
		switch {
		case len(found) == 0:
			return refuse("err.no_seat")
		case len(found) > 1:
			return refuse("err.two_seats")
		}
		seat = found[0]
		return nil
	})
	return seat, err
}

// commandInput is what a side brings to its command roll: the leaders'
// HQ reroll and generals' bonus (engine.CommandSetup) and its messengers.
func commandInput(b *engine.Battle, side engine.Side, stake engine.Stake, rerolls []string) engine.CommandInput {
	in := engine.CommandInput{Side: side, Stake: stake, Messengers: b.Messengers[side], Rerolls: rerolls}
	in.HQReroll, in.Bonus = engine.CommandSetup(b, side, b.Turn+1, nil)
	return in
}

// RerollOptions lists the rerolls still open to a roll that failed.
func RerollOptions(b *engine.Battle, side engine.Side, c store.CommandRoll) []string {
	if c.Final || c.Result.Success {
		return nil
	}
	in := commandInput(b, side, c.Stake, c.Rerolls)
	var out []string
	if in.HQReroll && !c.Result.HQUsed {
		out = append(out, engine.RerollHQ)
	}
	if in.Messengers > c.Result.MessengersUsed {
		out = append(out, engine.RerollMessenger)
	}
	return out
}

// roll recomputes a side's command roll from the turn's seed: the same
// seed, stake and rerolls always give the same dice, so a reroll is the
// first roll replayed with one more reroll.
func roll(tx *store.Tx, rec *store.BattleRecord, side engine.Side, stake engine.Stake, rerolls []string) (store.CommandRoll, error) {
	seed, err := tx.Seed(rec.GuildID, rec.ID, rec.Turn)
	if err != nil {
		return store.CommandRoll{}, err
	}
	d := engine.NewSeededDice(seed.Value, rec.ID, rec.Turn)
	res, p := engine.CommandRoll(commandInput(&rec.State, side, stake, rerolls), d)
	if p != nil {
		return store.CommandRoll{}, &UserError{Problems: []*engine.Problem{p}}
	}
	c := store.CommandRoll{Stake: stake, Rerolls: rerolls, Result: res}
	c.Final = len(RerollOptions(&rec.State, side, c)) == 0
	return c, nil
}

// Roll makes a side's command roll for the current turn (R-V.1, R-V.2).
func (s *Service) Roll(seat Seat, stake engine.Stake) (store.CommandRoll, error) {
	var c store.CommandRoll
	err := s.Store.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(seat.Battle.GuildID, seat.Battle.ID)
		if err != nil {
			return err
		}
		if _, err := tx.Command(rec.GuildID, rec.ID, rec.Turn, seat.Side); err == nil {
			return refuse("err.rolled")
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if c, err = roll(tx, &rec, seat.Side, stake, nil); err != nil {
			return err
		}
		return tx.PutCommand(rec.GuildID, rec.ID, rec.Turn, seat.Side, c)
	})
	return c, err
}

// Reroll takes one more reroll (hq or messenger) of a failed roll, or with
// source "" accepts the roll as it stands (R-V.3, D-32). A messenger is
// spent from the army for the rest of the battle.
func (s *Service) Reroll(seat Seat, source string) (store.CommandRoll, error) {
	var c store.CommandRoll
	err := s.Store.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(seat.Battle.GuildID, seat.Battle.ID)
		if err != nil {
			return err
		}
		old, err := tx.Command(rec.GuildID, rec.ID, rec.Turn, seat.Side)
		if errors.Is(err, store.ErrNotFound) {
			return refuse("err.roll_first")
		} else if err != nil {
			return err
		}
		if old.Final {
			return refuse("err.roll_final")
		}
		if source == "" {
			old.Final = true
			c = old
			return tx.PutCommand(rec.GuildID, rec.ID, rec.Turn, seat.Side, old)
		}
		if !slices.Contains(RerollOptions(&rec.State, seat.Side, old), source) {
			return refuse("err.no_reroll")
		}
		if c, err = roll(tx, &rec, seat.Side, old.Stake, append(slices.Clone(old.Rerolls), source)); err != nil {
			return err
		}
		if source == engine.RerollMessenger {
			rec.State.Messengers[seat.Side]--
			if err := tx.PutBattle(rec); err != nil {
				return err
			}
		}
		return tx.PutCommand(rec.GuildID, rec.ID, rec.Turn, seat.Side, c)
	})
	return c, err
}

// SideOrders is one side's command roll and orders of the current turn.
type SideOrders struct {
	Turn    int
	Command *store.CommandRoll // nil: not rolled yet
	Orders  []engine.Order
}

func sideOrders(tx *store.Tx, rec *store.BattleRecord, side engine.Side) (SideOrders, error) {
	out := SideOrders{Turn: rec.Turn}
	c, err := tx.Command(rec.GuildID, rec.ID, rec.Turn, side)
	switch {
	case err == nil:
		out.Command = &c
	case !errors.Is(err, store.ErrNotFound):
		return out, err
	}
	o, err := tx.Orders(rec.GuildID, rec.ID, rec.Turn, side)
	switch {
	case err == nil:
		out.Orders = o
	case !errors.Is(err, store.ErrNotFound):
		return out, err
	}
	return out, nil
}

// Orders shows a side its own roll and orders.
func (s *Service) Orders(seat Seat) (SideOrders, error) {
	var out SideOrders
	err := s.Store.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(seat.Battle.GuildID, seat.Battle.ID)
		if err != nil {
			return err
		}
		out, err = sideOrders(tx, &rec, seat.Side)
		return err
	})
	return out, err
}

// Order accepts (or replaces) one order of a side for the current turn.
// It is checked at once against the rules and the command roll, so a
// player learns immediately why an order is illegal; nothing is stored then.
func (s *Service) Order(seat Seat, o engine.Order) (SideOrders, error) {
	var out SideOrders
	err := s.Store.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(seat.Battle.GuildID, seat.Battle.ID)
		if err != nil {
			return err
		}
		if rec.Status != store.StatusCommand {
			return refuse("err.not_command", rec.Name)
		}
		if out, err = sideOrders(tx, &rec, seat.Side); err != nil {
			return err
		}
		if out.Command == nil || !out.Command.Final {
			return refuse("err.roll_first")
		}
		ph, err := tx.Phase(rec.GuildID, rec.ID, rec.Turn)
		if err != nil {
			return err
		}
		if ph.Round > 0 && (o.Kind == engine.OrderShinobi || o.Kind == engine.OrderBanner) {
			return refuse("err.plan_change_fixed") // D-29: missions and banners stay
		}
		if ph.Ready[seat.Side] {
			// Changing orders takes the side's "ready" back.
			ph.Ready[seat.Side] = false
			if err := tx.PutPhase(rec.GuildID, rec.ID, rec.Turn, ph); err != nil {
				return err
			}
		}
		o.Side, o.Turn = seat.Side, 0
		// An order replaces the one it takes the place of: a unit's order
		// for the same phase, the army-wide order, a leader's move.
		orders := slices.DeleteFunc(slices.Clone(out.Orders), func(x engine.Order) bool {
			return replaces(o, x)
		})
		orders = append(orders, o)
		if probs := engine.Validate(rec.State, seat.Side, rec.Turn, orders); len(probs) > 0 {
			return &UserError{Problems: probs}
		}
		if p := engine.CheckBudget(rec.State, seat.Side, rec.Turn, orders, out.Command.Result); p != nil {
			return &UserError{Problems: []*engine.Problem{p}}
		}
		out.Orders = orders
		return tx.PutOrders(rec.GuildID, rec.ID, rec.Turn, seat.Side, orders)
	})
	return out, err
}

// SetSpare records a side's standing choice to spare the enemy duellists
// its characters "kill" (R-VIII.6.5, D-59); it holds until changed.
func (s *Service) SetSpare(seat Seat, spare bool) error {
	return s.Store.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(seat.Battle.GuildID, seat.Battle.ID)
		if err != nil {
			return err
		}
		if rec.Status != store.StatusCommand {
			return refuse("err.not_command", rec.Name)
		}
		rec.State.Spare[seat.Side] = spare
		return tx.PutBattle(rec)
	})
}

// SaveAmmo gives or takes back a shooter's Save ammo! instruction in a
// command phase, which only save_ammo.changeable=true allows (D-44); at
// deployment it is given with /deploy.
func (s *Service) SaveAmmo(seat Seat, unit string, on bool) error {
	return s.Store.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(seat.Battle.GuildID, seat.Battle.ID)
		if err != nil {
			return err
		}
		if rec.Status != store.StatusCommand {
			return refuse("err.not_command", rec.Name)
		}
		nb, prob := engine.SetSaveAmmo(rec.State, seat.Side, unit, on, false)
		if prob != nil {
			return &UserError{Problems: []*engine.Problem{prob}}
		}
		rec.State = nb
		return tx.PutBattle(rec)
	})
}

// Cancel removes a side's order for a unit and phase.
func (s *Service) Cancel(seat Seat, unit string, phase int) (SideOrders, error) {
	var out SideOrders
	err := s.Store.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(seat.Battle.GuildID, seat.Battle.ID)
		if err != nil {
			return err
		}
		if out, err = sideOrders(tx, &rec, seat.Side); err != nil {
			return err
		}
		ph, err := tx.Phase(rec.GuildID, rec.ID, rec.Turn)
		if err != nil {
			return err
		}
		if ph.Ready[seat.Side] {
			ph.Ready[seat.Side] = false // changing orders takes "ready" back
			if err := tx.PutPhase(rec.GuildID, rec.ID, rec.Turn, ph); err != nil {
				return err
			}
		}
		n := len(out.Orders)
		out.Orders = slices.DeleteFunc(out.Orders, func(x engine.Order) bool { return x.Unit == unit && x.Phase == phase })
		if len(out.Orders) == n {
			return refuse("err.no_such_order", unit, phase)
		}
		// Removing a phase-1 order leaves a phase-2 order alone (R-VI.1.2).
		if probs := engine.Validate(rec.State, seat.Side, rec.Turn, out.Orders); len(probs) > 0 {
			return &UserError{Problems: probs}
		}
		return tx.PutOrders(rec.GuildID, rec.ID, rec.Turn, seat.Side, out.Orders)
	})
	return out, err
}

// Resolved is a turn that has been resolved and must be posted.
type Resolved struct {
	Battle store.BattleRecord // after the turn
	Turn   int
	Before engine.Battle // the state before the turn
	After  engine.Battle // the state after it
	Events []engine.Event
	Seed   []byte  // revealed now
	Next   *Opened // the next turn, unless the battle ended
}

// Resolve resolves the current turn of a battle with the orders given so
// far, stores the result and opens the next turn, in one transaction.
func (s *Service) Resolve(guild, ref string) (Resolved, error) {
	var out Resolved
	err := s.Store.Update(func(tx *store.Tx) error {
		rec, err := find(tx, guild, ref)
		if err != nil {
			return err
		}
		if rec.Status != store.StatusCommand {
			return refuse("err.not_command", rec.Name)
		}
		out, err = s.resolveTx(tx, rec)
		return err
	})
	return out, err
}

// resolveTx resolves the current turn inside a transaction: the sides'
// orders, cut to their command rolls if an interception lowered them
// (D-31: the most recently given orders go first), the engine, the stored
// result and the next turn.
func (s *Service) resolveTx(tx *store.Tx, rec store.BattleRecord) (Resolved, error) {
	guild, turn := rec.GuildID, rec.Turn
	seed, err := tx.Seed(guild, rec.ID, turn)
	if err != nil {
		return Resolved{}, err
	}
	var orders []engine.Order
	for _, side := range []engine.Side{engine.North, engine.South} {
		so, err := sideOrders(tx, &rec, side)
		if err != nil {
			return Resolved{}, err
		}
		// Orders are checked when given, but the GM may have changed the
		// battle since (/battle fix, /battle set): an order that no longer
		// fits is dropped rather than blocking the turn.
		var mine []engine.Order
		for _, o := range so.Orders {
			if len(engine.Validate(rec.State, side, turn, append(mine, o))) == 0 {
				mine = append(mine, o)
			}
		}
		if so.Command != nil {
			for len(mine) > 0 && engine.CheckBudget(rec.State, side, turn, mine, so.Command.Result) != nil {
				mine = mine[:len(mine)-1]
			}
		}
		orders = append(orders, mine...)
	}
	before := rec.State
	next, events, err := engine.ResolveTurn(before, orders, engine.NewSeededDice(seed.Value, rec.ID, turn))
	if err != nil {
		return Resolved{}, fmt.Errorf("resolving turn %d of %s: %w", turn, rec.ID, err)
	}
	if err := tx.PutSnapshot(guild, rec.ID, turn, before); err != nil {
		return Resolved{}, err
	}
	if err := tx.PutEvents(guild, rec.ID, turn, events); err != nil {
		return Resolved{}, err
	}
	rec.State = next
	out := Resolved{Turn: turn, Before: before, After: next, Events: events, Seed: seed.Value}
	if next.Outcome != engine.Ongoing || turn >= next.Settings.LastTurn() {
		rec.Status = store.StatusFinished
		err = tx.PutBattle(rec)
	} else {
		var next Opened
		next, err = s.openTurn(tx, &rec, turn+1)
		out.Next = &next
	}
	out.Battle = rec
	return out, err
}

// ReadyResult is what a side's "ready" led to.
type ReadyResult struct {
	Phase store.CommandPhase
	// PlanChange: both sides were ready and Signals or an interception
	// was given: the plan-change round begins; post Phase.Reports (D-29).
	PlanChange bool
	// Resolved: both sides were ready and the turn was resolved.
	Resolved *Resolved
}

// Ready marks a side ready with its orders. When both are ready the turn
// goes on by itself: to the plan-change round if a shinobi signalled or
// intercepted (R-V.6.2, R-V.6.5, D-29, D-31), else to its resolution.
func (s *Service) Ready(seat Seat) (ReadyResult, error) {
	var out ReadyResult
	err := s.Store.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(seat.Battle.GuildID, seat.Battle.ID)
		if err != nil {
			return err
		}
		if rec.Status != store.StatusCommand {
			return refuse("err.not_command", rec.Name)
		}
		ph, err := tx.Phase(rec.GuildID, rec.ID, rec.Turn)
		if err != nil {
			return err
		}
		ph.Ready[seat.Side] = true
		out.Phase = ph
		if !ph.Ready[engine.North] || !ph.Ready[engine.South] {
			return tx.PutPhase(rec.GuildID, rec.ID, rec.Turn, ph)
		}
		if ph.Round == 0 {
			changed, err := s.shinobiReports(tx, &rec, &ph)
			if err != nil {
				return err
			}
			if changed {
				ph.Round, ph.Ready = 1, [2]bool{}
				out.Phase, out.PlanChange = ph, true
				if err := tx.PutBattle(rec); err != nil {
					return err
				}
				return tx.PutPhase(rec.GuildID, rec.ID, rec.Turn, ph)
			}
		}
		if err := tx.PutPhase(rec.GuildID, rec.ID, rec.Turn, ph); err != nil {
			return err
		}
		res, err := s.resolveTx(tx, rec)
		out.Resolved = &res
		return err
	})
	return out, err
}

// shinobiReports carries out the shinobi missions of the command phase
// itself once both sides are ready: interceptions change the enemy's command
// roll (R-V.6.5, D-31) and Signals report a unit's orders (R-V.6.2, D-29).
// It reports whether there was any, that is whether a plan-change round
// follows.
func (s *Service) shinobiReports(tx *store.Tx, rec *store.BattleRecord, ph *store.CommandPhase) (bool, error) {
	l := render.Lang(rec.Locale)
	var all [2]SideOrders
	for _, side := range []engine.Side{engine.North, engine.South} {
		so, err := sideOrders(tx, rec, side)
		if err != nil {
			return false, err
		}
		all[side] = so
	}
	any := false
	for _, side := range []engine.Side{engine.North, engine.South} {
		enemy := side.Enemy()
		for _, o := range all[side].Orders {
			if o.Kind != engine.OrderShinobi {
				continue
			}
			switch o.Mission {
			case engine.MissionSignals:
				any = true
				seen := engine.Signals(all[enemy].Orders, o.Target, rec.Turn)
				ph.Reports[side] = append(ph.Reports[side], render.T(l, "bot.signals", o.Target)+"\n"+render.OrdersText(l, rec.Turn, seen))
			case engine.MissionInterception:
				any = true
				c := all[enemy].Command
				if c == nil {
					ph.Reports[side] = append(ph.Reports[side], render.T(l, "bot.intercept.nothing"))
					continue
				}
				res, left, what := engine.Intercept(c.Result, c.Stake, c.Rerolls, rec.State.Messengers[enemy], rec.State.Settings.InterceptionUsedFirst)
				c.Result, rec.State.Messengers[enemy] = res, left
				if err := tx.PutCommand(rec.GuildID, rec.ID, rec.Turn, enemy, *c); err != nil {
					return false, err
				}
				ph.Reports[side] = append(ph.Reports[side], render.T(l, "bot.intercept."+what))
				if what == "voided" {
					ph.Reports[enemy] = append(ph.Reports[enemy], render.T(l, "bot.intercepted", res.Special, res.Ordinary))
				}
			}
		}
	}
	return any, nil
}

// maxTurns is the last battle turn (R-I.3.1, D-04).
const maxTurns = 12

// MarkPosted records that a resolved turn's results reached the channels.
func (s *Service) MarkPosted(guild, id string, turn int) error {
	return s.Store.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(guild, id)
		if err != nil {
			return err
		}
		if turn > rec.PostedTurn {
			rec.PostedTurn = turn
			return tx.PutBattle(rec)
		}
		return nil
	})
}

// MarkAnnounced records that an opening reached the channels: of the
// command phase of op.Turn, or of the deployment turn's scouting. The
// infiltration told with it is not told again.
func (s *Service) MarkAnnounced(op Opened) error {
	return s.Store.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(op.Battle.GuildID, op.Battle.ID)
		if err != nil {
			return err
		}
		if op.Scouting {
			rec.ScoutingAnnounced = true
		} else {
			rec.Announced = max(rec.Announced, op.Turn)
		}
		rec.Infiltration = [2]store.Infiltration{}
		return tx.PutBattle(rec)
	})
}

// Unannounced lists the open command phases whose opening was never posted
// (the bot died right after opening them).
func (s *Service) Unannounced(guild string) ([]Opened, error) {
	var out []Opened
	err := s.Store.View(func(tx *store.Tx) error {
		all, err := tx.Battles(guild)
		if err != nil {
			return err
		}
		for _, rec := range all {
			scouting := rec.Scouting && !rec.ScoutingAnnounced
			if !scouting && (rec.Status != store.StatusCommand || rec.Announced >= rec.Turn) {
				continue
			}
			turn := max(rec.Turn, 1) // the scouting phase published turn 1's seed
			seed, err := tx.Seed(guild, rec.ID, turn)
			if err != nil {
				return err
			}
			op := Opened{Battle: rec, SeedHash: seed.Hash, Scouting: scouting, Infiltration: rec.Infiltration}
			if !scouting {
				op.Turn = turn
			}
			out = append(out, op)
		}
		return nil
	})
	return out, err
}

// PlanChange is a plan-change round to post: its battle and phase.
type PlanChange struct {
	Battle store.BattleRecord
	Phase  store.CommandPhase
}

// UnpostedPlanChanges lists the plan-change rounds opened but never posted
// (the bot died in between).
func (s *Service) UnpostedPlanChanges(guild string) ([]PlanChange, error) {
	var out []PlanChange
	err := s.Store.View(func(tx *store.Tx) error {
		all, err := tx.Battles(guild)
		if err != nil {
			return err
		}
		for _, rec := range all {
			if rec.Status != store.StatusCommand {
				continue
			}
			ph, err := tx.Phase(guild, rec.ID, rec.Turn)
			if err != nil {
				return err
			}
			if ph.Round == 1 && !ph.ReportsPosted {
				out = append(out, PlanChange{rec, ph})
			}
		}
		return nil
	})
	return out, err
}

// MarkPlanChangePosted records that a plan-change round reached the
// channels.
func (s *Service) MarkPlanChangePosted(guild, id string, turn int) error {
	return s.Store.Update(func(tx *store.Tx) error {
		ph, err := tx.Phase(guild, id, turn)
		if err != nil {
			return err
		}
		ph.ReportsPosted = true
		return tx.PutPhase(guild, id, turn, ph)
	})
}

// Unposted lists resolved turns whose posting did not finish (the bot died
// after resolving), so that they are posted on restart.
func (s *Service) Unposted(guild string) ([]Resolved, error) {
	var out []Resolved
	err := s.Store.View(func(tx *store.Tx) error {
		all, err := tx.Battles(guild)
		if err != nil {
			return err
		}
		for _, rec := range all {
			last := rec.Turn - 1 // the turn in command is not resolved yet
			if rec.Status == store.StatusFinished {
				last = rec.State.Turn
			}
			for turn := rec.PostedTurn + 1; turn <= last; turn++ {
				tr, err := tx.Turn(guild, rec.ID, turn)
				if err != nil || tr.Snapshot == nil || tr.Events == nil || tr.Seed == nil {
					continue
				}
				after := rec.State
				if next, err := tx.Snapshot(guild, rec.ID, turn+1); err == nil {
					after = next
				}
				res := Resolved{Battle: rec, Turn: turn, Before: *tr.Snapshot, After: after, Events: tr.Events, Seed: tr.Seed.Value}
				// The turn it opened is announced again with its seed
				// hash; only the last turn of a finished battle has none.
				if next, err := tx.Seed(guild, rec.ID, turn+1); err == nil {
					res.Next = &Opened{Battle: rec, Turn: turn + 1, SeedHash: next.Hash}
				}
				out = append(out, res)
			}
		}
		return nil
	})
	return out, err
}

// replaces reports whether a new order o takes the place of an order x the
// side gave before.
func replaces(o, x engine.Order) bool {
	switch {
	case o.Kind.ArmyWide() || x.Kind.ArmyWide():
		return o.Kind.ArmyWide() && x.Kind.ArmyWide()
	case o.Kind == engine.OrderMoveLeader || x.Kind == engine.OrderMoveLeader:
		return o.Kind == x.Kind && o.Leader == x.Leader
	case o.Kind.Declaration() || x.Kind.Declaration():
		return false // shinobi missions, banners, signals add up
	}
	return o.Unit == x.Unit && o.Phase == x.Phase
}

// SetSetting changes one per-battle setting by its RULES.md name (Appendix
// B), as the GM may at any time. A key the engine does not honour yet is
// refused, so a battle never runs on a setting that changes nothing.
func (s *Service) SetSetting(guild, ref, key, value string) (store.BattleRecord, error) {
	var rec store.BattleRecord
	err := s.Store.Update(func(tx *store.Tx) error {
		var err error
		if rec, err = find(tx, guild, ref); err != nil {
			return err
		}
		next := rec.State.Settings
		if err := next.Set(key, value); err != nil {
			if errors.Is(err, engine.ErrUnknownSetting) {
				return refuse("err.setting_key", key)
			}
			return refuse("err.setting_value", key, value, strings.Join(settingValues(key), ", "))
		}
		if slices.Contains(next.Unhonoured(), key) {
			return refuse("err.setting_unhonoured", key)
		}
		rec.State.Settings = next
		return tx.PutBattle(rec)
	})
	return rec, err
}

// Fixed is a GM's correction as made: the battle after it and the side
// whose unit, leader or counter it changed.
type Fixed struct {
	Battle store.BattleRecord
	Side   engine.Side
}

// Fix corrects one field of a unit, a leader or a side of a battle being
// fought (engine.Fix), as the GM may at any time.
func (s *Service) Fix(guild, ref, who, field, value string) (Fixed, error) {
	var out Fixed
	err := s.Store.Update(func(tx *store.Tx) error {
		rec, err := find(tx, guild, ref)
		if err != nil {
			return err
		}
		if rec.Status != store.StatusDeployment && rec.Status != store.StatusCommand {
			return refuse("err.fix_inactive", rec.Name)
		}
		next, prob := engine.Fix(rec.State, who, field, value)
		if prob != nil {
			return &UserError{Problems: []*engine.Problem{prob}}
		}
		rec.State = next
		out.Battle = rec
		switch sd, err := engine.ParseSide(who); {
		case next.Unit(who) != nil:
			out.Side = next.Unit(who).Side
		case next.Leader(who) != nil:
			out.Side = next.Leader(who).Side
		case err == nil:
			out.Side = sd
		}
		return tx.PutBattle(rec)
	})
	return out, err
}

// settingValues lists the values a key takes, or its default for keys of
// numbers and lists.
func settingValues(key string) []string {
	for _, info := range engine.SettingKeys() {
		if info.Key == key {
			if len(info.Values) > 0 {
				return info.Values
			}
			return []string{info.Default}
		}
	}
	return nil
}

// Settings lists a battle's settings: every key with its value.
func (s *Service) Settings(guild, ref string) ([]string, error) {
	var out []string
	err := s.Store.View(func(tx *store.Tx) error {
		rec, err := find(tx, guild, ref)
		if err != nil {
			return err
		}
		for _, info := range engine.SettingKeys() {
			if strings.Contains(info.Key, "<") || !info.Implemented {
				continue
			}
			v, err := rec.State.Settings.Get(info.Key)
			if err != nil {
				return err
			}
			out = append(out, info.Key+" = "+v)
		}
		return nil
	})
	return out, err
}

// Placement is one change a side makes to its deployment (RULES IV): a
// unit to a cell and facing (swapping with an own unit there), a leader to
// a unit, the HQ or the reserve, the HQ's cell, or, for the defender, a
// terrain element toggled on a cell.
type Placement struct {
	Unit    string
	Cell    string
	Facing  string
	Leader  string
	To      string
	HQ      string
	Terrain string // hill | forest | swamp
	Guards  *int   // shinobi kept home as guards (R-IV.4.1); nil: unchanged
	// SaveAmmo gives (or takes back) Unit's Save ammo! instruction
	// (R-IV.1.2, R-VI.5.5); nil: unchanged.
	SaveAmmo *bool
}

// Deploy applies a side's placement during deployment. Each change is
// checked on its own (own zones, own units); the whole deployment is checked
// when the GM starts the battle.
func (s *Service) Deploy(seat Seat, p Placement) (engine.Battle, error) {
	var out engine.Battle
	err := s.Store.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(seat.Battle.GuildID, seat.Battle.ID)
		if err != nil {
			return err
		}
		if rec.Status != store.StatusDeployment || rec.Scouting {
			return refuse("err.not_deployment", rec.Name)
		}
		b := &rec.State
		side := seat.Side
		cell := func(name string) (engine.Cell, error) {
			c, err := engine.ParseCell(name)
			if err != nil {
				return c, refuse("err.bad_cell", name)
			}
			if !engine.InOwnZones(c, side) && p.Terrain == "" {
				return c, refuse("err.not_own_zone", c.Name())
			}
			return c, nil
		}
		switch {
		case p.Unit != "":
			u := b.Unit(p.Unit)
			if u == nil || u.Side != side {
				return &UserError{Problems: []*engine.Problem{{Code: engine.ProbNotYourUnit, Unit: p.Unit}}}
			}
			if p.Cell != "" {
				c, err := cell(p.Cell)
				if err != nil {
					return err
				}
				if o := b.UnitAt(c); o != nil && o.ID != u.ID {
					o.Cell = u.Cell // two own units swap places
				}
				u.Cell = c
			}
			if p.Facing != "" {
				f, err := engine.ParseDir(p.Facing)
				if err != nil {
					return refuse("err.bad_facing", p.Facing)
				}
				u.Facing = f
			}
			if p.SaveAmmo != nil {
				nb, prob := engine.SetSaveAmmo(*b, side, u.ID, *p.SaveAmmo, true)
				if prob != nil {
					return &UserError{Problems: []*engine.Problem{prob}}
				}
				*b = nb
			}
		case p.Leader != "":
			l := b.Leader(p.Leader)
			if l == nil || l.Side != side {
				return refuse("err.no_leader", p.Leader)
			}
			if to := b.Unit(p.To); p.To != engine.AtHQ && p.To != engine.AtReserve && (to == nil || to.Side != side) {
				return refuse("err.bad_place", p.To)
			}
			l.At = p.To
		case p.HQ != "":
			c, err := cell(p.HQ)
			if err != nil {
				return err
			}
			b.HQ[side] = c
		case p.Terrain != "":
			if side != b.Defender {
				return refuse("err.not_defender") // R-IV.2.1, D-65
			}
			c, err := cell(p.Cell)
			if err != nil {
				return err
			}
			if !engine.InOwnZones(c, side) {
				return refuse("err.not_own_zone", c.Name())
			}
			var list *[]engine.Cell
			switch p.Terrain {
			case "hill":
				list = &b.Terrain.Hills
			case "forest":
				list = &b.Terrain.Forests
			case "swamp":
				list = &b.Terrain.Swamps
			default:
				return refuse("err.bad_terrain", p.Terrain)
			}
			if slices.Contains(*list, c) {
				*list = slices.DeleteFunc(*list, func(x engine.Cell) bool { return x == c })
			} else {
				*list = append(*list, c)
			}
		case p.Guards != nil:
			// Only the guards: set below.
		default:
			return refuse("err.empty_placement")
		}
		// The guards go with any placement (R-IV.4.1).
		if p.Guards != nil {
			if g := *p.Guards; g < 0 || g > b.Shinobi[side] {
				return refuse("err.bad_guards", g, b.Shinobi[side])
			}
			rec.Guards[side] = *p.Guards
		}
		out = engine.View(rec.State, side)
		return tx.PutBattle(rec)
	})
	return out, err
}

// Reminder is a command phase near its deadline and the sides of it that
// have not said they are ready.
type Reminder struct {
	Battle store.BattleRecord
	Sides  []engine.Side
}

// Reminders finds the command phases in the last quarter of their time
// (6 hours of a 24-hour turn) whose sides are not all ready, once a turn:
// each is marked reminded in the same transaction, so a reminder is never
// posted twice (a crash may lose one, which is the lesser harm).
func (s *Service) Reminders() ([]Reminder, error) {
	if s.TurnDeadline <= 0 {
		return nil, nil
	}
	now := s.now()
	var out []Reminder
	err := s.Store.Update(func(tx *store.Tx) error {
		return eachBattle(tx, func(rec store.BattleRecord) error {
			if rec.Status != store.StatusCommand || rec.Deadline.IsZero() || rec.Reminded >= rec.Turn ||
				now.Before(rec.Deadline.Add(-s.TurnDeadline/4)) || !now.Before(rec.Deadline) {
				return nil
			}
			ph, err := tx.Phase(rec.GuildID, rec.ID, rec.Turn)
			if err != nil {
				return err
			}
			r := Reminder{Battle: rec}
			for _, side := range []engine.Side{engine.North, engine.South} {
				if !ph.Ready[side] {
					r.Sides = append(r.Sides, side)
				}
			}
			if len(r.Sides) > 0 {
				out = append(out, r)
			}
			rec.Reminded = rec.Turn
			return tx.PutBattle(rec)
		})
	})
	return out, err
}

// eachBattle calls fn for every battle of every guild in the store.
func eachBattle(tx *store.Tx, fn func(store.BattleRecord) error) error {
	guilds, err := tx.Guilds()
	if err != nil {
		return err
	}
	for _, g := range guilds {
		all, err := tx.Battles(g)
		if err != nil {
			return err
		}
		for _, rec := range all {
			if err := fn(rec); err != nil {
				return err
			}
		}
	}
	return nil
}

// Overdue is what a passed deadline led to: a resolved turn, or, at the
// end of the deployment turn's scouting, turn 1 opened.
type Overdue struct {
	Resolved *Resolved
	Opened   *Opened
}

// overdue reports whether a battle's open phase has passed its deadline.
func overdue(rec store.BattleRecord, now time.Time) bool {
	open := rec.Status == store.StatusCommand || rec.Scouting
	return open && !rec.Deadline.IsZero() && !now.Before(rec.Deadline)
}

// Due closes every phase that has passed its deadline: a command phase is
// resolved with the orders given so far (ARCHITECTURE: "until the deadline
// or until every side is ready"), the deployment turn's scouting ends with
// the swaps given so far. Each battle is its own transaction.
func (s *Service) Due() ([]Overdue, error) {
	now := s.now()
	var due [][2]string
	err := s.Store.View(func(tx *store.Tx) error {
		return eachBattle(tx, func(rec store.BattleRecord) error {
			if overdue(rec, now) {
				due = append(due, [2]string{rec.GuildID, rec.ID})
			}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	var out []Overdue
	var errs []error
	for _, d := range due {
		// One battle that fails to resolve must not hold the others back.
		err := s.Store.Update(func(tx *store.Tx) error {
			rec, err := tx.Battle(d[0], d[1])
			// Checked again inside the transaction: the GM or the sides may
			// have moved it on meanwhile.
			if err != nil || !overdue(rec, now) {
				return err
			}
			if rec.Scouting {
				op, err := s.endScouting(tx, &rec)
				if err == nil {
					out = append(out, Overdue{Opened: &op})
				}
				return err
			}
			res, err := s.resolveTx(tx, rec)
			if err == nil {
				out = append(out, Overdue{Resolved: &res})
			}
			return err
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("battle %s: %w", d[1], err))
		}
	}
	return out, errors.Join(errs...)
}
