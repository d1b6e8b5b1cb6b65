package quickbattles

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gunbai/gunbai/game/campaigns"
	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/store"
)

// fixedRand gives the same seeds every run, so tests know the dice.
type fixedRand struct{ b byte }

func (f *fixedRand) Read(p []byte) (int, error) {
	for i := range p {
		f.b++
		p[i] = f.b
	}
	return len(p), nil
}

// uploadedService is a service whose guild "g1" has the two testdata
// rosters uploaded (by the campaign's service) and their clans bound.
func uploadedService(t testing.TB) *Service {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "g.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	base := kit.Base{Store: st, Rand: &fixedRand{}}
	c := &campaigns.Service{Base: base}
	for _, f := range []string{"roster_uesugi.toml", "roster_takeda.toml"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "campaign", "rosterfile", "testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.UploadRoster("g1", f, data); err != nil {
			t.Fatal(err)
		}
	}
	for _, cl := range []string{"uesugi", "takeda"} {
		if _, err := c.BindClan("g1", cl, "r-"+cl, "ch-"+cl, ""); err != nil {
			t.Fatal(err)
		}
	}
	return &Service{Base: base}
}
