package game

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gunbai/gunbai/store"
)

// Requests the GM answers with a button (issue 29, item 5): a player of a
// side asks for more time for the open phase, or for a pause of the
// battle's clock, with his reason. The GM channel gets it with Approve and
// Refuse; an approval makes exactly the change /battle extend or /battle
// pause makes (the same clockChange), journaled with who asked and who
// answered, and is told to both clans, the reason to the asking clan
// only. A request not answered while its phase is open lapses: its
// buttons then change nothing. The GM limits how many a side may ask in
// a battle (requests.limit).
type Requests struct{ s *Service }

// Requests is the requests of s: the clock's, since an approved one
// moves or stops it as /battle extend or pause would (and Service keeps
// to the house's 40 methods).
func (c Clock) Requests() Requests { return Requests(c) }

// Posts of requests.
const (
	// PostRequest tells of a request asked (Data: RequestData): to the GM
	// channel with its buttons, and to the asking clan.
	PostRequest = "request"
	// PostRequestAnswer tells a clan the GM's answer (Data: RequestData
	// with the clock's change of an approval).
	PostRequestAnswer = "request_answer"
)

// RequestData is what a request's post says: which request of the battle
// (its words are read from the record as it stands when composed, so the
// reason is in no post's data), and an approval's change of the clock.
type RequestData struct {
	ID    int       `json:"id"`
	Clock ClockData `json:"clock,omitzero"`
}

// RequestLimitKey is the setting of how many requests a side may ask in a
// battle: a number (0: none), or "unlimited", the default.
const RequestLimitKey = "requests.limit"

// requestSettings are the battle settings of requests, listed after the
// clock's in battleSettings.
var requestSettings = []battleSettingRow{
	{key: RequestLimitKey, values: "unlimited, 0, 1, 2, 3",
		get: func(rec *store.BattleRecord) string {
			switch {
			case rec.RequestLimit < 0:
				return "0"
			case rec.RequestLimit == 0:
				return "unlimited"
			}
			return strconv.Itoa(rec.RequestLimit)
		},
		set: func(rec *store.BattleRecord, v string) error {
			switch strings.ToLower(strings.TrimSpace(v)) {
			case "unlimited", "default", "none":
				rec.RequestLimit = 0
				return nil
			case "0", "off":
				rec.RequestLimit = -1
				return nil
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 99 {
				return errBadValue
			}
			rec.RequestLimit = n
			return nil
		}},
}

// Ask is a request as a player asks it.
type Ask struct {
	Kind   string        // store.RequestExtend, store.RequestPause
	By     time.Duration // an extension's
	Reason string
	User   string // who asks
}

// Asked is a request as stored, with its posts.
type Asked struct {
	Battle  store.BattleRecord
	Request store.Request
	Posts   []uint64
}

// Ask stores a request of the seat's player and owes it to the GM channel
// (with its buttons) and to his clan. It is refused to a member who gives
// no orders, over the battle's limit, while the side has one pending in
// this phase, and when there is nothing to extend or the clock is stopped
// already.
func (g Requests) Ask(seat Seat, a Ask) (Asked, error) {
	s := g.s
	var out Asked
	if seat.Watcher {
		return out, refuse("err.not_order_role", "<@&"+seat.Battle.Sides[seat.Side].OrderRole+">")
	}
	err := s.inBattle(seat.Battle.GuildID, seat.Battle.ID, func(tx *store.Tx, rec *store.BattleRecord) error {
		if !active(rec.Status) {
			return refuse("err.finished", rec.Name)
		}
		if err := askable(rec, seat, a); err != nil {
			return err
		}
		r := store.Request{ID: len(rec.Requests) + 1, Side: seat.Side, User: a.User, Kind: a.Kind, By: a.By, Reason: a.Reason,
			Turn: rec.Turn, Phase: phaseOf(rec), Asked: s.now().UTC(), State: store.RequestPending}
		rec.Requests = append(rec.Requests, r)
		// Not journaled until answered: an entry would change the journal's
		// head in the enemy's status message as the request is made.
		if err := tx.PutBattle(*rec); err != nil {
			return err
		}
		d := RequestData{ID: r.ID}
		ids, err := owe(tx, post(rec, store.AudienceGM, PostRequest, d), post(rec, store.SideAudience(seat.Side), PostRequest, d))
		out = Asked{Battle: *rec, Request: r, Posts: ids}
		return err
	})
	return out, err
}

// askable refuses a request the battle cannot take now: a pending one of
// the side in this phase, the side's limit reached, an extension with no
// deadline to move, a pause of a stopped clock.
func askable(rec *store.BattleRecord, seat Seat, a Ask) error {
	used := 0
	for _, r := range rec.Requests {
		if r.Side != seat.Side {
			continue
		}
		if RequestOpen(rec, r) {
			return refuse("err.request_pending", r.ID, "<@"+r.User+">")
		}
		if r.State == store.RequestApproved || r.State == store.RequestPending {
			used++ // a refused request, or one that lapsed, gives its place back
		}
	}
	switch {
	case rec.RequestLimit < 0:
		return refuse("err.request_none", rec.Name)
	case rec.RequestLimit > 0 && used >= rec.RequestLimit:
		return refuse("err.request_limit", rec.Name, rec.RequestLimit)
	}
	switch a.Kind {
	case store.RequestExtend:
		if a.By <= 0 || a.By > MaxDuration {
			return refuse("err.duration", FormatDuration(a.By))
		}
		if !(rec.Paused && rec.Left > 0) && (rec.Paused || rec.Deadline.IsZero() || !phaseOpen(rec)) {
			return refuse("err.no_deadline", rec.Name)
		}
	case store.RequestPause:
		if rec.Paused {
			return refuse("err.paused_already", rec.Name)
		}
	default:
		return refuse("err.request_kind", a.Kind)
	}
	return nil
}

// phaseOf names the phase a battle is in, as a request keeps it.
func phaseOf(rec *store.BattleRecord) string {
	if rec.Scouting {
		return string(rec.Status) + "/scouting"
	}
	return string(rec.Status)
}

// RequestOpen reports whether a request still waits for the GM: pending,
// and its phase still open.
func RequestOpen(rec *store.BattleRecord, r store.Request) bool {
	return r.State == store.RequestPending && active(rec.Status) && r.Turn == rec.Turn && r.Phase == phaseOf(rec)
}

// requestDetail is a request's journal detail: its number, kind and
// duration, and what became of it.
func requestDetail(r store.Request, what string) string {
	d := fmt.Sprintf("#%d %s", r.ID, r.Kind)
	if r.Kind == store.RequestExtend {
		d += " " + FormatDuration(r.By)
	}
	return d + " " + what
}

// Answered is the GM's answer to a request: the battle and the request as
// they stand after it (or as they stood, refused), the clock's change of
// an approval, and its posts.
type Answered struct {
	Battle  store.BattleRecord
	Request store.Request
	Clock   ClockData
	Posts   []uint64
}

// Answer is the GM's answer to request id of a battle: approved, its
// change of the clock is made as /battle extend or /battle pause makes it
// and told to both clans; refused, the asking clan is told. A request
// answered already, or whose phase is over, is refused and nothing
// changes; Answered still holds the battle and the request as they stand,
// for the GM's post to show.
func (g Requests) Answer(guild, battle string, id int, approve bool, gm string) (Answered, error) {
	s := g.s
	var out Answered
	err := s.inBattle(guild, battle, func(tx *store.Tx, rec *store.BattleRecord) error {
		i := id - 1
		if i < 0 || i >= len(rec.Requests) || rec.Requests[i].ID != id {
			return refuse("err.request_unknown", id)
		}
		out = Answered{Battle: *rec, Request: rec.Requests[i]}
		if err := answerable(rec, rec.Requests[i]); err != nil {
			return err
		}
		r := &rec.Requests[i]
		r.State, r.AnsweredBy, r.Answered = store.RequestRefused, gm, s.now().UTC()
		var data ClockData
		var clockEntry store.Entry
		if approve {
			change := s.pause()
			if r.Kind == store.RequestExtend {
				change = s.extend(r.By)
			}
			var err error
			if data, clockEntry, err = change(tx, rec); err != nil {
				return err
			}
			r.State = store.RequestApproved
			clockEntry.By = gm
			clockEntry.Detail += fmt.Sprintf(", request #%d of %s", r.ID, r.User)
		}
		if err := tx.PutBattle(*rec); err != nil {
			return err
		}
		if approve {
			if err := journal(tx, rec, clockEntry); err != nil {
				return err
			}
		}
		if err := journal(tx, rec, store.Entry{Kind: store.JournalRequest, Side: r.Side.String(), By: gm,
			Detail: requestDetail(*r, r.State+", asked by "+r.User)}); err != nil {
			return err
		}
		d := RequestData{ID: r.ID, Clock: data}
		posts := []store.Post{post(rec, store.SideAudience(r.Side), PostRequestAnswer, d)}
		if approve {
			posts = append(posts, post(rec, store.SideAudience(r.Side.Enemy()), PostRequestAnswer, d))
		}
		ids, err := owe(tx, posts...)
		out = Answered{Battle: *rec, Request: *r, Clock: data, Posts: ids}
		return err
	})
	return out, err
}

// answerable refuses an answer to a request answered already, or whose
// phase is over.
func answerable(rec *store.BattleRecord, r store.Request) error {
	switch {
	case r.State == store.RequestApproved:
		return refuse("err.request_approved", r.ID, "<@"+r.AnsweredBy+">")
	case r.State == store.RequestRefused:
		return refuse("err.request_refused", r.ID, "<@"+r.AnsweredBy+">")
	case !RequestOpen(rec, r):
		return refuse("err.request_lapsed", r.ID, rec.Name)
	}
	return nil
}
