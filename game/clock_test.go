package game

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

func TestParseDuration(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"12h": 12 * time.Hour, "2d": 48 * time.Hour, "90m": 90 * time.Minute, "1d12h": 36 * time.Hour,
		"1h30m": 90 * time.Minute, " 2D ": 48 * time.Hour, "1д 12ч": 36 * time.Hour, "90мин": 90 * time.Minute,
		"3 days": 72 * time.Hour, "90d": MaxDuration,
	} {
		got, err := ParseDuration(in)
		if err != nil || got != want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "12", "h", "-2h", "1.5h", "2x", "0h", "91d", "12h!", "9999999h"} {
		_, err := ParseDuration(in)
		userErr(t, err, "err.duration")
	}
	for d, want := range map[time.Duration]string{36 * time.Hour: "1d12h", 90 * time.Minute: "1h30m", 48 * time.Hour: "2d", 0: "0m"} {
		if got := FormatDuration(d); got != want {
			t.Errorf("FormatDuration(%v) = %q, want %q", d, got, want)
		}
		if d > 0 {
			if back, _ := ParseDuration(FormatDuration(d)); back != d {
				t.Errorf("%v does not read back: %v", d, back)
			}
		}
	}
}

// clocked is a started battle with a 24-hour deadline and a clock the
// test moves.
func clocked(t *testing.T) (*Service, *time.Time, store.BattleRecord) {
	t.Helper()
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	svc.Now = func() time.Time { return now }
	svc.TurnDeadline = 24 * time.Hour
	rec := created(t, svc)
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		t.Fatal(err)
	}
	rec, _ = svc.Battle(guild, rec.ID)
	return svc, &now, rec
}

// A paused battle has no deadline: Due does not resolve it at its old
// deadline, nor does Reminders remind it; Resume gives back the time that
// was left; each is journaled and told to every channel.
func TestPauseKeepsTheTimeLeft(t *testing.T) {
	svc, now, rec := clocked(t)
	start := *now
	*now = start.Add(4 * time.Hour)
	drain(t, svc)
	ck, err := svc.Clock().Pause(guild, rec.ID, "u-gm")
	if err != nil || !ck.Battle.Paused || !ck.Battle.Deadline.IsZero() || ck.Battle.Left != 20*time.Hour || ck.Data.Left != 20*time.Hour {
		t.Fatalf("paused: %+v %v", ck, err)
	}
	owed, _ := svc.Posts().Owed()
	if countKind(owed, PostClock) != 3 {
		t.Fatalf("the pause is not told to every channel: %v", targets(owed))
	}
	_, err = svc.Clock().Pause(guild, rec.ID, "u-gm")
	userErr(t, err, "err.paused_already")
	*now = start.Add(30 * time.Hour) // past the old deadline
	if done, err := svc.Clock().Due(); err != nil || len(done) != 0 {
		t.Fatalf("a paused battle was resolved: %+v %v", done, err)
	}
	if r, err := svc.Clock().Reminders(); err != nil || len(r) != 0 {
		t.Fatalf("a paused battle was reminded: %+v %v", r, err)
	}
	if hs, _ := svc.Battles(guild); !hs[0].Paused || !hs[0].Deadline.IsZero() {
		t.Fatalf("header %+v", hs[0])
	}
	ck, err = svc.Clock().Resume(guild, rec.ID, "u-gm")
	if err != nil || ck.Battle.Paused || !ck.Battle.Deadline.Equal(start.Add(50*time.Hour)) || ck.Battle.Left != 0 {
		t.Fatalf("resumed: %+v %v", ck.Battle, err)
	}
	_, err = svc.Clock().Resume(guild, rec.ID, "u-gm")
	userErr(t, err, "err.not_paused")
	es, _, _ := svc.Audit().Journal(guild, rec.ID)
	var kinds []string
	for _, e := range es {
		if e.Kind == store.JournalPause || e.Kind == store.JournalResume {
			kinds = append(kinds, e.Kind+":"+e.Detail+":"+e.By)
		}
	}
	if want := []string{"pause:left 20h:u-gm", "resume:deadline 2026-12-02T14:00:00Z:u-gm"}; !slices.Equal(kinds, want) {
		t.Fatalf("journal %q, want %q", kinds, want)
	}
	*now = start.Add(50*time.Hour - time.Minute)
	if done, _ := svc.Clock().Due(); len(done) != 0 {
		t.Fatal("resolved before the deadline given back")
	}
	*now = start.Add(50 * time.Hour)
	if done, err := svc.Clock().Due(); err != nil || len(done) != 1 || done[0].Resolved == nil {
		t.Fatalf("at the deadline given back: %+v %v", done, err)
	}
}

// A turn that opens while the clock is stopped keeps its whole length for
// the resumption; a battle paused before its start, too.
func TestPauseOverATurnOpening(t *testing.T) {
	svc, now, rec := clocked(t)
	if _, err := svc.Clock().Pause(guild, rec.ID, ""); err != nil {
		t.Fatal(err)
	}
	res, err := svc.Resolve(guild, rec.ID, 1)
	if err != nil || !res.Next.Battle.Paused || !res.Next.Battle.Deadline.IsZero() || res.Next.Battle.Left != 24*time.Hour {
		t.Fatalf("turn 2 opened paused: %+v %v", res.Next.Battle, err)
	}
	*now = now.Add(time.Hour)
	ck, err := svc.Clock().Resume(guild, rec.ID, "")
	if err != nil || !ck.Battle.Deadline.Equal(now.Add(24*time.Hour)) {
		t.Fatalf("resumed %+v %v", ck.Battle, err)
	}
	// Not started: no deadline to keep; the first turn's is kept whole.
	other, err := svc.Create(guild, CreateRequest{Name: "Мимасэтогэ", North: store.Clan{RoleID: "r-x"}, South: store.Clan{RoleID: "r-y"}})
	if err != nil {
		t.Fatal(err)
	}
	if ck, err := svc.Clock().Pause(guild, other.ID, ""); err != nil || ck.Data.Left != 0 {
		t.Fatalf("paused before the start: %+v %v", ck, err)
	}
	_, err = svc.Clock().Extend(guild, other.ID, time.Hour, "")
	userErr(t, err, "err.no_deadline")
	op, err := svc.Start(guild, other.ID, false)
	if err != nil || !op.Battle.Deadline.IsZero() || op.Battle.Left != 24*time.Hour {
		t.Fatalf("started paused: %+v %v", op.Battle, err)
	}
}

// Extend moves the deadline, or while paused the time left; a battle
// without a deadline, or over, has nothing to extend.
func TestExtendMovesTheDeadline(t *testing.T) {
	svc, now, rec := clocked(t)
	deadline := rec.Deadline
	ck, err := svc.Clock().Extend(guild, rec.ID, 12*time.Hour, "u-gm")
	if err != nil || !ck.Battle.Deadline.Equal(deadline.Add(12*time.Hour)) || ck.Data.By != 12*time.Hour {
		t.Fatalf("extended: %+v %v", ck, err)
	}
	var d ClockData
	owed, _ := svc.Posts().Owed()
	for _, p := range owed {
		if p.Kind == PostClock && p.Audience == store.AudienceSouth {
			json.Unmarshal(p.Data, &d)
		}
	}
	if d.Event != ClockExtended || !d.Deadline.Equal(deadline.Add(12*time.Hour)) {
		t.Fatalf("told %+v", d)
	}
	*now = now.Add(2 * time.Hour)
	svc.Clock().Pause(guild, rec.ID, "")
	if ck, err = svc.Clock().Extend(guild, rec.ID, 90*time.Minute, ""); err != nil || ck.Battle.Left != 34*time.Hour+90*time.Minute || !ck.Battle.Deadline.IsZero() {
		t.Fatalf("extended paused: %+v %v", ck.Battle, err)
	}
	_, err = svc.Clock().Extend(guild, rec.ID, 0, "")
	userErr(t, err, "err.duration")
	es, _, _ := svc.Audit().Journal(guild, rec.ID)
	var ext []string
	for _, e := range es {
		if e.Kind == store.JournalExtend {
			ext = append(ext, e.Detail)
		}
	}
	if want := []string{"by 12h, deadline 2026-12-02T00:00:00Z", "by 1h30m, left 1d11h30m"}; !slices.Equal(ext, want) {
		t.Fatalf("journal %q", ext)
	}
	if _, err := svc.Finish(guild, rec.ID); err != nil {
		t.Fatal(err)
	}
	_, err = svc.Clock().Extend(guild, rec.ID, time.Hour, "")
	userErr(t, err, "err.finished")
	// No deadline configured: nothing to extend.
	free := newService(t, filepath.Join(t.TempDir(), "g.db"))
	r := created(t, free)
	free.Start(guild, r.ID, false)
	_, err = free.Clock().Extend(guild, r.ID, time.Hour, "")
	userErr(t, err, "err.no_deadline")
}

// battle.turn_deadline gives the battle its own length of a turn from the
// next one; battle.remind_before when its reminder goes; both refuse bad
// values and are listed with the settings.
func TestClockSettings(t *testing.T) {
	svc, now, rec := clocked(t)
	if _, err := svc.SetSetting(guild, rec.ID, TurnDeadlineKey, "36h"); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.SetSetting(guild, rec.ID, RemindBeforeKey, "2h"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][2]string{{TurnDeadlineKey, "soon"}, {RemindBeforeKey, "-1h"}} {
		_, err := svc.SetSetting(guild, rec.ID, bad[0], bad[1])
		userErr(t, err, "err.setting_value")
	}
	list, _ := svc.Settings(guild, rec.ID)
	if !slices.Contains(list, "battle.turn_deadline = 1d12h") || !slices.Contains(list, "battle.remind_before = 2h") {
		t.Fatalf("settings %q", list)
	}
	// The reminder of the turn open now moves to 2 hours before its
	// deadline (24 hours after the start).
	*now = now.Add(21 * time.Hour)
	if r, _ := svc.Clock().Reminders(); len(r) != 0 {
		t.Fatal("reminded 3 hours before the deadline")
	}
	*now = now.Add(90 * time.Minute)
	if r, _ := svc.Clock().Reminders(); len(r) != 1 {
		t.Fatal("not reminded 90 minutes before the deadline")
	}
	res, err := svc.Resolve(guild, rec.ID, 1)
	if err != nil || !res.Next.Battle.Deadline.Equal(now.Add(36*time.Hour)) {
		t.Fatalf("turn 2's deadline %v, %v", res.Next.Battle.Deadline, err)
	}
	if _, err := svc.SetSetting(guild, rec.ID, TurnDeadlineKey, "off"); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.SetSetting(guild, rec.ID, RemindBeforeKey, "off"); err != nil {
		t.Fatal(err)
	}
	*now = now.Add(35 * time.Hour)
	if r, _ := svc.Clock().Reminders(); len(r) != 0 {
		t.Fatal("reminded with reminders off")
	}
	res, _ = svc.Resolve(guild, rec.ID, 2)
	if !res.Next.Battle.Deadline.IsZero() {
		t.Fatalf("a deadline with turn_deadline off: %v", res.Next.Battle.Deadline)
	}
}

// A turn resolved by its deadline records each side that let it pass
// with no order at all; a side that gave one, or said ready, missed
// nothing; a turn the GM resolves records nothing.
func TestMissedTurnsByDeadline(t *testing.T) {
	svc, now, rec := clocked(t)
	north, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
	accept(t, svc, north, engine.StakeLow)
	svc.Order(north, engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1})
	*now = now.Add(25 * time.Hour)
	if _, err := svc.Clock().Due(); err != nil {
		t.Fatal(err)
	}
	got, _ := svc.Battle(guild, rec.ID)
	if got.Missed != [2]int{0, 1} {
		t.Fatalf("missed %v", got.Missed)
	}
	if _, err := svc.Resolve(guild, rec.ID, 2); err != nil {
		t.Fatal(err)
	}
	south, _ := svc.Seats().SeatOf(guild, []string{"r-asai"})
	accept(t, svc, south, engine.StakeLow)
	svc.Ready(south) // ready without an order: not missed
	*now = now.Add(50 * time.Hour)
	svc.Clock().Due()
	hs, _ := svc.Battles(guild)
	if hs[0].Missed != [2]int{1, 1} {
		t.Fatalf("missed after turn 3: %v", hs[0].Missed)
	}
}

// A reminder goes to each clan not ready, in its own channel, mentions its
// role (its ordering role if it has one), and lists its own units without
// an order, from its own orders only.
func TestReminderListsTheSidesOwnUnits(t *testing.T) {
	svc, now, rec := clocked(t)
	north, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
	accept(t, svc, north, engine.StakeLow)
	svc.Order(north, engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1})
	drain(t, svc)
	*now = now.Add(19 * time.Hour)
	if _, err := svc.Clock().Reminders(); err != nil {
		t.Fatal(err)
	}
	owed, _ := svc.Posts().Owed()
	var got [2]ReminderData
	n := 0
	for _, p := range owed {
		if p.Kind != PostReminder {
			continue
		}
		n++
		side, _ := p.Audience.Side()
		json.Unmarshal(p.Data, &got[side])
		if p.Channel != rec.ChannelOf(p.Audience) {
			t.Fatalf("a reminder to %s in %s", p.Audience, p.Channel)
		}
	}
	if n != 2 || got[0].Role != "r-oda" || got[1].Role != "r-asai" || !got[0].Rolled || got[1].Rolled {
		t.Fatalf("%d reminders: %+v", n, got)
	}
	if slices.Contains(got[0].Units, "n-yari") || !slices.Contains(got[0].Units, "n-yumi") {
		t.Fatalf("north's units without orders: %v", got[0].Units)
	}
	for side, d := range got {
		for _, u := range d.Units {
			if unit := rec.State.Unit(u); unit == nil || unit.Side != engine.Side(side) || !strings.HasPrefix(u, [2]string{"n-", "s-"}[side]) {
				t.Fatalf("side %d is reminded of %s", side, u)
			}
		}
	}
}

// The status messages: none before the start, one live message per
// channel after, owed again (not anew) by each change it shows.
func TestStatusOwedByEveryChange(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	rec := created(t, svc)
	if owed, _ := svc.Posts().Owed(); countKind(owed, PostStatus) != 0 {
		t.Fatal("a status before the start")
	}
	svc.Start(guild, rec.ID, false)
	owed, _ := svc.Posts().Owed()
	keys := map[string]bool{}
	for _, p := range owed {
		if p.Kind == PostStatus {
			keys[p.Live] = true
		}
	}
	if len(keys) != 3 || !keys["status.g1.анэгава-1570.north"] || !keys["status.g1.анэгава-1570.gm"] {
		t.Fatalf("status keys %v", keys)
	}
	north, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
	accept(t, svc, north, engine.StakeLow)
	version := func() uint64 {
		var l store.Live
		svc.Store.View(func(tx *store.Tx) (err error) { l, err = tx.Live("status.g1.анэгава-1570.south"); return err })
		return l.Version
	}
	v := version()
	svc.Ready(north)
	if version() == v {
		t.Fatal("ready did not refresh the status")
	}
	v = version()
	svc.Order(north, engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1}) // ready taken back
	if version() == v {
		t.Fatal("a ready taken back did not refresh the status")
	}
	if owed, _ := svc.Posts().Owed(); countKind(owed, PostStatus) != 3 {
		t.Fatalf("status posts owed: %d (one per channel)", countKind(owed, PostStatus))
	}
	st, err := svc.Status(guild, rec.ID, store.AudienceSouth)
	_, head, _ := svc.Audit().Journal(guild, rec.ID)
	if err != nil || st.Turn != 1 || st.Ready != [2]bool{} || st.Head != head || head == "" {
		t.Fatalf("status %+v (head %s) %v", st, head, err)
	}
	svc.Ready(north)
	if st, _ = svc.Status(guild, rec.ID, store.AudienceSouth); !st.Ready[engine.North] || st.ReadyBy[engine.North] != "" {
		t.Fatalf("the enemy's ready as South sees it: %+v", st)
	}
}

// The deployment turn's scouting has a status too: each side done
// scouting or not, refreshed when a side is done.
func TestStatusDuringScouting(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	a := anegawa()
	a.Shinobi = [2]int{2, 1}
	svc.Scenarios = map[string]engine.Battle{"shinobi": a}
	rec, err := svc.Create(guild, CreateRequest{Name: "Разведка", North: store.Clan{RoleID: "r-oda", ChannelID: "c-oda"},
		South: store.Clan{RoleID: "r-asai", ChannelID: "c-asai"}, GMChannelID: "c-gm", Scenario: "shinobi"})
	if err != nil {
		t.Fatal(err)
	}
	if op, err := svc.Start(guild, rec.ID, false); err != nil || !op.Scouting {
		t.Fatalf("start %+v %v", op, err)
	}
	drain(t, svc)
	north, _ := svc.Seats().ScoutSeat(guild, []string{"r-oda"})
	if _, err := svc.Scout(north, Scouting{Done: true}); err != nil {
		t.Fatal(err)
	}
	if owed, _ := svc.Posts().Owed(); countKind(owed, PostStatus) != 3 {
		t.Fatalf("a side done scouting did not refresh the status: %v", targets(owed))
	}
	st, err := svc.Status(guild, rec.ID, store.AudienceSouth)
	if err != nil || !st.Scouting || st.Ready != [2]bool{true, false} {
		t.Fatalf("status %+v %v", st, err)
	}
}

// A storm of deadlines is resolved in the order of the deadlines, not of
// the store (guild, then battle), so that the posts each turn owes are
// owed, and delivered, in that order too (issue 31).
func TestDueResolvesInDeadlineOrder(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	svc.Now = func() time.Time { return now }
	svc.TurnDeadline = 24 * time.Hour
	// The store keeps them g1, g2, g3; their deadlines fall g3, g1, g2.
	started := map[string]time.Duration{"g3": 0, "g1": time.Minute, "g2": 2 * time.Minute}
	for _, g := range []string{"g3", "g1", "g2"} {
		now = time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC).Add(started[g])
		rec, err := svc.Create(g, CreateRequest{Name: "Битва " + g, North: store.Clan{RoleID: "r-oda", ChannelID: "c-oda-" + g},
			South: store.Clan{RoleID: "r-asai", ChannelID: "c-asai-" + g}, GMChannelID: "c-gm-" + g, Locale: "ru"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Start(g, rec.ID, false); err != nil {
			t.Fatal(err)
		}
	}
	now = now.Add(48 * time.Hour)
	done, err := svc.Clock().Due()
	if err != nil || len(done) != 3 {
		t.Fatalf("due: %d resolved, %v", len(done), err)
	}
	var order []string
	var last uint64
	for _, d := range done {
		order = append(order, d.Resolved.Battle.GuildID)
		if first := d.Resolved.Posts[0]; first < last {
			t.Errorf("the posts of %s's turn (from %d) were owed before those of the turn resolved before it (%d)", d.Resolved.Battle.GuildID, first, last)
		}
		last = slices.Max(d.Resolved.Posts)
	}
	if want := []string{"g3", "g1", "g2"}; !slices.Equal(order, want) {
		t.Errorf("resolved in the order %v, want the deadlines' %v", order, want)
	}
}
