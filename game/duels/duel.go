package duels

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/duel"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/store"
)

// Service is the duels' service on a store (kit.Base), with what a battle's
// duels ask of the battle lifecycle.
type Service struct {
	kit.Base
	Battles Battles
}

// Battles is what a battle's duel asks of the battle lifecycle once it is
// over; package game gives it (Service.Duels).
type Battles interface {
	// Journal appends an entry to the battle's journal.
	Journal(tx *store.Tx, rec *store.BattleRecord, e store.Entry) error
	// OpenTurn opens the battle's next turn, its last duel over.
	OpenTurn(tx *store.Tx, rec *store.BattleRecord, turn int) error
}

// refuse is a Refusal by catalogue key.
func refuse(key string, args ...any) error { return kit.Refuse(key, args...) }

// The detailed duel between two characters (EXTRAS.md F-E4-1), played by
// post. In a battle with leaders.duel_mode = ronin, a duel die of 3-5
// leaves the pair to a detailed duel (engine.RoninDuels): once the turn is
// resolved and posted, each such duel is stored (store.DuelRecord) and the
// battle waits in StatusResolving; the next turn's command phase opens when
// the last duel of the turn is over and applied (engine.ApplyDuel). The GM
// may also run a duel outside a battle between two roster characters of
// different clans (StartDuel), whose wounds go to the roster.
//
// Each side's player submits his character's split secretly (his own
// prompt shows only his own split until both are in: duel.Duel.Shown),
// then the initiative is rolled, then each exchange is decided step by
// step: the actor attacks or passes, the defender Enhances his defence or
// not, the attacker Enhances his attack or not (F-E4-1 step 2). A step
// with no choice (no token to spend) is skipped. A player who lets a step
// pass its deadline is played for by E4-Q5c's auto-policy for the rest of
// the duel (DueDuels), unless he clicks again.
//
// The dice of a battle's duel come from the next turn's seed, committed
// (its hash published) before the duel starts and revealed with that turn,
// keyed "duel.<turn>.<n>..." under the resolved turn's number: the resolved
// turn's own seed is public by then, and a player who knew the dice could
// pick his split and his choices against them. A duel outside a battle has
// a seed of its own, whose hash is posted at the start and which is
// revealed at the end.
//
// Custom IDs: "duel:<guild>:<battle>:<id>:<fighter>:<action>[:<value>]", battle ""
// outside a battle.

// PostDuel is a duel's post (Data: DuelPost): a fighter's prompt (live), or
// to a channel the duel's start, an exchange or its end.
const PostDuel = "duel"

// What a duel post shows.
const (
	DuelPrompt   = "prompt"   // fighter Fighter's prompt, as his side may see it
	DuelStart    = "start"    // the duel begins: who, and the dice's commitment
	DuelReveal   = "reveal"   // both splits revealed, the initiative rolled
	DuelExchange = "exchange" // log line N
	DuelEnd      = "end"      // the outcome
)

// DuelPost is the data of a duel post.
type DuelPost struct {
	Battle  string `json:"battle,omitempty"`
	ID      string `json:"id"`
	Fighter int    `json:"fighter"` // the prompt's fighter; -1: both (the GM)
	What    string `json:"what"`
	N       int    `json:"n,omitempty"`
}

// The actions of a duel's components.
const (
	DuelActSplit   = "split"   // select: "<attack>" or "<attack>e" (Enhanced initiative)
	DuelActAttack  = "attack"  // button: attack
	DuelActPass    = "pass"    // button: pass
	DuelActDefend  = "defend"  // button: value "yes" or "no"
	DuelActEnhance = "enhance" // button: value "yes" or "no"
)

// DuelID is a component's custom ID. It names the guild: a click in a DM
// comes without one.
func DuelID(guild, battle, id string, fighter int, action string, value ...string) string {
	args := []any{guild, battle, id, fighter, action}
	for _, v := range value {
		args = append(args, v)
	}
	return customid.Duel.Build(args...)
}

// DuelLive is the live key of a fighter's prompt in one place: a DM to user,
// or his clan's channel (user "").
func DuelLive(guild, battle, id string, fighter int, user string) string {
	where := "ch"
	if user != "" {
		where = "u" + user
	}
	return fmt.Sprintf("duel.%s.%s.%s.%d.%s", guild, battle, id, fighter, where)
}

// DefaultTimeout is a step's time when the battle has no deadline.
const DefaultTimeout = 24 * time.Hour

// duelDice are a duel's dice.
func duelDice(d *store.DuelRecord) duel.Dice {
	battle := d.Battle
	if battle == "" {
		battle = "duel"
	}
	return engine.NewSeededDice(d.Seed, battle, d.DiceTurn)
}

// JournalDuel is a duel's journal entry (Detail: who, and how it ended).
const JournalDuel = "duel"

// Begin owes a duel's start and both fighters' prompts, once it is stored
// (the battle's hold, StartDuel).
func Begin(tx *store.Tx, d *store.DuelRecord) error {
	if err := oweDuel(tx, d, DuelStart, 0); err != nil {
		return err
	}
	return owePrompts(tx, d)
}

// DuelRequest is the GM's /duel outside a battle: two roster characters of
// different clans.
type DuelRequest struct {
	A, B       string // character IDs
	GMChannel  string
	Locale     string
	KillMargin int // 0: the default 6 (E4-Q1)
	Timeout    time.Duration
}

// StartDuel opens a duel outside a battle between two roster characters.
func (s *Service) StartDuel(guild string, req DuelRequest) (store.DuelRecord, error) {
	var out store.DuelRecord
	err := s.Store.Update(s.OnceGuild(guild, func(tx *store.Tx) error {
		rr, err := tx.Roster(guild)
		if err != nil {
			return err
		}
		r := &rr.Roster
		var fighters [2]duel.Fighter
		var seats [2]store.DuelSeat
		for i, id := range []string{req.A, req.B} {
			p, ok := r.Person(id)
			if !ok {
				return refuse("err.duel_no_character", id)
			}
			if p.Status != campaign.Active {
				return refuse("err.duel_not_active", p.Name)
			}
			if p.Wounds >= 2 {
				return refuse("err.duel_wounded", p.Name)
			}
			clan, ok := r.Clan(p.Clan)
			if !ok || clan.Channel == "" {
				return refuse("err.clan_unbound", p.Clan)
			}
			fighters[i] = duel.Fighter{Profile: duel.DefaultProfile(p.ID, brawler(p.Traits), p.Wounds)}
			seats[i] = store.DuelSeat{Side: engine.Side(i), Clan: clan.ID, Name: p.Name, Channel: clan.Channel, Role: clan.Role}
		}
		if seats[0].Clan == seats[1].Clan {
			return refuse("err.duel_same_clan")
		}
		all, err := tx.Duels(guild, "")
		if err != nil {
			return err
		}
		n := len(all) + 1
		seed := make([]byte, 32)
		rnd := s.Rand
		if rnd == nil {
			rnd = rand.Reader
		}
		if _, err := io.ReadFull(rnd, seed); err != nil {
			return err
		}
		id := strconv.Itoa(n)
		st, err := duel.New(id, fighters[0], fighters[1], duel.Config{KillMargin: req.KillMargin})
		if err != nil {
			return refuse("err.duel_bad", err.Error())
		}
		timeout := req.Timeout
		if timeout <= 0 {
			timeout = DefaultTimeout
		}
		out = store.DuelRecord{ID: id, Guild: guild, N: n, Seed: seed, State: *st, Seats: seats,
			Lang: req.Locale, GM: req.GMChannel, Timeout: timeout, Deadline: s.Time().Add(timeout).UTC()}
		if err := tx.PutDuel(out); err != nil {
			return err
		}
		return Begin(tx, &out)
	}))
	return out, err
}

func brawler(traits []string) bool {
	for _, t := range traits {
		switch strings.ToLower(t) {
		case "brawler", "рубака":
			return true
		}
	}
	return false
}

// DuelSeedHash is the commitment to a duel's dice, posted at its start.
func DuelSeedHash(d store.DuelRecord) string { return store.SeedHash(d.Seed) }

// Duel reads a duel.
func (s *Service) Duel(guild, battle, id string) (store.DuelRecord, error) {
	var out store.DuelRecord
	err := s.Store.View(func(tx *store.Tx) error {
		var err error
		out, err = tx.Duel(guild, battle, id)
		return err
	})
	return out, err
}

// finishDuel applies a finished duel: to the battle's leaders
// (engine.ApplyDuel), journaled, and opens the next turn when it was the
// turn's last; or, outside a battle, to the roster characters' wounds.
func (s *Service) finishDuel(tx *store.Tx, d *store.DuelRecord) error {
	eff, err := d.State.Effects()
	if err != nil {
		return err
	}
	ids := [2]string{eff[0].ID, eff[1].ID}
	wounds := [2]int{eff[0].Wounds, eff[1].Wounds}
	killed := [2]bool{eff[0].Killed, eff[1].Killed}
	d.Applied = true
	detail := fmt.Sprintf("%s: %s %s, wounds %d-%d, dead %v-%v", d.ID, d.State.End, strings.Join(ids[:], " vs "),
		eff[0].FinalWounds, eff[1].FinalWounds, eff[0].Dead, eff[1].Dead)
	if d.Battle == "" {
		rr, err := tx.Roster(d.Guild)
		if err != nil {
			return err
		}
		for i, e := range eff {
			p, ok := rr.Roster.Person(e.ID)
			if !ok {
				continue
			}
			p.Wounds = e.FinalWounds
			if e.Dead {
				p.Status = campaign.Dead
			}
			_ = i
		}
		if err := tx.PutRoster(d.Guild, rr); err != nil {
			return err
		}
		if err := tx.PutDuel(*d); err != nil {
			return err
		}
		if err := owePrompts(tx, d); err != nil {
			return err
		}
		return oweDuel(tx, d, DuelEnd, 0)
	}
	rec, err := tx.Battle(d.Guild, d.Battle)
	if err != nil {
		return err
	}
	if rec.Status != store.StatusResolving || rec.Turn != d.Turn {
		// The battle moved on without it (the GM undid the turn): a
		// record only.
		if err := tx.PutDuel(*d); err != nil {
			return err
		}
		return owePrompts(tx, d)
	}
	rec.State, d.Events = engine.ApplyDuel(rec.State, ids, wounds, killed, [2]bool{})
	if err := tx.PutDuel(*d); err != nil {
		return err
	}
	if err := owePrompts(tx, d); err != nil {
		return err
	}
	if err := s.Battles.Journal(tx, &rec, store.Entry{Kind: JournalDuel, Turn: d.Turn, Detail: detail}); err != nil {
		return err
	}
	if err := oweDuel(tx, d, DuelEnd, 0); err != nil {
		return err
	}
	all, err := tx.Duels(d.Guild, d.Battle)
	if err != nil {
		return err
	}
	for _, o := range all {
		if o.Turn == d.Turn && !o.Applied && o.ID != d.ID {
			return tx.PutBattle(rec) // another duel of the turn goes on
		}
	}
	return s.Battles.OpenTurn(tx, &rec, d.Turn+1)
}

// oweDuel owes a duel post to both clans' channels and the GM's.
func oweDuel(tx *store.Tx, d *store.DuelRecord, what string, n int) error {
	var posts []store.Post
	for _, to := range []struct {
		channel  string
		audience store.Audience
		fighter  int
	}{{d.Seats[0].Channel, store.SideAudience(d.Seats[0].Side), 0}, {d.Seats[1].Channel, store.SideAudience(d.Seats[1].Side), 1}, {d.GM, store.AudienceGM, -1}} {
		if to.channel == "" {
			continue
		}
		p := duelPost(d, to.fighter, what, n)
		p.Channel, p.Audience = to.channel, to.audience
		posts = append(posts, p)
	}
	_, err := tx.Owe(posts...)
	return err
}

func duelPost(d *store.DuelRecord, fighter int, what string, n int) store.Post {
	p := store.Post{Guild: d.Guild, Battle: d.Battle, Kind: PostDuel, Lang: d.Lang, Turn: d.Turn}
	p.Data, _ = json.Marshal(DuelPost{Battle: d.Battle, ID: d.ID, Fighter: fighter, What: what, N: n}) // plain data: cannot fail
	return p
}

// owePrompts owes both fighters' prompts shown again: in each clan's
// channel, and by DM to the players with an order sheet.
func owePrompts(tx *store.Tx, d *store.DuelRecord) error {
	for i, seat := range d.Seats {
		targets := append([]string{""}, seat.Users...)
		for _, u := range targets {
			p := duelPost(d, i, DuelPrompt, 0)
			p.Audience = store.SideAudience(seat.Side)
			if u == "" {
				if seat.Channel == "" {
					continue
				}
				p.Channel = seat.Channel
			} else {
				p.User = u
			}
			p.Live = DuelLive(d.Guild, d.Battle, d.ID, i, u)
			if _, err := tx.OweLive(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// Dispute is /dispute (F-E4-2): the caller's d6 from a fresh seed, right on
// 4+, owed as a post to the channel where he asked (about: what it decides,
// worded already, or ""). It returns the roll and the seed (hex) that gives
// it; the die is the seeded roll of key "dispute.<user>", battle "dispute",
// turn 0.
func (s *Service) Dispute(guild, channel, user, about, lang string) (campaign.Roll, string, error) {
	seed := make([]byte, 32)
	rnd := s.Rand
	if rnd == nil {
		rnd = rand.Reader
	}
	if _, err := io.ReadFull(rnd, seed); err != nil {
		return campaign.Roll{}, "", err
	}
	r, err := duel.Dispute(engine.NewSeededDice(seed, "dispute", 0), "dispute."+user)
	if err != nil {
		return r, "", err
	}
	sh := hex.EncodeToString(seed)
	key := "duel.dispute_wrong"
	if r.Success {
		key = "duel.dispute_right"
	}
	err = s.Store.Update(s.OnceGuild(guild, func(tx *store.Tx) error {
		_, err := tx.Owe(store.Post{Guild: guild, Channel: channel, Kind: kit.PostText, Lang: lang, Key: key,
			Args: []any{about, user, r.Die, sh}})
		return err
	}))
	return r, sh, err
}
