package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// SchemaVersion is the envelope version this build writes and reads. A
// change to a stored type that old code could misread bumps it (and adds a
// migration of older versions in decode).
const SchemaVersion = 1

// ErrNewerVersion is matched (errors.Is) by a *VersionError.
var ErrNewerVersion = errors.New("store: value written by a newer schema version")

// VersionError reports a stored value whose schema version this build does
// not understand.
type VersionError struct {
	Where string // what was being read, e.g. `guild "1" battle "b1" record`
	Got   int    // the version in the file
	Want  int    // SchemaVersion
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("store: %s has schema version %d, newer than this gunbai understands (%d); upgrade gunbai to read this file", e.Where, e.Got, e.Want)
}

// Is makes errors.Is(err, ErrNewerVersion) true.
func (e *VersionError) Is(target error) bool { return target == ErrNewerVersion }

// envelope is the shape of every stored value.
type envelope struct {
	V    int             `json:"v"`
	Data json.RawMessage `json:"data"`
}

// encode wraps v in an envelope of the current version.
func encode(v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("store: encode %T: %w", v, err)
	}
	out := make([]byte, 0, len(data)+16)
	out = append(out, `{"v":`...)
	out = fmt.Appendf(out, "%d", SchemaVersion)
	out = append(out, `,"data":`...)
	out = append(out, data...)
	out = append(out, '}')
	return out, nil
}

// decode unwraps an envelope into v, checking the version. where names the
// value in errors.
func decode(raw []byte, v any, where string) error {
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return fmt.Errorf("store: %s: not a stored value: %w", where, err)
	}
	switch {
	case env.V == 0:
		return fmt.Errorf("store: %s: no schema version (not written by gunbai?)", where)
	case env.V > SchemaVersion:
		return &VersionError{Where: where, Got: env.V, Want: SchemaVersion}
	case env.V < 0:
		return fmt.Errorf("store: %s: bad schema version %d", where, env.V)
	}
	// env.V < SchemaVersion would migrate here; there is only version 1.
	if len(env.Data) == 0 {
		return fmt.Errorf("store: %s: envelope without data", where)
	}
	if err := json.Unmarshal(env.Data, v); err != nil {
		return fmt.Errorf("store: %s: decode: %w", where, err)
	}
	return nil
}

// peekVersion reads the version of an envelope as encode writes it
// (`{"v":N,`) without decoding the rest; ok is false when raw does not
// start that way.
func peekVersion(raw []byte) (v int, ok bool) {
	const prefix = `{"v":`
	if len(raw) < len(prefix) || string(raw[:len(prefix)]) != prefix {
		return 0, false
	}
	i := len(prefix)
	for ; i < len(raw) && raw[i] >= '0' && raw[i] <= '9'; i++ {
		if v > math.MaxInt32/10 {
			return 0, false
		}
		v = v*10 + int(raw[i]-'0')
	}
	if i == len(prefix) || i == len(raw) || raw[i] != ',' {
		return 0, false
	}
	return v, true
}

// MaxTurn is the largest turn number the store accepts.
const MaxTurn = math.MaxInt32

// turnKey encodes a turn as 4 big-endian bytes, so that bbolt's byte order
// is the numeric order.
func turnKey(turn int) []byte {
	var k [4]byte
	binary.BigEndian.PutUint32(k[:], uint32(turn))
	return k[:]
}

func parseTurnKey(k []byte) (int, bool) {
	if len(k) != 4 {
		return 0, false
	}
	return int(binary.BigEndian.Uint32(k)), true
}

func checkTurn(turn int) error {
	if turn < 0 || turn > MaxTurn {
		return fmt.Errorf("store: turn %d out of range 0..%d", turn, MaxTurn)
	}
	return nil
}
