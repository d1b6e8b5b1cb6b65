// Package quickbattles is the quick battles and sieges of the campaign
// (EXTRAS section 2) as a service: a fight between roster armies decided in
// one exchange of choices by post, its deadlines, and the sieges with their
// assaults, relief and phases. The mechanics are package quick's; this
// package keeps each change one transaction and owes its posts.
//
// It imports the store, the rules (campaign, quick, engine's dice) and
// game/kit, whose Base it runs on (package game's Service builds it:
// Service.QuickBattles); never package game.
package quickbattles

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/quick"
	"github.com/gunbai/gunbai/store"
)

// Service is the quick battles' and sieges' service on a store (kit.Base).
type Service struct{ kit.Base }

// refuse is a Refusal by catalogue key.
func refuse(key string, args ...any) error { return kit.Refuse(key, args...) }

// Quick battles (issue 16, seed 003, F-E3-1): a fight of roster armies
// resolved with dice pools instead of the grid. The GM names the forces; the
// dice are rolled at once from a fresh seed (its hash shown with the roll,
// the seed with the result); each owner then picks the units that take the
// enemy's hits on his clan's message (E3-F9), the defaults standing at the
// deadline (E3-Q4); then the leaders' risk rolls (E3-Q6), the result written
// back to the roster, and a siege opened when E3-F12 says so. Each step is
// one transaction.

// Posts of the quick battles.
const PostFight = "fight" // a fight as it stands (live; Data: FightRef)

// FightRef names the fight a post shows, and to whom.
type FightRef struct {
	ID   string     `json:"id"`
	Side quick.Side `json:"side"`
	GM   bool       `json:"gm,omitempty"`
}

// fightsKind is the store's kind of fight records.
const fightsKind = "fights"

// CasualtyWait is how long the owners have to pick their casualties (E3-Q4).
const CasualtyWait = 30 * time.Minute

// QuickRequest is a quick battle the GM asks for.
type QuickRequest struct {
	Name      string
	Attacker  []string // roster armies of one clan: the active side
	Defender  []string
	Fortress  quick.FortressType // "" in the field
	AtkMod    quick.Modifier
	DefMod    quick.Modifier
	GMChannel string
	Locale    string
}

// forceOf is a side's force from roster armies of one clan: their units
// with figures and their leaders (commander and generals, with their
// ratings, E3-Q2).
func forceOf(r *campaign.Roster, armies []string, mod quick.Modifier) (quick.Force, error) {
	f := quick.Force{Mod: mod}
	if len(armies) == 0 {
		return f, refuse("err.quick_no_army")
	}
	for _, id := range armies {
		a, ok := r.Army(id)
		if !ok {
			return f, refuse("err.roster_no_army", id)
		}
		if f.Clan != "" && a.Clan != f.Clan {
			return f, refuse("err.quick_one_clan", kit.ArmyName(r, id))
		}
		f.Clan = a.Clan
		f.Armies = append(f.Armies, id)
		f.Units = append(f.Units, quick.Present(a.Units)...)
		for i, pid := range append([]string{a.Commander}, a.Generals...) {
			p, ok := r.Person(pid)
			if pid == "" || !ok || p.Status == campaign.Dead {
				continue
			}
			role := quick.General
			if i == 0 {
				role = quick.Commander
			}
			f.Leaders = append(f.Leaders, quick.Leader{ID: p.ID, Name: p.Name, Role: role, Rating: p.BattleRating(),
				Wounds: p.Wounds, Captured: p.Status == campaign.Captured})
		}
	}
	return f, nil
}

// QuickBattle rolls a quick battle between roster armies and waits for the
// owners' casualties.
func (s *Service) QuickBattle(guild string, req QuickRequest) (quick.Record, error) {
	var out quick.Record
	err := s.InRoster(guild, func(tx *store.Tx, rr *store.RosterRecord) error {
		r := &rr.Roster
		atk, err := forceOf(r, req.Attacker, req.AtkMod)
		if err != nil {
			return err
		}
		def, err := forceOf(r, req.Defender, req.DefMod)
		if err != nil {
			return err
		}
		if atk.Clan == def.Clan {
			return refuse("err.armies_same_clan")
		}
		id, err := s.fightID(tx, guild, req.Name, r.Turn)
		if err != nil {
			return err
		}
		b := quick.Battle{ID: id, Kind: quick.KindQuick, Attacker: atk, Defender: def, Fortress: req.Fortress, Holder: def.Clan}
		out = quick.Record{ID: id, Name: strings.TrimSpace(req.Name), Kind: quick.KindQuick, Turn: r.Turn,
			Armies: [2][]string{atk.Armies, def.Armies}, GMChannel: req.GMChannel, Locale: req.Locale}
		return s.startFight(tx, guild, r, &out, fightBattle(&out, b))
	})
	return out, err
}

// startFight rolls a new fight: its seed drawn, its dice rolled by roll,
// the owners' deadline set, the fight stored and its messages owed.
func (s *Service) startFight(tx *store.Tx, guild string, r *campaign.Roster, rec *quick.Record, roll func(campaign.Dice) error) error {
	var err error
	if rec.Seed, err = s.Seed(); err != nil {
		return err
	}
	if err := roll(fightDice(*rec)); err != nil {
		return err
	}
	rec.Deadline = s.Time().Add(CasualtyWait)
	return s.putFight(tx, guild, r, *rec)
}

// fightBattle rolls a field battle (a quick or a relief battle) into rec.
func fightBattle(rec *quick.Record, b quick.Battle) func(campaign.Dice) error {
	return func(d campaign.Dice) error {
		fought, err := b.Fight(d)
		if err != nil {
			return refuse("err.campaign", err.Error())
		}
		rec.Fought = &fought
		return nil
	}
}

// fightID is a new fight's key: its name's, or "quick-<turn>-<n>".
func (s *Service) fightID(tx *store.Tx, guild, name string, turn int) (string, error) {
	ids, err := tx.CampaignIDs(guild, fightsKind)
	if err != nil {
		return "", err
	}
	if err := kit.CheckName(name); err != nil {
		return "", err
	}
	id := kit.BattleID(name)
	if id == "" {
		id = fmt.Sprintf("quick-%d-%d", turn, len(ids)+1)
	}
	if slices.Contains(ids, id) {
		return "", refuse("err.battle_exists", name)
	}
	return id, nil
}

// fightDice are a fight's dice: its seed, keyed by the fight.
func fightDice(rec quick.Record) *engine.SeededDice {
	return engine.NewSeededDice(rec.Seed, string(rec.Kind)+"."+rec.ID, rec.Turn)
}

// SeedHash is the published hash of a fight's seed.
func SeedHash(seed []byte) string {
	h := sha256.Sum256(seed)
	return hex.EncodeToString(h[:])
}

// putFight stores the fight and owes its three messages: each clan's (with
// its choice while open) and the GM's.
func (s *Service) putFight(tx *store.Tx, guild string, r *campaign.Roster, rec quick.Record) error {
	if err := tx.PutCampaign(guild, fightsKind, rec.ID, rec); err != nil {
		return err
	}
	for side := range 2 {
		c, _ := r.Clan(rec.Force(quick.Side(side)).Clan)
		if c == nil || c.Channel == "" {
			continue
		}
		if err := oweFight(tx, guild, c.Channel, rec, FightRef{ID: rec.ID, Side: quick.Side(side)}); err != nil {
			return err
		}
	}
	if rec.GMChannel != "" {
		return oweFight(tx, guild, rec.GMChannel, rec, FightRef{ID: rec.ID, GM: true})
	}
	return nil
}

func oweFight(tx *store.Tx, guild, channel string, rec quick.Record, ref FightRef) error {
	where := "gm"
	if !ref.GM {
		where = strconv.Itoa(int(ref.Side))
	}
	p := store.Post{Guild: guild, Channel: channel, Audience: store.AudienceGM, Kind: PostFight, Lang: rec.Locale,
		Live: fmt.Sprintf("fight.%s.%s.%s", guild, rec.ID, where)}
	p.Data, _ = json.Marshal(ref) // plain data: cannot fail
	_, err := tx.OweLive(p)
	return err
}

// Fight is a stored fight.
func (s *Service) Fight(guild, id string) (campaign.Roster, quick.Record, error) {
	var rec quick.Record
	var r campaign.Roster
	err := s.Store.View(func(tx *store.Tx) error {
		rr, err := tx.Roster(guild)
		if err != nil {
			return err
		}
		r = rr.Roster
		return tx.Campaign(guild, fightsKind, id, &rec)
	})
	if errors.Is(err, store.ErrNotFound) {
		err = refuse("err.quick_none", id)
	}
	return r, rec, err
}

// The actions on a fight's clan message: custom IDs "qb:<id>:<side>:<action>".
const (
	QbLosses  = "losses"  // select: the units that take the enemy's hits
	QbKeep    = "keep"    // select: the unit kept when both sides are wiped out
	QbDefault = "default" // button: the default choice (E3-Q4)
	QbConfirm = "confirm" // button: this side's choice stands
)

// FightID is a component's custom ID.
func FightID(id string, side quick.Side, action string) string {
	return customid.Fight.Build(id, int(side), action)
}

// FightClick is one click on a fight's clan message.
type FightClick struct {
	Guild  string
	Roles  []string
	GM     bool
	ID     string
	Values []string
}

// ActFight applies an owner's click: his choice of casualties, checked
// (E3-F9), or his confirmation; when both sides have confirmed, the fight is
// resolved in the same transaction.
func (s *Service) ActFight(c FightClick) error {
	v, ok := customid.Fight.Parse(c.ID)
	if n := v.Int("side"); !ok || n < 0 || n > 1 {
		return refuse("err.quick_stale")
	}
	side, fight, action := quick.Side(v.Int("side")), v.Str("fight"), v.Str("action")
	return s.InRoster(c.Guild, func(tx *store.Tx, rr *store.RosterRecord) error {
		var rec quick.Record
		if err := tx.Campaign(c.Guild, fightsKind, fight, &rec); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return refuse("err.quick_stale")
			}
			return err
		}
		if rec.Done {
			return refuse("err.quick_done")
		}
		clan, _ := rr.Roster.Clan(rec.Force(side).Clan)
		if !c.GM && (clan == nil || clan.Role == "" || !slices.Contains(c.Roles, clan.Role)) {
			return refuse("err.quick_not_yours")
		}
		if err := chooseFight(&rec, side, action, c.Values); err != nil {
			return err
		}
		if rec.Confirmed[0] && rec.Confirmed[1] {
			if err := s.finishFight(tx, c.Guild, rr, &rec); err != nil {
				return err
			}
		}
		return s.putFight(tx, c.Guild, &rr.Roster, rec)
	})
}

// chooseFight is what a click changes of the side's choice.
func chooseFight(rec *quick.Record, side quick.Side, action string, values []string) error {
	ch := rec.Choices[side]
	if ch == nil {
		ch = &quick.Choice{}
	}
	next := *ch
	switch action {
	case QbLosses:
		next.Losses = slices.Clone(values)
	case QbKeep:
		if len(values) != 1 {
			return refuse("err.quick_stale")
		}
		next.Keep = values[0]
	case QbDefault:
		next = quick.Choice{}
	case QbConfirm:
		rec.Confirmed[side] = true
		return nil
	default:
		return refuse("err.quick_stale")
	}
	if rec.Fought != nil && next.Losses != nil {
		if err := rec.Fought.Check(side, next); err != nil {
			return refuse("err.quick_losses", rec.Losses(side))
		}
	}
	rec.Choices[side], rec.Confirmed[side] = &next, false
	return nil
}

// DueFights resolves the fights whose owners did not all confirm by the
// deadline, with the defaults for what is missing (E3-Q4); it returns how
// many it resolved.
func (s *Service) DueFights(now time.Time) (int, error) {
	guilds, err := s.Guilds()
	if err != nil {
		return 0, err
	}
	n := 0
	for _, g := range guilds {
		var due []string
		if err := s.Store.View(func(tx *store.Tx) error {
			ids, err := tx.CampaignIDs(g, fightsKind)
			for _, id := range ids {
				var rec quick.Record
				if tx.Campaign(g, fightsKind, id, &rec) == nil && !rec.Done && !rec.Deadline.IsZero() && !now.Before(rec.Deadline) {
					due = append(due, id)
				}
			}
			return err
		}); err != nil {
			return n, err
		}
		for _, id := range due {
			err := s.InRoster(g, func(tx *store.Tx, rr *store.RosterRecord) error {
				var rec quick.Record
				if err := tx.Campaign(g, fightsKind, id, &rec); err != nil || rec.Done {
					return err
				}
				if err := s.finishFight(tx, g, rr, &rec); err != nil {
					return err
				}
				return s.putFight(tx, g, &rr.Roster, rec)
			})
			if err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

// finishFight resolves a fight with the choices made (the defaults for the
// rest), rolls the leaders' risks, and writes it all to the roster.
func (s *Service) finishFight(tx *store.Tx, guild string, rr *store.RosterRecord, rec *quick.Record) error {
	choice := func(side quick.Side) quick.Choice {
		if c := rec.Choices[side]; c != nil {
			return *c
		}
		return quick.Choice{}
	}
	r := &rr.Roster
	switch {
	case rec.Storm != nil:
		return s.finishAssault(tx, guild, rr, rec, choice(quick.Attacker).Losses, choice(quick.Defender).Losses)
	case rec.Fought == nil:
		return refuse("err.quick_stale")
	}
	out, err := rec.Fought.Resolve(choice(quick.Attacker), choice(quick.Defender))
	if err != nil {
		return refuse("err.campaign", err.Error())
	}
	rec.Outcome, rec.Done = &out, true
	d := fightDice(*rec)
	for side := range 2 {
		for _, lr := range out.Sides[side].Risks {
			p, _ := r.Person(lr.Leader)
			for i, kind := range lr.Rolls {
				res, err := campaign.RollRisk(lr.Leader, campaign.RiskKind(kind), 0, p != nil && p.Brawler(), d, fmt.Sprintf("risk.%s.%d", lr.Leader, i+1))
				if err != nil {
					return err
				}
				rec.Risks = append(rec.Risks, res)
			}
		}
	}
	if rec.Relief != nil {
		ro, err := rec.Relief.Outcome(out, nil, nil)
		if err != nil {
			return refuse("err.campaign", err.Error())
		}
		rec.ReliefOut = &ro
		if err := tx.PutCampaign(guild, siegesKind, ro.Siege.ID, ro.Siege); err != nil {
			return err
		}
	} else if out.SiegeCheck && out.Retreat != nil {
		if err := s.openSiege(tx, guild, r, rec, out); err != nil {
			return err
		}
	}
	rr.Roster, _ = rr.Roster.ApplyRecord(quickRecord(r, *rec, out.Sides, false))
	return s.recheckSieges(tx, guild, &rr.Roster)
}

// siegesKind is the store's kind of siege records.
const siegesKind = "sieges"

// openSiege applies E3-F12 after a fight in fortifications the attacker won:
// the loser's surviving units go inside, as many as the fortress takes (the
// first of them: a choice for the GM to mend with /roster set), and if the
// attacker then outnumbers them, a siege opens (E3-S1, E3-Q7).
func (s *Service) openSiege(tx *store.Tx, guild string, r *campaign.Roster, rec *quick.Record, out quick.Outcome) error {
	ret := out.Retreat
	inside := ret.Units[:min(len(ret.Units), ret.IntoFortress)]
	loser := rec.Force(out.Winner.Other())
	winner := rec.Force(out.Winner)
	pick := func(f quick.Force, ids []string) []campaign.Unit {
		var us []campaign.Unit
		for _, u := range f.Units {
			if slices.Contains(ids, u.ID) {
				us = append(us, u)
			}
		}
		return us
	}
	besiegers := winner
	besiegers.Units = pick(winner, out.Sides[out.Winner].Survivors)
	besieged := loser
	besieged.Units = pick(loser, inside)
	if !quick.SiegeCheck(besiegers.Units, besieged.Units) {
		rec.Withdraw = rec.Fought.Withdraw(out) // the attacker must withdraw, as on lifting (E3-F12, E3-U2)
		return nil
	}
	fortress := quick.Fortress{Name: rec.Name, Type: rec.Fought.Battle.Fortress, Holder: loser.Clan, Capacity: ret.IntoFortress}
	siege, err := quick.Open(rec.ID, fortress, besiegers, besieged, r.Phase, true)
	if err != nil {
		return refuse("err.campaign", err.Error())
	}
	rec.OpenedSiege = siege.ID
	return tx.PutCampaign(guild, siegesKind, siege.ID, siege)
}

// quickRecord is the fight in the roster's words: every unit eliminated
// lost all its figures this turn (F-E3-1 step 6), no combat detail (quick
// battles give no E1-U1 eligibility, E1-Q15g), the leaders' wounds and
// captures.
func quickRecord(r *campaign.Roster, rec quick.Record, sides [2]quick.SideResult, castle bool) campaign.BattleRecord {
	br := campaign.BattleRecord{Battle: rec.ID, Name: rec.Name, Kind: string(rec.Kind)}
	for side := range 2 {
		f := rec.Force(quick.Side(side))
		rs := &br.Sides[side]
		rs.Clan, rs.Armies, rs.Result = f.Clan, f.Armies, sides[side].Result
		rs.CastleCaptured = castle && side == int(quick.Attacker)
		for _, l := range f.Leaders {
			if l.Role == quick.Commander && rs.Commander == "" {
				rs.Commander = l.ID
			} else {
				rs.Generals = append(rs.Generals, l.ID)
			}
			ch := campaign.RecordedChar{Character: l.ID, Captured: slices.Contains(sides[side].Captured, l.ID)}
			for _, res := range rec.Risks {
				if res.Leader == l.ID {
					ch.Wounds += b2i(res.Wounded)
					ch.Captured = ch.Captured || res.Captured
					ch.Killed = ch.Killed || res.Killed
				}
			}
			rs.Characters = append(rs.Characters, ch)
		}
		for _, u := range f.Units {
			army := armyOfUnit(r, f.Armies, u.ID)
			ru := campaign.RecordedUnit{Unit: u.ID, Army: army, Start: u.Figures, End: u.Figures}
			if slices.Contains(sides[side].Lost, u.ID) {
				ru.End, ru.Lost, ru.Eliminated = 0, u.Figures, true
			}
			rs.StartFigures += ru.Start
			rs.EndFigures += ru.End
			rs.Units = append(rs.Units, ru)
		}
	}
	return br
}

func armyOfUnit(r *campaign.Roster, armies []string, unit string) string {
	for _, id := range armies {
		if a, ok := r.Army(id); ok && a.UnitIndex(unit) >= 0 {
			return id
		}
	}
	return ""
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Sieges are the guild's sieges, in key order, with the roster they name.
func (s *Service) Sieges(guild string) (campaign.Roster, []quick.Siege, error) {
	var out []quick.Siege
	var r campaign.Roster
	err := s.Store.View(func(tx *store.Tx) error {
		rr, err := tx.Roster(guild)
		if err != nil {
			return err
		}
		r = rr.Roster
		ids, err := tx.CampaignIDs(guild, siegesKind)
		for _, id := range ids {
			var sg quick.Siege
			if err := tx.Campaign(guild, siegesKind, id, &sg); err != nil {
				return err
			}
			out = append(out, sg)
		}
		return err
	})
	return r, out, err
}
