package cases

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkLoadCorpus parses every file of engine/testdata/cases (reading
// the files is not timed) and reports the time per case.
func BenchmarkLoadCorpus(b *testing.B) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "cases", "*.toml"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no corpus: %v", err)
	}
	data := make([][]byte, len(files))
	for i, f := range files {
		if data[i], err = os.ReadFile(f); err != nil {
			b.Fatal(err)
		}
	}
	n := 0
	b.ResetTimer()
	for b.Loop() {
		n = 0
		for i, f := range files {
			cs, err := Parse(f, data[i])
			if err != nil {
				b.Fatal(err)
			}
			n += len(cs)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/case")
	b.ReportMetric(float64(n), "cases")
}
