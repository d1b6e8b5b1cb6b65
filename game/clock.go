package game

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Clock is the service's clock of the command phases: the GM's pause,
// resume and extension, and the walks of the deadlines and reminders due
// (Service.Clock).
type Clock struct{ s *Service }

// Clock is the clock of s.
func (s *Service) Clock() Clock { return Clock{s} }

// The battle's clock (issue 14, item 1): the GM may stop it (/battle
// pause), start it again with the time that was left (/battle resume),
// give more time (/battle extend by:), and set the length of a phase and
// when the sides not ready are reminded (the settings battle.turn_deadline
// and battle.remind_before). A paused battle has no deadline: the ticker
// (Due) cannot resolve it. Each change is told to both clans and the GM
// channel, and written to the battle's journal.

// The battle's own settings of its clock, beside post.replay.
const (
	TurnDeadlineKey = "battle.turn_deadline"
	RemindBeforeKey = "battle.remind_before"
)

// PostClock is a change of the clock told to a channel (Data: ClockData).
const PostClock = "clock"

// Clock events.
const (
	ClockPaused   = "paused"
	ClockResumed  = "resumed"
	ClockExtended = "extended"
)

// ClockData is what a change of the clock says: the event, by how much it
// was extended, and the deadline it leads to, or while paused the time
// left (0: the phase has no deadline).
type ClockData struct {
	Event    string        `json:"event"`
	By       time.Duration `json:"by,omitempty"`
	Left     time.Duration `json:"left,omitempty"`
	Deadline time.Time     `json:"deadline,omitzero"`
}

// MaxDuration bounds a duration the GM gives (an extension, a phase).
const MaxDuration = 90 * 24 * time.Hour

// ParseDuration reads a duration as the GM types it: numbers with units
// of days, hours and minutes, in English or Russian ("12h", "2d", "90m",
// "1d12h", "1д 12ч", "90мин"). It must be more than zero and at most
// MaxDuration. A bad one is a refusal that quotes it.
func ParseDuration(s string) (time.Duration, error) {
	bad := refuse("err.duration", s)
	in := strings.ToLower(strings.TrimSpace(s))
	if in == "" {
		return 0, bad
	}
	var total time.Duration
	rs := []rune(in)
	for i := 0; i < len(rs); {
		if unicode.IsSpace(rs[i]) {
			i++
			continue
		}
		j := i
		for j < len(rs) && rs[j] >= '0' && rs[j] <= '9' {
			j++
		}
		if j == i || j-i > 6 {
			return 0, bad
		}
		n, _ := strconv.Atoi(string(rs[i:j]))
		for j < len(rs) && unicode.IsSpace(rs[j]) {
			j++
		}
		k := j
		for k < len(rs) && unicode.IsLetter(rs[k]) {
			k++
		}
		unit, ok := durationUnits[string(rs[j:k])]
		if !ok {
			return 0, bad
		}
		total += time.Duration(n) * unit
		if total > MaxDuration {
			return 0, bad
		}
		i = k
	}
	if total <= 0 {
		return 0, bad
	}
	return total, nil
}

var durationUnits = map[string]time.Duration{
	"d": 24 * time.Hour, "day": 24 * time.Hour, "days": 24 * time.Hour, "д": 24 * time.Hour, "дн": 24 * time.Hour, "дня": 24 * time.Hour, "дней": 24 * time.Hour,
	"h": time.Hour, "hr": time.Hour, "hrs": time.Hour, "ч": time.Hour, "час": time.Hour, "часа": time.Hour, "часов": time.Hour,
	"m": time.Minute, "min": time.Minute, "mins": time.Minute, "м": time.Minute, "мин": time.Minute, "минут": time.Minute, "минуты": time.Minute,
}

// FormatDuration writes a duration as ParseDuration reads it, to the
// minute: "1d12h", "90m" as "1h30m".
func FormatDuration(d time.Duration) string {
	d = d.Round(time.Minute)
	if d <= 0 {
		return "0m"
	}
	var b strings.Builder
	if days := d / (24 * time.Hour); days > 0 {
		fmt.Fprintf(&b, "%dd", days)
		d -= days * 24 * time.Hour
	}
	if h := d / time.Hour; h > 0 {
		fmt.Fprintf(&b, "%dh", h)
		d -= h * time.Hour
	}
	if m := d / time.Minute; m > 0 {
		fmt.Fprintf(&b, "%dm", m)
	}
	return b.String()
}

// clockSettings are the battle settings of the clock, listed after the
// others in battleSettings.
var clockSettings = []battleSettingRow{
	// battle.turn_deadline: how long a phase stays open, from the next
	// one that opens (the one open now is /battle extend's).
	battleSettingRow{key: TurnDeadlineKey, values: "90m, 12h, 36h, 2d, default, off",
		get: func(rec *store.BattleRecord) string { return durationSetting(rec.TurnDeadline, "default") },
		set: func(rec *store.BattleRecord, v string) error {
			d, err := durationValue(v, "default")
			rec.TurnDeadline = d
			return err
		}},
	// battle.remind_before: how long before the deadline the sides not
	// ready are reminded; "quarter" (the default) is a quarter of the
	// phase's length, 6h of a 24h turn.
	battleSettingRow{key: RemindBeforeKey, values: "6h, 90m, 1d, quarter, off",
		get: func(rec *store.BattleRecord) string { return durationSetting(rec.RemindBefore, "quarter") },
		set: func(rec *store.BattleRecord, v string) error {
			d, err := durationValue(v, "quarter")
			if err == nil {
				rec.RemindBefore = d
				schedule(rec)
			}
			return err
		}},
}

// durationSetting shows a clock setting: a duration, its default or off.
func durationSetting(d time.Duration, def string) string {
	switch {
	case d < 0:
		return "off"
	case d == 0:
		return def
	}
	return FormatDuration(d)
}

// durationValue reads a clock setting: a duration, def (0) or off (-1).
func durationValue(v, def string) (time.Duration, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case def:
		return 0, nil
	case "off", "none", "0":
		return -1, nil
	}
	d, err := ParseDuration(v)
	if err != nil {
		return 0, errBadValue
	}
	return d, nil
}

// phaseLength is how long a phase of the battle stays open: its own
// setting, else the config's; 0 for no deadline.
func (s *Service) phaseLength(rec *store.BattleRecord) time.Duration {
	switch {
	case rec.TurnDeadline < 0:
		return 0
	case rec.TurnDeadline > 0:
		return rec.TurnDeadline
	}
	return max(s.TurnDeadline, 0)
}

// openClock gives the phase that opens now its deadline and its reminder;
// a paused battle keeps the phase's whole length for its resumption.
func (s *Service) openClock(rec *store.BattleRecord) {
	rec.Deadline, rec.Left, rec.RemindAt = time.Time{}, 0, time.Time{}
	rec.Length = s.phaseLength(rec)
	if rec.Reminded >= rec.Turn {
		rec.Reminded = max(rec.Turn-1, 0) // a turn opened again (an undo) is reminded again
	}
	if rec.Length <= 0 {
		return
	}
	if rec.Paused {
		rec.Left = rec.Length
		return
	}
	rec.Deadline = s.now().Add(rec.Length).UTC()
	schedule(rec)
}

// schedule sets when the open phase's reminder goes.
func schedule(rec *store.BattleRecord) {
	rec.RemindAt = time.Time{}
	rec.NudgeAt = time.Time{} // the players' own nudges are reckoned anew
	if rec.Deadline.IsZero() {
		return
	}
	before := rec.RemindBefore
	switch {
	case before < 0:
		rec.RemindAt = rec.Deadline // never: the window closes as it opens
		return
	case before == 0 && rec.Length <= 0:
		return // a phase opened before lengths were kept: Reminders' old rule
	case before == 0:
		before = rec.Length / 4
	}
	rec.RemindAt = rec.Deadline.Add(-before)
}

// remindAt is when a phase's reminder goes, zero for none.
func (s *Service) remindAt(h store.Header) time.Time {
	if !h.RemindAt.IsZero() || h.Deadline.IsZero() || s.TurnDeadline <= 0 {
		return h.RemindAt
	}
	return h.Deadline.Add(-s.TurnDeadline / 4) // stored by a gunbai before RemindAt
}

// rearm lets the reminder go again for a deadline moved later, if its
// time is still to come.
func (s *Service) rearm(rec *store.BattleRecord) {
	if rec.Reminded >= rec.Turn && !rec.RemindAt.IsZero() && s.now().Before(rec.RemindAt) {
		rec.Reminded = max(rec.Turn-1, 0)
	}
}

// phaseOpen reports whether a phase with a clock is open: a command phase
// or the deployment turn's scouting.
func phaseOpen(rec *store.BattleRecord) bool {
	return rec.Status == store.StatusCommand || rec.Scouting
}

// Clocked is a change of a battle's clock as made.
type Clocked struct {
	Battle store.BattleRecord
	Data   ClockData
	Posts  []uint64 // its announcements
}

// Pause stops a battle's clock: its phase has no deadline until Resume,
// which gives back the time that was left. by is the GM who paused it.
func (g Clock) Pause(guild, ref, by string) (Clocked, error) {
	return g.s.clock(guild, ref, by, g.s.pause())
}

// clockChange is one change of a battle's clock, made on the record in a
// transaction: what it says, and its journal entry.
type clockChange func(tx *store.Tx, rec *store.BattleRecord) (ClockData, store.Entry, error)

// pause is Pause's change, also made by a player's request the GM
// approves (requests.go).
func (s *Service) pause() clockChange {
	return func(tx *store.Tx, rec *store.BattleRecord) (ClockData, store.Entry, error) {
		if rec.Paused {
			return ClockData{}, store.Entry{}, refuse("err.paused_already", rec.Name)
		}
		left := time.Duration(0)
		if !rec.Deadline.IsZero() {
			// A deadline passed but not yet met by the ticker leaves a
			// minute, not nothing.
			left = max(rec.Deadline.Sub(s.now()).Round(time.Second), time.Minute)
		}
		rec.Paused, rec.Left, rec.Deadline, rec.RemindAt = true, left, time.Time{}, time.Time{}
		detail := "left " + FormatDuration(left)
		if left == 0 {
			detail = "no deadline"
		}
		return ClockData{Event: ClockPaused, Left: left}, store.Entry{Kind: store.JournalPause, Detail: detail}, nil
	}
}

// Resume starts a paused battle's clock again: the deadline is now plus
// the time that was left.
func (g Clock) Resume(guild, ref, by string) (Clocked, error) {
	s := g.s
	return s.clock(guild, ref, by, func(tx *store.Tx, rec *store.BattleRecord) (ClockData, store.Entry, error) {
		if !rec.Paused {
			return ClockData{}, store.Entry{}, refuse("err.not_paused", rec.Name)
		}
		rec.Paused = false
		if rec.Left > 0 && phaseOpen(rec) {
			rec.Deadline = s.now().Add(rec.Left).UTC()
			schedule(rec)
			s.rearm(rec)
		}
		rec.Left = 0
		detail := "no deadline"
		if !rec.Deadline.IsZero() {
			detail = "deadline " + rec.Deadline.Format(time.RFC3339)
		}
		return ClockData{Event: ClockResumed, Deadline: rec.Deadline}, store.Entry{Kind: store.JournalResume, Detail: detail}, nil
	})
}

// Extend gives a battle's open phase more time: its deadline moves by d,
// or, paused, the time left grows by d.
func (g Clock) Extend(guild, ref string, d time.Duration, by string) (Clocked, error) {
	if d <= 0 || d > MaxDuration {
		return Clocked{}, refuse("err.duration", FormatDuration(d))
	}
	return g.s.clock(guild, ref, by, g.s.extend(d))
}

// extend is Extend's change by d, also made by a player's request the GM
// approves (requests.go).
func (s *Service) extend(d time.Duration) clockChange {
	return func(tx *store.Tx, rec *store.BattleRecord) (ClockData, store.Entry, error) {
		data := ClockData{Event: ClockExtended, By: d}
		e := store.Entry{Kind: store.JournalExtend}
		switch {
		case rec.Paused && rec.Left > 0:
			rec.Left += d
			data.Left = rec.Left
			e.Detail = "by " + FormatDuration(d) + ", left " + FormatDuration(rec.Left)
		case rec.Paused || rec.Deadline.IsZero() || !phaseOpen(rec):
			return data, e, refuse("err.no_deadline", rec.Name)
		default:
			base := rec.Deadline
			if now := s.now(); base.Before(now) {
				base = now // a deadline passed, not yet met by the ticker
			}
			rec.Deadline = base.Add(d).UTC()
			schedule(rec)
			s.rearm(rec)
			data.Deadline = rec.Deadline
			e.Detail = "by " + FormatDuration(d) + ", deadline " + rec.Deadline.Format(time.RFC3339)
		}
		return data, e, nil
	}
}

// clock makes one change of a battle's clock in a transaction: stored,
// journaled and told to every channel.
func (s *Service) clock(guild, ref, by string, change clockChange) (Clocked, error) {
	var out Clocked
	err := s.inBattleNamed(guild, ref, func(tx *store.Tx, rec *store.BattleRecord) error {
		if rec.Status == store.StatusFinished {
			return refuse("err.finished", rec.Name)
		}
		data, e, err := change(tx, rec)
		if err != nil {
			return err
		}
		if err := tx.PutBattle(*rec); err != nil {
			return err
		}
		e.By = by
		if err := journal(tx, rec, e); err != nil {
			return err
		}
		var posts []store.Post
		for _, a := range audiences {
			posts = append(posts, post(rec, a, PostClock, data))
		}
		ids, err := owe(tx, posts...)
		out = Clocked{Battle: *rec, Data: data, Posts: ids}
		return err
	})
	return out, err
}

// countMissed records, as a turn is resolved by its deadline, each side
// that let it pass: not ready, and no order given at all.
func countMissed(tx *store.Tx, rec *store.BattleRecord) error {
	ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
	if err != nil {
		return err
	}
	for _, side := range sides {
		if ph.Ready[side] {
			continue
		}
		o, err := storedOrders(tx, rec, rec.Turn, side)
		if err != nil {
			return err
		}
		if len(o) == 0 {
			rec.Missed[side]++
		}
	}
	return nil
}

// PostReminder reminds a clan not ready of its deadline (Data:
// ReminderData): its role is mentioned, and only that role.
const PostReminder = "reminder"

// ReminderData is what a reminder says to one clan: the deadline, the role
// it mentions, and the side's own units still without an order (from its
// own orders only; none listed when an army-wide order moves them all).
type ReminderData struct {
	Deadline time.Time `json:"deadline"`
	Role     string    `json:"role"`
	Units    []string  `json:"units,omitempty"`
	ArmyWide bool      `json:"army_wide,omitempty"`
	Rolled   bool      `json:"rolled,omitempty"` // the side's command roll is made
}

// reminder is the post that reminds side of rec's deadline.
func reminder(tx *store.Tx, rec *store.BattleRecord, side engine.Side) (store.Post, error) {
	so, err := sideOrders(tx, rec, side)
	if err != nil {
		return store.Post{}, err
	}
	d := ReminderData{Deadline: rec.Deadline, Role: rec.Sides[side].RoleID, Rolled: so.Command != nil && so.Command.Final}
	if r := rec.Sides[side].OrderRole; r != "" {
		d.Role = r // those who give the side's orders
	}
	ordered := map[string]bool{}
	for _, o := range so.Orders {
		if o.Kind.ArmyWide() {
			d.ArmyWide = true
		}
		if o.Unit != "" {
			ordered[o.Unit] = true
		}
	}
	if !d.ArmyWide {
		for _, u := range rec.State.Units {
			if u.Side == side && u.Active() && !ordered[u.ID] {
				d.Units = append(d.Units, u.ID)
			}
		}
	}
	return post(rec, store.SideAudience(side), PostReminder, d), nil
}
