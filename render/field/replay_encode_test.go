package field

import (
	"bytes"
	"errors"
	"image"
	"image/gif"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/internal/gifenc"
)

// gifenc.Frame writes, for a replay's frames, the bytes image/gif writes for a GIF of the frame
// alone, less its header, screen palette and trailer: a full frame, a
// frame's changes (transparent around them), a pixel, noise (the code
// table filled and cleared, again and again), a frame of a smaller
// palette.
func TestGIFFrameBlockAsImageGIF(t *testing.T) {
	frames, opt := exampleReplay(render.RU)
	shots := replayShots(frames, opt)
	pal := replayBasePalette()
	var pics []*image.Paletted
	for _, i := range []int{0, 1} {
		pic, err := shots[i].draw(nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		pics = append(pics, pal.quantize(pic, nil))
		pic.release()
	}
	w, h := max(pics[0].Rect.Dx(), pics[1].Rect.Dx()), max(pics[0].Rect.Dy(), pics[1].Rect.Dy())
	bg := pal.index(background)
	delta := deltaFrame(padPaletted(pics[0], w, h, bg), padPaletted(pics[1], w, h, bg))
	r := rand.New(rand.NewPCG(3, 4))
	noise := image.NewPaletted(image.Rect(3, 5, 403, 305), pal.colors)
	for i := range noise.Pix {
		noise.Pix[i] = uint8(r.IntN(len(pal.colors)))
		if r.IntN(3) == 0 {
			noise.Pix[i] = 7
		}
	}
	small := image.NewPaletted(image.Rect(0, 0, 50, 20), pal.colors[:5])
	for i := range small.Pix {
		small.Pix[i] = uint8(i % 5)
	}
	cases := map[string]*image.Paletted{"full": pics[0], "delta": delta, "pixel": image.NewPaletted(image.Rect(0, 0, 1, 1), pal.colors),
		"noise": noise, "sub-image": noise.SubImage(image.Rect(10, 10, 300, 200)).(*image.Paletted), "small palette": small}
	for name, img := range cases {
		got, err := gifenc.Frame(img, img.Palette, w, h, 150)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := imageGIFFrameBlock(t, img, w, h, 150)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes, image/gif's %d, or not the same", name, len(got), len(want))
		}
	}
	if _, err := gifenc.Frame(pics[0], pal.colors[:len(pal.colors):len(pal.colors)], 10, 10, 0); err == nil {
		t.Errorf("a frame bigger than the screen is no error")
	}
}

// imageGIFFrameBlock is image/gif's encoding of a GIF of img alone, less
// the header, the screen's palette and the trailer.
func imageGIFFrameBlock(t *testing.T, img *image.Paletted, w, h, delay int) []byte {
	t.Helper()
	var buf bytes.Buffer
	g := &gif.GIF{Image: []*image.Paletted{img}, Delay: []int{delay}, Disposal: []byte{gif.DisposalNone},
		Config: image.Config{ColorModel: img.Palette, Width: w, Height: h}}
	if err := gif.EncodeAll(&buf, g); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	head, err := gifHeadSize(b)
	if err != nil {
		t.Fatal(err)
	}
	return b[head : len(b)-1]
}

// gifHeadSize is the size of a GIF's header, screen descriptor and global
// colour table.
func gifHeadSize(b []byte) (int, error) {
	if len(b) < 13 || string(b[:3]) != "GIF" {
		return 0, errors.New("unexpected GIF encoding")
	}
	n := 13
	if flags := b[10]; flags&0x80 != 0 {
		n += 3 << (flags&7 + 1)
	}
	return n, nil
}

// BenchmarkGIFFrameBlock encodes a replay's full frame.
func BenchmarkGIFFrameBlock(b *testing.B) {
	frames, opt := exampleReplay(render.RU)
	pic, err := replayShots(frames, opt)[0].draw(nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	img := replayBasePalette().quantize(pic, nil)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	b.Run("gifLZW", func(b *testing.B) {
		for b.Loop() {
			if _, err := gifenc.Frame(img, img.Palette, w, h, 150); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("image-gif", func(b *testing.B) {
		g := &gif.GIF{Image: []*image.Paletted{img}, Delay: []int{150}, Config: image.Config{ColorModel: img.Palette, Width: w, Height: h}}
		for b.Loop() {
			if err := gif.EncodeAll(io.Discard, g); err != nil {
				b.Fatal(err)
			}
		}
	})
}
