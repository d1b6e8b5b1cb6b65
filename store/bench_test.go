package store

import (
	"testing"
)

// BenchmarkPutSnapshot saves one snapshot of a 24-unit battle per
// iteration, each in its own transaction: "sync" is what the bot pays
// (fsync per commit), "nosync" isolates encoding and bbolt's own work.
func BenchmarkPutSnapshot(b *testing.B) {
	for _, bc := range []struct {
		name   string
		noSync bool
	}{{"sync", false}, {"nosync", true}} {
		b.Run(bc.name, func(b *testing.B) {
			s, _ := openTemp(b, Options{NoSync: bc.noSync})
			if err := s.PutBattle(testRecord("1", "b")); err != nil {
				b.Fatal(err)
			}
			battle := testBattle("b")
			if len(battle.Units) != 24 {
				b.Fatalf("%d units", len(battle.Units))
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				if err := s.BattleTurn("1", "b", i%64).PutSnapshot(battle); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSnapshot reads one snapshot of a 24-unit battle.
func BenchmarkSnapshot(b *testing.B) {
	s, _ := openTemp(b, Options{NoSync: true})
	if err := s.PutBattle(testRecord("1", "b")); err != nil {
		b.Fatal(err)
	}
	if err := s.BattleTurn("1", "b", 1).PutSnapshot(testBattle("b")); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.BattleTurn("1", "b", 1).Snapshot(); err != nil {
			b.Fatal(err)
		}
	}
}
