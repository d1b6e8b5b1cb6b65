package pngenc

import (
	"compress/zlib"
	"fmt"
	"io"
	"testing"
	"time"
)

// demoTurnRows are the rows Encode deflates for the three pictures of a
// turn, the GM's, North's and South's, as the demo draws them: testdata
// holds turn 2 of `gunbai demo -turns 2` (made again by running it and
// copying DIR/turn-2.{gm,north,south}.png).
func demoTurnRows(b *testing.B) [][][]byte {
	var out [][][]byte
	for _, v := range []string{"gm", "north", "south"} {
		img := goldenPictureAt(b, fmt.Sprintf("testdata/demo-turn-2.%s.png", v))
		w := img.Rect.Dx()
		prev := make([]byte, 4*w)
		var rows [][]byte
		for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
			src := img.Pix[img.PixOffset(img.Rect.Min.X, y):][:4*w]
			row := make([]byte, 1+3*w+2)
			row[0] = 2
			upFilter(row[1:], src, prev)
			rows = append(rows, row[:1+3*w])
			prev = src
		}
		out = append(out, rows)
	}
	return out
}

// counter counts the bytes written to it.
type counter int

func (c *counter) Write(p []byte) (int, error) { *c += counter(len(p)); return len(p), nil }

// BenchmarkDeflate deflates the same rows, the three pictures of a demo
// turn Up-filtered as Encode filters them, with the deflater Encode uses
// (klauspost/compress/zlib at BestSpeed) and with compress/zlib at
// BestSpeed, in one run (go test -run X -bench Deflate -count 6 -cpu 1
// ./render/internal/pngenc/); zlib-B is the three streams' size. deflate.go's
// first comment gives the figures and what they decided (and the commit
// whose benchmark has the own deflater it replaced).
func BenchmarkDeflate(b *testing.B) {
	views := demoTurnRows(b)
	lib := func(b *testing.B, n *counter) {
		for _, rows := range views {
			d := getDeflater(n)
			for _, row := range rows {
				if _, err := d.Write(row); err != nil {
					b.Fatal(err)
				}
			}
			if err := d.Close(); err != nil {
				b.Fatal(err)
			}
			putDeflater(d)
		}
	}
	sw, err := zlib.NewWriterLevel(io.Discard, zlib.BestSpeed)
	if err != nil {
		b.Fatal(err)
	}
	std := func(b *testing.B, n *counter) {
		for _, rows := range views {
			sw.Reset(n)
			for _, row := range rows {
				if _, err := sw.Write(row); err != nil {
					b.Fatal(err)
				}
			}
			if err := sw.Close(); err != nil {
				b.Fatal(err)
			}
		}
	}
	for _, c := range []struct {
		name    string
		deflate func(*testing.B, *counter)
	}{{"klauspost", lib}, {"std", std}} {
		b.Run(c.name, func(b *testing.B) {
			var n counter
			for b.Loop() {
				n = 0
				c.deflate(b, &n)
			}
			b.ReportMetric(float64(n), "zlib-B")
		})
	}
	// On a busy machine the two runs above may meet different loads:
	// paired takes turns, one of each per iteration, and reports each
	// one's time per turn's three pictures and their ratio.
	b.Run("paired", func(b *testing.B) {
		var tLib, tStd time.Duration
		var n counter
		for b.Loop() {
			t0 := time.Now()
			lib(b, &n)
			t1 := time.Now()
			std(b, &n)
			tLib, tStd = tLib+t1.Sub(t0), tStd+time.Since(t1)
		}
		b.ReportMetric(float64(tLib.Nanoseconds())/float64(b.N), "klauspost-ns")
		b.ReportMetric(float64(tStd.Nanoseconds())/float64(b.N), "std-ns")
		b.ReportMetric(float64(tLib)/float64(tStd), "klauspost/std")
	})
}
