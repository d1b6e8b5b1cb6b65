package sim

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var updateIdentity = flag.Bool("update-identity", false, "rewrite testdata/play.sha256")

// playFile pins whole battles: the hash of the final state and every turn's
// log of Play(seed, Scripted), captured before the engine's speed work
// (issue 18). Any optimisation must leave every line unchanged.
const playFile = "testdata/play.sha256"

// TestPlayIdentity: the engine plays the pinned battles exactly as before.
func TestPlayIdentity(t *testing.T) {
	var got []string
	for seed := uint64(1); seed <= 200; seed++ {
		b, logs, err := Play(seed, Scripted)
		j, jerr := json.Marshal(struct {
			B   any
			L   []TurnLog
			Err string
		}{b, logs, fmt.Sprint(err)})
		if jerr != nil {
			t.Fatal(jerr)
		}
		sum := sha256.Sum256(j)
		got = append(got, fmt.Sprintf("%d %s", seed, hex.EncodeToString(sum[:12])))
	}
	if *updateIdentity {
		if err := os.WriteFile(playFile, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(playFile)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(want) != len(got) {
		t.Fatalf("%s has %d battles, the engine plays %d", playFile, len(want), len(got))
	}
	bad := 0
	for i := range want {
		if want[i] != got[i] {
			if bad++; bad <= 10 {
				t.Errorf("battle changed: got %q, want %q", got[i], want[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d battles changed", bad, len(want))
	}
}
