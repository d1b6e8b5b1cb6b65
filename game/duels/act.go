package duels

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/duel"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/store"
)

// A click on a duel's prompt: checked against who plays the fighter,
// applied as his choice, and the duel moved on as far as it goes without a
// player (advance, which DueDuels uses too).

// DuelClick is one click on a duel's prompt.
type DuelClick struct {
	Guild  string // the guild clicked in; "" in a DM (the ID names it)
	User   string
	Roles  []string
	ID     string   // the custom ID
	Values []string // a select's values
}

// ParseDuelID reads a duel's custom ID (customid.Duel).
func ParseDuelID(id string) (guild, battle, duelID string, fighter int, action, value string, ok bool) {
	v, ok := customid.Duel.Parse(id)
	if f := v.Int("fighter"); !ok || f < 0 || f > 1 {
		return "", "", "", 0, "", "", false
	}
	return v.Str("guild"), v.Str("battle"), v.Str("duel"), v.Int("fighter"), v.Str("action"), v.Str("value"), true
}

// mayPlay reports whether a user plays fighter i.
func mayPlay(d *store.DuelRecord, i int, user string, roles []string) bool {
	seat := d.Seats[i]
	return user != "" && slices.Contains(seat.Users, user) || seat.Role != "" && slices.Contains(roles, seat.Role)
}

// ActDuel carries out a click on a duel's prompt in one transaction, which
// owes both prompts shown again and the posts of what it led to.
func (s *Service) ActDuel(c DuelClick) error {
	guild, battle, id, i, action, value, ok := ParseDuelID(c.ID)
	if !ok || c.Guild != "" && c.Guild != guild {
		return refuse("err.duel_stale")
	}
	c.Guild = guild
	if len(c.Values) > 0 {
		value = c.Values[0]
	}
	return s.Store.Update(func(tx *store.Tx) error {
		d, err := tx.Duel(c.Guild, battle, id)
		if errors.Is(err, store.ErrNotFound) {
			return refuse("err.duel_stale")
		} else if err != nil {
			return err
		}
		if !mayPlay(&d, i, c.User, c.Roles) {
			return refuse("err.duel_not_yours")
		}
		if d.State.Phase == duel.PhaseDone {
			return refuse("err.duel_over")
		}
		// An exchange's button names the exchanges done when it was drawn
		// (DuelAsOf): pressed again after a lost answer, when its fighter
		// acts again, it finds the duel moved on and changes nothing.
		if a, n, ok := strings.Cut(action, "."); ok {
			if n != strconv.Itoa(len(d.State.Log)) {
				return refuse("err.duel_moved")
			}
			action = a
		}
		d.Absent[i] = false
		if err := s.choose(&d, i, action, value); err != nil {
			return err
		}
		return s.advance(tx, &d)
	})
}

// DuelAsOf is an exchange's action as its button names it: with the
// exchanges done when it was drawn, so that a second press of it is not
// taken for the next exchange's choice (issue 25, item 3).
func DuelAsOf(action string, d *store.DuelRecord) string {
	return action + "." + strconv.Itoa(len(d.State.Log))
}

// DuelAwaited is the fighter whose choice the duel waits for, or -1 (splits:
// both may still choose).
func DuelAwaited(d *store.DuelRecord) int {
	a := d.State.Actor()
	switch {
	case a < 0:
		return -1
	case d.Step == store.DuelStepDefend:
		return 1 - a
	}
	return a
}

// choose applies fighter i's choice to the duel.
func (s *Service) choose(d *store.DuelRecord, i int, action, value string) error {
	st := &d.State
	switch {
	case action == DuelActSplit:
		if st.Phase != duel.PhaseSplits {
			return refuse("err.duel_splits_closed")
		}
		v, enh := strings.CutSuffix(value, "e")
		a, err := strconv.Atoi(v)
		cp := st.Fighters[i].Profile.CP
		if err != nil || a < 0 || a > cp {
			return refuse("err.duel_stale")
		}
		if err := st.Submit(i, duel.Split{Attack: a, Defence: cp - a, EnhanceInitiative: enh}); err != nil {
			return refuse("err.duel_bad", err.Error())
		}
		return nil
	case st.Phase != duel.PhaseExchanges || DuelAwaited(d) != i:
		return refuse("err.duel_not_your_turn")
	}
	switch {
	case action == DuelActPass && d.Step == store.DuelStepAct:
		d.Pending = duel.Choice{}
		d.Step = "go"
	case action == DuelActAttack && d.Step == store.DuelStepAct:
		d.Pending = duel.Choice{Attack: true}
		d.Step = store.DuelStepDefend
	case action == DuelActDefend && d.Step == store.DuelStepDefend:
		d.Pending.EnhanceDefence = value == "yes"
		d.Step = store.DuelStepEnhance
	case action == DuelActEnhance && d.Step == store.DuelStepEnhance:
		d.Pending.EnhanceAttack = value == "yes"
		d.Step = "go"
	default:
		return refuse("err.duel_not_your_turn")
	}
	return nil
}

// advance moves the duel on as far as it goes without a player: the
// initiative once both splits are in, the steps with no choice, the
// auto-policy for an absent player, the exchanges decided; then it stores
// it, owes the prompts and the posts, and finishes it when it is over.
func (s *Service) advance(tx *store.Tx, d *store.DuelRecord) error {
	st := &d.State
	dice := duelDice(d)
	before := len(st.Log)
	revealed := false
	for guard := 0; guard < 1000; guard++ {
		if st.Phase == duel.PhaseSplits {
			for i := range st.Fighters {
				if d.Absent[i] && st.Splits[i] == nil {
					if err := st.Submit(i, duel.AutoSplit(st.Fighters[i].Profile.CP)); err != nil {
						return err
					}
					d.Auto[i]++
				}
			}
			if st.Phase == duel.PhaseSplits {
				break
			}
		}
		if st.Phase == duel.PhaseInitiative {
			if err := st.RollInitiative(dice); err != nil {
				return err
			}
			revealed = true
			d.Step, d.Pending = store.DuelStepAct, duel.Choice{}
			before = len(st.Log)
			continue
		}
		if st.Phase != duel.PhaseExchanges {
			break
		}
		a := st.Actor()
		switch d.Step {
		case "", store.DuelStepAct:
			d.Step = store.DuelStepAct
			if d.Absent[a] {
				d.Pending = st.Auto(duel.Choice{}, true, false)
				d.Auto[a]++
				d.Step = store.DuelStepDefend
				if !d.Pending.Attack {
					d.Step = "go"
				}
				continue
			}
		case store.DuelStepDefend:
			switch {
			case st.Tokens[1-a].Defence < 1:
				d.Step = store.DuelStepEnhance
				continue
			case d.Absent[1-a]:
				d.Pending.EnhanceDefence = true // E4-Q5c: always, while he has a Defence token
				d.Auto[1-a]++
				d.Step = store.DuelStepEnhance
				continue
			}
		case store.DuelStepEnhance:
			switch {
			case st.Tokens[a].Attack < 2:
				d.Step = "go"
				continue
			case d.Absent[a]:
				d.Pending.EnhanceAttack = false // E4-Q5c: never
				d.Auto[a]++
				d.Step = "go"
				continue
			}
		case "go":
			if _, err := st.Act(dice, d.Pending); err != nil {
				return err
			}
			d.Step, d.Pending = store.DuelStepAct, duel.Choice{}
			continue
		}
		break
	}
	d.Deadline = s.Time().Add(d.Timeout).UTC()
	if revealed {
		if err := oweDuel(tx, d, DuelReveal, 0); err != nil {
			return err
		}
	}
	for n := before + 1; n <= len(st.Log); n++ {
		if err := oweDuel(tx, d, DuelExchange, n); err != nil {
			return err
		}
	}
	if st.Phase == duel.PhaseDone && !d.Applied {
		return s.finishDuel(tx, d)
	}
	if err := tx.PutDuel(*d); err != nil {
		return err
	}
	return owePrompts(tx, d)
}
