package game

import (
	"errors"
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// PlayerStats is one player's record in a server's battles (issue 29,
// item 6), read from what the battles stored: who played each turn (the
// journal's JournalPlayed entries, else the turn's command phase), the
// orders he gave (the phases' changes) and the substitutes seated.
type PlayerStats struct {
	User    string
	Battles int // battles he played in, for his clan or sitting in
	Turns   int // turns he gave, changed or cancelled an order or said ready
	Orders  int // orders he gave (given or replaced)
	// Missed: turns resolved of his clan's battles on which neither he
	// nor anyone sitting in for him acted (on a side without wings: on
	// which nobody of his side acted).
	Missed  int
	Subbed  int // seatings of another in his place (for him or his whole side)
	Subbing int // seatings of him in another's place
	Wins    int // finished battles his clan won
}

// PlayerBattle is what PlayerStatsOf reads of one battle: its record and,
// for each turn resolved, who played it and the changes of its sides.
type PlayerBattle struct {
	Battle store.BattleRecord
	Turns  []PlayedTurn
}

// PlayedTurn is who played a resolved turn, by side, and what they did.
type PlayedTurn struct {
	Turn    int
	Played  [2]store.Played
	Changes [2][]store.Change
}

// PlayerStatsOf is a player's record over battles: a pure function of
// them, in their order.
func PlayerStatsOf(user string, battles []PlayerBattle) PlayerStats {
	out := PlayerStats{User: user}
	for _, pb := range battles {
		rec := &pb.Battle
		own, ownOK := clanSide(user, pb)
		in := ownOK
		for _, sub := range rec.People.Subs {
			switch {
			case sub.By == user:
				out.Subbing++
				in = true
			case ownOK && sub.Side == own && (sub.For == user || sub.For == ""):
				out.Subbed++
			}
		}
		for _, t := range pb.Turns {
			for _, side := range sides {
				if slices.Contains(t.Played[side].Users, user) {
					out.Turns++
					in = true
					break
				}
			}
			for _, side := range sides {
				for _, ch := range t.Changes[side] {
					if ch.User == user && (ch.Action == store.ChangeGiven || ch.Action == store.ChangeReplaced) {
						out.Orders++
					}
				}
			}
			if ownOK && missedBy(user, rec.People.Sides[own].HasWings(), t.Played[own]) {
				out.Missed++
			}
		}
		if !in {
			continue
		}
		out.Battles++
		if winner, decided := outcomeWinner(rec.State.Outcome); ownOK && decided && rec.Status == store.StatusFinished && winner == own {
			out.Wins++
		}
	}
	return out
}

// clanSide is the side a player fights for in a battle as himself: the
// side whose people name him, else the side whose turns he played while
// no seating had him sit in for it.
func clanSide(user string, pb PlayerBattle) (engine.Side, bool) {
	for _, side := range sides {
		if slices.Contains(pb.Battle.People.Sides[side].Players(), user) {
			return side, true
		}
	}
	for _, t := range pb.Turns {
		for _, side := range sides {
			p := t.Played[side]
			asSub := slices.ContainsFunc(p.Subs, func(s store.Substitute) bool { return s.By == user })
			if !asSub && slices.Contains(p.Users, user) {
				return side, true
			}
		}
	}
	return engine.North, false
}

// missedBy says whether a player's seat went unplayed on a turn: neither
// he nor a substitute for him acted; on a side without wings, nobody did.
func missedBy(user string, wings bool, p store.Played) bool {
	if !wings {
		return len(p.Users) == 0
	}
	if slices.Contains(p.Users, user) {
		return false
	}
	for _, sub := range p.Subs {
		if (sub.For == user || sub.For == "") && slices.Contains(p.Users, sub.By) {
			return false
		}
	}
	return true
}

// PlayerStats is a player's record in the guild's battles, finished and
// being fought (wins count the finished).
func (g Audit) PlayerStats(guild, user string) (PlayerStats, error) {
	s := g.s
	var battles []PlayerBattle
	err := s.Store.View(func(tx *store.Tx) error {
		recs, err := tx.Battles(guild)
		if err != nil {
			return err
		}
		for _, rec := range recs {
			pb, err := playerBattle(tx, rec)
			if err != nil {
				return err
			}
			battles = append(battles, pb)
		}
		return nil
	})
	return PlayerStatsOf(user, battles), err
}

// playerBattle reads who played each turn resolved of a battle: the
// journal's last JournalPlayed entry of each turn and side, else (a turn
// resolved before it was kept) the turn's command phase.
func playerBattle(tx *store.Tx, rec store.BattleRecord) (PlayerBattle, error) {
	pb := PlayerBattle{Battle: rec}
	es, err := tx.Journal(rec.GuildID, rec.ID).Entries()
	if err != nil {
		return pb, err
	}
	journaled := map[[2]int]store.Played{}
	for _, e := range es {
		sd, err := engine.ParseSide(e.Side)
		if e.Kind != store.JournalPlayed || err != nil {
			continue
		}
		if p, err := store.ParsePlayed(e.Detail); err == nil {
			journaled[[2]int{e.Turn, int(sd)}] = p // the last counts: a turn undone is played again
		}
	}
	for turn := 1; turn <= rec.State.Turn; turn++ {
		ph, err := tx.BattleTurn(rec.GuildID, rec.ID, turn).Phase()
		if errors.Is(err, store.ErrNotFound) {
			continue
		} else if err != nil {
			return pb, err
		}
		t := PlayedTurn{Turn: turn, Changes: ph.Changes}
		for _, side := range sides {
			p, ok := journaled[[2]int{turn, int(side)}]
			if !ok {
				p = playedOf(ph, rec.People, side, turn)
			}
			t.Played[side] = p
		}
		pb.Turns = append(pb.Turns, t)
	}
	return pb, nil
}
