package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// EditRaw changes one stored value of the store file at path behind the
// store's back, for tests that tamper with a file (and repairs by hand):
// the value at key in the bucket reached through bucketPath (e.g.
// "guilds", guild, "battles", battle, "turns", the 4-byte turn: a turn's
// value, whichever schema laid it out) is given
// to edit as its JSON data, whatever its encoding (a JSON envelope's
// data, or a compact value inflated), and what edit returns is written
// back in the encoding and version the value had: a compact value stays
// compact. edit must return valid JSON.
//
// The file must exist and not be held by a running gunbai (it waits
// DefaultTimeout for the lock). It is not migrated: only the one value
// changes.
func EditRaw(path string, bucketPath [][]byte, key []byte, edit func(data []byte) ([]byte, error)) error {
	if len(bucketPath) == 0 {
		return errors.New("store: EditRaw: no bucket")
	}
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("store: EditRaw: %w", err)
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: DefaultTimeout})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return &LockedError{Path: path, Timeout: DefaultTimeout}
	}
	if err != nil {
		return fmt.Errorf("store: EditRaw: open %s: %w", path, err)
	}
	defer db.Close()
	names := make([]string, 0, len(bucketPath)+1)
	for _, k := range append(bucketPath, key) {
		names = append(names, fmt.Sprintf("%q", k))
	}
	where := strings.Join(names, "/")
	return guard(path, func() error {
		return db.Update(func(tx *bolt.Tx) error {
			b := tx.Bucket(bucketPath[0])
			for i, k := range bucketPath[1:] {
				if b == nil {
					break
				}
				if raw := b.Get(k); i == len(bucketPath)-2 && isBundle(raw) {
					// A turn's values are a bundle since schema 4: the
					// path through the turn still reaches them.
					out, err := editBundled(raw, key, where, edit)
					if err != nil {
						return err
					}
					return b.Put(k, out)
				}
				b = b.Bucket(k)
			}
			if b == nil {
				return fmt.Errorf("store: EditRaw: %s: no such bucket", where)
			}
			raw := b.Get(key)
			if raw == nil {
				return fmt.Errorf("store: EditRaw: %s: no such value", where)
			}
			out, err := editValue(raw, where, edit)
			if err != nil {
				return err
			}
			return b.Put(key, out)
		})
	})
}

// editBundled edits the value name of a bundle and returns the bundle.
func editBundled(raw, name []byte, where string, edit func([]byte) ([]byte, error)) ([]byte, error) {
	values, err := parseBundle(raw)
	if err != nil {
		return nil, fmt.Errorf("store: EditRaw: %s: %w", where, err)
	}
	v := values.get(name)
	if v == nil {
		return nil, fmt.Errorf("store: EditRaw: %s: no such value", where)
	}
	out, err := editValue(v, where, edit)
	if err != nil {
		return nil, err
	}
	return values.with(name, out).encode(), nil
}

// editValue gives the JSON data of a stored value to edit and encodes
// what it returns as the value was encoded.
func editValue(raw []byte, where string, edit func([]byte) ([]byte, error)) ([]byte, error) {
	data, version, err := valueData(raw, where)
	if err != nil {
		return nil, fmt.Errorf("store: EditRaw: %w", err)
	}
	// valueData's data may alias bbolt's page (a JSON envelope): edit
	// gets a copy it may change.
	data, err = edit(append([]byte(nil), data...))
	if err != nil {
		return nil, err
	}
	if !json.Valid(data) {
		return nil, fmt.Errorf("store: EditRaw: %s: the edited value is not JSON", where)
	}
	if isCompact(raw) {
		return compactData(data), nil // valueData read only compactVersion
	}
	out := make([]byte, 0, len(data)+16)
	out = fmt.Appendf(out, `{"v":%d,"data":`, version)
	out = append(out, data...)
	return append(out, '}'), nil
}

// EditJSON is EditRaw for the tools and tests that tamper with a value by
// its decoded JSON: keys are the bucket path and, last, the value's key;
// change gets the value decoded (maps, slices, numbers) and returns what
// is stored instead.
func EditJSON(path string, keys []string, change func(data any) any) error {
	if len(keys) < 2 {
		return fmt.Errorf("store: EditJSON: a bucket path and a key are needed, got %q", keys)
	}
	bucketPath := make([][]byte, len(keys)-1)
	for i, k := range keys[:len(keys)-1] {
		bucketPath[i] = []byte(k)
	}
	return EditRaw(path, bucketPath, []byte(keys[len(keys)-1]), func(data []byte) ([]byte, error) {
		var d any
		if err := json.Unmarshal(data, &d); err != nil {
			return nil, err
		}
		return json.Marshal(change(d))
	})
}
