package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/store"
)

// TestReshardTheDemo: the demo's store split for 2 shards. The process of
// the demo's guild's shard gets it whole (gunbai verify still recomputes
// every die and checks the journal), the other process gets nothing, each
// new store remembers its shards, and a merge back into one store finds
// the guild in the store that served it only.
func TestReshardTheDemo(t *testing.T) {
	db := demoStore(t)
	src, err := store.Open(db, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	guilds, _ := src.Guilds()
	src.Close()
	if len(guilds) != 1 {
		t.Fatalf("the demo has guilds %v", guilds)
	}
	dir := t.TempDir()
	home := store.ShardOf(guilds[0], 2)
	stores := [2]string{filepath.Join(dir, "shard0.db"), filepath.Join(dir, "shard1.db")}
	for shard, path := range stores {
		code, out, errs := gunbai("reshard", "-shards", "2", "-ids", []string{"0", "1"}[shard], path, db)
		if code != 0 {
			t.Fatalf("reshard shard %d: %d %q %q", shard, code, out, errs)
		}
		n := "0 серверов"
		if shard == home {
			n = "1 сервер,"
		}
		if !strings.Contains(out, "обслуживал: все серверы, без шардов") || !strings.Contains(out, "взято "+n) ||
			!strings.Contains(out, "шарды "+[]string{"0", "1"}[shard]+" из 2") {
			t.Errorf("reshard shard %d said %q", shard, out)
		}
	}
	code, out, errs := gunbai("verify", stores[home])
	if code != 0 || !strings.Contains(out, "Всё сходится: 3 хода") {
		t.Fatalf("verify the new store: %d %q %q", code, out, errs)
	}
	for shard, path := range stores {
		st, err := store.Open(path, store.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		sv, _ := st.Served()
		got, _ := st.Guilds()
		st.Close()
		if sv.Shards != 2 || len(sv.IDs) != 1 || sv.IDs[0] != shard {
			t.Errorf("store of shard %d serves %+v", shard, sv)
		}
		if (shard == home) != (len(got) == 1) {
			t.Errorf("store of shard %d holds %v", shard, got)
		}
	}

	// Back to one process: the old whole store, had it been kept beside
	// the new ones, holds a stale copy; it served everything, so the merge
	// is refused rather than guessed. From the two new stores it works.
	merged := filepath.Join(dir, "merged.db")
	if code, _, errs := gunbai("reshard", "-shards", "1", merged, stores[0], stores[1], db); code != 1 || !strings.Contains(errs, "only one process can have served it") {
		t.Errorf("merge with the served-twice guild: %d %q", code, errs)
	}
	if _, err := os.Stat(merged); !os.IsNotExist(err) {
		t.Errorf("a refused merge left %s: %v", merged, err)
	}
	if _, out, errs := gunbai("help"); !strings.Contains(out+errs, "gunbai reshard -shards N") {
		t.Errorf("help does not list reshard: %q", out+errs)
	}
	if code, out, errs := gunbai("reshard", "-lang", "en", "-shards", "1", merged, stores[0], stores[1]); code != 0 || !strings.Contains(out, "1 server taken") {
		t.Errorf("merge: %d %q %q", code, out, errs)
	}
	for _, bad := range [][]string{
		{"reshard", "-shards", "1", merged, db},                 // NEW exists
		{"reshard", "-shards", "2", "-ids", "2", "x.db", db},    // no shard 2 of 2
		{"reshard", "-shards", "2", filepath.Join(dir, "y.db")}, // no OLD
		{"reshard", "-shards", "2", filepath.Join(dir, "z.db"), filepath.Join(dir, "missing.db")},
	} {
		if code, _, errs := gunbai(bad...); code == 0 || errs == "" {
			t.Errorf("%v: %d %q", bad, code, errs)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "z.db")); !os.IsNotExist(err) {
		t.Errorf("a failed reshard left its new store: %v", err)
	}
}
