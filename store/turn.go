package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/gunbai/gunbai/engine"
)

// Seed is the secret dice seed of one turn and the hash published when the
// turn opens (ARCHITECTURE.md, "Dice that players can verify").
type Seed struct {
	Value []byte `json:"value"` // secret until the turn is resolved
	Hash  string `json:"hash"`  // SeedHash(Value), posted to every clan channel
}

// SeedHash is the published commitment to a seed: lowercase hex SHA-256.
func SeedHash(seed []byte) string {
	h := sha256.Sum256(seed)
	return hex.EncodeToString(h[:])
}

// ErrSeedSet is matched (errors.Is) when PutSeed would replace a turn's seed
// with a different one: once its hash may have been published, a seed is
// never changed, so the GM cannot reroll a turn unseen.
var ErrSeedSet = errors.New("store: the turn already has a different seed")

// TurnRecord is everything stored for one turn. Nil fields were not stored.
type TurnRecord struct {
	Turn     int
	Snapshot *engine.Battle // the state before resolution
	// Orders by engine.Side; nil means the side has not submitted (an
	// empty submission is a non-nil empty slice).
	Orders [2][]engine.Order
	Seed   *Seed
	// Events of the resolution; nil means not resolved yet.
	Events []engine.Event
}

func checkSide(side engine.Side) error {
	if side != engine.North && side != engine.South {
		return fmt.Errorf("store: bad side %d", side)
	}
	return nil
}

// A battle's turns are kept in its bucket "turns", a value per turn under
// the turn's 4 bytes: the bundle of its values (bundle.go). A store of
// schema 3 or before, not yet migrated (read-only), has a bucket there
// instead, the turn's values its keys: it is still read, never written.

// turnsBucket returns a battle's turns bucket; with create it is made,
// without it is nil when the battle has no turn stored.
func (t *Tx) turnsBucket(guild, id string, turn int, create bool) (*bolt.Bucket, error) {
	if err := checkTurn(turn); err != nil {
		return nil, err
	}
	b, err := t.battleBucket(guild, id)
	if err != nil {
		return nil, err
	}
	if !create {
		return b.Bucket(bucketTurns), nil
	}
	ts, err := b.CreateBucketIfNotExists(bucketTurns)
	if err != nil {
		return nil, err
	}
	// Turns are added in order, so their pages are filled before split.
	ts.FillPercent = appendFill
	return ts, nil
}

// turnValues reads the values of a turn: its bundle, or its bucket in a
// store of schema 3 or before (old).
func turnValues(ts *bolt.Bucket, turn int) (b bundle, old *bolt.Bucket, err error) {
	if ts == nil {
		return nil, nil, nil
	}
	if raw := ts.Get(turnKey(turn)); raw != nil {
		b, err = parseBundle(raw)
		return b, nil, err
	}
	return nil, ts.Bucket(turnKey(turn)), nil
}

// turnValue is one value of a turn as stored, nil if none.
func turnValue(ts *bolt.Bucket, turn int, key []byte) ([]byte, error) {
	b, old, err := turnValues(ts, turn)
	if old != nil {
		return old.Get(key), nil
	}
	return b.get(key), err
}

// turnHasValues reports whether anything is stored for the turn.
func turnHasValues(ts *bolt.Bucket, turn int) (bool, error) {
	b, old, err := turnValues(ts, turn)
	if old != nil {
		return firstKey(old) != nil, nil
	}
	return len(b) > 0, err
}

// setTurnValue stores (raw) or removes (nil) one value of a turn.
func setTurnValue(ts *bolt.Bucket, turn int, key, raw []byte) error {
	b, old, err := turnValues(ts, turn)
	if err != nil {
		return err
	}
	if old != nil {
		// Never met in a migrated store; folded in rather than lost.
		if err := old.ForEach(func(k, v []byte) error {
			if v != nil {
				b = b.with(bytes.Clone(k), bytes.Clone(v))
			}
			return nil
		}); err != nil {
			return err
		}
		if err := ts.DeleteBucket(turnKey(turn)); err != nil {
			return err
		}
	}
	if b = b.with(key, raw); len(b) == 0 {
		return ts.Delete(turnKey(turn))
	}
	return ts.Put(turnKey(turn), b.encode())
}

// putTurnValue stores one value of a turn as JSON.
func (t *Tx) putTurnValue(guild, id string, turn int, key []byte, v any) error {
	return t.putTurnEncoded(guild, id, turn, key, v, encode)
}

// putTurnEncoded stores one value of a turn, encoded by enc.
func (t *Tx) putTurnEncoded(guild, id string, turn int, key []byte, v any, enc func(any) ([]byte, error)) error {
	ts, err := t.turnsBucket(guild, id, turn, true)
	if err != nil {
		return err
	}
	raw, err := enc(v)
	if err != nil {
		return err
	}
	if err := setTurnValue(ts, turn, key, raw); err != nil {
		return fmt.Errorf("store: %s: %w", where(guild, id, turn, string(key)), err)
	}
	return nil
}

// getTurnValue reads one value of a turn into v; a missing value is a
// *NotFoundError naming what.
func (t *Tx) getTurnValue(guild, id string, turn int, key []byte, v any, what string) error {
	ts, err := t.turnsBucket(guild, id, turn, false)
	if err != nil {
		return err
	}
	raw, err := turnValue(ts, turn, key)
	if err != nil {
		return fmt.Errorf("store: %s: %w", where(guild, id, turn, what), err)
	}
	if raw == nil {
		return &NotFoundError{Guild: guild, Battle: id, Turn: turn, What: what}
	}
	return decode(raw, v, where(guild, id, turn, what))
}

// TurnTx is one turn of one battle within a transaction: the values stored
// for it (snapshot, orders, command rolls, command phase, seed, events),
// read and written under the turn's key. Tx.BattleTurn gives it; it holds
// no state of its own, so it is cheap to make for each call.
type TurnTx struct {
	t         *Tx
	guild, id string
	turn      int
}

// BattleTurn is turn of battle id of guild, within the transaction.
func (t *Tx) BattleTurn(guild, id string, turn int) TurnTx {
	return TurnTx{t: t, guild: guild, id: id, turn: turn}
}

func (bt TurnTx) put(key []byte, v any) error {
	return bt.t.putTurnValue(bt.guild, bt.id, bt.turn, key, v)
}

func (bt TurnTx) putEncoded(key []byte, v any, enc func(any) ([]byte, error)) error {
	return bt.t.putTurnEncoded(bt.guild, bt.id, bt.turn, key, v, enc)
}

func (bt TurnTx) get(key []byte, v any, what string) error {
	return bt.t.getTurnValue(bt.guild, bt.id, bt.turn, key, v, what)
}

// PutSnapshot stores the battle state before the turn is resolved, compact
// (schema 2). The battle record must exist.
func (bt TurnTx) PutSnapshot(b engine.Battle) error {
	return bt.putEncoded(keySnapshot, b, encodeCompact)
}

// Snapshot reads the state stored by PutSnapshot.
func (bt TurnTx) Snapshot() (engine.Battle, error) {
	var b engine.Battle
	if err := bt.get(keySnapshot, &b, "snapshot"); err != nil {
		return engine.Battle{}, err
	}
	return b, nil
}

// PutOrders stores (replacing) the sealed orders of one side for the turn,
// compact (schema 4). A nil slice is stored as an empty submission.
func (bt TurnTx) PutOrders(side engine.Side, orders []engine.Order) error {
	if err := checkSide(side); err != nil {
		return err
	}
	if orders == nil {
		orders = []engine.Order{}
	}
	return bt.putEncoded(keyOrders(side), orders, encodeCompact)
}

// Orders reads the orders of one side for the turn; a *NotFoundError if the
// side has not submitted.
func (bt TurnTx) Orders(side engine.Side) ([]engine.Order, error) {
	if err := checkSide(side); err != nil {
		return nil, err
	}
	var o []engine.Order
	if err := bt.get(keyOrders(side), &o, "orders of "+side.String()); err != nil {
		return nil, err
	}
	if o == nil {
		o = []engine.Order{}
	}
	return o, nil
}

// CommandRoll is one side's command roll of a turn (R-V): the stake, the
// rerolls taken so far and the result. Final means the player accepted it
// (or no reroll can help any more); orders are counted against it.
type CommandRoll struct {
	Stake   engine.Stake         `json:"stake"`
	Rerolls []string             `json:"rerolls,omitempty"`
	Result  engine.CommandResult `json:"result"`
	Final   bool                 `json:"final"`
}

// PutCommand stores (replacing) one side's command roll of the turn,
// compact (schema 4).
func (bt TurnTx) PutCommand(side engine.Side, c CommandRoll) error {
	if err := checkSide(side); err != nil {
		return err
	}
	return bt.putEncoded(keyCommand(side), c, encodeCompact)
}

// Command reads one side's command roll; a *NotFoundError if it has not rolled.
func (bt TurnTx) Command(side engine.Side) (CommandRoll, error) {
	var c CommandRoll
	if err := checkSide(side); err != nil {
		return c, err
	}
	err := bt.get(keyCommand(side), &c, "command roll of "+side.String())
	return c, err
}

// CommandPhase is where a turn's command phase stands: which sides are
// ready, and whether the plan-change round after Signals has begun (D-29).
type CommandPhase struct {
	// Round is 0 while orders are given, 1 in the plan-change round.
	Round int     `json:"round"`
	Ready [2]bool `json:"ready"` // by engine.Side
	// Reports are the shinobi reports of the plan-change round (R-V.6.2,
	// R-V.6.5, D-31), by the side that receives them, kept as data so that
	// a restart can post them again and each is worded when posted.
	Reports [2][]engine.ShinobiReport `json:"shinobi_reports,omitempty"`
	// OldReports are reports a version before 2026-12 stored as text; they
	// are posted as they are.
	OldReports [2][]string `json:"reports,omitempty"`
	// Changes are who gave, replaced or cancelled which order, and who
	// said ready, by side: the clan's summary of the turn names them.
	Changes [2][]Change `json:"changes,omitempty"`
	// WingsReady are the players whose wing is ready, by side, sorted
	// (issue 29): a side with wings is ready when every wing is, or when
	// its commander says so for all (Ready).
	WingsReady [2][]string `json:"wings_ready,omitzero"`
	// Allotted is the share of the side's command roll each wing may
	// spend, by side, as the commander allotted it; a wing not listed gets
	// the default split (game.Allotment).
	Allotted [2][]Allotment `json:"allotted,omitzero"`

	// Nudges (issue 29, item 4): the players reminded by DM this turn, in
	// the order nudged (each once a turn ahead of the deadline at his own
	// lead, and the last one not ready once told everyone waits for him),
	// and, once the deadline resolved the turn, the players who let it
	// pass without a word, by side: the GM's /battle nudges reads them.
	Nudges []Nudge     `json:"nudges,omitempty"`
	Missed [2][]string `json:"missed,omitzero"`
	// Absent are, by side, the seats that gave no orders by the deadline
	// and the orders given for them by the battle's setting battle.absent
	// (issue 29 item 3), as data: the turn's log and the status mark them.
	Absent [2][]AbsentSeat `json:"absent,omitzero"`

	// AI is, by side, what the AI general intended this turn when it
	// played the side (an AI seat, or battle.absent = autopilot; issue 30
	// item 4): kept sealed, shown only to the GM once the battle is over
	// (game's Explain). Nil: the general did not play the side.
	AI [2]*AIPlan `json:"ai,omitzero"`
}

// Nudge is one DM that reminded a player of a turn's deadline.
type Nudge struct {
	User string      `json:"user"`
	Side engine.Side `json:"side"`
	Kind string      `json:"kind"` // NudgeLead or NudgeLast
	At   time.Time   `json:"at"`
}

// Nudge kinds: at the player's own lead before the deadline, or because
// everyone else is ready.
const (
	NudgeLead = "lead"
	NudgeLast = "last"
)

// Allotment is the orders of a side's command roll a wing may give.
type Allotment struct {
	Player   string `json:"player"`
	Ordinary int    `json:"ordinary"`
	Special  int    `json:"special"`
}

// Change is one player's change to his side's orders.
type Change struct {
	User   string        `json:"user"`
	Name   string        `json:"name,omitempty"` // as Discord showed him then
	Action string        `json:"action"`         // ChangeGiven, ChangeReplaced, ChangeCancelled, ChangeReady
	Order  *engine.Order `json:"order,omitempty"`
	Old    *engine.Order `json:"old,omitempty"` // the order replaced
	At     time.Time     `json:"at,omitzero"`
}

// Change actions.
const (
	ChangeGiven     = "given"
	ChangeReplaced  = "replaced"
	ChangeCancelled = "cancelled"
	ChangeReady     = "ready"
	ChangeUnready   = "unready"
)

// PutPhase stores the turn's command phase, compact (schema 2).
func (bt TurnTx) PutPhase(p CommandPhase) error {
	return bt.putEncoded(keyPhase, p, encodeCompact)
}

// Phase reads the turn's command phase; a turn that has none yet is in
// round 0 with nobody ready.
func (bt TurnTx) Phase() (CommandPhase, error) {
	var p CommandPhase
	err := bt.get(keyPhase, &p, "command phase")
	if errors.Is(err, ErrNotFound) {
		return CommandPhase{}, nil
	}
	return p, err
}

// PutSeed stores the dice seed of the turn with its hash (SeedHash).
// Storing the same seed again is a no-op; a different one fails with
// ErrSeedSet.
func (bt TurnTx) PutSeed(seed []byte) error {
	if len(seed) == 0 {
		return errors.New("store: empty dice seed")
	}
	old, err := bt.Seed()
	switch {
	case err == nil:
		if bytes.Equal(old.Value, seed) {
			return nil
		}
		return fmt.Errorf("%w (turn %d of battle %q, published hash %s)", ErrSeedSet, bt.turn, bt.id, old.Hash)
	case !errors.Is(err, ErrNotFound):
		return err
	}
	return bt.put(keySeed, Seed{Value: seed, Hash: SeedHash(seed)})
}

// Seed reads the seed of the turn. It checks that the stored hash matches.
func (bt TurnTx) Seed() (Seed, error) {
	var s Seed
	if err := bt.get(keySeed, &s, "seed"); err != nil {
		return Seed{}, err
	}
	if SeedHash(s.Value) != s.Hash {
		return Seed{}, fmt.Errorf("store: %s: stored hash does not match the seed", where(bt.guild, bt.id, bt.turn, "seed"))
	}
	return s, nil
}

// PutEvents stores (replacing) the events of the turn's resolution,
// compact (schema 3). A nil slice is stored as "resolved, nothing
// happened".
func (bt TurnTx) PutEvents(events []engine.Event) error {
	if events == nil {
		events = []engine.Event{}
	}
	return bt.putEncoded(keyEvents, events, encodeCompact)
}

// Events reads the events of the turn; a *NotFoundError if not resolved.
func (bt TurnTx) Events() ([]engine.Event, error) {
	var e []engine.Event
	if err := bt.get(keyEvents, &e, "events"); err != nil {
		return nil, err
	}
	if e == nil {
		e = []engine.Event{}
	}
	return e, nil
}

// Turns lists, in increasing order, the turns of a battle that have
// anything stored.
func (t *Tx) Turns(guild, id string) ([]int, error) {
	b, err := t.battleBucket(guild, id)
	if err != nil {
		return nil, err
	}
	ts := b.Bucket(bucketTurns)
	if ts == nil {
		return nil, nil
	}
	var out []int
	err = ts.ForEach(func(k, v []byte) error {
		n, ok := parseTurnKey(k)
		if !ok {
			return fmt.Errorf("store: %s: bad turn key %x", where(guild, id, -1, "turns"), k)
		}
		has, err := turnHasValues(ts, n)
		if err != nil {
			return fmt.Errorf("store: %s: %w", where(guild, id, n, "turn"), err)
		}
		if has {
			out = append(out, n)
		}
		return nil
	})
	return out, err
}

func firstKey(b *bolt.Bucket) []byte {
	k, _ := b.Cursor().First()
	return k
}

// Record reads everything stored for the turn. A turn with nothing stored
// is a *NotFoundError.
func (bt TurnTx) Record() (TurnRecord, error) {
	guild, id, turn := bt.guild, bt.id, bt.turn
	ts, err := bt.t.turnsBucket(guild, id, turn, false)
	if err != nil {
		return TurnRecord{}, err
	}
	if has, err := turnHasValues(ts, turn); err != nil {
		return TurnRecord{}, fmt.Errorf("store: %s: %w", where(guild, id, turn, "turn"), err)
	} else if !has {
		return TurnRecord{}, &NotFoundError{Guild: guild, Battle: id, Turn: turn, What: "turn"}
	}
	r := TurnRecord{Turn: turn}
	if b, err := bt.Snapshot(); err == nil {
		r.Snapshot = &b
	} else if !errors.Is(err, ErrNotFound) {
		return TurnRecord{}, err
	}
	for _, side := range []engine.Side{engine.North, engine.South} {
		o, err := bt.Orders(side)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return TurnRecord{}, err
		}
		r.Orders[side] = o
	}
	if s, err := bt.Seed(); err == nil {
		r.Seed = &s
	} else if !errors.Is(err, ErrNotFound) {
		return TurnRecord{}, err
	}
	e, err := bt.Events()
	if err != nil && !errors.Is(err, ErrNotFound) {
		return TurnRecord{}, err
	}
	r.Events = e
	return r, nil
}
