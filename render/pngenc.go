package render

import (
	"bufio"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"sync"
)

// encodePNG writes an opaque picture as a PNG (RGB, 8 bits) faster than
// image/png: the standard encoder tries the five row filters on every row
// and keeps the best, which costs more than drawing the field; here every
// row takes the Up filter (the field is mostly rows like the one above),
// deflated at BestSpeed. The file is about a tenth larger; any PNG decoder
// reads it (the tests decode it with image/png and compare every pixel).
// Alpha is dropped: the field is drawn opaque.
func encodePNG(w io.Writer, img *image.RGBA) error {
	b := img.Bounds()
	width, height := b.Dx(), b.Dy()
	if _, err := io.WriteString(w, "\x89PNG\r\n\x1a\n"); err != nil {
		return err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits, RGB; compression, filter, interlace 0
	if err := writeChunk(w, "IHDR", ihdr[:]); err != nil {
		return err
	}
	cw := &chunkWriter{w: w}
	bw := bufio.NewWriterSize(cw, 64<<10)
	zw := zlibWriters.Get().(*zlib.Writer)
	defer zlibWriters.Put(zw)
	zw.Reset(bw)
	rowLen := 1 + 3*width
	cur, prev := make([]byte, rowLen), make([]byte, rowLen)
	for y := 0; y < height; y++ {
		src := img.Pix[(y+b.Min.Y-img.Rect.Min.Y)*img.Stride+(b.Min.X-img.Rect.Min.X)*4:]
		cur[0] = 2 // Up: each byte less the one above it
		for x := 0; x < width; x++ {
			s := src[4*x : 4*x+3 : 4*x+3]
			p := prev[1+3*x : 1+3*x+3 : 1+3*x+3]
			c := cur[1+3*x : 1+3*x+3 : 1+3*x+3]
			c[0], c[1], c[2] = s[0]-p[0], s[1]-p[1], s[2]-p[2]
			p[0], p[1], p[2] = s[0], s[1], s[2] // prev holds the raw row now
		}
		if _, err := zw.Write(cur); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := cw.err; err != nil {
		return err
	}
	return writeChunk(w, "IEND", nil)
}

// zlibWriters keeps deflate state between pictures (it is large).
var zlibWriters = sync.Pool{New: func() any {
	zw, _ := zlib.NewWriterLevel(io.Discard, zlib.BestSpeed) // a valid level: no error
	return zw
}}

// chunkWriter cuts what is written into IDAT chunks.
type chunkWriter struct {
	w   io.Writer
	err error
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	if c.err == nil {
		c.err = writeChunk(c.w, "IDAT", p)
	}
	return len(p), c.err
}

// writeChunk writes one PNG chunk: length, type, data, CRC of type and data.
func writeChunk(w io.Writer, typ string, data []byte) error {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], typ)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc.Sum32())
	for _, part := range [][]byte{head[:], data, tail[:]} {
		if _, err := w.Write(part); err != nil {
			return err
		}
	}
	return nil
}
