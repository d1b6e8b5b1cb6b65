package game

import (
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/gunbai/gunbai/duel"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game/duels"
	"github.com/gunbai/gunbai/store"
)

// A battle's turn that leaves duels to a detailed duel waits for them
// (package duels plays them; Service.Duels).

// holdForDuels is the hook of a resolved turn (resolveTx): if the turn left
// duels to a detailed duel (leaders.duel_mode = ronin), they are stored and
// owed, the battle waits in StatusResolving, and it reports true: the next
// turn opens when they are over (finishDuel).
func (s *Service) holdForDuels(tx *store.Tx, rec *store.BattleRecord, res Resolved) (bool, error) {
	pairs := engine.RoninDuels(res.Events)
	if len(pairs) == 0 {
		return false, nil
	}
	// The dice: the next turn's seed, committed now and secret until that
	// turn is resolved.
	seed, err := s.seed(tx, rec, res.Turn+1)
	if err != nil {
		return false, err
	}
	timeout := s.phaseLength(rec)
	if timeout <= 0 {
		timeout = duels.DefaultTimeout
	}
	held := false
	for n, pair := range pairs {
		d := store.DuelRecord{ID: fmt.Sprintf("%d.%d", res.Turn, n+1), Guild: rec.GuildID, Battle: rec.ID,
			Turn: res.Turn, N: n + 1, DiceTurn: res.Turn, Seed: seed.Value, Lang: rec.Locale,
			GM: rec.GMChannelID, Timeout: timeout}
		var fighters [2]duel.Fighter
		ok := true
		for i, id := range pair {
			l := leaderOf(&rec.State, id)
			if l == nil || l.Health > engine.LeaderWounded {
				ok = false
				break
			}
			fighters[i] = duel.Fighter{Profile: duel.DefaultProfile(id, slices.Contains(l.Traits, engine.TraitBrawler), l.Wounds),
				Spare: rec.State.Spare[l.Side]}
			d.Seats[i] = store.DuelSeat{Side: l.Side, Name: id, Channel: rec.Sides[l.Side].ChannelID,
				Role: orderRole(rec.Sides[l.Side]), Users: sheetUsers(tx, rec, l.Side)}
		}
		if !ok {
			continue
		}
		st, err := duel.New(strconv.Itoa(res.Turn)+"."+strconv.Itoa(n+1), fighters[0], fighters[1], duel.Config{})
		if err != nil {
			// A leader who cannot be paired (2 wounds, E4-Q6): no duel.
			continue
		}
		d.State = *st
		d.Deadline = s.now().Add(timeout).UTC()
		if err := tx.PutDuel(d); err != nil {
			return false, err
		}
		if err := journal(tx, rec, store.Entry{Kind: duels.JournalDuel, Turn: res.Turn,
			Detail: fmt.Sprintf("%s: %s vs %s (die %d)", d.ID, pair[0], pair[1], roninDie(res.Events, pair))}); err != nil {
			return false, err
		}
		if err := duels.Begin(tx, &d); err != nil {
			return false, err
		}
		held = true
	}
	if !held {
		return false, nil
	}
	rec.Status = store.StatusResolving
	rec.Deadline, rec.RemindAt = time.Time{}, time.Time{}
	return true, tx.PutBattle(*rec)
}

func roninDie(events []engine.Event, pair [2]string) int {
	for _, e := range events {
		if e.Kind == engine.EvDuel && e.Detail == engine.DuelRonin && e.Unit == pair[0] && e.Other == pair[1] {
			return e.Value
		}
	}
	return 0
}

// orderRole is the role whose members give a side's orders (store.Clan).
func orderRole(c store.Clan) string {
	if c.OrderRole != "" {
		return c.OrderRole
	}
	return c.RoleID
}

func leaderOf(b *engine.Battle, id string) *engine.Leader {
	for k := range b.Leaders {
		if b.Leaders[k].ID == id {
			return &b.Leaders[k]
		}
	}
	return nil
}

// sheetUsers are the players with an order sheet of the side in their DMs:
// they get the duel's prompt there too.
func sheetUsers(tx *store.Tx, rec *store.BattleRecord, side engine.Side) []string {
	var out []string
	for _, id := range rec.Sheets {
		sh, err := tx.Sheet(id)
		if err != nil || sh.Side != side || sh.Ephemeral || slices.Contains(out, sh.User) {
			continue
		}
		out = append(out, sh.User)
	}
	return out
}

// Duels is the duels' service on s's store, dice and clock, for s's
// command; a battle's duel over, it journals it and opens the next turn
// through s.
func (s *Service) Duels() *duels.Service {
	return &duels.Service{Base: s.base(), Battles: duelBattles{s}}
}

// duelBattles is what a battle's duels ask of the battle lifecycle.
type duelBattles struct{ s *Service }

func (b duelBattles) Journal(tx *store.Tx, rec *store.BattleRecord, e store.Entry) error {
	return journal(tx, rec, e)
}

func (b duelBattles) OpenTurn(tx *store.Tx, rec *store.BattleRecord, turn int) error {
	_, err := b.s.openTurn(tx, rec, turn, [2]engine.Infiltration{})
	return err
}
