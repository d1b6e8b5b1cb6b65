package pngenc

// The PNG's rows are deflated by github.com/klauspost/compress/zlib at
// BestSpeed, not by a deflater of our own, because the library is faster
// on these very rows. Until issue 26 this file was such a deflater (435
// lines: matches at distance 1 and 3 looked for a word at a time, a hash
// of four bytes, Huffman codes of each block's counts), written because
// compress/zlib at BestSpeed took twice its time. Measured against both,
// in one run, on the Up-filtered rows of the three pictures of a demo turn
// (turn 2 of `gunbai demo`, GM, North, South: 864x842 each, 6.5 MB of
// rows; BenchmarkDeflate, go test -run X -bench Deflate -count 6 -cpu 1,
// three runs on 2 cores shared with other work, so the times are noisy):
//
//	                     median ms (runs 1, 2)   bytes
//	own deflater         30.2   25.8             497,888
//	klauspost BestSpeed  25.1   17.5             508,871 (+2.2%)
//	compress/zlib        54.1   32.5             503,024 (+1.0%)
//
// Taking turns within each iteration (BenchmarkDeflate/paired), the
// library took less time than the own deflater in all 18 iterations of
// the three runs: 0.57 to 0.99 of it, median 0.80. The own deflater was
// not faster, so a library was enough: klauspost, for 2.2% more bytes per
// picture (about 3.6 KB of 165 KB), in place of 435 lines and their tests
// to keep. The own deflater and the benchmark that measured it are in the
// history (git log -S rowDeflater -- render/internal/pngenc/);
// BenchmarkDeflate now compares the library with compress/zlib (paired:
// 0.42 to 0.49 of its time).

import (
	"bufio"
	"io"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// deflater is a zlib writer and the buffer before the chunks it writes
// into: the library writes in small pieces, a PNG chunk each without it.
type deflater struct {
	*zlib.Writer
	buf *bufio.Writer
}

// deflaters keep deflaters' windows and tables between pictures.
var deflaters sync.Pool // *deflater

// getDeflater is a deflater, new or from the pool, writing to w.
func getDeflater(w io.Writer) *deflater {
	d, _ := deflaters.Get().(*deflater)
	if d == nil {
		buf := bufio.NewWriterSize(w, 1<<15)
		zw, err := zlib.NewWriterLevel(buf, zlib.BestSpeed)
		if err != nil {
			panic(err) // BestSpeed is a level
		}
		return &deflater{Writer: zw, buf: buf}
	}
	d.buf.Reset(w)
	d.Writer.Reset(d.buf)
	return d
}

// Close ends the zlib stream and writes what is buffered.
func (d *deflater) Close() error {
	if err := d.Writer.Close(); err != nil {
		return err
	}
	return d.buf.Flush()
}

// putDeflater gives d back to the pool.
func putDeflater(d *deflater) { deflaters.Put(d) }
