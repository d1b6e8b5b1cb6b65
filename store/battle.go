package store

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/gunbai/gunbai/engine"
)

// Bucket and key names.
var (
	bucketMeta    = []byte("meta")
	keyFormat     = []byte("format")
	bucketGuilds  = []byte("guilds")
	bucketBattles = []byte("battles")
	keyRecord     = []byte("record")
	keyHeader     = []byte("header")
	bucketTurns   = []byte("turns")
	keySnapshot   = []byte("snapshot")
	keySeed       = []byte("seed")
	keyEvents     = []byte("events")
)

func keyOrders(side engine.Side) []byte { return []byte("orders." + side.String()) }

func keyCommand(side engine.Side) []byte { return []byte("command." + side.String()) }

var keyPhase = []byte("phase")

// Status is where a battle is in its lifecycle (ARCHITECTURE.md, "The battle
// lifecycle").
type Status string

// Lifecycle statuses, in order.
const (
	StatusDraft      Status = "draft"      // the GM sets sides, clans, channels, armies, terrain
	StatusDeployment Status = "deployment" // turn 0: placement, leaders, shinobi
	StatusCommand    Status = "command"    // turn N: command rolls, orders by DM
	StatusResolving  Status = "resolving"  // turn N is being resolved and posted
	StatusFinished   Status = "finished"   // outcome known
)

// Statuses lists the lifecycle statuses in order.
var Statuses = []Status{StatusDraft, StatusDeployment, StatusCommand, StatusResolving, StatusFinished}

// Valid reports whether s is one of Statuses.
func (s Status) Valid() bool {
	for _, x := range Statuses {
		if s == x {
			return true
		}
	}
	return false
}

// Clan is one side's clan in Discord.
type Clan struct {
	Name      string `json:"name"`
	RoleID    string `json:"role_id"`    // members of this role give the side's orders
	ChannelID string `json:"channel_id"` // where the side's view is posted
	// OrderRole, when set, is the role of the clan whose members give the
	// side's orders and get its order sheet by DM when a command phase
	// opens; empty: the whole clan role gives them, and the sheet goes to
	// those who ask for it with /orders.
	OrderRole string `json:"order_role,omitempty"`
	// Army, when set, is the roster army the side fights with: the battle
	// was built from it and is written back to it when it finishes.
	Army string `json:"army,omitempty"`
	// Lang is the language of the clan's channel posts ("ru", "en"; empty:
	// the battle's Locale): each clan reads its own language (issue 24).
	Lang string `json:"lang,omitempty"`
}

// BattleRecord is one battle: who fights, where it is posted, where it is
// in its lifecycle, and the current engine state.
type BattleRecord struct {
	ID          string  `json:"id"`
	GuildID     string  `json:"guild_id"`
	Name        string  `json:"name"`
	Status      Status  `json:"status"`
	Sides       [2]Clan `json:"sides"` // indexed by engine.Side
	GMChannelID string  `json:"gm_channel_id"`
	// CreatedAt is kept from the caller or the stored record; if neither
	// has it, PutBattle sets it from the store's clock. UpdatedAt is set
	// by every PutBattle. Both are UTC.
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
	// Turn is the battle turn the lifecycle is at (0 = deployment).
	Turn  int           `json:"turn"`
	State engine.Battle `json:"state"`
	// Reminded is the last command phase whose sides not yet ready were
	// reminded of the coming deadline.
	Reminded int `json:"reminded,omitempty"`
	// Locale is the language of the battle's channel posts ("ru", "en").
	Locale string `json:"locale,omitempty"`
	// GMLang is the language of the GM channel's posts (empty: Locale).
	GMLang string `json:"gm_lang,omitempty"`
	// Deadline closes the current command phase: then the turn is
	// resolved with the orders given so far. Zero: no deadline.
	Deadline time.Time `json:"deadline,omitzero"`
	// Guards are, during deployment, how many of each side's shinobi stay
	// home to guard the army instead of infiltrating the enemy's rear
	// (R-IV.4.1); the others try when the battle starts.
	Guards [2]int `json:"guards,omitempty"`
	// Scouting marks the plan-change phase of the deployment turn
	// (R-I.3.2, R-IV.5): the battle is still in deployment, the armies
	// are placed, and shinobi that got through may scout.
	Scouting bool `json:"scouting,omitempty"`
	// Scouts are how many shinobi each side sent scouting: each gives
	// one swap (R-IV.5.5, D-28).
	Scouts [2]int `json:"scouts,omitempty"`
	// Scouted is what each side's scouts reported (R-IV.5.2): the side sees
	// those enemy units, as they stood then, until the deployment turn ends
	// (D-70); after it, the side remembers them (game's lastSeen).
	Scouted [2]*engine.ScoutReport `json:"scouted,omitzero"`
	// Swaps are each side's swaps of two units, made when the phase ends
	// so that both sides' reports show the positions before any (D-28).
	Swaps [2][][2]string `json:"swaps,omitempty"`
	// ScoutsDone: the side has finished its scouting and swaps.
	ScoutsDone [2]bool `json:"scouts_done,omitempty"`
	// Undeliverable are the channels of the battle a post could not reach
	// for good (missing access or permissions, deleted), each with
	// Discord's error code: the GM is told once per channel, until a post
	// reaches it again.
	Undeliverable map[string]int `json:"undeliverable,omitempty"`
	// Sheets are the players' order sheets of the battle (Sheet IDs).
	Sheets []uint64 `json:"sheets,omitempty"`
	// NoReplay: the turns' results are posted without their replay GIF
	// (the battle's post.replay setting is off).
	NoReplay bool `json:"no_replay,omitempty"`
	// WrittenBack: the finished battle was written back to the roster
	// armies it was fought with (game's writeBack), once.
	WrittenBack bool `json:"written_back,omitempty"`
	// TurnPosts are where each turn's results were posted ("channel/message"
	// of each first message), for a GM's undo to mark them replaced.
	TurnPosts map[int][]string `json:"turn_posts,omitempty"`
	// SpectatorChannel receives the GM's view of each turn SpectatorDelay
	// turns after it (0: nothing before the end), and the reveal.
	SpectatorChannel string `json:"spectator_channel,omitempty"`
	SpectatorDelay   int    `json:"spectator_delay,omitempty"`
	// Missed counts, by side, the turns resolved by their deadline with no
	// order of that side at all.
	Missed [2]int `json:"missed,omitempty"`
	// Paused: the GM stopped the clock (/battle pause): the open phase has
	// no Deadline, and Left is what was left of it (0: it had none), given
	// back by /battle resume. A phase that opens while paused stores its
	// whole length in Left.
	Paused bool          `json:"paused,omitempty"`
	Left   time.Duration `json:"left,omitempty"`
	// TurnDeadline is the battle's own length of a phase (the setting
	// battle.turn_deadline): 0, the config's; negative, no deadline.
	TurnDeadline time.Duration `json:"turn_deadline,omitempty"`
	// RemindBefore is how long before the deadline the sides not ready are
	// reminded (battle.remind_before): 0, a quarter of the phase's length;
	// negative, never.
	RemindBefore time.Duration `json:"remind_before,omitempty"`
	// Length is the length the open phase was given when it opened.
	Length time.Duration `json:"length,omitempty"`
	// RemindAt is when the open phase's reminder goes (zero: set by a
	// gunbai before it existed, a quarter of the config's deadline; reminders
	// off put it at the deadline itself, when none goes).
	RemindAt time.Time `json:"remind_at,omitzero"`
	// PinRefused are the channels where the battle's status message could
	// not be pinned (the GM was told once, with the first).
	PinRefused []string `json:"pin_refused,omitempty"`
	// Threads are the battle's own threads (issue 28, item 4), by the
	// channel they were opened in (a clan's, the GM's, the spectators'):
	// the battle's posts to that channel go into its thread.
	Threads map[string]Thread `json:"threads,omitempty"`
	// NoThreads: the battle's posts go to the channels themselves (the
	// battle's post.threads setting off).
	NoThreads bool `json:"no_threads,omitempty"`
	// EndedBy is, once the battle is finished, who ended it: "rules" or
	// "gm" (game's EndedByRules, EndedByGM); empty before it was kept.
	EndedBy string `json:"ended_by,omitempty"`
	// People are the sides' players: commanders, wings, substitutes
	// (issue 29). Empty: a side is one seat, as before.
	People People `json:"people,omitzero"`

	// Requests the GM answers with a button (issue 29, item 5): the
	// players' requests, in the order asked; RequestLimit, the setting
	// requests.limit: how many a side may ask in the battle, a refused one
	// not counted (0: no limit; -1: none).
	Requests     []Request `json:"requests,omitempty"`
	RequestLimit int       `json:"request_limit,omitempty"`
	// NudgeAt is when the players' own DM nudges of the open phase are
	// next looked at (issue 29, item 4): zero, at the next tick (a phase
	// opened, a deadline moved, a player's choice changed); the deadline
	// itself once none is still to come.
	NudgeAt time.Time `json:"nudge_at,omitzero"`
	// Absent players (issue 29 item 3): what an absent seat's units do
	// at the deadline (the setting battle.absent: AbsentHold, the default
	// when empty, AbsentStanding, AbsentAutopilot), and the standing
	// orders the players set in advance, by side.
	Absent   string             `json:"absent,omitempty"`
	Standing [2][]StandingOrder `json:"standing,omitzero"`

	// The AI general's seats (issue 30 item 5): by side, whether the
	// general plays it (a training battle; the settings north.ai and
	// south.ai, /battle create's ai option). Its rolls, orders and
	// readiness are made in the transaction that opens each phase (game's
	// aiseat.go); the side's players, if any, only watch.
	AI [2]bool `json:"ai,omitzero"`
}

// Infiltration is how one side's shinobi fared against the enemy's guards
// (R-IV.4, D-27); the rule and its result type live in the engine.
type Infiltration = engine.Infiltration

// Header is the small part of a battle record that finding a battle needs:
// whose it is, where it stands and when its phase closes. PutBattle stores
// it beside the record, so that looking up a player's battle, listing a
// guild's battles or checking deadlines decodes no battle's full state.
type Header struct {
	ID       string    `json:"id"`
	GuildID  string    `json:"guild_id"`
	Name     string    `json:"name"`
	Status   Status    `json:"status"`
	Sides    [2]Clan   `json:"sides"`
	Turn     int       `json:"turn"`
	Scouting bool      `json:"scouting,omitempty"`
	Deadline time.Time `json:"deadline,omitzero"`
	Reminded int       `json:"reminded,omitempty"`
	// Paused, RemindAt and Missed are the record's (the clock, the
	// reminder, the turns each side missed).
	Paused   bool      `json:"paused,omitempty"`
	RemindAt time.Time `json:"remind_at,omitzero"`
	Missed   [2]int    `json:"missed,omitempty"`
	// Undeliverable: some channel of the battle is marked undeliverable
	// (the record's Undeliverable), so a post delivered to it has a mark
	// to clear. A header written before the flag existed says false until
	// the battle's next change.
	Undeliverable bool `json:"undeliverable,omitempty"`
	// Resolved is the last turn resolved (State.Turn); Outcome and EndedBy
	// the record's, for a finished battle's line in /battle list.
	Resolved int            `json:"resolved,omitempty"`
	Outcome  engine.Outcome `json:"outcome,omitempty"`
	EndedBy  string         `json:"ended_by,omitempty"`
	// Seated are the users the record's People name (People.Seated),
	// joined by commas (a string: the header memo shares no slices): a
	// substitute outside the clan's role finds his seat by them.
	Seated string `json:"seated,omitempty"`
	// NudgeAt is the record's (issue 29, item 4).
	NudgeAt time.Time `json:"nudge_at,omitzero"`
	// Unreadable, set only by Headers and Unreadable (never stored), says
	// why this battle cannot be read, e.g. `battle "b1": written by a
	// newer gunbai (schema 3, this one reads 2)`. Such a header has only
	// its ID, GuildID and, when known, Name: no Status, so it is never
	// taken for a battle being fought. Tell the GM; the guild's other
	// battles go on.
	Unreadable string `json:"-"`
}

// Header returns the record's header.
func (r *BattleRecord) Header() Header {
	return Header{ID: r.ID, GuildID: r.GuildID, Name: r.Name, Status: r.Status, Sides: r.Sides,
		Turn: r.Turn, Scouting: r.Scouting, Deadline: r.Deadline, Reminded: r.Reminded,
		Paused: r.Paused, RemindAt: r.RemindAt, Missed: r.Missed, Undeliverable: len(r.Undeliverable) > 0,
		Resolved: r.State.Turn, Outcome: r.State.Outcome, EndedBy: r.EndedBy, Seated: strings.Join(r.People.Seated(), ","),
		NudgeAt: r.NudgeAt}
}

// Seats says whether the battle's people name a user (Seated).
func (h Header) Seats(user string) bool {
	return user != "" && slices.Contains(strings.Split(h.Seated, ","), user)
}

// LangOf is the language of an audience's posts: a clan's own, the GM's,
// or (the spectators, and a battle from before languages per clan) the
// battle's Locale.
func (r *BattleRecord) LangOf(audience Audience) string {
	l := ""
	switch audience {
	case AudienceNorth:
		l = r.Sides[engine.North].Lang
	case AudienceSouth:
		l = r.Sides[engine.South].Lang
	case AudienceGM:
		l = r.GMLang
	}
	if l == "" {
		return r.Locale
	}
	return l
}

// ChannelOf is the channel of an audience: a clan's, the spectators' (""
// if the battle has none) or the GM's.
func (r *BattleRecord) ChannelOf(audience Audience) string {
	switch audience {
	case AudienceNorth:
		return r.Sides[engine.North].ChannelID
	case AudienceSouth:
		return r.Sides[engine.South].ChannelID
	case AudienceSpectator:
		return r.SpectatorChannel
	}
	return r.GMChannelID
}

// Side returns the clan of one side.
func (r *BattleRecord) Side(s engine.Side) Clan { return r.Sides[s&1] }

// ErrNotFound is matched (errors.Is) by every "no such thing" error of the
// store; the concrete error is a *NotFoundError.
var ErrNotFound = errors.New("store: not found")

// NotFoundError says what was missing.
type NotFoundError struct {
	Guild  string
	Battle string // empty when a guild was looked up
	Turn   int    // -1 when no turn is involved
	What   string // "battle", "turn", "snapshot", "orders of north", "seed", "events"
}

func (e *NotFoundError) Error() string {
	s := "store: "
	switch {
	case e.What == "battle":
		s += fmt.Sprintf("battle %q of guild %q", e.Battle, e.Guild)
	case e.What == "turn":
		s += fmt.Sprintf("turn %d of battle %q (guild %q)", e.Turn, e.Battle, e.Guild)
	case e.Turn >= 0:
		s += fmt.Sprintf("%s of turn %d of battle %q (guild %q)", e.What, e.Turn, e.Battle, e.Guild)
	default:
		s += fmt.Sprintf("%s of battle %q (guild %q)", e.What, e.Battle, e.Guild)
	}
	return s + " not found"
}

// Is makes errors.Is(err, ErrNotFound) true.
func (e *NotFoundError) Is(target error) bool { return target == ErrNotFound }

func where(guild, id string, turn int, what string) string {
	s := "guild " + strconv.Quote(guild) + " battle " + strconv.Quote(id)
	if turn >= 0 {
		s += " turn " + strconv.Itoa(turn)
	}
	return s + " " + what
}

func checkKey(kind, k string) error {
	if k == "" {
		return fmt.Errorf("store: empty %s ID", kind)
	}
	if len(k) > bolt.MaxKeySize {
		return fmt.Errorf("store: %s ID too long (%d bytes)", kind, len(k))
	}
	return nil
}

// battlesBucket returns guilds/<guild>/battles, creating it if create.
// Without create it returns nil when the guild has no battles.
func (t *Tx) battlesBucket(guild string, create bool) (*bolt.Bucket, error) {
	if err := checkKey("guild", guild); err != nil {
		return nil, err
	}
	return t.nested(create, bucketGuilds, []byte(guild), bucketBattles)
}

// nested returns the bucket at path from the file's root, creating the
// missing ones if create; without create, nil if one is missing.
func (t *Tx) nested(create bool, path ...[]byte) (*bolt.Bucket, error) {
	var b *bolt.Bucket
	for i, name := range path {
		var err error
		switch {
		case create && i == 0:
			b, err = t.tx.CreateBucketIfNotExists(name)
		case create:
			b, err = b.CreateBucketIfNotExists(name)
		case i == 0:
			b = t.tx.Bucket(name)
		default:
			b = b.Bucket(name)
		}
		if err != nil {
			return nil, err
		}
		if b == nil {
			return nil, nil
		}
	}
	return b, nil
}

// battleBucket returns the bucket of an existing battle, or a *NotFoundError.
func (t *Tx) battleBucket(guild, id string) (*bolt.Bucket, error) {
	if err := checkKey("battle", id); err != nil {
		return nil, err
	}
	bs, err := t.battlesBucket(guild, false)
	if err != nil {
		return nil, err
	}
	var b *bolt.Bucket
	if bs != nil {
		b = bs.Bucket([]byte(id))
	}
	if b == nil || b.Get(keyRecord) == nil {
		return nil, &NotFoundError{Guild: guild, Battle: id, Turn: -1, What: "battle"}
	}
	return b, nil
}

// PutBattle creates or replaces a battle record (keyed by rec.GuildID and
// rec.ID), compact (schema 2); its header stays JSON. It stamps UpdatedAt,
// and CreatedAt if the record has none.
func (t *Tx) PutBattle(rec BattleRecord) error {
	if err := checkKey("guild", rec.GuildID); err != nil {
		return err
	}
	if err := checkKey("battle", rec.ID); err != nil {
		return err
	}
	if !rec.Status.Valid() {
		return fmt.Errorf("store: battle %q: unknown status %q (want one of %v)", rec.ID, rec.Status, Statuses)
	}
	if err := checkTurn(rec.Turn); err != nil {
		return fmt.Errorf("store: battle %q: %w", rec.ID, err)
	}
	bs, err := t.battlesBucket(rec.GuildID, true)
	if err != nil {
		return err
	}
	b, err := bs.CreateBucketIfNotExists([]byte(rec.ID))
	if err != nil {
		return err
	}
	if rec.CreatedAt.IsZero() {
		if raw := b.Get(keyRecord); raw != nil {
			var old BattleRecord
			if err := decode(raw, &old, where(rec.GuildID, rec.ID, -1, "record")); err != nil {
				return err
			}
			rec.CreatedAt = old.CreatedAt
		}
	}
	if rec.CreatedAt.IsZero() {
		rec.CreatedAt = t.Now()
	}
	rec.CreatedAt = rec.CreatedAt.UTC().Round(0)
	rec.UpdatedAt = t.Now()
	v, err := encodeCompact(rec)
	if err != nil {
		return err
	}
	h, err := encode(rec.Header())
	if err != nil {
		return err
	}
	if err := b.Put(keyHeader, h); err != nil {
		return err
	}
	return b.Put(keyRecord, v)
}

// Battle reads one battle record; a missing one is a *NotFoundError.
func (t *Tx) Battle(guild, id string) (BattleRecord, error) {
	b, err := t.battleBucket(guild, id)
	if err != nil {
		return BattleRecord{}, err
	}
	var rec BattleRecord
	if err := decode(b.Get(keyRecord), &rec, where(guild, id, -1, "record")); err != nil {
		return BattleRecord{}, err
	}
	return rec, nil
}

// Header reads one battle's header without its state; a missing battle is
// a *NotFoundError. A battle stored before headers existed is read whole.
func (t *Tx) Header(guild, id string) (Header, error) {
	b, err := t.battleBucket(guild, id)
	if err != nil {
		return Header{}, err
	}
	var h Header
	if raw := b.Get(keyHeader); raw != nil {
		return h, t.s.headers.decode(raw, &h, where(guild, id, -1, "header"))
	}
	rec, err := t.Battle(guild, id)
	return rec.Header(), err
}

// Battles reads every readable battle of a guild, ordered by battle ID. A
// guild with no battles gives an empty list, not an error. A record that
// cannot be read (written by a newer gunbai, or damaged) is left out, so
// that one battle does not stop the guild's others: Unreadable lists them.
func (t *Tx) Battles(guild string) ([]BattleRecord, error) {
	out, _, err := t.battles(guild)
	return out, err
}

// Unreadable lists, as headers with Unreadable set, the battles of a guild
// whose records cannot be read: the ones Battles leaves out.
func (t *Tx) Unreadable(guild string) ([]Header, error) {
	_, bad, err := t.battles(guild)
	return bad, err
}

func (t *Tx) battles(guild string) (recs []BattleRecord, bad []Header, err error) {
	bs, err := t.battlesBucket(guild, false)
	if err != nil || bs == nil {
		return nil, nil, err
	}
	err = bs.ForEachBucket(func(k []byte) error {
		b := bs.Bucket(k)
		raw := b.Get(keyRecord)
		if raw == nil {
			return nil
		}
		var rec BattleRecord
		if err := decode(raw, &rec, where(guild, string(k), -1, "record")); err != nil {
			bad = append(bad, unreadable(guild, string(k), b, err))
			return nil
		}
		recs = append(recs, rec)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return recs, bad, nil
}

// unreadable is the header of a battle whose record or header failed to
// decode with err: its ID, its name if its header says it, and the reason.
func unreadable(guild, id string, b *bolt.Bucket, err error) Header {
	h := Header{ID: id, GuildID: guild}
	if raw := b.Get(keyHeader); raw != nil {
		var stored Header
		if decode(raw, &stored, "") == nil {
			h.Name = stored.Name
		}
	}
	var ve *VersionError
	if errors.As(err, &ve) {
		h.Unreadable = fmt.Sprintf("battle %q: written by a newer gunbai (schema %d, this one reads %d)", id, ve.Got, ve.Want)
	} else {
		h.Unreadable = fmt.Sprintf("battle %q: damaged, it does not decode (%s)", id, strings.TrimPrefix(err.Error(), "store: "))
	}
	return h
}

// Headers reads the header of every battle of a guild, ordered by battle
// ID, without decoding their states. A battle stored before headers existed
// is read whole once to make its header. A battle that cannot be read (its
// header does not decode, or its record is of a newer schema) has a header
// with Unreadable set instead of failing the list; damage deeper in a
// record is found when it is read (Battle, Battles, Unreadable).
func (t *Tx) Headers(guild string) ([]Header, error) {
	bs, err := t.battlesBucket(guild, false)
	if err != nil || bs == nil {
		return nil, err
	}
	var out []Header
	err = bs.ForEachBucket(func(k []byte) error {
		b := bs.Bucket(k)
		id := string(k)
		rawRec := b.Get(keyRecord)
		if rawRec == nil {
			return nil
		}
		var h Header
		if raw := b.Get(keyHeader); raw != nil {
			if err := t.s.headers.decode(raw, &h, where(guild, id, -1, "header")); err != nil {
				out = append(out, unreadable(guild, id, b, err))
				return nil
			}
			if v, ok := peekVersion(rawRec); !ok || v < 1 || v > SchemaVersion {
				// The record would not decode: say why, from the
				// record itself (rare, so decoding it whole is fine).
				var rec BattleRecord
				if err := decode(rawRec, &rec, where(guild, id, -1, "record")); err != nil {
					out = append(out, unreadable(guild, id, b, err))
					return nil
				}
			}
		} else {
			var rec BattleRecord
			if err := decode(rawRec, &rec, where(guild, id, -1, "record")); err != nil {
				out = append(out, unreadable(guild, id, b, err))
				return nil
			}
			h = rec.Header()
		}
		out = append(out, h)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Guilds lists the guilds that have battles, in byte order of their IDs.
func (t *Tx) Guilds() ([]string, error) {
	g := t.tx.Bucket(bucketGuilds)
	if g == nil {
		return nil, nil
	}
	var out []string
	err := g.ForEachBucket(func(k []byte) error {
		out = append(out, string(k))
		return nil
	})
	return out, err
}

// DeleteBattle removes a battle with all its turns.
func (t *Tx) DeleteBattle(guild, id string) error {
	if _, err := t.battleBucket(guild, id); err != nil {
		return err
	}
	bs, err := t.battlesBucket(guild, false)
	if err != nil {
		return err
	}
	return bs.DeleteBucket([]byte(id))
}
