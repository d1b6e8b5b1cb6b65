package game

import (
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/store"
)

// Posts is the service's outbox side: what the changes owe the channels,
// and how their delivery went (sent, delivered, later, refused, withheld,
// posted). The bot's delivery workers use it (Service.Posts).
type Posts struct{ s *Service }

// Posts is the outbox side of s.
func (s *Service) Posts() Posts { return Posts{s} }

// What a change owes the channels is queued in the store's outbox in the
// change's own transaction (store.Post): who gets what is decided here,
// with the rules of who may see what; the bot words, draws and delivers.

// Post kinds, each with its composer in the bot.
const (
	PostText       = kit.PostText  // Key and Args, a catalogue text
	PostOpened     = "opened"      // a phase opened: its seed hash, deadline, and at the start the infiltration (Data: OpenedData)
	PostTurn       = "turn"        // a resolved turn as the audience may see it: picture, log, revealed seed
	PostOver       = "over"        // the battle is over (Data: the outcome)
	PostPlanChange = "plan_change" // a plan-change round: its shinobi reports for the audience
	PostScout      = "scout"       // a scouting report (Data: engine.ScoutReport)
	PostRoll       = "roll"        // a side's final command roll (Data: store.CommandRoll)
	PostReceipt    = "receipt"     // a player's orders, by DM (Data: Receipt)
	PostFailure    = "failure"     // to the GM: a channel a post could not reach (Data: Failure)
	PostReveal     = "reveal"      // to a clan, the battle over: the GM's view of turn Turn and the whole battle
	PostReplaced   = "replaced"    // a turn's results undone by the GM: mark them so (Data: Replaced)
	PostFix        = "fix"         // a GM's correction, told as a sentence (Data: FixNote)
)

// OpenedData is what an opening says: the turn (0 for the deployment
// turn's scouting), the hash of its dice seed, its deadline and, at the
// start, how the shinobi fared (each clan hears of its own).
type OpenedData struct {
	Turn         int                    `json:"turn"`
	SeedHash     string                 `json:"seed_hash"`
	Scouting     bool                   `json:"scouting,omitempty"`
	Deadline     time.Time              `json:"deadline,omitzero"`
	Infiltration [2]engine.Infiltration `json:"infiltration,omitzero"`
}

// FixNote is a GM's correction as the channels are told it: the field of
// a unit, leader or side (Kind: "unit", "leader", "side") and the value it
// now has, as engine.Fix accepted it.
type FixNote struct {
	Battle string `json:"battle"` // its name
	Kind   string `json:"kind"`
	Who    string `json:"who"`
	Field  string `json:"field"`
	Value  string `json:"value"`
}

// Receipt is a player's copy of his side's orders.
type Receipt struct {
	Battle string         `json:"battle"`
	Turn   int            `json:"turn"`
	Orders []engine.Order `json:"orders"`
}

// Failure is a post that could not reach a channel for good.
type Failure struct {
	Channel string `json:"channel"`
	Code    int    `json:"code"`
}

// Player is who asked, for the copy of his orders by DM: his user, his
// language and the interaction to answer in if the DM cannot reach him.
type Player struct {
	User  string
	Lang  string
	Reply *store.Reply
	// Name is how the clan's summary names him (his name in the guild).
	Name string
	// OnSheet: he acts on his order sheet, which shows his orders; no
	// receipt by DM.
	OnSheet bool
}

// audiences are the three channels of a battle, by audience.
var audiences = []store.Audience{store.AudienceNorth, store.AudienceSouth, store.AudienceGM}

// post is a post of kind about rec to an audience, in the language of the
// audience's channel (a clan's own, the GM's).
func post(rec *store.BattleRecord, audience store.Audience, kind string, data any) store.Post {
	p := store.Post{Guild: rec.GuildID, Battle: rec.ID, Channel: rec.ChannelOf(audience), Audience: audience,
		Kind: kind, Lang: rec.LangOf(audience), Turn: rec.Turn}
	if data != nil {
		p.Data, _ = json.Marshal(data) // plain data types: cannot fail
	}
	return p
}

// text is a catalogue text to some of a battle's audiences.
func text(rec *store.BattleRecord, to []store.Audience, key string, args ...any) []store.Post {
	var out []store.Post
	for _, a := range to {
		p := post(rec, a, PostText, nil)
		p.Key, p.Args = key, args
		out = append(out, p)
	}
	return out
}

// opened are the posts of a phase that has just opened, one per channel.
func opened(rec *store.BattleRecord, op Opened) []store.Post {
	d := OpenedData{Turn: op.Turn, SeedHash: op.SeedHash, Scouting: op.Scouting, Deadline: rec.Deadline, Infiltration: op.Infiltration}
	var out []store.Post
	for _, a := range audiences {
		out = append(out, post(rec, a, PostOpened, d))
	}
	return out
}

// resolved are the posts of a resolved turn: each channel its own view;
// then the next turn's opening, or the end of the battle.
func resolved(rec *store.BattleRecord, res Resolved) []store.Post {
	var out []store.Post
	for _, a := range audiences {
		p := post(rec, a, PostTurn, nil)
		p.Turn = res.Turn
		out = append(out, p)
	}
	// The spectators see the GM's view, SpectatorDelay turns later.
	if d := rec.SpectatorDelay; d > 0 && res.Turn-d >= 1 && rec.Status != store.StatusFinished {
		p := post(rec, store.AudienceSpectator, PostTurn, nil)
		p.Turn = res.Turn - d
		out = append(out, p)
	}
	if rec.Status != store.StatusFinished {
		return out // the next turn's opening follows (openTurn)
	}
	return slices.Concat(out, over(rec, res.Turn), reveal(rec, res.Turn), threadEnds(rec))
}

// over are the posts of a battle's end to every channel: how and when it
// ended, the losses and the leaders' fates (composed from its Ending).
func over(rec *store.BattleRecord, last int) []store.Post {
	var out []store.Post
	for _, a := range audiences {
		p := post(rec, a, PostOver, rec.State.Outcome)
		p.Turn = last
		out = append(out, p)
	}
	return out
}

// reveal are the posts of the end of a battle to both clans: how it really
// went, the GM's view of its last resolved turn and the whole battle turn
// by turn. No turn resolved, nothing to reveal.
func reveal(rec *store.BattleRecord, last int) []store.Post {
	if last < 1 {
		return nil
	}
	var out []store.Post
	for _, a := range []store.Audience{store.AudienceNorth, store.AudienceSouth, store.AudienceSpectator} {
		p := post(rec, a, PostReveal, nil)
		p.Turn = last
		out = append(out, p)
	}
	return out
}

// planChange are the posts of a plan-change round: the announcement to
// every channel, and to each clan its own shinobi's reports (D-29).
func planChange(rec *store.BattleRecord) []store.Post {
	var out []store.Post
	for _, a := range audiences {
		out = append(out, post(rec, a, PostPlanChange, nil))
	}
	return out
}

// owe queues posts in the transaction of the change that makes them owed.
func owe(tx *store.Tx, posts ...store.Post) ([]uint64, error) { return tx.Owe(posts...) }

// Owed lists every post still owed (of the guilds the service owns), in
// delivery order.
func (g Posts) Owed() ([]store.Post, error) {
	s := g.s
	var out []store.Post
	err := s.Store.View(func(tx *store.Tx) error {
		var err error
		out, err = tx.Outbox()
		return err
	})
	out = slices.DeleteFunc(out, func(p store.Post) bool { return !s.owns(p.Guild) })
	return out, err
}

// Still is what is still owed of posts read earlier, as it stands now (a
// delivery pass that read the outbox a moment ago claims a target another
// pass may just have served): the others were delivered or dropped since.
func (g Posts) Still(posts []store.Post) ([]store.Post, error) {
	var out []store.Post
	err := g.s.Store.View(func(tx *store.Tx) error {
		for _, p := range posts {
			now, err := tx.Post(p.ID)
			if errors.Is(err, store.ErrNotFound) {
				continue
			} else if err != nil {
				return err
			}
			out = append(out, now)
		}
		return nil
	})
	return out, err
}

// Sent records that parts of a post have reached Discord. It and the
// delivery's other bookkeeping (Delivered, Posted, LiveShown) commit with
// what the other delivery workers write at the same moment (Store.Batch):
// their functions only read and write the store.
func (g Posts) Sent(id uint64, parts int) error {
	s := g.s
	return s.Store.Batch(func(tx *store.Tx) error {
		p, err := tx.Post(id)
		if err != nil {
			return err
		}
		p.Sent = parts
		return tx.UpdatePost(p)
	})
}

// Delivered removes a post Discord has whole. A channel that had failed
// for good is reachable again, and would be reported anew.
func (g Posts) Delivered(id uint64) error {
	s := g.s
	return s.Store.Batch(func(tx *store.Tx) error {
		p, err := tx.Post(id)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		if p.Battle != "" && p.Channel != "" {
			if err := clearUndeliverable(tx, p); err != nil {
				return err
			}
		}
		return tx.Delivered(id)
	})
}

func clearUndeliverable(tx *store.Tx, p store.Post) error {
	// Every post delivered comes here: the header says whether the record
	// (the battle's whole state) need be read at all.
	if h, err := tx.Header(p.Guild, p.Battle); err != nil || !h.Undeliverable {
		return nil
	}
	rec, err := tx.Battle(p.Guild, p.Battle)
	if err != nil || rec.Undeliverable[p.Channel] == 0 {
		return nil // a battle deleted since: nothing to clear
	}
	delete(rec.Undeliverable, p.Channel)
	return tx.PutBattle(rec)
}

// Later records a failed attempt that may succeed later (rate limits,
// Discord's 5xx): the post stays, to be tried again from notBefore.
func (g Posts) Later(id uint64, notBefore time.Time, why string) error {
	s := g.s
	return s.Store.Update(func(tx *store.Tx) error {
		p, err := tx.Post(id)
		if err != nil {
			return err
		}
		p.Attempts++
		p.NotBefore, p.LastError = notBefore.UTC(), why
		return tx.UpdatePost(p)
	})
}

// Undeliverable drops a post Discord refuses for good (missing access or
// permissions, an unknown channel, a player who takes no DMs) and, the
// first time a battle's channel fails so, queues a report to the GM
// channel. It returns the report's ID, or 0.
func (g Posts) Undeliverable(id uint64, code int) (uint64, error) {
	s := g.s
	var report uint64
	err := s.Store.Update(func(tx *store.Tx) error {
		p, rec, ok, err := dropPost(tx, id)
		if !ok || err != nil || p.Channel == "" {
			return err
		}
		if p.Channel == rec.GMChannelID || rec.Undeliverable[p.Channel] != 0 {
			return nil // nobody to tell, or told already
		}
		if rec.Undeliverable == nil {
			rec.Undeliverable = map[string]int{}
		}
		rec.Undeliverable[p.Channel] = code
		if err := tx.PutBattle(rec); err != nil {
			return err
		}
		ids, err := owe(tx, post(&rec, store.AudienceGM, PostFailure, Failure{Channel: p.Channel, Code: code}))
		if len(ids) > 0 {
			report = ids[0]
		}
		return err
	})
	return report, err
}

// Withhold drops a delayed turn for the spectators that the bot found their
// channel open to a clan's role (seenBy) just before it went, and tells the
// GM, in the same transaction.
func (g Posts) Withhold(id uint64, seenBy string) error {
	s := g.s
	return s.Store.Update(func(tx *store.Tx) error {
		p, rec, ok, err := dropPost(tx, id)
		if !ok || err != nil {
			return err
		}
		_, err = owe(tx, text(&rec, []store.Audience{store.AudienceGM}, "bot.spectators_withheld", rec.Name, p.Turn, "<#"+p.Channel+">", "<@&"+seenBy+">")...)
		return err
	})
}

// dropPost takes post id out of the outbox as one that will not be sent,
// and reads its battle; ok is false when there is no such post or battle
// (gone since) or the post was of none.
func dropPost(tx *store.Tx, id uint64) (p store.Post, rec store.BattleRecord, ok bool, err error) {
	p, err = tx.Post(id)
	if errors.Is(err, store.ErrNotFound) {
		return p, rec, false, nil
	} else if err != nil {
		return p, rec, false, err
	}
	if err := tx.Delivered(id); err != nil || p.Battle == "" {
		return p, rec, false, err
	}
	rec, err = tx.Battle(p.Guild, p.Battle)
	if errors.Is(err, store.ErrNotFound) {
		return p, rec, false, nil
	}
	return p, rec, err == nil, err
}

// TurnPosted is what a turn's post shows: the battle, the state before and
// after the turn, its events and its seed, revealed now.
type TurnPosted struct {
	Battle        store.BattleRecord
	Before, After engine.Battle
	Events        []engine.Event
	Seed          []byte
	// Orders are the orders each side gave for the turn, sealed until now.
	Orders [2][]engine.Order
}

// PostedTurn reads what a turn's post needs from the store.
func (g Posts) PostedTurn(guild, id string, turn int) (TurnPosted, error) {
	s := g.s
	var out TurnPosted
	err := s.Store.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(guild, id)
		if err != nil {
			return err
		}
		tr, err := tx.BattleTurn(guild, id, turn).Record()
		if err != nil {
			return err
		}
		if tr.Snapshot == nil || tr.Events == nil || tr.Seed == nil {
			return errors.New("the turn is not resolved")
		}
		out = TurnPosted{Battle: rec, Before: *tr.Snapshot, After: rec.State, Events: tr.Events, Seed: tr.Seed.Value, Orders: tr.Orders}
		if next, err := tx.BattleTurn(guild, id, turn+1).Snapshot(); err == nil {
			out.After = next
		}
		return nil
	})
	return out, err
}

// PlanChangeReports reads a plan-change round's shinobi reports.
func (g Posts) PlanChangeReports(guild, id string, turn int) (store.BattleRecord, store.CommandPhase, error) {
	s := g.s
	var rec store.BattleRecord
	var ph store.CommandPhase
	err := s.Store.View(func(tx *store.Tx) error {
		var err error
		if rec, err = tx.Battle(guild, id); err != nil {
			return err
		}
		ph, err = tx.BattleTurn(guild, id, turn).Phase()
		return err
	})
	return rec, ph, err
}
