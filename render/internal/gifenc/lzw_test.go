package gifenc

import (
	"bytes"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"image/gif"
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"testing"
)

// goldenFrame is a replay frame of the field (render/field's golden one),
// mapped to a palette of 256 colours whose first is transparent, as the
// replay's is.
func goldenFrame(t testing.TB) *image.Paletted {
	t.Helper()
	f, err := os.Open("../../field/testdata/replay_frame_golden.png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	src, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	pal := append(color.Palette{color.RGBA{}}, palette.Plan9[1:]...)
	img := image.NewPaletted(src.Bounds(), pal)
	draw.Draw(img, img.Rect, src, src.Bounds().Min, draw.Src)
	return img
}

// Frame writes the bytes image/gif writes for a GIF of the frame alone,
// less its header, screen palette and trailer: a field's frame, its
// changes (transparent around them), a pixel, noise (the code table
// filled and cleared, again and again), a frame of a smaller palette.
// render/field's TestGIFFrameBlockAsImageGIF does so for a replay's own.
func TestFrameAsImageGIF(t *testing.T) {
	full := goldenFrame(t)
	pal := full.Palette
	w, h := full.Rect.Dx(), full.Rect.Dy()
	delta := image.NewPaletted(image.Rect(100, 120, 400, 300), pal) // transparent
	for y := 150; y < 260; y++ {
		copy(delta.Pix[delta.PixOffset(130, y):delta.PixOffset(370, y)], full.Pix[full.PixOffset(130, y):])
	}
	r := rand.New(rand.NewPCG(3, 4))
	noise := image.NewPaletted(image.Rect(3, 5, 403, 305), pal)
	for i := range noise.Pix {
		noise.Pix[i] = uint8(r.IntN(len(pal)))
		if r.IntN(3) == 0 {
			noise.Pix[i] = 7
		}
	}
	small := image.NewPaletted(image.Rect(0, 0, 50, 20), pal[:5])
	for i := range small.Pix {
		small.Pix[i] = uint8(i % 5)
	}
	cases := map[string]*image.Paletted{"full": full, "delta": delta, "pixel": image.NewPaletted(image.Rect(0, 0, 1, 1), pal),
		"noise": noise, "sub-image": noise.SubImage(image.Rect(10, 10, 300, 200)).(*image.Paletted), "small palette": small}
	for name, img := range cases {
		got, err := Frame(img, img.Palette, w, h, 150)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := imageGIFFrame(t, img, w, h, 150)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes, image/gif's %d, or not the same", name, len(got), len(want))
		}
	}
	if _, err := Frame(full, pal, 10, 10, 0); err == nil {
		t.Errorf("a frame bigger than the screen is no error")
	}
	if _, err := Frame(full, palette.Plan9, w, h, 0); err == nil {
		t.Errorf("a frame in another palette is no error")
	}
}

// Frames put together by Assemble decode with image/gif to the frames
// given: the same size, palette indices and delays.
func TestAssembleDecodes(t *testing.T) {
	full := goldenFrame(t)
	w, h := full.Rect.Dx(), full.Rect.Dy()
	part := full.SubImage(image.Rect(10, 20, 300, 200)).(*image.Paletted)
	frames := []*image.Paletted{full, part}
	var blocks [][]byte
	for i, img := range frames {
		b, err := Frame(img, full.Palette, w, h, 100+i)
		if err != nil {
			t.Fatal(err)
		}
		blocks = append(blocks, b)
	}
	data, err := Assemble(full.Palette, w, h, blocks)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 2 || g.Config.Width != w || g.Config.Height != h || g.LoopCount != 0 {
		t.Fatalf("%d frames on %dx%d, loop %d; want 2 on %dx%d, looping for ever", len(g.Image), g.Config.Width, g.Config.Height, g.LoopCount, w, h)
	}
	for i, img := range frames {
		if g.Delay[i] != 100+i || !samePixels(g.Image[i], img) {
			t.Errorf("frame %d: not the one given", i)
		}
	}
}

// samePixels reports whether a and b have the same bounds and indices.
func samePixels(a, b *image.Paletted) bool {
	if a.Rect != b.Rect {
		return false
	}
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		if !bytes.Equal(a.Pix[a.PixOffset(a.Rect.Min.X, y):a.PixOffset(a.Rect.Max.X, y)], b.Pix[b.PixOffset(b.Rect.Min.X, y):b.PixOffset(b.Rect.Max.X, y)]) {
			return false
		}
	}
	return true
}

// FuzzEncodeFrame: rows of palette indices in (their width and the
// palette's size from the fuzzer), image/gif's decoder out: the same
// indices.
func FuzzEncodeFrame(f *testing.F) {
	f.Add(uint8(3), uint8(4), []byte{0, 1, 2, 3, 3, 3, 3, 3, 0, 0, 0, 1})
	f.Add(uint8(1), uint8(1), []byte{0})
	f.Add(uint8(200), uint8(255), bytes.Repeat([]byte{7, 7, 7, 9}, 2000))
	f.Fuzz(func(t *testing.T, width, colours uint8, pix []byte) {
		wd := int(width)%256 + 1
		n := int(colours) + 1
		if len(pix) < wd {
			return
		}
		ht := len(pix) / wd
		pal := make(color.Palette, n)
		for i := range pal {
			pal[i] = color.RGBA{uint8(i), uint8(i * 7), uint8(i * 13), 0xff}
		}
		img := image.NewPaletted(image.Rect(0, 0, wd, ht), pal)
		for i := range img.Pix {
			img.Pix[i] = uint8(int(pix[i]) % n)
		}
		block, err := Frame(img, pal, wd, ht, 10)
		if err != nil {
			t.Fatal(err)
		}
		data, err := Assemble(pal, wd, ht, [][]byte{block})
		if err != nil {
			t.Fatal(err)
		}
		g, err := gif.DecodeAll(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Image) != 1 || !samePixels(g.Image[0], img) {
			t.Fatalf("%dx%d in %d colours: decoded to other indices", wd, ht, n)
		}
	})
}

// imageGIFFrame is image/gif's encoding of a GIF of img alone, less
// the header, the screen's palette and the trailer.
func imageGIFFrame(t *testing.T, img *image.Paletted, w, h, delay int) []byte {
	t.Helper()
	var buf bytes.Buffer
	g := &gif.GIF{Image: []*image.Paletted{img}, Delay: []int{delay}, Disposal: []byte{gif.DisposalNone},
		Config: image.Config{ColorModel: img.Palette, Width: w, Height: h}}
	if err := gif.EncodeAll(&buf, g); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	head, err := headSize(b)
	if err != nil {
		t.Fatal(err)
	}
	return b[head : len(b)-1]
}

// BenchmarkFrame encodes a replay's full frame.
func BenchmarkFrame(b *testing.B) {
	img := goldenFrame(b)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	b.Run("gifLZW", func(b *testing.B) {
		for b.Loop() {
			if _, err := Frame(img, img.Palette, w, h, 150); err != nil {
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
