package store

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
)

// simBattle is one battle played by engine/sim to its last turn: its state
// before each turn (turns[i] is the state before turn i+1) and the logs.
type simBattle struct {
	start engine.Battle
	turns []engine.Battle // the state before each turn
	final engine.Battle
	logs  []sim.TurnLog
}

var (
	twelveOnce sync.Once
	twelve     simBattle
)

// twelveTurns is the first sim battle that lasts the whole 12 turns
// (battle.max_turns), played once per test binary.
func twelveTurns(tb testing.TB) simBattle {
	tb.Helper()
	twelveOnce.Do(func() {
		for seed := uint64(1); seed < 1000; seed++ {
			sb, err := playSim(seed)
			if err == nil && len(sb.logs) == engine.DefaultMaxTurns {
				twelve = sb
				return
			}
		}
	})
	if len(twelve.logs) == 0 {
		tb.Fatal("no sim battle lasts 12 turns")
	}
	return twelve
}

// playSim plays sim's battle of seed, keeping the state before every turn.
func playSim(seed uint64) (simBattle, error) {
	final, logs, err := sim.Play(seed, sim.Scripted)
	if err != nil {
		return simBattle{}, err
	}
	sb := simBattle{start: sim.Deploy(seed), final: final, logs: logs}
	b := sb.start
	var key [8]byte
	for i := range key {
		key[i] = byte(seed >> (56 - 8*i))
	}
	for _, tl := range logs {
		sb.turns = append(sb.turns, b)
		next, _, err := engine.ResolveTurn(b, tl.Orders, engine.NewSeededDice(key[:], b.ID, tl.Turn))
		if err != nil {
			return simBattle{}, err
		}
		b = next
	}
	return sb, nil
}

// writeSim stores a sim battle the way the bot does, one transaction per
// step: a turn opens (seed, record, phase), each side rolls its command
// and gives its orders one at a time (orders and phase), and the turn is
// resolved (snapshot, events, record with the next state).
func writeSim(tb testing.TB, s *Store, guild, id string, sb simBattle) {
	tb.Helper()
	rec := BattleRecord{
		ID: id, GuildID: guild, Name: "Sekigahara", Status: StatusCommand,
		Sides: [2]Clan{
			{Name: "Tokugawa", RoleID: "100000000000000001", ChannelID: "200000000000000001"},
			{Name: "Ishida", RoleID: "100000000000000002", ChannelID: "200000000000000002"},
		},
		GMChannelID: "200000000000000000",
		State:       sb.start,
	}
	must := func(err error) {
		if err != nil {
			tb.Fatal(err)
		}
	}
	for i, tl := range sb.logs {
		turn := tl.Turn
		before := sb.turns[i]
		rec.Turn, rec.State = turn, before
		must(s.Update(func(tx *Tx) error {
			if err := tx.PutBattle(rec); err != nil {
				return err
			}
			if err := tx.BattleTurn(guild, id, turn).PutSeed([]byte(fmt.Sprintf("seed-%s-%d-0123456789abcdef", id, turn))); err != nil {
				return err
			}
			return tx.BattleTurn(guild, id, turn).PutPhase(CommandPhase{})
		}))
		var ph CommandPhase
		for _, side := range []engine.Side{engine.North, engine.South} {
			must(s.Update(func(tx *Tx) error {
				return tx.BattleTurn(guild, id, turn).PutCommand(side, CommandRoll{Stake: 1, Result: engine.CommandResult{}, Final: true})
			}))
			var given []engine.Order
			for _, o := range tl.Orders {
				if o.Side != side {
					continue
				}
				given = append(given, o)
				o := o
				ph.Changes[side] = append(ph.Changes[side], Change{User: "300000000000000001", Name: "Ieyasu", Action: ChangeGiven, Order: &o})
				must(s.Update(func(tx *Tx) error {
					if err := tx.BattleTurn(guild, id, turn).PutOrders(side, given); err != nil {
						return err
					}
					return tx.BattleTurn(guild, id, turn).PutPhase(ph)
				}))
			}
			ph.Ready[side] = true
			must(s.Update(func(tx *Tx) error { return tx.BattleTurn(guild, id, turn).PutPhase(ph) }))
		}
		next := sb.final
		if i+1 < len(sb.turns) {
			next = sb.turns[i+1]
		}
		rec.State = next
		must(s.Update(func(tx *Tx) error {
			if err := tx.BattleTurn(guild, id, turn).PutSnapshot(before); err != nil {
				return err
			}
			if err := tx.BattleTurn(guild, id, turn).PutEvents(tl.Events); err != nil {
				return err
			}
			return tx.PutBattle(rec)
		}))
	}
}

// dataSize is the bytes of every key and value in the file.
func dataSize(tb testing.TB, s *Store) int {
	tb.Helper()
	n := 0
	var walk func(b *bolt.Bucket)
	walk = func(b *bolt.Bucket) {
		b.ForEach(func(k, v []byte) error {
			n += len(k)
			if v == nil {
				walk(b.Bucket(k))
			} else {
				n += len(v)
			}
			return nil
		})
	}
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			n += len(name)
			walk(b)
			return nil
		})
	})
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

// BenchmarkBattleFile writes one 12-turn sim battle (20 units) into a
// fresh store per iteration as the bot does, one transaction per step,
// and reports the file's size, the part of it bbolt uses (its high-water
// mark: the file itself grows by doubling while under bbolt's AllocSize)
// and the bytes of its keys and values.
// "many" writes 16 battles into one file, turn by turn in step, and
// reports the file per battle.
func BenchmarkBattleFile(b *testing.B) {
	sb := twelveTurns(b)
	for _, bc := range []struct {
		name    string
		battles int
	}{{"one", 1}, {"many", 16}} {
		b.Run(bc.name, func(b *testing.B) {
			var file, used, data int
			dir := b.TempDir()
			for i := 0; b.Loop(); i++ {
				path := filepath.Join(dir, fmt.Sprintf("%d.db", i))
				s, err := Open(path, Options{NoSync: true})
				if err != nil {
					b.Fatal(err)
				}
				for n := 0; n < bc.battles; n++ {
					writeSim(b, s, "1", fmt.Sprintf("b%02d", n), sb)
				}
				data = dataSize(b, s)
				s.db.View(func(tx *bolt.Tx) error { used = int(tx.Size()); return nil })
				if err := s.Close(); err != nil {
					b.Fatal(err)
				}
				fi, err := os.Stat(path)
				if err != nil {
					b.Fatal(err)
				}
				file = int(fi.Size())
				os.Remove(path)
			}
			b.ReportMetric(float64(file)/float64(bc.battles), "file-B/battle")
			b.ReportMetric(float64(used)/float64(bc.battles), "used-B/battle")
			b.ReportMetric(float64(data)/float64(bc.battles), "data-B/battle")
		})
	}
}

// BenchmarkBattleRead reads back a whole 12-turn battle: its record and
// every turn (snapshot, orders, seed, events).
func BenchmarkBattleRead(b *testing.B) {
	sb := twelveTurns(b)
	s, _ := openTemp(b, Options{NoSync: true})
	writeSim(b, s, "1", "b", sb)
	b.ReportAllocs()
	for b.Loop() {
		err := s.View(func(tx *Tx) error {
			if _, err := tx.Battle("1", "b"); err != nil {
				return err
			}
			for turn := 1; turn <= len(sb.logs); turn++ {
				if _, err := tx.BattleTurn("1", "b", turn).Record(); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
