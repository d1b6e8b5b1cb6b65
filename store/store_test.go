package store

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/gunbai/gunbai/engine"
)

// clock is a test clock that advances one minute per reading.
type clock struct{ t time.Time }

func (c *clock) now() time.Time {
	c.t = c.t.Add(time.Minute)
	return c.t
}

func newClock() *clock {
	return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.FixedZone("JST", 9*3600))}
}

func openTemp(t testing.TB, opt Options) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "gunbai.db")
	s, err := Open(path, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

// testBattle is a full battle: 24 units of every troop type, leaders,
// terrain of every kind, HQs and non-default settings.
func testBattle(id string) engine.Battle {
	types := []engine.TroopType{
		engine.HeavyCavalry, engine.LightCavalry, engine.SamuraiSpear, engine.SamuraiArcher,
		engine.AshigaruSpear, engine.AshigaruTeppo, engine.Yamabushi,
	}
	b := engine.Battle{
		ID:       id,
		Turn:     3,
		Defender: engine.South,
		Terrain: engine.Terrain{
			Hills:   []engine.Cell{{X: 3, Y: 2}, {X: 4, Y: 2}},
			Forests: []engine.Cell{{X: 8, Y: 5}},
			Swamps:  []engine.Cell{{X: 6, Y: 4}, {X: 7, Y: 4}},
			River:   true,
			Bridge:  engine.Cell{X: 9, Y: 5},
		},
		HQ:      [2]engine.Cell{{X: 6, Y: 1}, {X: 7, Y: 7}},
		Outcome: engine.Ongoing,
		Settings: engine.Settings{
			OffField:         engine.OffFieldBounded,
			RankBonusOnce:    true,
			ArmorPerAttacker: true,
		},
	}
	for i := 0; i < 24; i++ {
		side := engine.Side(i % 2)
		y := 2
		facing := engine.S
		if side == engine.South {
			y, facing = 6, engine.N
		}
		u := engine.Unit{
			ID:      string(rune('a'+i%2)) + string(rune('a'+i/2)),
			Side:    side,
			Type:    types[i%len(types)],
			Figures: 4 + i%3,
			Cell:    engine.Cell{X: 1 + i/2, Y: y + i%2},
			Facing:  facing,
			Status:  engine.StatusOK,
		}
		switch i {
		case 3:
			u.Ammo, u.SaveAmmo = 7, true
		case 5:
			u.Status, u.RoutedOnce, u.RoutedTurn = engine.StatusRouting, true, 2
		case 8:
			u.Status, u.Figures = engine.StatusDestroyed, 0
		case 9:
			u.Fatigued, u.Hold, u.Rallied, u.MinorClan = true, true, true, true
		case 11:
			b.Terrain.SetShields(u.Cell, 1<<engine.N|1<<engine.W)
		case 13:
			u.Cell = engine.Cell{X: 13, Y: 4} // a drawn cell off the 12x7 field (D-03)
		case 15:
			u.Status = engine.StatusReserve
		}
		b.Units = append(b.Units, u)
	}
	b.Leaders = []engine.Leader{
		{ID: "oda", Side: engine.North, Role: engine.Commander, At: "aa", Health: engine.LeaderOK, Traits: []string{"cunning_plan"}},
		{ID: "shibata", Side: engine.North, Role: engine.General, At: engine.AtHQ, Wounds: 1, Health: engine.LeaderWounded},
		{ID: "imagawa", Side: engine.South, Role: engine.Commander, At: engine.AtReserve, Health: engine.LeaderOK, Traits: []string{"inspiring", "brave"}},
	}
	return b
}

func testOrders(side engine.Side) []engine.Order {
	f := engine.E
	return []engine.Order{
		{Unit: "aa", Side: side, Kind: engine.OrderMove, Phase: 1, Steps: []engine.StepKind{engine.StepSkip, engine.StepMove}},
		{Unit: "aa", Side: side, Kind: engine.OrderWheelLeft, Phase: 2},
		{Unit: "ab", Side: side, Kind: engine.OrderRally, Class: engine.Special, Phase: 1, Facing: &f},
		{Unit: "ac", Side: side, Kind: engine.OrderShoot, Phase: 1, Target: "bc", Turn: 4},
	}
}

func testEvents() []engine.Event {
	return []engine.Event{
		{Kind: engine.EvPhase, Phase: 1, Turn: 3},
		{Kind: engine.EvRoll, Rule: "R-IV.1", Key: "aa.melee", Dice: []int{6, 2, 5}, Value: 2},
		{Kind: engine.EvMoved, Rule: "R-VI.2.5", Unit: "aa", From: engine.Cell{X: 1, Y: 2}, To: engine.Cell{X: 1, Y: 3}},
		{Kind: engine.EvDamage, Unit: "aa", Other: "ba", Raw: 4, Armor: 1, Value: 3},
		{Kind: engine.EvCombatResult, Value: 2, Detail: "pushed_back", At: engine.Cell{X: 13, Y: 4}},
		{Kind: engine.EvOutcome, Side: engine.South, Detail: "north_victory"},
	}
}

func testRecord(guild, id string) BattleRecord {
	return BattleRecord{
		ID:      id,
		GuildID: guild,
		Name:    "Okehazama",
		Status:  StatusCommand,
		Sides: [2]Clan{
			{Name: "Oda", RoleID: "1001", ChannelID: "2001"},
			{Name: "Imagawa", RoleID: "1002", ChannelID: "2002"},
		},
		GMChannelID: "2000",
		Turn:        3,
		State:       testBattle(id),
	}
}

func TestRoundTripAcrossReopen(t *testing.T) {
	c := newClock()
	path := filepath.Join(t.TempDir(), "gunbai.db")
	s, err := Open(path, Options{Clock: c.now})
	if err != nil {
		t.Fatal(err)
	}
	const g, id = "111", "okehazama"
	rec := testRecord(g, id)
	turns := []int{0, 1, 2, 10, 256} // 2 < 10 < 256 numerically, not as text
	snaps := map[int]engine.Battle{}
	err = s.Update(func(tx *Tx) error {
		if err := tx.PutBattle(rec); err != nil {
			return err
		}
		for _, n := range turns {
			b := testBattle(id)
			b.Turn = n
			b.Units[0].Figures = n % 7
			snaps[n] = b
			if err := tx.BattleTurn(g, id, n).PutSnapshot(b); err != nil {
				return err
			}
		}
		if err := tx.BattleTurn(g, id, 2).PutOrders(engine.North, testOrders(engine.North)); err != nil {
			return err
		}
		if err := tx.BattleTurn(g, id, 2).PutOrders(engine.South, nil); err != nil { // submitted nothing
			return err
		}
		if err := tx.BattleTurn(g, id, 2).PutSeed([]byte("0123456789abcdef0123456789abcdef")); err != nil {
			return err
		}
		return tx.BattleTurn(g, id, 2).PutEvents(testEvents())
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s, err = Open(path, Options{Clock: c.now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	got, err := s.Battle(g, id)
	if err != nil {
		t.Fatal(err)
	}
	wantTime := time.Date(2025, 3, 1, 3, 1, 0, 0, time.UTC) // first clock reading, in UTC
	if !got.CreatedAt.Equal(wantTime) || !got.UpdatedAt.Equal(wantTime) {
		t.Errorf("times = %v, %v; want both %v", got.CreatedAt, got.UpdatedAt, wantTime)
	}
	if got.CreatedAt.Location() != time.UTC {
		t.Errorf("CreatedAt location = %v, want UTC", got.CreatedAt.Location())
	}
	want := rec
	want.CreatedAt, want.UpdatedAt = got.CreatedAt, got.UpdatedAt
	if !reflect.DeepEqual(got, want) {
		t.Errorf("battle record differs after reopen:\n got %+v\nwant %+v", got, want)
	}
	if !reflect.DeepEqual(got.State, testBattle(id)) {
		t.Errorf("engine state differs after reopen")
	}

	gotTurns, err := s.Turns(g, id)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(gotTurns, turns) {
		t.Errorf("Turns = %v, want %v", gotTurns, turns)
	}
	for _, n := range turns {
		b, err := s.BattleTurn(g, id, n).Snapshot()
		if err != nil {
			t.Fatalf("turn %d: %v", n, err)
		}
		if !reflect.DeepEqual(b, snaps[n]) {
			t.Errorf("turn %d snapshot differs:\n got %+v\nwant %+v", n, b, snaps[n])
		}
	}
	o, err := s.BattleTurn(g, id, 2).Orders(engine.North)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(o, testOrders(engine.North)) {
		t.Errorf("orders differ:\n got %+v\nwant %+v", o, testOrders(engine.North))
	}
	o, err = s.BattleTurn(g, id, 2).Orders(engine.South)
	if err != nil || o == nil || len(o) != 0 {
		t.Errorf("south orders = %#v, %v; want an empty submission", o, err)
	}
	ev, err := s.BattleTurn(g, id, 2).Events()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ev, testEvents()) {
		t.Errorf("events differ:\n got %+v\nwant %+v", ev, testEvents())
	}
	seed, err := s.BattleTurn(g, id, 2).Seed()
	if err != nil {
		t.Fatal(err)
	}
	if string(seed.Value) != "0123456789abcdef0123456789abcdef" || seed.Hash != SeedHash(seed.Value) || len(seed.Hash) != 64 {
		t.Errorf("seed = %+v", seed)
	}

	tr, err := s.BattleTurn(g, id, 2).Record()
	if err != nil {
		t.Fatal(err)
	}
	if tr.Snapshot == nil || tr.Seed == nil || tr.Orders[engine.North] == nil || tr.Orders[engine.South] == nil || tr.Events == nil {
		t.Errorf("Turn(2) misses parts: %+v", tr)
	}
	tr, err = s.BattleTurn(g, id, 1).Record()
	if err != nil {
		t.Fatal(err)
	}
	if tr.Snapshot == nil || tr.Seed != nil || tr.Orders[0] != nil || tr.Orders[1] != nil || tr.Events != nil {
		t.Errorf("Turn(1) = %+v; want only a snapshot", tr)
	}

	// A later PutBattle keeps CreatedAt and moves UpdatedAt.
	got.Status = StatusResolving
	got.UpdatedAt = time.Time{}
	if err := s.PutBattle(got); err != nil {
		t.Fatal(err)
	}
	got2, err := s.Battle(g, id)
	if err != nil {
		t.Fatal(err)
	}
	if !got2.CreatedAt.Equal(wantTime) || !got2.UpdatedAt.Equal(wantTime.Add(time.Minute)) || got2.Status != StatusResolving {
		t.Errorf("after update: created %v updated %v status %s", got2.CreatedAt, got2.UpdatedAt, got2.Status)
	}
	// A record put without CreatedAt over an existing one keeps the stored one.
	rec.CreatedAt = time.Time{}
	if err := s.PutBattle(rec); err != nil {
		t.Fatal(err)
	}
	if got3, _ := s.Battle(g, id); !got3.CreatedAt.Equal(wantTime) {
		t.Errorf("CreatedAt = %v, want kept %v", got3.CreatedAt, wantTime)
	}
}

func TestBattlesAndGuilds(t *testing.T) {
	s, _ := openTemp(t, Options{Clock: newClock().now})
	for _, gid := range [][2]string{{"2", "b"}, {"1", "z"}, {"1", "a"}} {
		if err := s.PutBattle(testRecord(gid[0], gid[1])); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := s.Battles("1")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range recs {
		ids = append(ids, r.GuildID+"/"+r.ID)
	}
	if strings.Join(ids, " ") != "1/a 1/z" {
		t.Errorf("Battles(1) = %v", ids)
	}
	if recs, err := s.Battles("3"); err != nil || len(recs) != 0 {
		t.Errorf("Battles(3) = %v, %v; want none", recs, err)
	}
	guilds, err := s.Guilds()
	if err != nil || strings.Join(guilds, " ") != "1 2" {
		t.Errorf("Guilds = %v, %v", guilds, err)
	}
	if err := s.DeleteBattle("1", "z"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Battle("1", "z"); !errors.Is(err, ErrNotFound) {
		t.Errorf("deleted battle: err = %v", err)
	}
	if err := s.DeleteBattle("1", "z"); !errors.Is(err, ErrNotFound) {
		t.Errorf("deleting twice: err = %v", err)
	}
}

func TestRollbackOnError(t *testing.T) {
	s, _ := openTemp(t, Options{Clock: newClock().now})
	const g, id = "1", "b1"
	// A first, committed step.
	if err := s.Update(func(tx *Tx) error {
		if err := tx.PutBattle(testRecord(g, id)); err != nil {
			return err
		}
		return tx.BattleTurn(g, id, 0).PutSnapshot(testBattle(id))
	}); err != nil {
		t.Fatal(err)
	}
	before, err := s.Battle(g, id)
	if err != nil {
		t.Fatal(err)
	}

	// A second step that fails half-way leaves no trace.
	boom := errors.New("discord is down")
	err = s.Update(func(tx *Tx) error {
		rec := before
		rec.Status = StatusResolving
		rec.Turn = 1
		if err := tx.PutBattle(rec); err != nil {
			return err
		}
		if err := tx.BattleTurn(g, id, 1).PutSnapshot(testBattle(id)); err != nil {
			return err
		}
		if err := tx.BattleTurn(g, id, 1).PutSeed([]byte("seed")); err != nil {
			return err
		}
		if err := tx.PutBattle(testRecord(g, "other")); err != nil {
			return err
		}
		// Inside the transaction the writes are visible.
		if r, err := tx.Battle(g, id); err != nil || r.Status != StatusResolving {
			t.Errorf("inside tx: %v, %v", r.Status, err)
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Update returned %v, want the error of fn", err)
	}
	after, err := s.Battle(g, id)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(after, before) {
		t.Errorf("record changed by a failed transaction: %+v", after)
	}
	if turns, _ := s.Turns(g, id); !reflect.DeepEqual(turns, []int{0}) {
		t.Errorf("Turns = %v, want [0]", turns)
	}
	if _, err := s.BattleTurn(g, id, 1).Seed(); !errors.Is(err, ErrNotFound) {
		t.Errorf("seed of the failed step: %v", err)
	}
	if _, err := s.Battle(g, "other"); !errors.Is(err, ErrNotFound) {
		t.Errorf("battle of the failed step: %v", err)
	}

	// A panic inside fn rolls back too.
	func() {
		defer func() { recover() }()
		s.Update(func(tx *Tx) error {
			tx.PutBattle(testRecord(g, "panicky"))
			panic("bug")
		})
	}()
	if _, err := s.Battle(g, "panicky"); !errors.Is(err, ErrNotFound) {
		t.Errorf("battle of the panicking step: %v", err)
	}
}

func TestViewIsReadOnly(t *testing.T) {
	s, _ := openTemp(t, Options{})
	err := s.View(func(tx *Tx) error {
		if tx.Writable() {
			t.Error("View transaction is writable")
		}
		return tx.PutBattle(testRecord("1", "b"))
	})
	if err == nil {
		t.Fatal("PutBattle inside View succeeded")
	}
}

func TestOpenLocked(t *testing.T) {
	s, path := openTemp(t, Options{})
	_, err := Open(path, Options{Timeout: 50 * time.Millisecond})
	if err == nil {
		t.Fatal("second Open of the same file succeeded")
	}
	if !errors.Is(err, ErrLocked) {
		t.Errorf("err = %v; want ErrLocked", err)
	}
	msg := err.Error()
	for _, want := range []string{path, "in use by another process", "is another gunbai running?"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not say %q", msg, want)
		}
	}
	// Once the first one lets go, the file opens.
	s.Close()
	s2, err := Open(path, Options{Timeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	s2.Close()
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open("", Options{}); err == nil {
		t.Error("Open(\"\") succeeded")
	}
	missing := filepath.Join(dir, "missing.db")
	if _, err := Open(missing, Options{ReadOnly: true}); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("read-only Open of a missing file: %v", err)
	}
	garbage := filepath.Join(dir, "config.toml")
	os.WriteFile(garbage, bytes.Repeat([]byte("token = \"x\"\n"), 1000), 0o600)
	if _, err := Open(garbage, Options{}); err == nil || !strings.Contains(err.Error(), garbage) {
		t.Errorf("Open of a non-bbolt file: %v", err)
	}
	// A bbolt file of another program is refused, not adopted.
	foreign := filepath.Join(dir, "foreign.db")
	db, err := bolt.Open(foreign, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucket([]byte("users"))
		return err
	})
	db.Close()
	if _, err := Open(foreign, Options{}); err == nil || !strings.Contains(err.Error(), "not a gunbai store") {
		t.Errorf("Open of a foreign bbolt file: %v", err)
	}
}

func TestReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gunbai.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.PutBattle(testRecord("1", "b")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	ro, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if _, err := ro.Battle("1", "b"); err != nil {
		t.Error(err)
	}
	if err := ro.PutBattle(testRecord("1", "c")); err == nil {
		t.Error("write to a read-only store succeeded")
	}
}

// putRaw writes a raw value at a bucket path, bypassing the codec.
func putRaw(t *testing.T, s *Store, value []byte, path ...string) {
	t.Helper()
	err := s.db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists([]byte(path[0]))
		if err != nil {
			return err
		}
		for _, p := range path[1 : len(path)-1] {
			if b, err = b.CreateBucketIfNotExists([]byte(p)); err != nil {
				return err
			}
		}
		return b.Put([]byte(path[len(path)-1]), value)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestSchemaVersion(t *testing.T) {
	s, path := openTemp(t, Options{})
	if err := s.PutBattle(testRecord("1", "b")); err != nil {
		t.Fatal(err)
	}
	// The stored record is compact, of version 2; its header an envelope
	// of version 1.
	s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketGuilds).Bucket([]byte("1")).Bucket(bucketBattles).Bucket([]byte("b"))
		raw := b.Get(keyRecord)
		if v, _, ok := compactVersionOf(raw); !isCompact(raw) || !ok || v != 2 {
			t.Errorf("stored record = %.60q...", raw)
		}
		if h := b.Get(keyHeader); !bytes.HasPrefix(h, []byte(`{"v":1,"data":{"id":"b",`)) {
			t.Errorf("stored header = %.60s...", h)
		}
		return nil
	})

	// A compact value of a newer gunbai.
	putRaw(t, s, []byte{compactMagic, 9, 1, 2, 3}, "guilds", "1", "battles", "b", "record")
	_, err := s.Battle("1", "b")
	var ve *VersionError
	if !errors.As(err, &ve) || ve.Got != 9 || ve.Want != SchemaVersion {
		t.Fatalf("err = %v; want a *VersionError of version 9", err)
	}

	// A JSON value from a newer gunbai.
	putRaw(t, s, []byte(`{"v":9,"data":{"id":"b","shape":"new"}}`), "guilds", "1", "battles", "b", "record")
	_, err = s.Battle("1", "b")
	if !errors.As(err, &ve) || !errors.Is(err, ErrNewerVersion) {
		t.Fatalf("err = %v; want a *VersionError", err)
	}
	if ve.Got != 9 || ve.Want != SchemaVersion {
		t.Errorf("VersionError = %+v", ve)
	}
	for _, want := range []string{"schema version 9", "upgrade gunbai", `battle "b" record`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	// Listing the guild leaves the battle out instead of failing
	// (TestOneUnreadableBattle has the rest).
	if recs, err := s.Battles("1"); err != nil || len(recs) != 0 {
		t.Errorf("Battles = %v, %v; want none and no error", recs, err)
	}
	// Rewriting over a newer record refuses to lose its CreatedAt silently.
	if err := s.PutBattle(testRecord("1", "b")); !errors.Is(err, ErrNewerVersion) {
		t.Errorf("PutBattle over a newer record: err = %v", err)
	}

	// A value without an envelope.
	putRaw(t, s, []byte(`{"id":"b"}`), "guilds", "1", "battles", "b", "record")
	if _, err := s.Battle("1", "b"); err == nil || !strings.Contains(err.Error(), "no schema version") {
		t.Errorf("unversioned value: err = %v", err)
	}
	putRaw(t, s, []byte(`not json`), "guilds", "1", "battles", "b", "record")
	if _, err := s.Battle("1", "b"); err == nil {
		t.Error("garbage value decoded")
	}

	// A file written by a newer gunbai fails at Open.
	putRaw(t, s, []byte(`{"v":9,"data":{"app":"gunbai"}}`), "meta", "format")
	s.Close()
	_, err = Open(path, Options{})
	if !errors.Is(err, ErrNewerVersion) || !strings.Contains(err.Error(), path) {
		t.Errorf("Open of a newer file: err = %v", err)
	}
}

func TestNotFound(t *testing.T) {
	s, _ := openTemp(t, Options{})
	_, err := s.Battle("1", "nope")
	var nf *NotFoundError
	if !errors.As(err, &nf) || !errors.Is(err, ErrNotFound) {
		t.Fatalf("err = %v; want a *NotFoundError", err)
	}
	if nf.Guild != "1" || nf.Battle != "nope" || nf.What != "battle" {
		t.Errorf("NotFoundError = %+v", nf)
	}
	if got := err.Error(); got != `store: battle "nope" of guild "1" not found` {
		t.Errorf("message = %q", got)
	}
	// Turn data needs the battle.
	if err := s.BattleTurn("1", "nope", 1).PutSnapshot(testBattle("nope")); !errors.Is(err, ErrNotFound) {
		t.Errorf("PutSnapshot without a battle: %v", err)
	}
	if err := s.BattleTurn("1", "nope", 1).PutOrders(engine.North, nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("PutOrders without a battle: %v", err)
	}
	if _, err := s.Turns("1", "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Turns without a battle: %v", err)
	}

	if err := s.PutBattle(testRecord("1", "b")); err != nil {
		t.Fatal(err)
	}
	if turns, err := s.Turns("1", "b"); err != nil || len(turns) != 0 {
		t.Errorf("Turns of a new battle = %v, %v", turns, err)
	}
	_, err = s.BattleTurn("1", "b", 4).Snapshot()
	if !errors.As(err, &nf) || nf.Turn != 4 || nf.What != "snapshot" {
		t.Errorf("Snapshot: err = %v", err)
	}
	if err := s.BattleTurn("1", "b", 4).PutSnapshot(testBattle("b")); err != nil {
		t.Fatal(err)
	}
	_, err = s.BattleTurn("1", "b", 4).Orders(engine.South)
	if !errors.As(err, &nf) || nf.What != "orders of south" {
		t.Errorf("Orders: err = %v", err)
	}
	if _, err := s.BattleTurn("1", "b", 4).Seed(); !errors.Is(err, ErrNotFound) {
		t.Errorf("Seed: err = %v", err)
	}
	if _, err := s.BattleTurn("1", "b", 4).Events(); !errors.Is(err, ErrNotFound) {
		t.Errorf("Events: err = %v", err)
	}
	if _, err := s.BattleTurn("1", "b", 5).Record(); !errors.Is(err, ErrNotFound) {
		t.Errorf("Turn: err = %v", err)
	}
	if _, err := s.Battle("2", "b"); !errors.Is(err, ErrNotFound) {
		t.Errorf("battle of another guild: err = %v", err)
	}
}

func TestBadInput(t *testing.T) {
	s, _ := openTemp(t, Options{})
	bad := []BattleRecord{
		{GuildID: "1", Status: StatusDraft},
		{ID: "b", Status: StatusDraft},
		{ID: "b", GuildID: "1", Status: "playing"},
		{ID: "b", GuildID: "1"},
		{ID: "b", GuildID: "1", Status: StatusDraft, Turn: -1},
	}
	for _, r := range bad {
		if err := s.PutBattle(r); err == nil {
			t.Errorf("PutBattle(%+v) succeeded", r)
		}
	}
	if err := s.PutBattle(testRecord("1", "b")); err != nil {
		t.Fatal(err)
	}
	if err := s.BattleTurn("1", "b", -1).PutSnapshot(engine.Battle{}); err == nil {
		t.Error("negative turn accepted")
	}
	if err := s.BattleTurn("1", "b", 1).PutOrders(engine.Side(2), nil); err == nil {
		t.Error("bad side accepted")
	}
	if err := s.BattleTurn("1", "b", 1).PutSeed(nil); err == nil {
		t.Error("empty seed accepted")
	}
}

func TestSeedIsFixedOnceSet(t *testing.T) {
	s, _ := openTemp(t, Options{})
	if err := s.PutBattle(testRecord("1", "b")); err != nil {
		t.Fatal(err)
	}
	seed := []byte{1, 2, 3, 4}
	if err := s.BattleTurn("1", "b", 1).PutSeed(seed); err != nil {
		t.Fatal(err)
	}
	if err := s.BattleTurn("1", "b", 1).PutSeed(seed); err != nil {
		t.Errorf("storing the same seed again: %v", err)
	}
	err := s.BattleTurn("1", "b", 1).PutSeed([]byte{9})
	if !errors.Is(err, ErrSeedSet) || !strings.Contains(err.Error(), SeedHash(seed)) {
		t.Errorf("replacing the seed: err = %v", err)
	}
	got, err := s.BattleTurn("1", "b", 1).Seed()
	if err != nil || !bytes.Equal(got.Value, seed) {
		t.Errorf("Seed = %v, %v", got, err)
	}
	// SeedHash is plain SHA-256 in hex (the value players check).
	if h := SeedHash([]byte("abc")); h != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Errorf("SeedHash(abc) = %s", h)
	}
	// A tampered hash is noticed.
	err = s.Update(func(tx *Tx) error {
		ts, err := tx.turnsBucket("1", "b", 1, true)
		if err != nil {
			return err
		}
		return setTurnValue(ts, 1, keySeed, []byte(`{"v":1,"data":{"value":"AQIDBA==","hash":"00"}}`))
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.BattleTurn("1", "b", 1).Seed(); err == nil || !strings.Contains(err.Error(), "does not match") {
		t.Errorf("tampered hash: err = %v", err)
	}
}

func TestTurnKeysSortNumerically(t *testing.T) {
	nums := []int{0, 1, 2, 9, 10, 11, 99, 100, 255, 256, 65535, 65536, 1 << 24, MaxTurn}
	keys := make([][]byte, len(nums))
	for i, n := range nums {
		keys[i] = turnKey(n)
		if got, ok := parseTurnKey(keys[i]); !ok || got != n {
			t.Errorf("parseTurnKey(turnKey(%d)) = %d, %v", n, got, ok)
		}
	}
	if !sort.SliceIsSorted(keys, func(i, j int) bool { return bytes.Compare(keys[i], keys[j]) < 0 }) {
		t.Error("turn keys do not sort in numeric order")
	}
}

func TestBackup(t *testing.T) {
	s, _ := openTemp(t, Options{})
	if err := s.PutBattle(testRecord("1", "b")); err != nil {
		t.Fatal(err)
	}
	copyPath := filepath.Join(t.TempDir(), "backup.db")
	f, err := os.Create(copyPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Backup(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	c, err := Open(copyPath, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	got, err := c.Battle("1", "b")
	if err != nil || !reflect.DeepEqual(got.State, testBattle("b")) {
		t.Errorf("backup: %v", err)
	}
}
