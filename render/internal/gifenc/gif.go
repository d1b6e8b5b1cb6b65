// Package gifenc writes animated GIFs frame by frame, each frame's LZW
// coded on its own (so frames can be coded on every core) and the frames
// then put together: the bytes image/gif writes for the same frames
// (lzw_test.go compares them), faster (lzw.go says why).
package gifenc

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/gif"
)

// headSize is the size of a GIF's header, screen descriptor and global
// colour table.
func headSize(b []byte) (int, error) {
	if len(b) < 13 || string(b[:3]) != "GIF" {
		return 0, errors.New("gifenc: unexpected GIF encoding")
	}
	n := 13
	if flags := b[10]; flags&0x80 != 0 {
		n += 3 << (flags&7 + 1)
	}
	return n, nil
}

// Assemble puts frames' blocks together as an animation that loops for
// ever, on a w x h screen with the global palette pal.
func Assemble(pal color.Palette, w, h int, blocks [][]byte) ([]byte, error) {
	// The header and the screen, as image/gif writes them for the palette.
	var buf bytes.Buffer
	empty := image.NewPaletted(image.Rect(0, 0, 1, 1), pal)
	if err := gif.EncodeAll(&buf, &gif.GIF{Image: []*image.Paletted{empty}, Delay: []int{0}, Config: image.Config{ColorModel: pal, Width: w, Height: h}}); err != nil {
		return nil, err
	}
	head, err := headSize(buf.Bytes())
	if err != nil {
		return nil, err
	}
	out := bytes.NewBuffer(make([]byte, 0, head+19+len(blocks)*4096))
	out.Write(buf.Bytes()[:head])
	if len(blocks) > 1 {
		// NETSCAPE2.0: loop for ever.
		out.Write([]byte{0x21, 0xff, 0x0b})
		out.WriteString("NETSCAPE2.0")
		out.Write([]byte{0x03, 0x01, 0x00, 0x00, 0x00})
	}
	for _, b := range blocks {
		out.Write(b)
	}
	out.WriteByte(0x3b)
	return out.Bytes(), nil
}
