package cases

import (
	"path/filepath"
	"testing"
)

// TestCorpus runs the project's case files, engine/testdata/cases/*.toml,
// with the real resolver: every case must PASS. Each file and each case is a
// subtest, so "go test -run 'TestCorpus/movement.toml/'" runs one file.
func TestCorpus(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "cases", "*.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skip("no case files in engine/testdata/cases")
	}
	var r Runner
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			for _, res := range r.RunFile(f) {
				t.Run(res.Name, func(t *testing.T) {
					if res.Status != Pass {
						t.Errorf("%s:%d: %s", res.File, res.Line, res.String())
					}
				})
			}
		})
	}
}
