package store

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
)

// SchemaVersion is the newest schema version this build writes and reads.
// A change to a stored value that old code could misread bumps it (and
// adds a migration of older versions, migrate.go).
//
//   - 1: every value is JSON in an envelope {"v":1,"data":...}.
//   - 2: the large values rewritten every turn (a battle's record, a
//     turn's snapshot and command phase) are compact (encodeCompact): the
//     same JSON data, deflated. Every other value is still a version 1
//     envelope, unchanged; meta/format is {"v":2,...}, so a gunbai of
//     schema 1 refuses the file at Open rather than misread it.
//   - 3: a turn's events are compact too (they are most of a battle's
//     bytes), in the same compact encoding as schema 2 (its values still
//     say version 2: the encoding did not change, only which values use
//     it). meta/format is {"v":3,...}: it says the events were migrated,
//     and a gunbai of schema 2, which knows nothing of that migration,
//     refuses the file rather than half read it.
//   - 4: a turn's values are one value of the battle's turns bucket, the
//     bundle of its values (bundle.go), instead of a bucket per turn, so
//     that consecutive turns share pages (a battle's file shrinks by
//     half), and its orders and command rolls are compact too.
//     meta/format is {"v":4,...}: a gunbai of schema 3 would find no turn.
//
// Reads accept values of every version up to SchemaVersion in either
// encoding, whatever the key: a store not yet migrated, or a value put
// back as JSON by hand, reads as before.
const SchemaVersion = 4

// jsonVersion is the envelope version of the values that stay JSON.
const jsonVersion = 1

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

// encode wraps v in a JSON envelope of version 1.
func encode(v any) ([]byte, error) { return encodeVersion(v, jsonVersion) }

// encodeVersion wraps v in a JSON envelope of version.
func encodeVersion(v any, version int) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("store: encode %T: %w", v, err)
	}
	out := make([]byte, 0, len(data)+16)
	out = append(out, `{"v":`...)
	out = fmt.Appendf(out, "%d", version)
	out = append(out, `,"data":`...)
	out = append(out, data...)
	out = append(out, '}')
	return out, nil
}

// A compact value (schema 2) is
//
//	0x00 <version: uvarint, 2> <the JSON data of v, raw DEFLATE (RFC 1951) with compactDict as preset dictionary>
//
// No JSON envelope starts with a zero byte, so decode tells the two
// apart by the first byte. The data is the very JSON that a version 1
// envelope holds, so a value decodes to exactly what it did as JSON, and
// the migration compresses the stored bytes without decoding them.
// compactDict is part of the format: changing it needs a new version.
const (
	compactMagic = 0x00
	// compactVersion is the version compact values carry: the version
	// of their encoding (DEFLATE with compactDict), which schema 3 did
	// not change.
	compactVersion = 2
)

// compactDict primes DEFLATE with what a battle's JSON repeats, so that
// even a small value compresses.
var compactDict = []byte(`{"kind":"move","phase":1,"step":"P3","rule":"R-VI.2.5","value":0,"detail":"","user":"","name":"","action":"given","order":{"unit":"","side":"north","class":"ordinary","facing":"S","target":""},"old":null,"at":"","round":0,"ready":[false,false],"changes":[[],[]],"id":"","guild_id":"","status":"command","sides":[{"name":"","role_id":"","channel_id":"","order_role":"","army":""}],"gm_channel_id":"","created_at":"","updated_at":"","deadline":"","remind_at":"","length":0,"turn":1,"state":{"defender":"south","terrain":{"hills":[],"forests":[],"swamps":[],"river":true,"bridge":"","shields":[]},"hq":["",""],"hq_lost":[false,false],"hq_known":[false,false],"messengers":[0,0],"shinobi":[0,0],"spare":[false,false],"banners":[],"army_wide":[null,null],"outcome":"ongoing","chronicle":{"quiet":0,"signal":[0,0],"retreat_only":[0,0]},"settings":{"off_field":"bounded","max_turns":12},"leaders":[{"id":"","side":"south","role":"commander","at":"hq","wounds":1,"health":"ok","traits":[],"moved_turn":1}],"units":[{"id":"n1","side":"north","type":"ashigaru_spear","figures":6,"cell":"A11","facing":"S","ammo":20,"status":"ok","fatigued":true,"hold":true,"rallied":true,"routed_once":true,"minor_clan":true,"save_ammo":true,"revealed":true,"routed_turn":2,"army_exempt":true,"imp_mod":1,"st_mod":1,"mastery":1},{"id":"s1","side":"south","type":"ashigaru_teppo","figures":7,"cell":"B21","facing":"N","status":"routing"},{"id":"n2","side":"north","type":"samurai_spear","figures":8,"cell":"C31","facing":"E","status":"destroyed"},{"id":"s2","side":"south","type":"samurai_archer","figures":9,"cell":"D41","facing":"W","status":"reserve"},{"id":"n3","side":"north","type":"heavy_cavalry","figures":10,"cell":"E51","facing":"S","status":"ok"},{"id":"s3","side":"south","type":"light_cavalry","figures":11,"cell":"F61","facing":"N","status":"ok"},{"id":"n4","side":"north","type":"yamabushi","figures":4,"cell":"B12","facing":"S","status":"scattered"},{"id":"s4","side":"south","type":"ashigaru_spear","figures":5,"cell":"C22","facing":"N","status":"ok"}]}}`)

var (
	deflaters = sync.Pool{New: func() any {
		w, err := flate.NewWriterDict(io.Discard, flate.DefaultCompression, compactDict)
		if err != nil {
			panic(err) // only for a bad level
		}
		return w
	}}
	inflaters = sync.Pool{New: func() any {
		return flate.NewReaderDict(bytes.NewReader(nil), compactDict)
	}}
)

// encodeCompact encodes v as a compact value.
func encodeCompact(v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("store: encode %T: %w", v, err)
	}
	return compactData(data), nil
}

// compactData makes a compact value of JSON data.
func compactData(data []byte) []byte {
	var buf bytes.Buffer
	buf.Grow(len(data)/4 + 16)
	buf.WriteByte(compactMagic)
	buf.Write(binary.AppendUvarint(nil, compactVersion))
	w := deflaters.Get().(*flate.Writer)
	w.Reset(&buf)
	w.Write(data) // a bytes.Buffer does not fail
	w.Close()
	deflaters.Put(w)
	return buf.Bytes()
}

// isCompact reports whether raw is a compact value.
func isCompact(raw []byte) bool { return len(raw) > 0 && raw[0] == compactMagic }

// compactVersionOf reads the version of a compact value; ok is false when
// it has none.
func compactVersionOf(raw []byte) (v int, n int, ok bool) {
	u, n := binary.Uvarint(raw[1:])
	if n <= 0 || u > math.MaxInt32 {
		return 0, 0, false
	}
	return int(u), 1 + n, true
}

// inflate gives the JSON data of a compact value of version 2.
func inflate(payload []byte) ([]byte, error) {
	r := inflaters.Get().(io.ReadCloser)
	defer inflaters.Put(r)
	if err := r.(flate.Resetter).Reset(bytes.NewReader(payload), compactDict); err != nil {
		return nil, err
	}
	out := bytes.NewBuffer(make([]byte, 0, 4*len(payload)+64))
	if _, err := io.Copy(out, r); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// valueData gives the JSON data of a stored value of either encoding and
// its schema version, checking the version. where names the value in
// errors.
func valueData(raw []byte, where string) (data []byte, version int, err error) {
	if isCompact(raw) {
		v, n, ok := compactVersionOf(raw)
		switch {
		case !ok:
			return nil, 0, fmt.Errorf("store: %s: compact value without a schema version", where)
		case v > SchemaVersion:
			return nil, v, &VersionError{Where: where, Got: v, Want: SchemaVersion}
		case v != compactVersion:
			return nil, v, fmt.Errorf("store: %s: bad schema version %d of a compact value", where, v)
		}
		data, err := inflate(raw[n:])
		if err != nil {
			return nil, v, fmt.Errorf("store: %s: compact value does not inflate: %w", where, err)
		}
		return data, v, nil
	}
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return nil, 0, fmt.Errorf("store: %s: not a stored value: %w", where, err)
	}
	switch {
	case env.V == 0:
		return nil, 0, fmt.Errorf("store: %s: no schema version (not written by gunbai?)", where)
	case env.V > SchemaVersion:
		return nil, env.V, &VersionError{Where: where, Got: env.V, Want: SchemaVersion}
	case env.V < 0:
		return nil, env.V, fmt.Errorf("store: %s: bad schema version %d", where, env.V)
	}
	// Versions 1 and 2 of a JSON envelope hold the same data.
	if len(env.Data) == 0 {
		return nil, env.V, fmt.Errorf("store: %s: envelope without data", where)
	}
	return env.Data, env.V, nil
}

// decode unwraps an envelope into v, checking the version. where names the
// value in errors.
//
// Both encodings are read whatever the value: a store not yet migrated
// (or a value put back by hand as JSON) reads as before.
func decode(raw []byte, v any, where string) error {
	data, _, err := valueData(raw, where)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("store: %s: decode: %w", where, err)
	}
	return nil
}

// peekVersion reads the version of an envelope as encode writes it
// (`{"v":N,`), or of a compact value, without decoding the rest; ok is
// false when raw does not start that way.
func peekVersion(raw []byte) (v int, ok bool) {
	if isCompact(raw) {
		v, _, ok := compactVersionOf(raw)
		return v, ok
	}
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

// appendFill is the FillPercent of the buckets whose keys only grow (a
// battle's turns, its journal): bbolt's default of one half leaves every
// page split from them half empty for good.
const appendFill = 0.95

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
