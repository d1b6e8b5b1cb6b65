package store

import (
	"errors"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"
)

// guildOn is a snowflake of a guild on shard among count.
func guildOn(k, shard, count int) string { return strconv.Itoa((k*count + shard) << 22) }

// oldStore is a store of a process that served shard of 2: a battle per
// guild given (with a turn, a journal entry, posts, a live message and an
// order sheet each).
func oldStore(t *testing.T, shard int, guilds ...string) *Store {
	t.Helper()
	s, _ := openTemp(t, Options{Clock: newClock().now})
	for _, g := range guilds {
		rec := testRecord(g, "b-"+g)
		err := s.Update(func(tx *Tx) error {
			sh, err := tx.NewSheet(Sheet{Guild: g, Battle: rec.ID, User: "u" + g, Lang: "ru"})
			if err != nil {
				return err
			}
			rec.Sheets = []uint64{sh.ID}
			if err := tx.PutBattle(rec); err != nil {
				return err
			}
			if err := tx.BattleTurn(g, rec.ID, 1).PutSnapshot(rec.State); err != nil {
				return err
			}
			if _, err := tx.Journal(g, rec.ID).Append(Entry{Kind: JournalSeedHash, Turn: 1, Hash: "h" + g}); err != nil {
				return err
			}
			if _, err := tx.Owe(Post{Guild: g, Battle: rec.ID, Channel: "c" + g, Kind: "text", Key: "first " + g}); err != nil {
				return err
			}
			if _, err := tx.OweLive(Post{Guild: g, Battle: rec.ID, User: sh.User, Kind: "sheet", Live: sh.LiveKey(3)}); err != nil {
				return err
			}
			_, err = tx.OweLive(Post{Guild: g, Battle: rec.ID, Channel: "c" + g, Kind: "status", Live: "status." + g + "." + rec.ID + ".north"})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetServed(Served{Shards: 2, IDs: []int{shard}}); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCopyGuilds: two processes of 2 shards merged into one store. Each
// guild comes whole from the store that served it (a stale copy in the
// other is left behind), with its turns, journal, posts (renumbered, in
// order, a live message's owed post following), live messages and order
// sheets; the second store's sheet, whose ID the first one's has, is left
// behind and taken off its battle, with its live message and post.
func TestCopyGuilds(t *testing.T) {
	g0, g1 := guildOn(1000, 0, 2), guildOn(1000, 1, 2)
	if ShardOf(g0, 2) != 0 || ShardOf(g1, 2) != 1 {
		t.Fatal("guildOn")
	}
	a := oldStore(t, 0, g0, g1) // g1 here is a stale copy
	b := oldStore(t, 1, g1)
	dst, _ := openTemp(t, Options{Clock: newClock().now})
	// The players' own choices go with the stores (issue 29): one chose in
	// a DM (shard 0's store), one in a guild of shard 1, one in both (the
	// store copied first keeps his).
	prefs := func(s *Store, user string, d time.Duration) {
		t.Helper()
		if err := s.Update(func(tx *Tx) error { return tx.Players().PutPrefs(user, PlayerPrefs{RemindBefore: d}) }); err != nil {
			t.Fatal(err)
		}
	}
	prefs(a, "dm-player", time.Hour)
	prefs(b, "guild-player", 2*time.Hour)
	prefs(a, "both", 3*time.Hour)
	prefs(b, "both", 4*time.Hour)
	all := Served{Shards: 1}
	repA, err := dst.CopyGuilds(a, all.Serves)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(repA.Guilds, []string{g0}) || !reflect.DeepEqual(repA.Skipped, []string{g1}) || repA.Posts != 3 || repA.Lives != 2 || repA.Sheets != 1 || repA.Dropped != 0 {
		t.Errorf("from the first store: %+v", repA)
	}
	repB, err := dst.CopyGuilds(b, all.Serves)
	if err != nil {
		t.Fatal(err)
	}
	// g1's sheet has ID 1, like g0's: left behind with its live message
	// and the post that would show it.
	if !reflect.DeepEqual(repB.Guilds, []string{g1}) || repB.Skipped != nil || repB.Posts != 2 || repB.Lives != 1 || repB.Sheets != 0 || repB.Dropped != 1 {
		t.Errorf("from the second store: %+v", repB)
	}
	if repA.Players != 2 || repB.Players != 1 {
		t.Errorf("players' choices copied: %d and %d, want 2 and 1", repA.Players, repB.Players)
	}
	for user, want := range map[string]time.Duration{"dm-player": time.Hour, "guild-player": 2 * time.Hour, "both": 3 * time.Hour} {
		var got PlayerPrefs
		if err := dst.View(func(tx *Tx) (err error) { got, err = tx.Players().Prefs(user); return err }); err != nil || got.RemindBefore != want {
			t.Errorf("%s's choice after the copy: %v (%v), want %v", user, got.RemindBefore, err, want)
		}
	}

	err = dst.View(func(tx *Tx) error {
		for _, g := range []string{g0, g1} {
			rec, err := tx.Battle(g, "b-"+g)
			if err != nil {
				return err
			}
			if _, err := tx.BattleTurn(g, rec.ID, 1).Snapshot(); err != nil {
				return err
			}
			head, err := tx.Journal(g, rec.ID).Head()
			if err != nil || head == "" {
				t.Errorf("%s: journal head %q, %v", g, head, err)
			}
			want := []uint64{1}
			if g == g1 {
				want = nil
			}
			if !reflect.DeepEqual(rec.Sheets, want) {
				t.Errorf("%s: sheets %v, want %v", g, rec.Sheets, want)
			}
		}
		posts, err := tx.Outbox()
		if err != nil {
			return err
		}
		var got []string
		for i, p := range posts {
			if p.ID != uint64(i+1) {
				t.Errorf("post %d has ID %d", i, p.ID)
			}
			got = append(got, p.Guild+" "+p.Kind)
		}
		want := []string{g0 + " text", g0 + " sheet", g0 + " status", g1 + " text", g1 + " status"}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("outbox %v, want %v", got, want)
		}
		for _, key := range []string{"status." + g0 + ".b-" + g0 + ".north", "status." + g1 + ".b-" + g1 + ".north", "sheet.1.3"} {
			l, err := tx.Live(key)
			if err != nil {
				t.Errorf("live %s: %v", key, err)
				continue
			}
			p, err := tx.Post(l.Owed)
			if err != nil || p.Live != key {
				t.Errorf("live %s owes post %d: %+v, %v", key, l.Owed, p, err)
			}
		}
		if sh, err := tx.Sheet(1); err != nil || sh.Guild != g0 {
			t.Errorf("sheet 1: %+v, %v", sh, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// New sheets never take an ID an old message's buttons carry.
	err = dst.Update(func(tx *Tx) error {
		sh, err := tx.NewSheet(Sheet{Guild: g1})
		if err == nil && sh.ID <= 1 {
			t.Errorf("a new sheet took ID %d", sh.ID)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestCopyGuildsServedTwice: a guild two old stores both served is refused,
// and nothing of the refused copy is written.
func TestCopyGuildsServedTwice(t *testing.T) {
	g0 := guildOn(7, 0, 2)
	a, b := oldStore(t, 0, g0), oldStore(t, 0, g0)
	dst, _ := openTemp(t, Options{Clock: newClock().now})
	all := Served{Shards: 1}
	if _, err := dst.CopyGuilds(a, all.Serves); err != nil {
		t.Fatal(err)
	}
	if _, err := dst.CopyGuilds(b, all.Serves); err == nil {
		t.Fatal("a guild served by two stores was copied twice")
	}
	var n int
	if err := dst.View(func(tx *Tx) error {
		posts, err := tx.Outbox()
		n = len(posts)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if n != 3 {
		t.Errorf("%d posts after the refused copy, want the first store's 3", n)
	}
}

// TestCopyGuildsKeep: only the guilds of the new process's shards move.
func TestCopyGuildsKeep(t *testing.T) {
	var guilds []string
	for k := range 6 {
		guilds = append(guilds, guildOn(k+1, 0, 1)) // one old unsharded store
	}
	src, _ := openTemp(t, Options{Clock: newClock().now})
	for _, g := range guilds {
		if err := src.PutBattle(testRecord(g, "b")); err != nil {
			t.Fatal(err)
		}
	}
	sv := Served{Shards: 3, IDs: []int{1}}
	dst, _ := openTemp(t, Options{Clock: newClock().now})
	rep, err := dst.CopyGuilds(src, sv.Serves)
	if err != nil {
		t.Fatal(err)
	}
	got, err := dst.Guilds()
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, g := range guilds {
		if ShardOf(g, 3) == 1 {
			want = append(want, g)
		}
	}
	slices.Sort(want) // as the store lists them
	if len(want) == 0 || !reflect.DeepEqual(got, want) || !reflect.DeepEqual(rep.Guilds, want) {
		t.Errorf("copied %v (report %v), want those of shard 1 of 3: %v", got, rep.Guilds, want)
	}
	if _, err := dst.Battle(guilds[0], "b"); ShardOf(guilds[0], 3) != 1 && !errors.Is(err, ErrNotFound) {
		t.Errorf("a guild of another shard: %v", err)
	}
}
