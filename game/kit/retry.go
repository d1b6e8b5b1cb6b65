package kit

import (
	"errors"
	"time"

	"github.com/gunbai/gunbai/store"
)

// A command re-sent after Discord lost its answer ("the application did not
// respond") must not change the battle twice (issue 25, item 3). Each
// change made through a Service from Once keeps, in its own transaction,
// the person's last change to the battle (store.Recent); the same command
// by the same person, in the same turn, within RetryWindow, is not applied
// again but refused with a *Repeated that says what was done.

// RetryWindow is how long a change is recognised when re-sent. Discord
// gives up on an answer after 3 seconds and the person re-sends within a
// minute or two; the same command given again on purpose in the same turn
// so soon is rare (and where it makes sense, such as a second extension,
// the answer offers to apply it once more). Five minutes covers a slow
// re-send without holding a deliberate repeat back for long.
const RetryWindow = 5 * time.Minute

// Retry is one person's command that may change a battle, as the bot
// fingerprints it.
type Retry struct {
	User    string // who gives it; "" keeps nothing
	Command string // the command and its options; a repeat is the same string
	// Again confirms a second application of the change made at that time
	// (the button under a repeat's answer); zero for a command as sent.
	Again time.Time
	// Kept: the change is kept as the person's last but never taken for a
	// repeat (a roll: asked again, it shows the roll made, its buttons
	// with it). That it is his last matters to his next command: a side's
	// "ready" that ended a turn, then its roll in the next, then "ready"
	// again is two turns' ready, not one re-sent.
	Kept bool
	// Battle and At are set by the change once made: its battle and time;
	// Campaign, for a change to the guild's campaign rather than a battle
	// (onceGuild).
	Battle   string
	At       time.Time
	Campaign bool
}

// Repeated refuses a command that repeats the person's last change: it
// was applied before, and is not again.
type Repeated struct {
	Name   string // the battle's name; "" for the campaign's
	Recent store.Recent
	// Campaign: the change was to the guild's campaign (roster, sieges,
	// duels, disputes), not to a battle.
	Campaign bool
}

func (r *Repeated) Error() string { return "repeated: " + r.Recent.Command }

// Stands reports whether the change a repeat would make still stands (an
// order still given as then); nil: it does.
type Stands func(tx *store.Tx, rec *store.BattleRecord) (bool, error)

// Repeats refuses r if it repeats last, its author's last change to rec's
// battle (ok: he has one): a *Repeated, or for a confirm button out of
// date a refusal.
func (r *Retry) Repeats(tx *store.Tx, rec *store.BattleRecord, last store.Recent, ok bool, now time.Time, still Stands) error {
	same := ok && last.Command == r.Command
	if !r.Again.IsZero() {
		switch {
		case same && !last.At.Equal(r.Again):
			return &Repeated{Name: rec.Name, Recent: last} // pressed again: the first press made it
		case !same || last.Turn != rec.Turn:
			return Refuse("err.confirm_stale") // another change of his since, or another turn
		}
		return nil
	}
	// last.At == r.At: this very command's own earlier change.
	if !same || last.Turn != rec.Turn || now.Sub(last.At) >= RetryWindow || last.At.Equal(r.At) {
		return nil
	}
	if still != nil {
		standing, err := still(tx, rec)
		if err != nil || !standing {
			return err // changed since (an ally's order for the unit): given anew
		}
	}
	return &Repeated{Name: rec.Name, Recent: last}
}

// RecentKind is the campaign records' kind that keeps each person's last
// change to the guild's campaign, by user.
const RecentKind = "recent"

// OnceGuild is game.Service.Once for a change to the guild's campaign (the roster and
// its calculators, quick battles, sieges, duels, disputes): its author's
// last such change is kept among the guild's campaign records. The
// campaign has no turn a change must fall in: a repeat is the same command
// within RetryWindow.
func (b *Base) OnceGuild(guild string, fn func(tx *store.Tx) error) func(tx *store.Tx) error {
	r := b.Retry
	if r == nil || r.User == "" {
		return fn
	}
	return func(tx *store.Tx) error {
		var last store.Recent
		ok := tx.Campaign(guild, RecentKind, r.User, &last) == nil // unreadable: none
		now := b.Time().UTC().Round(0)
		err := r.Repeats(tx, &store.BattleRecord{}, last, ok, now, nil)
		var rep *Repeated
		if errors.As(err, &rep) {
			rep.Campaign = true
		}
		if err != nil {
			return err
		}
		if err := fn(tx); err != nil {
			return err
		}
		if ok && !now.After(last.At) {
			now = last.At.Add(1)
		}
		r.Battle, r.At, r.Campaign = "", now, true
		return tx.PutCampaign(guild, RecentKind, r.User, store.Recent{Command: r.Command, At: now, Again: r.Again})
	}
}
