package store

import (
	"bytes"
	"strings"
	"testing"
)

// A bundle keeps its values by name in name order, reads back what was
// put, and a damaged one is refused, never read past its end.
func TestBundle(t *testing.T) {
	var b bundle
	for _, kv := range [][2]string{{"seed", "s1"}, {"events", "e1"}, {"orders.north", "o1"}, {"seed", "s2"}, {"phase", ""}} {
		b = b.with([]byte(kv[0]), []byte(kv[1]))
	}
	b = b.with([]byte("orders.north"), nil)
	raw := b.encode()
	got, err := parseBundle(raw)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, it := range got {
		names = append(names, string(it.name)+"="+string(it.value))
	}
	if strings.Join(names, " ") != "events=e1 phase= seed=s2" {
		t.Errorf("bundle %v", names)
	}
	if v := got.get([]byte("seed")); !bytes.Equal(v, []byte("s2")) || got.get([]byte("orders.north")) != nil {
		t.Errorf("get: %q", v)
	}
	for n := range len(raw) {
		if _, err := parseBundle(raw[:n]); err == nil {
			t.Errorf("a bundle cut to %d of %d bytes was read", n, len(raw))
		}
	}
	if _, err := parseBundle(append(raw, 0)); err == nil {
		t.Error("a bundle with a byte more was read")
	}
}

// A turn whose bundle is damaged is an error of that turn, named, not a
// panic, and the battle's other turns read on.
func TestDamagedBundle(t *testing.T) {
	s, _ := openTemp(t, Options{})
	if err := s.PutBattle(testRecord("1", "b")); err != nil {
		t.Fatal(err)
	}
	for turn := 1; turn <= 2; turn++ {
		if err := s.BattleTurn("1", "b", turn).PutSeed([]byte{byte(turn)}); err != nil {
			t.Fatal(err)
		}
	}
	putRaw(t, s, []byte{bundleMagic, 5, 1}, "guilds", "1", "battles", "b", "turns", string(turnKey(2)))
	if _, err := s.BattleTurn("1", "b", 2).Seed(); err == nil || !strings.Contains(err.Error(), "bad bundle") || !strings.Contains(err.Error(), "turn 2") {
		t.Errorf("the damaged turn: %v", err)
	}
	if _, err := s.BattleTurn("1", "b", 1).Seed(); err != nil {
		t.Errorf("the turn before it: %v", err)
	}
}
