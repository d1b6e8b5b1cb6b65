package game

import (
	"errors"
	"fmt"

	"github.com/gunbai/gunbai/store"
)

// A GM's undo (issue 14, item 3): the battle goes back to the start of a
// turn's command phase, as it stood then; the turns since are taken back.
// Nothing is rolled again: every turn keeps its seed (its hash was
// published) and its command rolls, so the turn played again rolls the
// same dice; the GM may fix the position (/battle fix) and resolve it.
// Both clans are told what was undone, the results it takes back are
// marked as replaced, and the journal records it.

// Replaced are the messages of a turn's results an undo takes back:
// "channel/message" each.
type Replaced struct {
	Messages []string `json:"messages"`
}

// Undone is what an undo did.
type Undone struct {
	Battle store.BattleRecord
	// Turn is the turn the battle is back at; Last the last turn that had
	// been resolved (Turn-1 if none was taken back).
	Turn, Last int
	KeptOrders bool
	Posts      []uint64
}

// Posted records where a turn's results were posted (post p, message
// id), so that an undo can mark them replaced.
func (g Posts) Posted(p store.Post, id string) error {
	s := g.s
	if p.Battle == "" || p.Channel == "" {
		return nil
	}
	return s.Store.Batch(func(tx *store.Tx) error {
		rec, err := tx.Battle(p.Guild, p.Battle)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		if owed, err := tx.Post(p.ID); errors.Is(err, store.ErrNotFound) || err == nil && owed.UndoneTo > 0 {
			// An undo took the turn back while this part was on its way
			// (dropped, or left to be found): it is marked undone now.
			back := rec.Turn
			if err == nil {
				back = owed.UndoneTo
			}
			r := post(&rec, store.AudienceGM, PostReplaced, Replaced{Messages: []string{p.Channel + "/" + id}})
			r.Turn = back
			_, err := owe(tx, r)
			return err
		} else if err != nil {
			return err
		}
		if rec.TurnPosts == nil {
			rec.TurnPosts = map[int][]string{}
		}
		rec.TurnPosts[p.Turn] = append(rec.TurnPosts[p.Turn], p.Channel+"/"+id)
		return tx.PutBattle(rec)
	})
}

// takeBackOwed takes back the results of turns turn..last still owed
// (issue 25, item 2): a post never sent is dropped; one that may have
// reached Discord (a send failed without an answer, a part sent, or owed
// from before this process began, whose send a crash may have cut short)
// stays owed, marked UndoneTo, for the bot to find by its nonce and mark
// undone as the posted results are. It returns the posts left so.
func (s *Service) takeBackOwed(tx *store.Tx, rec *store.BattleRecord, turn, last int) ([]uint64, error) {
	posts, err := tx.Outbox()
	if err != nil {
		return nil, err
	}
	var kept []uint64
	for _, p := range posts {
		if p.Guild != rec.GuildID || p.Battle != rec.ID || p.Kind != PostTurn || p.Turn < turn || p.Turn > last {
			continue
		}
		if p.UndoneTo == 0 && p.Attempts == 0 && p.Sent == 0 && !p.Created.Before(s.Started) {
			if err := tx.Delivered(p.ID); err != nil {
				return nil, err
			}
			continue
		}
		p.UndoneTo = turn
		if err := tx.UpdatePost(p); err != nil {
			return nil, err
		}
		kept = append(kept, p.ID)
	}
	return kept, nil
}

// Undo returns a battle to the start of turn's command phase. With
// keepOrders the orders given for that turn stand (the GM means to fix
// the position and resolve again); without, the sides give them anew.
func (s *Service) Undo(guild, ref string, turn int, keepOrders bool, by string) (Undone, error) {
	var out Undone
	err := s.inBattleNamed(guild, ref, func(tx *store.Tx, rec *store.BattleRecord) error {
		switch rec.Status {
		case store.StatusCommand, store.StatusFinished:
		default:
			return refuse("err.undo_phase", rec.Name)
		}
		if rec.WrittenBack {
			// Its results are in the roster, where an aftermath may have
			// used them: the GM mends the roster by hand instead.
			return refuse("err.undo_written_back", rec.Name)
		}
		last := rec.Turn - 1 // the turn being ordered is not resolved
		if rec.Status == store.StatusFinished {
			if _, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Events(); err == nil {
				last = rec.Turn
			}
		}
		if turn < 1 || turn > last+1 || turn > rec.Turn {
			return refuse("err.undo_turn", turn, max(last+1, 1))
		}
		state := rec.State
		if turn <= last {
			snap, err := tx.BattleTurn(rec.GuildID, rec.ID, turn).Snapshot()
			if err != nil {
				return err
			}
			state = snap
		}
		before := rec.Turn
		for t := turn; t <= rec.Turn; t++ {
			if err := tx.BattleTurn(rec.GuildID, rec.ID, t).Undo(keepOrders && t == turn); err != nil {
				return err
			}
		}
		owedBack, err := s.takeBackOwed(tx, rec, turn, last)
		if err != nil {
			return err
		}
		var replaced []string
		for t := turn; t <= last; t++ {
			replaced = append(replaced, rec.TurnPosts[t]...)
			delete(rec.TurnPosts, t)
		}
		rec.State, rec.Turn, rec.Status = state, turn, store.StatusCommand
		s.setDeadline(rec)
		if err := tx.PutBattle(*rec); err != nil {
			return err
		}
		orders := "cleared"
		if keepOrders {
			orders = "kept"
		}
		if err := journal(tx, rec, store.Entry{Kind: store.JournalUndo, Turn: turn, By: by,
			Detail: fmt.Sprintf("back to the start of turn %d (turns %d-%d undone); orders of turn %d %s", turn, turn, max(last, turn), turn, orders)}); err != nil {
			return err
		}
		// Turns turn..last are taken back: a range when there are
		// several, else the one turn (the current one, or the last
		// resolved when the battle had finished on it).
		var posts []store.Post
		switch {
		case last > turn && keepOrders:
			posts = text(rec, audiences, "bot.undone_kept", rec.Name, turn, turn, last)
		case last > turn:
			posts = text(rec, audiences, "bot.undone_cleared", rec.Name, turn, turn, last)
		case keepOrders:
			posts = text(rec, audiences, "bot.undone_kept_one", rec.Name, turn)
		default:
			posts = text(rec, audiences, "bot.undone_cleared_one", rec.Name, turn)
		}
		if len(replaced) > 0 {
			p := post(rec, store.AudienceGM, PostReplaced, Replaced{Messages: replaced})
			p.Turn = turn
			posts = append(posts, p)
		}
		seed, err := tx.BattleTurn(rec.GuildID, rec.ID, turn).Seed()
		if err != nil {
			return err
		}
		posts = append(posts, opened(rec, Opened{Battle: *rec, Turn: turn, SeedHash: seed.Hash})...)
		ids, err := owe(tx, posts...)
		if err != nil {
			return err
		}
		if err := reopened(tx, rec, turn, before); err != nil {
			return err
		}
		out = Undone{Battle: *rec, Turn: turn, Last: last, KeptOrders: keepOrders, Posts: append(ids, owedBack...)}
		return nil
	})
	return out, err
}

// reopened is what follows an undo back to turn (before: the turn open
// until then): the sheets of the turns taken back close and the turn's own
// open again, in the same messages; and the general plays its sides again,
// the phase it was ready in taken back, its roll standing as a player's
// (issue 30).
func reopened(tx *store.Tx, rec *store.BattleRecord, turn, before int) error {
	for t := turn; t <= before; t++ {
		for _, side := range sides {
			if err := refreshSheets(tx, rec, side, t); err != nil {
				return err
			}
		}
	}
	return aiPlay(tx, rec)
}
