package game

import (
	"errors"
	"slices"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Nudges per player (issue 29, item 4). Each player chooses how long
// before a deadline he is reminded by DM (/remind before:2h, or off;
// store.PlayerPrefs); a player who chose nothing is reminded, as before,
// in his clan's channel at the battle's remind_before. A player not ready
// gets his DM once a turn at the deadline minus his lead; a ready one
// never does. When all but one player of a battle are ready, the last one
// is told, once a turn, that everyone is waiting for him. Each DM is a
// post owed in the transaction that marks him nudged
// (store.CommandPhase.Nudges), so a crash neither sends it twice nor loses
// it. The GM's /battle nudges reads who was nudged, who answered and who
// let the deadline pass (store.CommandPhase.Missed).

// PostNudge is a DM that reminds one player of a deadline (Data:
// NudgeData).
const PostNudge = "nudge"

// NudgeData is what a nudge says: its kind (store.NudgeLead, NudgeLast),
// the deadline (zero: none) and the time left when it was owed, and the
// player's order sheet, linked if shown.
type NudgeData struct {
	Kind     string        `json:"kind"`
	Side     engine.Side   `json:"side"`
	Deadline time.Time     `json:"deadline,omitzero"`
	Left     time.Duration `json:"left,omitempty"`
	Sheet    uint64        `json:"sheet,omitempty"`
}

// nudgee is one player of a battle being fought, as nudges see him.
type nudgee struct {
	User  string
	Side  engine.Side
	Ready bool
	Sheet *store.Sheet
	Prefs store.PlayerPrefs
}

// lang is the language of his DMs: his sheet's, else the one he chose
// his reminders in, else his clan's.
func (n nudgee) lang(rec *store.BattleRecord) string {
	switch {
	case n.Sheet != nil && n.Sheet.Lang != "":
		return n.Sheet.Lang
	case n.Prefs.Lang != "":
		return n.Prefs.Lang
	}
	return rec.LangOf(store.SideAudience(n.Side))
}

// nudgees are the players of a battle on a turn, North's first: a side's
// people (its commander and wings' players, each seat held by its
// substitute when one sits in) when it has any, else the users with an
// order sheet of the side or who changed its orders this turn.
func nudgees(tx *store.Tx, rec *store.BattleRecord, turn int, ph *store.CommandPhase) ([]nudgee, error) {
	sheets := map[string]*store.Sheet{}
	var bySide [2][]string
	for _, id := range rec.Sheets {
		sh, err := tx.Sheet(id)
		if errors.Is(err, store.ErrNotFound) {
			continue
		} else if err != nil {
			return nil, err
		}
		sheets[sh.User] = &sh
		bySide[sh.Side&1] = append(bySide[sh.Side&1], sh.User)
	}
	var out []nudgee
	for _, side := range sides {
		var users []string
		if players := rec.People.Sides[side].Players(); len(players) > 0 {
			for _, p := range players {
				ready := ph.Ready[side] || slices.Contains(ph.WingsReady[side], p)
				if sub, ok := rec.People.SubFor(side, p, turn); ok {
					p = sub.By
				}
				if !slices.Contains(users, p) {
					users = append(users, p)
					out = append(out, nudgee{User: p, Side: side, Ready: ready})
				}
			}
		} else {
			users = slices.Clone(bySide[side])
			for _, c := range ph.Changes[side] {
				users = append(users, c.User)
			}
			users = slices.DeleteFunc(users, func(u string) bool { return u == "" })
			for i, u := range users {
				if !slices.Contains(users[:i], u) {
					out = append(out, nudgee{User: u, Side: side, Ready: ph.Ready[side]})
				}
			}
		}
	}
	for i := range out {
		if sh := sheets[out[i].User]; sh != nil && sh.Side == out[i].Side {
			out[i].Sheet = sh
		}
		p, err := tx.Players().Prefs(out[i].User)
		if err != nil {
			return nil, err
		}
		out[i].Prefs = p
	}
	return out, nil
}

// nudgedAt is when a player was nudged this turn by a kind of nudge;
// zero if he was not.
func nudgedAt(ph *store.CommandPhase, user, kind string) time.Time {
	for _, n := range ph.Nudges {
		if n.User == user && n.Kind == kind {
			return n.At
		}
	}
	return time.Time{}
}

// nudge owes one player's DM and marks him nudged in ph (stored by the
// caller, in the same transaction).
func nudge(tx *store.Tx, rec *store.BattleRecord, ph *store.CommandPhase, n nudgee, kind string, now time.Time) error {
	d := NudgeData{Kind: kind, Side: n.Side, Deadline: rec.Deadline}
	if !rec.Deadline.IsZero() {
		d.Left = max(rec.Deadline.Sub(now), 0)
	}
	if n.Sheet != nil {
		d.Sheet = n.Sheet.ID
	}
	p := post(rec, store.SideAudience(n.Side), PostNudge, d)
	p.Channel, p.User, p.Lang = "", n.User, n.lang(rec)
	if _, err := owe(tx, p); err != nil {
		return err
	}
	// Stamped by the store's clock, as the changes he answers with are.
	ph.Nudges = append(ph.Nudges, store.Nudge{User: n.User, Side: n.Side, Kind: kind, At: tx.Now().UTC()})
	return nil
}

// nudgesDue sends the players' own nudges that are due: a walk of the
// battles whose NudgeAt has come, each marked with when to look next.
func (g Clock) nudgesDue() error {
	s := g.s
	now := s.now()
	due := func(h store.Header) bool {
		return s.owns(h.GuildID) && h.Unreadable == "" && h.Status == store.StatusCommand && !h.Paused &&
			!h.Deadline.IsZero() && now.Before(h.Deadline) && !now.Before(h.NudgeAt)
	}
	return s.Store.Update(func(tx *store.Tx) error {
		return eachBattle(tx, due, func(rec store.BattleRecord) error { return nudgeBattle(tx, &rec, now) })
	})
}

// turnNudgees are the open turn of a battle, its command phase and its
// players as nudges see them (nudgees).
func turnNudgees(tx *store.Tx, rec *store.BattleRecord) (store.TurnTx, store.CommandPhase, []nudgee, error) {
	turn := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn)
	ph, err := turn.Phase()
	if err != nil {
		return turn, ph, nil, err
	}
	people, err := nudgees(tx, rec, rec.Turn, &ph)
	return turn, ph, people, err
}

// nudgeBattle nudges the players of one battle whose lead has come and
// who are not ready, and keeps when the next one's comes (NudgeAt; the
// deadline when none is to come).
func nudgeBattle(tx *store.Tx, rec *store.BattleRecord, now time.Time) error {
	turn, ph, people, err := turnNudgees(tx, rec)
	if err != nil {
		return err
	}
	next, sent := rec.Deadline, false
	for _, n := range people {
		if n.Prefs.RemindBefore <= 0 || !nudgedAt(&ph, n.User, store.NudgeLead).IsZero() {
			continue
		}
		at := rec.Deadline.Add(-n.Prefs.RemindBefore)
		switch {
		case now.Before(at):
			next = minTime(next, at)
		case !n.Ready: // a ready player is never nudged
			if err := nudge(tx, rec, &ph, n, store.NudgeLead, now); err != nil {
				return err
			}
			sent = true
		}
	}
	if sent {
		if err := turn.PutPhase(ph); err != nil {
			return err
		}
	}
	if rec.NudgeAt.Equal(next) {
		return nil
	}
	rec.NudgeAt = next
	return tx.PutBattle(*rec)
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// nudgeLast tells the last player not ready of a battle, once a turn,
// that everyone else is: called on each change to a side's orders or
// readiness (changed). A player alone in his battle, or who turned his
// reminders off, is not told.
func nudgeLast(tx *store.Tx, rec *store.BattleRecord) error {
	if rec.Status != store.StatusCommand {
		return nil
	}
	turn := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn)
	ph, err := turn.Phase()
	if err != nil || slices.ContainsFunc(ph.Nudges, func(n store.Nudge) bool { return n.Kind == store.NudgeLast }) {
		return err
	}
	people, err := nudgees(tx, rec, rec.Turn, &ph)
	if err != nil || len(people) < 2 {
		return err
	}
	// A side not ready of which no player is known yet (nobody has its
	// sheet nor changed its orders) is still to play: nobody is the last.
	for side := range ph.Ready {
		if !ph.Ready[side] && !slices.ContainsFunc(people, func(n nudgee) bool { return n.Side == engine.Side(side) }) {
			return nil
		}
	}
	var left []nudgee
	for _, n := range people {
		if !n.Ready {
			left = append(left, n)
		}
	}
	if len(left) != 1 || left[0].Prefs.RemindBefore < 0 {
		return nil
	}
	if err := nudge(tx, rec, &ph, left[0], store.NudgeLast, tx.Now()); err != nil { // changed's clock
		return err
	}
	return turn.PutPhase(ph)
}

// nudgeMissed records, as the deadline resolves a turn, the players who
// let it pass without a word: not ready, and no change to their side's
// orders this turn.
func nudgeMissed(tx *store.Tx, rec *store.BattleRecord) error {
	turn, ph, people, err := turnNudgees(tx, rec)
	if err != nil {
		return err
	}
	missed := false
	for _, n := range people {
		if n.Ready || slices.ContainsFunc(ph.Changes[n.Side], func(c store.Change) bool { return c.User == n.User }) ||
			slices.Contains(ph.Missed[n.Side], n.User) {
			continue
		}
		ph.Missed[n.Side] = append(ph.Missed[n.Side], n.User)
		missed = true
	}
	if !missed {
		return nil
	}
	return turn.PutPhase(ph)
}

// remindAgain lets a player's nudges be reckoned anew in his battles
// being fought, after he changed his choice: each is looked at on the
// next tick.
func remindAgain(tx *store.Tx, user string) error {
	want := func(h store.Header) bool {
		return h.Status == store.StatusCommand && h.Unreadable == "" && !h.NudgeAt.IsZero()
	}
	return eachBattle(tx, want, func(rec store.BattleRecord) error {
		ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
		if err != nil {
			return err
		}
		people, err := nudgees(tx, &rec, rec.Turn, &ph)
		if err != nil || !slices.ContainsFunc(people, func(n nudgee) bool { return n.User == user }) {
			return err
		}
		rec.NudgeAt = time.Time{}
		return tx.PutBattle(rec)
	})
}

// Remind keeps a player's choice of when he is nudged (before: a lead,
// negative for never, 0 to ask only) and returns it; lang is the language
// he chose it in.
func (g Clock) Remind(user, lang string, before time.Duration, set bool) (store.PlayerPrefs, error) {
	s := g.s
	var out store.PlayerPrefs
	if !set {
		err := s.Store.View(func(tx *store.Tx) error {
			var err error
			out, err = tx.Players().Prefs(user)
			return err
		})
		return out, err
	}
	err := s.Store.Update(func(tx *store.Tx) error {
		p, err := tx.Players().Prefs(user)
		if err != nil {
			return err
		}
		p.RemindBefore, p.Lang = before, lang
		if err := tx.Players().PutPrefs(user, p); err != nil {
			return err
		}
		out = p
		return remindAgain(tx, user)
	})
	return out, err
}
