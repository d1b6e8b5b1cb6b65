package pngenc

import (
	"bytes"
	"compress/zlib"
	"io"
	"math/rand/v2"
	"testing"
)

// rowDeflater's streams inflate, checksum checked, to the rows written:
// runs longer than a match, noise (many blocks, every literal), a row of
// one byte, the field's rows.
func TestRowDeflaterRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	noise := make([]byte, 3001)
	runs := make([]byte, 2401)
	for i := range runs {
		runs[i] = byte(i / 700 * 3)
	}
	img := goldenPicture(t, "golden_gm.png")
	cases := map[string][][]byte{"one byte": {{2}}, "runs": {runs, runs, make([]byte, 5000)}}
	for range 200 {
		for i := range noise {
			noise[i] = byte(r.IntN(256))
			if r.IntN(4) == 0 && i > 3 {
				noise[i] = noise[i-3]
			}
		}
		cases["noise"] = append(cases["noise"], bytes.Clone(noise))
	}
	for y := range img.Rect.Dy() {
		cases["field"] = append(cases["field"], img.Pix[y*img.Stride:(y+1)*img.Stride])
	}
	for name, rows := range cases {
		var buf bytes.Buffer
		z := rowDeflaters.Get().(*rowDeflater)
		z.reset(&buf)
		for _, row := range rows {
			z.writeRow(row)
		}
		if err := z.close(); err != nil {
			t.Fatal(err)
		}
		rowDeflaters.Put(z)
		zr, err := zlib.NewReader(&buf)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if want := bytes.Join(rows, nil); !bytes.Equal(got, want) {
			t.Fatalf("%s: inflated %d bytes, not the %d written", name, len(got), len(want))
		}
	}
}

// Code lengths stay within the limit, and make a complete code, for
// counts that a plain Huffman code would make too deep (Fibonacci's).
func TestHuffmanLengthsLimited(t *testing.T) {
	freq := make([]uint32, 286)
	a, b := uint32(1), uint32(1)
	for i := range 30 {
		freq[i] = a
		a, b = b, a+b
	}
	freq[285] = 1
	lengths := make([]uint8, len(freq))
	huffmanLengths(freq, lengths, 15)
	kraft := 0
	for s, l := range lengths {
		if l > 15 || (l == 0) != (freq[s] == 0) {
			t.Fatalf("symbol %d of count %d has length %d", s, freq[s], l)
		}
		if l > 0 {
			kraft += 1 << (15 - l)
		}
	}
	if kraft != 1<<15 {
		t.Errorf("Kraft sum %d, want %d", kraft, 1<<15)
	}
}
