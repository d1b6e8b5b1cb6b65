package skirmishes

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/skirmish"
	"github.com/gunbai/gunbai/store"
)

// ActRequest is a player's action in a game.
type ActRequest struct {
	Skirmish string
	User     string
	Roles    []string
	Action   skirmish.Action
}

// SideOf is the side a player with roles plays in the game: the side whose
// turn it is when he holds both; -1 none.
func (r Record) SideOf(roles []string) int {
	active := r.Game.Active
	if !r.Started {
		active = 0
	}
	if slices.Contains(roles, r.Roles[active]) {
		return active
	}
	if slices.Contains(roles, r.Roles[1-active]) {
		return 1 - active
	}
	return -1
}

// Act plays a player's action in one transaction: the game begun if it was
// not, the action applied (or refused, nothing changed), the game stored,
// the journal appended, the log owed to the game's channel. Only the
// side's own players act, and only in their turn; «Ход» is final (E2-TS3).
func (s *Service) Act(guild string, req ActRequest) (Record, []skirmish.Event, error) {
	var out Record
	var events []skirmish.Event
	err := s.Store.Update(s.OnceGuild(guild, func(tx *store.Tx) error {
		rec, err := get(tx, guild, req.Skirmish)
		if err != nil {
			return err
		}
		side := rec.SideOf(req.Roles)
		if side < 0 {
			return refuse("err.skirmishes.not_player", rec.Name)
		}
		if err := begin(&rec); err != nil {
			return err
		}
		if rec.Game.Phase == skirmish.PhaseOver {
			return Refusal(&skirmish.Refusal{Key: "err.skirmish.over", Rule: "E2-F"})
		}
		if side != rec.Game.Active {
			return Refusal(&skirmish.Refusal{Key: "err.skirmishes.not_your_turn", Rule: "E2-TS2"})
		}
		turn := rec.Game.Turn
		g, ev, err := skirmish.Apply(rec.Game, req.Action, newDice(rec.Seed, rec.ID))
		var r *skirmish.Refusal
		if errors.As(err, &r) {
			return Refusal(r)
		} else if err != nil {
			return refuse("err.skirmishes.bad", err.Error())
		}
		rec.Game = g
		if err := tx.PutCampaign(guild, Kind, rec.ID, rec); err != nil {
			return err
		}
		if s.crash != nil {
			if err := s.crash(); err != nil {
				return err
			}
		}
		rec.Journal = append(rec.Journal, Entry{User: req.User, Side: side, Turn: turn, At: s.Time().UTC(), Action: req.Action, Rolls: rolls(ev)})
		if err := tx.PutCampaign(guild, Kind, rec.ID, rec); err != nil {
			return err
		}
		out, events = rec, ev
		return oweLog(tx, guild, &rec, req.Action.Kind == skirmish.KindEndTurn || g.Phase == skirmish.PhaseOver)
	}))
	return out, events, err
}

// Refusal is the rules' refusal as the house's: its catalogue key and
// arguments, and the rule it cites (kit.Refusal.Rule).
func Refusal(r *skirmish.Refusal) error {
	return &kit.Refusal{Key: r.Key, Args: r.Args, Rule: r.Rule}
}

func rolls(ev []skirmish.Event) []skirmish.Roll {
	var out []skirmish.Roll
	for _, e := range ev {
		if e.Roll != nil {
			out = append(out, *e.Roll)
		}
	}
	return out
}

// oweLog owes the channel the log of the journal's last entry, or of the
// whole turn when it ended.
func oweLog(tx *store.Tx, guild string, rec *Record, turnEnd bool) error {
	if rec.Channel == "" {
		return nil
	}
	to := len(rec.Journal)
	from := to - 1
	if turnEnd {
		for from > 0 && rec.Journal[from-1].Turn == rec.Journal[to-1].Turn {
			from--
		}
	}
	post := SkirmishPost{ID: rec.ID, From: from, To: to, TurnEnd: turnEnd}
	if turnEnd {
		post.Wounds, post.Morale = rec.Game.Owed()
	}
	data, err := json.Marshal(post)
	if err != nil {
		return err
	}
	_, err = tx.Owe(store.Post{Guild: guild, Channel: rec.Channel, Kind: PostSkirmish, Lang: rec.Lang, Turn: rec.Game.Turn, Data: data})
	return err
}

// Replay plays a game again from its warbands and its journal with its
// seed: the game it gives must be the stored one, every die the
// journal's (the game is verifiable).
func Replay(rec Record) (skirmish.Game, error) {
	if !rec.Started {
		return skirmish.Game{}, nil
	}
	g, err := skirmish.NewGame(rec.setup())
	if err != nil {
		return g, err
	}
	for i, e := range rec.Journal {
		var ev []skirmish.Event
		g, ev, err = skirmish.Apply(g, e.Action, newDice(rec.Seed, rec.ID))
		if err != nil {
			return g, fmt.Errorf("entry %d: %w", i+1, err)
		}
		if got := rolls(ev); !reflect.DeepEqual(got, e.Rolls) {
			return g, fmt.Errorf("entry %d: dice %v, journal %v", i+1, got, e.Rolls)
		}
	}
	return g, nil
}
