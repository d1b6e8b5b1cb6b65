package campaigns

import (
	"errors"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The helpers of package game's tests, for the campaign's.

const guild = "g1"

// fixedRand gives the same seeds every run, so tests know the dice.
type fixedRand struct{ b byte }

func (f *fixedRand) Read(p []byte) (int, error) {
	for i := range p {
		f.b++
		p[i] = f.b
	}
	return len(p), nil
}

func newService(t *testing.T, path string) *Service {
	t.Helper()
	st, err := store.Open(path, store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return &Service{Base: kit.Base{Store: st, Rand: &fixedRand{}}}
}

// owed is the outbox as it stands (game.Service's Posts().Owed, every guild).
func owed(s *Service) ([]store.Post, error) {
	var out []store.Post
	err := s.Store.View(func(tx *store.Tx) error {
		var err error
		out, err = tx.Outbox()
		return err
	})
	return out, err
}

func userErr(t *testing.T, err error, key string) {
	t.Helper()
	var ue *kit.Refusal
	if !errors.As(err, &ue) {
		t.Fatalf("want a refusal %s, got %v", key, err)
	}
	if key != "" && ue.Key != key && (len(ue.Problems) == 0 || ue.Problems[0].Code != key) {
		t.Fatalf("want %s, got %s %v", key, ue.Key, ue.Problems)
	}
	// Every refusal reads in both languages.
	ru, en := render.Refusal(render.RU, ue.Key, ue.Args, ue.Problems), render.Refusal(render.EN, ue.Key, ue.Args, ue.Problems)
	if ru == "" || en == "" || ru == en || strings.Contains(ru, "%!") || strings.Contains(en, "%!") {
		t.Fatalf("refusal %s not bilingual: %q / %q", key, ru, en)
	}
}
