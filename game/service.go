package game

import (
	"crypto/rand"
	"errors"
	"io"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game/campaigns"
	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/game/quickbattles"
	"github.com/gunbai/gunbai/game/skirmishes"
	"github.com/gunbai/gunbai/store"
)

// Service runs battles on a store.
type Service struct {
	Store *store.Store
	// Rand supplies the dice seeds; crypto/rand when nil.
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
	// Owns, if set, says which guilds this process handles (those of its
	// gateway shards): the deadline walks (Due, Reminders, and the sub-games' DueFights,
	// DueDuels) and Owed leave the others alone. Nil: every guild.
	Owns func(guild string) bool
	// retry: the command this service is for (Once), nil for any.
	retry *Retry
	// Started is when this process began delivering (the bot sets it): a
	// post owed from before may have reached Discord in a send the process
	// before died in, so an undo does not take it for never sent.
	Started time.Time

	// OnResolve, if set, is told of each turn resolved and the engine's
	// time on it (the bot's metrics and log, issue 31). It is called inside
	// the resolving transaction, which may yet fail: it must be quick and
	// must not touch the store.
	OnResolve func(guild, battle string, turn int, took time.Duration)
}

// owns reports whether the service handles a guild (Owns).
func (s *Service) owns(guild string) bool { return s.Owns == nil || s.Owns(guild) }

// base is what the sub-games' services share of s: its store, dice, clock,
// guilds and the command it is for.
func (s *Service) base() kit.Base {
	return kit.Base{Store: s.Store, Rand: s.Rand, Now: s.Now, Owns: s.Owns, Retry: s.retry}
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Refusal is a request the rules or the lifecycle do not allow (kit.Refusal,
// which the sub-games answer with too).
type Refusal = kit.Refusal

// refuse is a Refusal by catalogue key.
func refuse(key string, args ...any) error { return kit.Refuse(key, args...) }

// broken is a Refusal by the engine's problems, or nil when there are none.
func broken(ps ...*engine.Problem) error {
	var kept []*engine.Problem
	for _, p := range ps {
		if p != nil {
			kept = append(kept, p)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	return &Refusal{Problems: kept}
}

// inBattle runs fn in one write transaction on the current record of a
// battle. fn stores what it changes itself (the record, orders, a phase).
func (s *Service) inBattle(guild, id string, fn func(tx *store.Tx, rec *store.BattleRecord) error) error {
	return inBattleBy(s.Store.Update, guild, id, fn)
}

// inBattleBy is inBattle committed by commit (Store.Update or Batch).
func inBattleBy(commit func(func(*store.Tx) error) error, guild, id string, fn func(tx *store.Tx, rec *store.BattleRecord) error) error {
	return commit(func(tx *store.Tx) error {
		rec, err := tx.Battle(guild, id)
		if err != nil {
			return err
		}
		return fn(tx, &rec)
	})
}

// inBattleNamed is inBattle for a battle the GM names by ID or name.
func (s *Service) inBattleNamed(guild, ref string, fn func(tx *store.Tx, rec *store.BattleRecord) error) error {
	return s.Store.Update(func(tx *store.Tx) error {
		rec, err := find(tx, guild, ref)
		if err != nil {
			return err
		}
		return s.once(nil, fn)(tx, &rec)
	})
}

// inCommand is inBattle for a seat's battle in its command phase. It
// commits through Store.Batch: the players' orders, rolls and sheets come
// a hundred at once when a clan acts together, and share their commits.
// So fn may run more than once: it only reads and writes the store, and
// assigns its results afresh each time.
func (s *Service) inCommand(seat Seat, fn func(tx *store.Tx, rec *store.BattleRecord) error) error {
	return s.inCommandOnce(seat, nil, fn)
}

// inCommandOnce is inCommand for a change that Once recognises when
// re-sent while still kit.Stands.
func (s *Service) inCommandOnce(seat Seat, still kit.Stands, fn func(tx *store.Tx, rec *store.BattleRecord) error) error {
	fn = s.once(still, fn)
	return inBattleBy(s.Store.Batch, seat.Battle.GuildID, seat.Battle.ID, func(tx *store.Tx, rec *store.BattleRecord) error {
		if rec.Status != store.StatusCommand {
			return refuse("err.not_command", rec.Name)
		}
		if seat.Watcher {
			return refuse("err.not_order_role", "<@&"+rec.Sides[seat.Side].OrderRole+">")
		}
		if err := substituted(seat, rec); err != nil {
			return err // a substitute holds his seat (issue 29)
		}
		if err := aiRefuse(rec, seat.Side); err != nil {
			return err // the general plays the side (issue 30)
		}
		return fn(tx, rec)
	})
}

// seed returns the dice seed of a turn, drawing and storing it the first
// time: its hash is published before any of its dice are rolled.
func (s *Service) seed(tx *store.Tx, rec *store.BattleRecord, turn int) (store.Seed, error) {
	if old, err := tx.BattleTurn(rec.GuildID, rec.ID, turn).Seed(); !errors.Is(err, store.ErrNotFound) {
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
	if err := tx.BattleTurn(rec.GuildID, rec.ID, turn).PutSeed(seed); err != nil {
		return store.Seed{}, err
	}
	out, err := tx.BattleTurn(rec.GuildID, rec.ID, turn).Seed()
	if err != nil {
		return out, err
	}
	return out, publishSeed(tx, rec, turn, out)
}

// sides are both sides, North first, for loops over them.
var sides = [2]engine.Side{engine.North, engine.South}

// Campaigns is the campaign's service (the roster, its calculators, the
// aftermaths) on s's store, dice and clock, for s's command.
func (s *Service) Campaigns() *campaigns.Service { return &campaigns.Service{Base: s.base()} }

// QuickBattles is the quick battles' and sieges' service on s's store,
// dice and clock, for s's command.
func (s *Service) QuickBattles() *quickbattles.Service {
	return &quickbattles.Service{Base: s.base()}
}

// Skirmishes is the skirmish games' service (seed 002) on s's store, dice
// and clock, for s's command.
func (s *Service) Skirmishes() *skirmishes.Service { return &skirmishes.Service{Base: s.base()} }
