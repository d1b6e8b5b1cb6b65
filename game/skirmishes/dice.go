package skirmishes

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"strconv"
)

// d20 is a game's dice: the n-th roll (from 1) of a key within one action is
// HMAC-SHA256(seed, "game|key|n"), its first byte under 240 (= 20*12)
// reduced to 1..20, as engine.SeededDice reduces to 1..6 (E2-Q2: d20).
type d20 struct {
	mac  hash.Hash
	game string
	n    map[string]int
}

func newDice(seed []byte, game string) *d20 {
	return &d20{mac: hmac.New(sha256.New, seed), game: game, n: map[string]int{}}
}

// Roll implements skirmish.Dice.
func (d *d20) Roll(key string) int {
	d.n[key]++
	return D20(d.mac, d.game, key, d.n[key])
}

// D20 is the n-th roll of key in a game under mac (keyed by the seed):
// exported so that a published seed verifies every die.
func D20(mac hash.Hash, game, key string, n int) int {
	msg := []byte(game + "|" + key + "|" + strconv.Itoa(n))
	for round := uint32(0); ; round++ {
		mac.Reset()
		mac.Write(msg)
		if round > 0 {
			var r [4]byte
			binary.BigEndian.PutUint32(r[:], round)
			mac.Write(r[:])
		}
		for _, b := range mac.Sum(nil) {
			if b < 240 {
				return int(b%20) + 1
			}
		}
	}
}
