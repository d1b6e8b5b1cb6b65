package engine

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"sort"
	"strconv"
)

// Dice answers every roll by key (CASES.md "Roll keys"): "<unit>.melee",
// "<side>.command", ... The engine never rolls any other way.
type Dice interface {
	// Roll returns one d6 for the key.
	Roll(key string) int
}

// ScriptedDice answers from fixed lists, consumed in order: the case format's
// [case.dice]. A roll with nothing left is recorded as an error (the caller
// checks Err after resolving) and answers 1 so resolution can finish.
type ScriptedDice struct {
	lists map[string][]int
	next  map[string]int
	err   error
}

// NewScriptedDice copies the lists.
func NewScriptedDice(lists map[string][]int) *ScriptedDice {
	s := &ScriptedDice{lists: map[string][]int{}, next: map[string]int{}}
	for k, v := range lists {
		s.lists[k] = append([]int(nil), v...)
	}
	return s
}

// Roll implements Dice.
func (s *ScriptedDice) Roll(key string) int {
	i := s.next[key]
	l := s.lists[key]
	s.next[key] = i + 1
	if i >= len(l) {
		if s.err == nil {
			s.err = fmt.Errorf("unscripted roll %s #%d", key, i+1)
		}
		return 1
	}
	return l[i]
}

// Err is the first unscripted roll, if any.
func (s *ScriptedDice) Err() error { return s.err }

// Unused lists the values left over, by key, in key order.
func (s *ScriptedDice) Unused() []string {
	var keys []string
	for k, l := range s.lists {
		if s.next[k] < len(l) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		out = append(out, fmt.Sprintf("%s %v", k, s.lists[k][s.next[k]:]))
	}
	return out
}

// SeededDice derives every die from a secret seed that is published after the
// turn (ARCHITECTURE "Dice that players can verify"): the n-th roll (from 1)
// of key in a turn is HMAC-SHA256(seed, "battle|turn|key|n"), reduced to 1..6
// without bias by rejecting bytes >= 252 (252 = 6*42).
type SeededDice struct {
	mac hash.Hash // keyed once; Reset returns it to the keyed state
	// keys numbers each key rolled so far, in the order first rolled;
	// counts[k] is how many times key number k was rolled: one map look-up
	// a roll instead of a look-up and an update.
	keys   map[string]int
	counts []int
	// prefix is "battle|turn|", the start of every message. msg and sum
	// are reused by every roll, so that a roll allocates nothing: a
	// SeededDice is used by one goroutine at a time, like the resolver
	// that rolls it.
	prefix int
	msg    []byte
	sum    [sha256.Size]byte
}

// NewSeededDice returns the dice of one turn of one battle.
func NewSeededDice(seed []byte, battle string, turn int) *SeededDice {
	msg := seededPrefix(make([]byte, 0, 64), battle, turn)
	return &SeededDice{
		mac: hmac.New(sha256.New, seed),
		// A turn rolls some 10 to 17 keys (the benchmarks' and the
		// simulations' turns): room for 16 up front saves most growth,
		// and no more room than that spares making the map.
		keys:   make(map[string]int, 16),
		counts: make([]int, 0, 16),
		prefix: len(msg),
		msg:    msg,
	}
}

// Roll implements Dice.
func (s *SeededDice) Roll(key string) int {
	k, ok := s.keys[key]
	if !ok {
		k = len(s.counts)
		s.keys[key] = k
		s.counts = append(s.counts, 0)
	}
	s.counts[k]++
	s.msg = appendRoll(s.msg[:s.prefix], key, s.counts[k])
	return seededDie(s.mac, s.msg, &s.sum)
}

// SeededRoll computes one die; exported so that verification recomputes rolls
// from a published seed without replaying the turn.
func SeededRoll(seed []byte, battle string, turn int, key string, n int) int {
	var sum [sha256.Size]byte
	return seededDie(hmac.New(sha256.New, seed), seededMessage(nil, battle, turn, key, n), &sum)
}

// seededMessage appends the message of the n-th roll of key,
// "battle|turn|key|n", to buf.
func seededMessage(buf []byte, battle string, turn int, key string, n int) []byte {
	return appendRoll(seededPrefix(buf, battle, turn), key, n)
}

// seededPrefix appends "battle|turn|", what the messages of a turn's rolls
// start with.
func seededPrefix(buf []byte, battle string, turn int) []byte {
	msg := append(buf, battle...)
	msg = append(msg, '|')
	msg = strconv.AppendInt(msg, int64(turn), 10)
	return append(msg, '|')
}

// appendRoll appends "key|n", the rest of the message of the n-th roll of
// key.
func appendRoll(buf []byte, key string, n int) []byte {
	msg := append(buf, key...)
	msg = append(msg, '|')
	return strconv.AppendInt(msg, int64(n), 10)
}

// seededDie is the die of msg under mac, using sum as its scratch space.
func seededDie(mac hash.Hash, msg []byte, sum *[sha256.Size]byte) int {
	for round := uint32(0); ; round++ {
		mac.Reset()
		mac.Write(msg)
		if round > 0 {
			// Practically never needed: 32 bytes all >= 252 has probability 2^-160.
			var r [4]byte
			binary.BigEndian.PutUint32(r[:], round)
			mac.Write(r[:])
		}
		for _, b := range mac.Sum(sum[:0]) {
			if b < 252 {
				return int(b%6) + 1
			}
		}
	}
}
