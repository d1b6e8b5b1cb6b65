// Package pngenc writes opaque RGBA pictures as PNG files faster than
// image/png, for the battlefield's pictures (Encode says how).
package pngenc

import (
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
)

// Encode writes an opaque picture as a PNG (RGB, 8 bits) faster than
// image/png: the standard encoder tries the five row filters on every row
// and keeps the best, which costs more than drawing the field; here every
// row takes the Up filter (the field is mostly rows like the one above),
// deflated by klauspost/compress's zlib at its fastest (deflate.go says
// why not by a deflater of our own). Any PNG decoder reads it (the
// tests decode it with image/png and compare every pixel). Alpha is
// dropped: the field is drawn opaque.
func Encode(w io.Writer, img *image.RGBA) error {
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
	zw := getDeflater(cw)
	defer putDeflater(zw)
	cur := make([]byte, 1+3*width+2) // the filter's room
	cur[0] = 2                       // Up: each byte less the one above it
	prev := make([]byte, 4*width)    // above the first row: zeros
	for y := 0; y < height; y++ {
		off := (y+b.Min.Y-img.Rect.Min.Y)*img.Stride + (b.Min.X-img.Rect.Min.X)*4
		src := img.Pix[off : off+4*width]
		upFilter(cur[1:], src, prev)
		if _, err := zw.Write(cur[:1+3*width]); err != nil {
			return err
		}
		prev = src
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := cw.err; err != nil {
		return err
	}
	return writeChunk(w, "IEND", nil)
}

// upFilter sets dst to the RGB bytes of the RGBA pixels of src less those
// of prev, the row above; dst has room for 2 bytes more. Two pixels at a
// time, as words: most are the pixels above them.
func upFilter(dst, src, prev []byte) {
	const hi = 0x8080808080808080
	x, d := 0, 0
	for ; x+8 <= len(src) && d+8 <= len(dst); x, d = x+8, d+6 {
		s, p := binary.LittleEndian.Uint64(src[x:]), binary.LittleEndian.Uint64(prev[x:])
		var diff uint64
		if s != p {
			diff = ((s | hi) - (p &^ hi)) ^ ((s ^ ^p) & hi) // bytewise s-p
			diff = diff&0xffffff | diff>>8&0xffffff000000   // alpha dropped
		}
		binary.LittleEndian.PutUint64(dst[d:], diff)
	}
	for ; x+3 < len(src); x, d = x+4, d+3 {
		dst[d], dst[d+1], dst[d+2] = src[x]-prev[x], src[x+1]-prev[x+1], src[x+2]-prev[x+2]
	}
}

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
