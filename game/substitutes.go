package game

import (
	"slices"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Substitutes (issue 29, item 2): the GM seats a player in the place of
// another, or of a whole side, from the current turn for some turns or
// until further notice (/battle substitute). The substitute plays the
// seat: he finds it by the battle's header (Seats.AnySeat), sees what it
// sees, gets its sheet when a command phase opens, and the orders he gives
// are the side's. The player replaced still sees his clan, but while a
// substitute holds his seat his orders are refused (err.substituted).
// Each seating and its end is journaled and told to the side's clan only.

// SubRequest is what the GM asks of /battle substitute.
type SubRequest struct {
	Side engine.Side
	// For is the player replaced, "" for the whole side; ForRoles his
	// roles in the guild (he may not be of the other side's clan).
	For      string
	ForRoles []string
	// By is the substitute, ByName his name, ByRoles his roles in the
	// guild (he may not be of the other side's clan).
	By, ByName string
	ByRoles    []string
	// Turns is how many turns he sits in from the current one, 0 until
	// further notice.
	Turns int
	// End ends the seating of For (or of the whole side) instead.
	End bool
}

// Seating is a seating made or ended: the battle, the substitute as
// stored, and the posts that told the side's clan.
type Seating struct {
	Battle store.BattleRecord
	Sub    store.Substitute
	Ended  bool
	Posts  []uint64
}

// MaxSubTurns bounds the turns of one seating (the command's option too).
const MaxSubTurns = 99

// Substitute seats a substitute, or ends a seating (req.End), for the
// battle's current turn on; gm is the GM who did it, for the journal.
func (g Seats) Substitute(guild, ref string, req SubRequest, gm string) (Seating, error) {
	s := g.s
	var out Seating
	err := s.inBattleNamed(guild, ref, func(tx *store.Tx, rec *store.BattleRecord) error {
		if !active(rec.Status) {
			return refuse("err.finished", rec.Name)
		}
		var (
			sub store.Substitute
			err error
		)
		if req.End {
			sub, err = endSeating(rec, req)
		} else {
			sub, err = seatSub(rec, req)
		}
		if err != nil {
			return err
		}
		if err := tx.PutBattle(*rec); err != nil {
			return err
		}
		kind := store.JournalSubstitute
		if req.End {
			kind = store.JournalSubstituteEnd
		}
		if err := journal(tx, rec, store.Entry{Kind: kind, Side: req.Side.String(), Detail: sub.Detail(), By: gm}); err != nil {
			return err
		}
		if !req.End && rec.Status == store.StatusCommand {
			// He gets the seat's sheet at once, as a player does when
			// a phase opens.
			if err := peopleSheets(tx, rec, req.Side); err != nil {
				return err
			}
		}
		key, args := SeatingText(sub, req.End)
		ids, err := owe(tx, text(rec, []store.Audience{store.SideAudience(req.Side)}, key, args...)...)
		out = Seating{Battle: *rec, Sub: sub, Ended: req.End, Posts: ids}
		return err
	})
	return out, err
}

// seatSub checks a seating asked for and adds it to the record's people.
func seatSub(rec *store.BattleRecord, req SubRequest) (store.Substitute, error) {
	sp := rec.People.Sides[req.Side&1]
	other := rec.Sides[req.Side.Enemy()]
	switch {
	case req.By == "":
		return store.Substitute{}, refuse("subs.err.no_stand_in")
	case req.By == req.For:
		return store.Substitute{}, refuse("subs.err.himself", mention(req.By))
	case req.Turns < 0 || req.Turns > MaxSubTurns:
		return store.Substitute{}, refuse("subs.err.turns", MaxSubTurns)
	case req.For != "" && len(sp.Players()) > 0 && !slices.Contains(sp.Players(), req.For):
		return store.Substitute{}, refuse("subs.err.not_of_side", mention(req.For), roleMention(rec.Sides[req.Side&1].RoleID))
	case slices.Contains(rec.People.Sides[req.Side.Enemy()].Players(), req.By) || slices.Contains(req.ByRoles, other.RoleID) ||
		other.OrderRole != "" && slices.Contains(req.ByRoles, other.OrderRole) || seatedOn(rec, req.Side.Enemy(), req.By):
		return store.Substitute{}, refuse("subs.err.other_side", mention(req.By), roleMention(other.RoleID))
	case slices.Contains(rec.People.Sides[req.Side.Enemy()].Players(), req.For) || seatedOn(rec, req.Side.Enemy(), req.For) ||
		req.For != "" && (slices.Contains(req.ForRoles, other.RoleID) || other.OrderRole != "" && slices.Contains(req.ForRoles, other.OrderRole)):
		return store.Substitute{}, refuse("subs.err.not_of_side", mention(req.For), roleMention(rec.Sides[req.Side&1].RoleID))
	}
	sub := store.Substitute{Side: req.Side, For: req.For, By: req.By, Name: req.ByName, From: rec.Turn}
	if req.Turns > 0 {
		// Seated in deployment (turn 0), he deploys too and plays the
		// turns asked from the first.
		sub.Until = max(rec.Turn, 1) + req.Turns - 1
	}
	rec.People.Subs = append(rec.People.Subs, sub)
	return sub, nil
}

// seatedOn says whether a user sits in as a substitute on a side now or
// later.
func seatedOn(rec *store.BattleRecord, side engine.Side, user string) bool {
	return user != "" && slices.ContainsFunc(rec.People.Subs, func(s store.Substitute) bool {
		return s.Side == side && s.By == user && (s.Until == 0 || s.Until >= rec.Turn)
	})
}

// endSeating ends, from the current turn, the seatings of req.For (or of
// the whole side) that cover it or a later turn: one that has not begun
// is taken away; the one returned is the last of them as it ended.
func endSeating(rec *store.BattleRecord, req SubRequest) (store.Substitute, error) {
	var ended *store.Substitute
	var kept []store.Substitute
	for _, s := range rec.People.Subs {
		if s.Side != req.Side || s.For != req.For || s.Until != 0 && s.Until < rec.Turn {
			kept = append(kept, s)
			continue
		}
		s.Until = rec.Turn - 1
		ended = &s
		if s.From <= s.Until {
			kept = append(kept, s) // the turns he played stay recorded
		}
	}
	if ended == nil {
		who := mention(req.For)
		if req.For == "" {
			who = roleMention(rec.Sides[req.Side&1].RoleID)
		}
		return store.Substitute{}, refuse("subs.err.none", who)
	}
	rec.People.Subs = kept
	return *ended, nil
}

// SeatingText is the catalogue text telling a clan (and the GM) of a seating, and its
// arguments.
func SeatingText(sub store.Substitute, ended bool) (string, []any) {
	switch {
	case ended && sub.For == "":
		return "subs.ended_side", []any{mention(sub.By)}
	case ended:
		return "subs.ended_player", []any{mention(sub.By), mention(sub.For)}
	case sub.For == "" && sub.Until == 0:
		return "subs.seated_side_open", []any{mention(sub.By), max(sub.From, 1)}
	case sub.For == "":
		return "subs.seated_side", []any{mention(sub.By), max(sub.From, 1), sub.Until}
	case sub.Until == 0:
		return "subs.seated_player_open", []any{mention(sub.By), mention(sub.For), max(sub.From, 1)}
	}
	return "subs.seated_player", []any{mention(sub.By), mention(sub.For), max(sub.From, 1), sub.Until}
}

func mention(user string) string { return "<@" + user + ">" }

func roleMention(role string) string { return "<@&" + role + ">" }

// peopleSheets gives the side's named players and each substitute seated
// on it this turn their sheets, as the clan's ordering role gets its
// sheets when a command phase opens: a substitute may lack the role, and
// a clan without an ordering role would otherwise ask with /orders.
func peopleSheets(tx *store.Tx, rec *store.BattleRecord, side engine.Side) error {
	// One whose seat a substitute holds this turn gets none.
	var users []string
	for _, p := range rec.People.Sides[side&1].Players() {
		if sub, ok := rec.People.SubFor(side, p, rec.Turn); !ok || sub.By == p {
			users = append(users, p)
		}
	}
	for _, sub := range rec.People.Subs {
		if sub.Side == side && sub.Covers(rec.Turn) && !slices.Contains(users, sub.By) {
			if cur, _ := rec.People.SubFor(side, sub.For, rec.Turn); cur.By == sub.By {
				users = append(users, sub.By)
			}
		}
	}
	return openSheets(tx, rec, side, users)
}

// substituted refuses the orders of a player whose seat a substitute
// holds this turn: the substitute plays it.
func substituted(seat Seat, rec *store.BattleRecord) error {
	if seat.Sub != nil || seat.Plays == "" {
		return nil
	}
	if sub, ok := rec.People.SubFor(seat.Side, seat.Plays, rec.Turn); ok && sub.By != seat.Plays {
		return refuse("subs.err.substituted", mention(sub.By))
	}
	return nil
}

// journalPlayed journals, as a turn is resolved, who played each side: the
// users of its changes and the substitutes seated on it.
func journalPlayed(tx *store.Tx, rec *store.BattleRecord) error {
	ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
	if err != nil {
		return err
	}
	for _, side := range sides {
		p := playedOf(ph, rec.People, side, rec.Turn)
		if len(p.Users) == 0 && len(p.Subs) == 0 {
			continue
		}
		e := store.Entry{Kind: store.JournalPlayed, Turn: rec.Turn, Side: side.String(), Detail: p.Detail()}
		if err := journal(tx, rec, e); err != nil {
			return err
		}
		// The GM's channel is told who played, the clan's only its own
		// summary (which names them): a side never learns who sat in
		// for the other.
		key, args := playedText(rec, side, p)
		if _, err := owe(tx, text(rec, []store.Audience{store.AudienceGM}, key, args...)...); err != nil {
			return err
		}
	}
	return nil
}

// playedOf is who played a side's turn by its command phase and the
// seatings that covered it.
func playedOf(ph store.CommandPhase, people store.People, side engine.Side, turn int) store.Played {
	var p store.Played
	for _, ch := range ph.Changes[side&1] {
		if ch.User != "" && !slices.Contains(p.Users, ch.User) {
			p.Users = append(p.Users, ch.User)
		}
	}
	slices.Sort(p.Users)
	for _, sub := range people.Subs {
		if sub.Side == side && sub.Covers(turn) {
			p.Subs = append(p.Subs, sub)
		}
	}
	return p
}

// playedText is the GM's line of who played a side's turn: the users
// mentioned, and each substitute seated with whom he sat in for (a
// side's role for the whole side), which need no words of a language.
func playedText(rec *store.BattleRecord, side engine.Side, p store.Played) (string, []any) {
	users := make([]string, 0, len(p.Users))
	for _, u := range p.Users {
		users = append(users, mention(u))
	}
	role := roleMention(rec.Sides[side&1].RoleID)
	var subs []string
	for _, sub := range p.Subs {
		whom := role
		if sub.For != "" {
			whom = mention(sub.For)
		}
		subs = append(subs, mention(sub.By)+" → "+whom)
	}
	switch {
	case len(users) == 0:
		return "subs.played_none", []any{rec.Turn, role, strings.Join(subs, ", ")}
	case len(subs) == 0:
		return "subs.played", []any{rec.Turn, role, strings.Join(users, ", ")}
	}
	return "subs.played_subs", []any{rec.Turn, role, strings.Join(users, ", "), strings.Join(subs, ", ")}
}

// unseated says whether a sheet is a substitute's whose seating on its
// side does not cover turn: it is shown no more (the seat's sheet is not
// his once he has left it). A named player of the side keeps his.
func unseated(rec *store.BattleRecord, sh store.Sheet, turn int) bool {
	subbed, now := false, false
	for _, sub := range rec.People.Subs {
		if sub.Side != sh.Side || sub.By != sh.User {
			continue
		}
		subbed = true
		if cur, _ := rec.People.SubFor(sub.Side, sub.For, turn); sub.Covers(turn) && cur.By == sh.User {
			now = true
		}
	}
	return subbed && !now && !slices.Contains(rec.People.Sides[sh.Side&1].Players(), sh.User)
}

// subSeats adds to out (UserSeats' seats) those g.user holds as a
// substitute in the battles of heads, with their headers' fields.
func (g Seats) subSeats(heads []store.Header, out []Seat) ([]Seat, error) {
	var named []store.Header
	for _, h := range heads {
		if h.Seats(g.user) {
			named = append(named, h)
		}
	}
	if len(named) == 0 {
		return out, nil
	}
	err := g.s.Store.View(func(tx *store.Tx) (err error) {
		out, err = g.substitutes(tx, out, named)
		return err
	})
	for i, seat := range out {
		if seat.Sub == nil {
			continue
		}
		for _, h := range named {
			if h.ID == seat.Battle.ID && h.GuildID == seat.Battle.GuildID {
				out[i].Battle = store.BattleRecord{ID: h.ID, GuildID: h.GuildID, Name: h.Name, Status: h.Status, Turn: h.Turn, Sides: h.Sides}
			}
		}
	}
	return out, err
}
