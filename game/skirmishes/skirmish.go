package skirmishes

import (
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/skirmish"
	"github.com/gunbai/gunbai/skirmish/classfile"
	"github.com/gunbai/gunbai/store"
)

// Service is the skirmish games' service on a store (kit.Base).
type Service struct {
	kit.Base
	// crash, in tests only, fails an action after its game is stored and
	// before its journal and posts: the transaction must leave nothing.
	crash func() error
}

// Kind is the campaign records' kind that holds a guild's skirmish games.
const Kind = "skirmishes"

// PostSkirmish is the post of a game's log: SkirmishPost in its Data.
const PostSkirmish = "skirmish"

// SkirmishPost names the journal's entries a post words (From to To, from
// 0, To excluded) and whether it ends a turn (the cards go with it).
type SkirmishPost struct {
	ID      string `json:"id"`
	From    int    `json:"from"`
	To      int    `json:"to"`
	TurnEnd bool   `json:"turn_end,omitempty"`
	// Wounds and Morale are the tests the next turn may owe (Game.Owed):
	// the fighters, the units.
	Wounds []string `json:"wounds,omitempty"`
	Morale []string `json:"morale,omitempty"`
}

// Record is one skirmish game as stored.
type Record struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Channel string    `json:"channel"`
	GM      string    `json:"gm"`
	Lang    string    `json:"lang"`
	Roles   [2]string `json:"roles"` // side 0 defends and moves first (E2-TS1)
	Seed    []byte    `json:"seed"`
	// Hash is the seed's hash published at the opening (SeedHash then).
	Hash string `json:"hash,omitempty"`
	// Table is the GM's class table; nil: the bot's default (E2-Q1).
	Table    *skirmish.Table  `json:"table,omitempty"`
	Sides    [2]skirmish.Side `json:"sides"`
	Campaign bool             `json:"campaign,omitempty"`
	Assault  bool             `json:"assault,omitempty"`
	// Started: the first action was taken; the warbands are fixed.
	Started bool          `json:"started,omitempty"`
	Game    skirmish.Game `json:"game"`
	Journal []Entry       `json:"journal"`
}

// Entry is one action in the journal: who, when, what, and the dice.
type Entry struct {
	User   string          `json:"user"`
	Side   int             `json:"side"`
	Turn   int             `json:"turn"`
	At     time.Time       `json:"at"`
	Action skirmish.Action `json:"action"`
	Rolls  []skirmish.Roll `json:"rolls,omitempty"`
}

// TableOf is the class table the game is priced and played with.
func (r Record) TableOf() skirmish.Table {
	if r.Table != nil {
		return *r.Table
	}
	return skirmish.DefaultClasses()
}

// SeedHash is the commitment to the game's dice, published at its opening.
func (r Record) SeedHash() string { return store.SeedHash(r.Seed) }

// refuse is a Refusal by catalogue key.
func refuse(key string, args ...any) error { return kit.Refuse(key, args...) }

// OpenRequest is a GM's /skirmish open.
type OpenRequest struct {
	Name     string
	Channel  string
	GM       string
	Lang     string
	Roles    [2]string
	Campaign bool
	Assault  bool
}

// Open stores a new game, its warbands still to come.
func (s *Service) Open(guild string, req OpenRequest) (Record, error) {
	if err := kit.CheckName(req.Name); err != nil {
		return Record{}, err
	}
	id := kit.BattleID(req.Name)
	if id == "" {
		return Record{}, refuse("err.skirmishes.name")
	}
	if req.Roles[0] == "" || req.Roles[0] == req.Roles[1] {
		return Record{}, refuse("err.skirmishes.roles")
	}
	rec := Record{ID: id, Name: req.Name, Channel: req.Channel, GM: req.GM, Lang: req.Lang, Roles: req.Roles,
		Campaign: req.Campaign, Assault: req.Assault}
	err := s.Store.Update(s.OnceGuild(guild, func(tx *store.Tx) error {
		var old Record
		if err := tx.Campaign(guild, Kind, id, &old); err == nil {
			return refuse("err.skirmishes.exists", req.Name)
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		var err error
		if rec.Seed, err = s.Seed(); err != nil {
			return err
		}
		rec.Hash = rec.SeedHash()
		return tx.PutCampaign(guild, Kind, id, rec)
	}))
	return rec, err
}

// Get reads a game.
func (s *Service) Get(guild, id string) (Record, error) {
	var out Record
	err := s.Store.View(func(tx *store.Tx) error {
		var err error
		out, err = get(tx, guild, id)
		return err
	})
	return out, err
}

func get(tx *store.Tx, guild, id string) (Record, error) {
	var rec Record
	err := tx.Campaign(guild, Kind, kit.BattleID(id), &rec)
	if errors.Is(err, store.ErrNotFound) {
		return rec, refuse("err.skirmishes.none", id)
	}
	return rec, err
}

// List is the guild's games, by ID.
func (s *Service) List(guild string) ([]Record, error) {
	var out []Record
	err := s.Store.View(func(tx *store.Tx) error {
		ids, err := tx.CampaignIDs(guild, Kind)
		for _, id := range ids {
			rec, err := get(tx, guild, id)
			if err != nil {
				return err
			}
			out = append(out, rec)
		}
		return err
	})
	return out, err
}

// change runs fn on a game not yet begun and stores it, in one
// transaction.
func (s *Service) change(guild, id string, fn func(*Record) error) (Record, error) {
	var out Record
	err := s.Store.Update(s.OnceGuild(guild, func(tx *store.Tx) error {
		rec, err := get(tx, guild, id)
		if err != nil {
			return err
		}
		if rec.Started {
			return refuse("err.skirmishes.started", rec.Name)
		}
		if err := fn(&rec); err != nil {
			return err
		}
		out = rec
		return tx.PutCampaign(guild, Kind, rec.ID, rec)
	}))
	return out, err
}

// checkSide prices a side on the game's table (E2-P, E2-K).
func checkSide(rec *Record, side int) error {
	if _, err := skirmish.CheckSide(rec.TableOf(), rec.Sides[side], rec.Campaign && side == 1); err != nil {
		return warbandRefusal(err)
	}
	return nil
}

// Warband sets a side's whole warband from an uploaded file.
func (s *Service) Warband(guild, id string, side int, file string, data []byte) (Record, error) {
	w, err := ParseWarband(file, data)
	if err != nil {
		return Record{}, err
	}
	return s.change(guild, id, func(rec *Record) error {
		rec.Sides[side] = w
		return checkSide(rec, side)
	})
}

// Recruit adds one fighter to a side's unit (the unit made when new);
// the side is priced when the game begins.
func (s *Service) Recruit(guild, id string, side int, unit skirmish.Unit, f skirmish.Fighter) (Record, error) {
	return s.change(guild, id, func(rec *Record) error {
		sd := &rec.Sides[side]
		for _, sd := range rec.Sides {
			for _, u := range sd.Units {
				if slices.ContainsFunc(u.Fighters, func(o skirmish.Fighter) bool { return o.ID == f.ID }) {
					return refuse("err.skirmishes.fighter_twice", f.ID)
				}
			}
		}
		if _, err := skirmish.Price(rec.TableOf(), f); err != nil {
			return warbandRefusal(err)
		}
		i := slices.IndexFunc(sd.Units, func(u skirmish.Unit) bool { return u.ID == unit.ID })
		if i < 0 {
			sd.Units = append(sd.Units, skirmish.Unit{ID: unit.ID, Name: unit.Name, Symbol: unit.Symbol})
			i = len(sd.Units) - 1
		}
		sd.Units[i].Fighters = append(sd.Units[i].Fighters, f)
		return nil
	})
}

// Classes sets the GM's class table from an uploaded file (classfile).
func (s *Service) Classes(guild, id, file string, data []byte) (Record, error) {
	t, err := classfile.Parse(file, data)
	var m *classfile.Mistake
	if errors.As(err, &m) {
		return Record{}, refuse(m.Key, m.Args...)
	} else if err != nil {
		return Record{}, err
	}
	return s.change(guild, id, func(rec *Record) error {
		rec.Table = &t
		return nil
	})
}

// begin starts a game at its first action: both warbands priced on the
// table (E2-P), the defender's first turn opened (E2-TS1).
func begin(rec *Record) error {
	if rec.Started {
		return nil
	}
	for i := range rec.Sides {
		if len(rec.Sides[i].Units) == 0 {
			return refuse("err.skirmishes.no_warband", i+1)
		}
		if err := checkSide(rec, i); err != nil {
			return err
		}
	}
	g, err := skirmish.NewGame(rec.setup())
	if err != nil {
		return warbandRefusal(err)
	}
	rec.Game, rec.Started = g, true
	return nil
}

// Preview is the game as it stands; before its first action, as it would
// begin (every fighter fit, the defender to move, E2-TS1), or, while the
// warbands cannot begin yet, as given with every fighter fit.
func (r Record) Preview() skirmish.Game {
	if r.Started {
		return r.Game
	}
	if g, err := skirmish.NewGame(r.setup()); err == nil {
		return g
	}
	g := skirmish.Game{Sides: r.Sides, Turn: 1, Phase: skirmish.PhaseOpen, Winner: -1}.Clone()
	for s := range g.Sides {
		for u := range g.Sides[s].Units {
			for k := range g.Sides[s].Units[u].Fighters {
				g.Sides[s].Units[u].Fighters[k].State = skirmish.Fit
			}
		}
	}
	return g
}

func (r Record) setup() skirmish.Setup {
	return skirmish.Setup{Table: r.TableOf(), Sides: r.Sides, Defender: 0, Campaign: r.Campaign, Assault: r.Assault}
}

// Marshal is a record's JSON, for an export.
func (r Record) Marshal() ([]byte, error) { return json.MarshalIndent(r, "", "  ") }

// warbandRefusal is a warband the rules refuse: the rules' own refusal, in
// the reader's words with its rule, or (an error they do not word) its
// text inside the service's.
func warbandRefusal(err error) error {
	var r *skirmish.Refusal
	if errors.As(err, &r) {
		return Refusal(r)
	}
	return refuse("err.skirmishes.warband", err.Error())
}
