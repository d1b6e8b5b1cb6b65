package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/gunbai/gunbai/engine"
)

// rawValue reads one stored value of a closed store file as it is.
func rawValue(t *testing.T, path string, keys ...[]byte) []byte {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out []byte
	db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(keys[0])
		for _, k := range keys[1 : len(keys)-1] {
			b = b.Bucket(k)
		}
		out = append([]byte(nil), b.Get(keys[len(keys)-1])...)
		return nil
	})
	return out
}

// EditRaw hands a value's JSON to the edit, whatever its encoding, and
// writes the edit back in that encoding: the events and the record stay
// compact, the header a JSON envelope of version 1, and the store reads
// the edited values.
func TestEditRaw(t *testing.T) {
	s, path := openTemp(t, Options{NoSync: true})
	err := s.Update(func(tx *Tx) error {
		if err := tx.PutBattle(testRecord("1", "b")); err != nil {
			return err
		}
		if err := tx.BattleTurn("1", "b", 2).PutOrders(engine.North, []engine.Order{{Unit: "n1", Kind: engine.OrderMove, Phase: 1}}); err != nil {
			return err
		}
		return tx.BattleTurn("1", "b", 2).PutEvents([]engine.Event{{Kind: "move", Unit: "n1", Value: 3}, {Kind: "move", Unit: "n2", Value: 4}})
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	battle := [][]byte{bucketGuilds, []byte("1"), bucketBattles, []byte("b")}
	turn := append(append([][]byte{}, battle...), bucketTurns, turnKey(2))
	edit := func(keys [][]byte, key []byte, change func(d any) any) {
		t.Helper()
		err := EditRaw(path, keys, key, func(data []byte) ([]byte, error) {
			var d any
			if err := json.Unmarshal(data, &d); err != nil {
				return nil, err
			}
			return json.Marshal(change(d))
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	edit(turn, keyEvents, func(d any) any {
		d.([]any)[1].(map[string]any)["value"] = 99
		return d
	})
	edit(turn, keyOrders(engine.North), func(d any) any {
		d.([]any)[0].(map[string]any)["phase"] = 2
		return d
	})
	edit(battle, keyRecord, func(d any) any {
		d.(map[string]any)["name"] = "Nagashino"
		return d
	})
	edit(battle, keyHeader, func(d any) any {
		d.(map[string]any)["name"] = "Nagashino"
		return d
	})
	// The path through the turn reaches its values, a bundle since
	// schema 4.
	member := func(name []byte) []byte {
		values, err := parseBundle(rawValue(t, path, turn...))
		if err != nil {
			t.Fatal(err)
		}
		return values.get(name)
	}
	if raw := member(keyEvents); !isCompact(raw) {
		t.Errorf("the edited events are no longer compact: %.40q", raw)
	}
	if raw := member(keyOrders(engine.North)); !isCompact(raw) {
		t.Errorf("the edited orders are no longer compact: %.40q", raw)
	}
	if raw := rawValue(t, path, append(battle, keyRecord)...); !isCompact(raw) {
		t.Errorf("the edited record is no longer compact: %.40q", raw)
	}
	if raw := rawValue(t, path, append(battle, keyHeader)...); !bytes.HasPrefix(raw, []byte(`{"v":1,"data":{`)) {
		t.Errorf("the edited header = %s", raw)
	}

	s, err = Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	err = s.View(func(tx *Tx) error {
		es, err := tx.BattleTurn("1", "b", 2).Events()
		if err != nil {
			return err
		}
		if len(es) != 2 || es[0].Value != 3 || es[1].Value != 99 || es[1].Unit != "n2" {
			t.Errorf("events after the edit: %+v", es)
		}
		o, err := tx.BattleTurn("1", "b", 2).Orders(engine.North)
		if err != nil {
			return err
		}
		if len(o) != 1 || o[0].Phase != 2 || o[0].Unit != "n1" {
			t.Errorf("orders after the edit: %+v", o)
		}
		rec, err := tx.Battle("1", "b")
		if err != nil {
			return err
		}
		if rec.Name != "Nagashino" || rec.State.ID != "b" {
			t.Errorf("record after the edit: %q %q", rec.Name, rec.State.ID)
		}
		if hs, err := tx.Headers("1"); err != nil || len(hs) != 1 || hs[0].Name != "Nagashino" {
			t.Errorf("headers after the edit: %+v, %v", hs, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// EditRaw says what it could not edit, and changes nothing then.
func TestEditRawRefuses(t *testing.T) {
	s, path := openTemp(t, Options{NoSync: true})
	if err := s.PutBattle(testRecord("1", "b")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	battle := [][]byte{bucketGuilds, []byte("1"), bucketBattles, []byte("b")}
	before := rawValue(t, path, append(battle, keyRecord)...)
	same := func(data []byte) ([]byte, error) { return data, nil }
	for _, c := range []struct {
		name string
		err  error
		says string
	}{
		{"no bucket", EditRaw(path, [][]byte{bucketGuilds, []byte("2")}, keyRecord, same), "no such bucket"},
		{"no value", EditRaw(path, battle, keyEvents, same), "no such value"},
		{"not JSON", EditRaw(path, battle, keyRecord, func([]byte) ([]byte, error) { return []byte("{"), nil }), "not JSON"},
		{"the edit fails", EditRaw(path, battle, keyRecord, func([]byte) ([]byte, error) { return nil, errors.New("no thanks") }), "no thanks"},
		{"no file", EditRaw(path+".none", battle, keyRecord, same), "no such file"},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.says) {
			t.Errorf("%s: err = %v; want it to say %q", c.name, c.err, c.says)
		}
	}
	if after := rawValue(t, path, append(battle, keyRecord)...); !bytes.Equal(before, after) {
		t.Error("a refused edit changed the record")
	}
	// The identity edit keeps the record's JSON as it was.
	if err := EditRaw(path, battle, keyRecord, same); err != nil {
		t.Fatal(err)
	}
	after := rawValue(t, path, append(battle, keyRecord)...)
	b, _, _ := valueData(before, "before")
	a, _, _ := valueData(after, "after")
	if !isCompact(after) || !bytes.Equal(a, b) {
		t.Error("the identity edit changed the record")
	}
}
