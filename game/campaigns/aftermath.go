package campaigns

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/store"
)

// An army's aftermath (F-E1-1 step 2): the GM runs it, the bot rolls, and the
// owning clan completes it on one message in its channel, edited in place:
// the recovery distribution, each skill's recipient and name, the promotions,
// then Confirm. The GM's channel gets a copy without buttons. Every click is
// one transaction that also owes both messages' refresh.

// AftermathRequest is what the GM gives to run an army's aftermath: the
// province facts recovery needs (E1-L1, E1-L3), and where his copy goes.
type AftermathRequest struct {
	Army      string
	Facts     campaign.Province
	GMChannel string
	Locale    string
}

// RunAftermath rolls the army's aftermath (recovery, the clan's healing,
// experience, the promotions open) and owes the clan's message and the GM's.
func (s *Service) RunAftermath(guild string, req AftermathRequest) (campaign.Aftermath, error) {
	var out campaign.Aftermath
	err := s.InRoster(guild, func(tx *store.Tx, rec *store.RosterRecord) error {
		a, ok := rec.Roster.Army(req.Army)
		if !ok {
			return refuse("err.roster_no_army", req.Army)
		}
		clan, _ := rec.Roster.Clan(a.Clan)
		if clan.Channel == "" {
			return refuse("err.clan_unbound", clan.Name)
		}
		r, am, err := campaign.StartAftermath(rec.Roster, req.Army, req.Facts, campaignDice(rec))
		if err != nil {
			return campaignRefusal(&rec.Roster, req.Army, err)
		}
		rec.Roster, out = r, am
		return oweAftermath(tx, guild, *clan, req.GMChannel, req.Locale, am)
	})
	return out, err
}

// aftermathLive is the live key of an army's aftermath message in one place.
func aftermathLive(guild, army string, turn int, gm bool) string {
	where := "clan"
	if gm {
		where = "gm"
	}
	return fmt.Sprintf("aftermath.%s.%s.%d.%s", guild, army, turn, where)
}

// oweAftermath owes the refresh of the aftermath's two messages: the clan's
// (with its choices) and, when the GM channel is known, the GM's.
func oweAftermath(tx *store.Tx, guild string, clan campaign.Clan, gmChannel, locale string, am campaign.Aftermath) error {
	for _, gm := range []bool{false, true} {
		key := aftermathLive(guild, am.Army, am.Turn, gm)
		channel := clan.Channel
		if gm {
			channel = gmChannel
			if l, err := tx.Live(key); err == nil && l.Channel != "" {
				channel = l.Channel
			}
		}
		if channel == "" {
			continue
		}
		p := store.Post{Guild: guild, Channel: channel, Audience: store.AudienceGM, Kind: PostAftermath, Lang: locale, Live: key}
		if !gm {
			p.Audience = store.AudienceNorth // a clan's view; the side does not matter outside a battle
			if clan.Lang != "" {
				p.Lang = clan.Lang // the clan's channel speaks the clan's language
			}
		}
		p.Data, _ = json.Marshal(AftermathRef{Army: am.Army, Turn: am.Turn, GM: gm}) // plain data: cannot fail
		if _, err := tx.OweLive(p); err != nil {
			return err
		}
	}
	return nil
}

// Aftermath is the army's aftermath of this turn, with the roster it reads.
func (s *Service) Aftermath(guild, army string) (campaign.Roster, campaign.Aftermath, error) {
	r, err := s.Roster(guild)
	if err != nil {
		return r, campaign.Aftermath{}, err
	}
	am, ok := r.Aftermath(army)
	if !ok {
		return r, campaign.Aftermath{}, refuse("err.aftermath_none", kit.ArmyName(&r, army))
	}
	return r, *am, nil
}

// The actions of an aftermath message: custom IDs "am:<army>:<turn>:<action>".
const (
	AmAdd     = "add"     // select: one more recovered figure to the unit picked
	AmClear   = "clear"   // button: no figure given
	AmDefault = "default" // button: the default distribution again
	AmPromote = "promote" // select (up to 2): "<unit>|<kind>"
	AmGrant   = "grant"   // select: "<grant>|<recipient>"
	AmName    = "name"    // button: opens the form naming skill <value>
	AmSkill   = "skill"   // form: the skill's name (value: the grant)
	AmConfirm = "confirm" // button: apply it all
)

// AftermathID is a component's custom ID (customid.Aftermath).
func AftermathID(army string, turn int, action string, value ...string) string {
	args := []any{army, turn, action}
	for _, v := range value {
		args = append(args, v)
	}
	return customid.Aftermath.Build(args...)
}

// AftermathClick is one click on an aftermath message.
type AftermathClick struct {
	Guild  string
	User   string
	Roles  []string
	GM     bool
	ID     string   // the custom ID
	Values []string // a select's values, or the form's text
	Locale string   // for the refreshed messages
}

// ActAftermath applies a click of the owning clan's player (or the GM): one
// transaction changing the aftermath and owing both messages' refresh. A
// click from anyone else changes nothing.
func (s *Service) ActAftermath(c AftermathClick) error {
	v, ok := customid.Aftermath.Parse(c.ID)
	if !ok {
		return refuse("err.aftermath_stale")
	}
	army, turn, action, arg := v.Str("army"), v.Int("turn"), v.Str("action"), v.Str("value")
	return s.InRoster(c.Guild, func(tx *store.Tx, rec *store.RosterRecord) error {
		r := &rec.Roster
		a, ok := r.Army(army)
		if !ok || turn != r.Turn {
			return refuse("err.aftermath_stale")
		}
		clan, _ := r.Clan(a.Clan)
		if !c.GM && (clan.Role == "" || !slices.Contains(c.Roles, clan.Role)) {
			return refuse("err.aftermath_not_yours")
		}
		next, err := aftermathAct(*r, army, action, arg, c)
		if err != nil {
			return campaignRefusal(r, army, err)
		}
		rec.Roster = next
		am, _ := next.Aftermath(army)
		return oweAftermath(tx, c.Guild, *clan, "", c.Locale, *am)
	})
}

// errAllotMoved refuses a figure given from a menu drawn before the last
// change to the distribution (issue 25, item 3).
var errAllotMoved = errors.New("the distribution changed since the menu was drawn")

// allotted is how many recovered figures a distribution gives.
func allotted(alloc []campaign.Allocation) int {
	n := 0
	for _, x := range alloc {
		n += x.Figures
	}
	return n
}

// AftermathAddID is the custom ID of the menu that gives a figure more,
// drawn on the distribution alloc.
func AftermathAddID(army string, turn int, alloc []campaign.Allocation) string {
	return AftermathID(army, turn, AmAdd, strconv.Itoa(allotted(alloc)))
}

// aftermathAct is the change a click makes to the roster.
func aftermathAct(r campaign.Roster, army, action, arg string, c AftermathClick) (campaign.Roster, error) {
	am, ok := r.Aftermath(army)
	if !ok {
		return r, campaign.ErrNoAftermath
	}
	a, _ := r.Army(army)
	switch action {
	case AmAdd:
		// arg: the figures given when the menu was drawn. A second press
		// after a lost answer finds more given and gives none.
		if arg != "" && arg != strconv.Itoa(allotted(am.Alloc)) {
			return r, errAllotMoved
		}
		alloc := slices.Clone(am.Alloc)
		for _, id := range c.Values {
			if i := slices.IndexFunc(alloc, func(x campaign.Allocation) bool { return x.UnitID == id }); i >= 0 {
				alloc[i].Figures++
			} else {
				alloc = append(alloc, campaign.Allocation{UnitID: id, Figures: 1})
			}
		}
		return r.Allot(army, alloc)
	case AmClear:
		return r.Allot(army, nil)
	case AmDefault:
		return r.Allot(army, campaign.DefaultAllocation(a.Units, am.Recovery))
	case AmPromote:
		var picks []campaign.Pick
		for _, v := range c.Values {
			unit, kind, _ := strings.Cut(v, "|")
			picks = append(picks, campaign.Pick{UnitID: unit, Kind: campaign.Promotion(kind)})
		}
		return r.PickPromotions(army, picks)
	case AmGrant:
		if len(c.Values) != 1 {
			return r, fmt.Errorf("one recipient at a time")
		}
		g, who, _ := strings.Cut(c.Values[0], "|")
		i, err := strconv.Atoi(g)
		if err != nil {
			return r, fmt.Errorf("no skill grant %q", g)
		}
		return r.ChooseGrant(army, i, who, "")
	case AmSkill:
		i, err := strconv.Atoi(arg)
		name := strings.TrimSpace(strings.Join(c.Values, " "))
		if err != nil || name == "" {
			return r, fmt.Errorf("a skill needs a name")
		}
		return r.ChooseGrant(army, i, "", clipRunes(name, 80))
	case AmConfirm:
		return r.Confirm(army, c.User)
	}
	return r, fmt.Errorf("unknown action %q", action)
}

// clipRunes cuts s to n characters.
func clipRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}
