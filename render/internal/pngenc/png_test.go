package pngenc

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"testing"
)

// Encode's files decode, with image/png, to the very pixels drawn: odd
// sizes, a picture that is a part of a larger one, every byte value, a
// picture of the field.
func TestEncodeRoundTrip(t *testing.T) {
	big := image.NewRGBA(image.Rect(0, 0, 37, 23))
	for y := 0; y < 23; y++ {
		for x := 0; x < 37; x++ {
			big.SetRGBA(x, y, color.RGBA{uint8(x * 7), uint8(y * 11), uint8(x*y + 3), 255})
		}
	}
	for _, img := range []*image.RGBA{big, big.SubImage(image.Rect(5, 3, 30, 20)).(*image.RGBA), image.NewRGBA(image.Rect(0, 0, 1, 1)), goldenPicture(t, "golden_gm.png")} {
		for i := range img.Pix {
			if i%4 == 3 {
				img.Pix[i] = 255
			}
		}
		var buf bytes.Buffer
		if err := Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		b := img.Bounds()
		if got.Bounds().Dx() != b.Dx() || got.Bounds().Dy() != b.Dy() {
			t.Fatalf("size %v, want %v", got.Bounds(), b)
		}
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < b.Dx(); x++ {
				want := img.RGBAAt(b.Min.X+x, b.Min.Y+y)
				r, g, bl, a := got.At(got.Bounds().Min.X+x, got.Bounds().Min.Y+y).RGBA()
				if uint8(r>>8) != want.R || uint8(g>>8) != want.G || uint8(bl>>8) != want.B || a != 0xffff {
					t.Fatalf("pixel %d,%d of %v: %v %v %v, want %v", x, y, b, r>>8, g>>8, bl>>8, want)
				}
			}
		}
	}
}

// goldenPicture is a picture of the field, render/field's golden one of
// that name, as RGBA.
func goldenPicture(t testing.TB, name string) *image.RGBA {
	t.Helper()
	return goldenPictureAt(t, "../../field/testdata/"+name)
}

// goldenPictureAt is the PNG picture at path, as RGBA.
func goldenPictureAt(t testing.TB, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	src, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(src.Bounds())
	draw.Draw(img, img.Rect, src, src.Bounds().Min, draw.Src)
	return img
}

// FuzzEncodePNG: rows of RGB pixels in (their width from the fuzzer),
// image/png's decoder out: the same pixels.
func FuzzEncodePNG(f *testing.F) {
	f.Add(uint8(2), []byte{1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6})
	f.Add(uint8(0), []byte{0, 0, 0})
	f.Add(uint8(99), bytes.Repeat([]byte{200, 10, 10, 200, 10, 10, 0, 0, 0}, 900))
	f.Fuzz(func(t *testing.T, width uint8, rgb []byte) {
		w := int(width) + 1
		h := len(rgb) / (3 * w)
		if h == 0 {
			return
		}
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for i := range w * h {
			img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = rgb[3*i], rgb[3*i+1], rgb[3*i+2], 255
		}
		var buf bytes.Buffer
		if err := Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("%dx%d: %v", w, h, err)
		}
		if got.Bounds() != img.Rect {
			t.Fatalf("size %v, want %v", got.Bounds(), img.Rect)
		}
		for y := range h {
			for x := range w {
				r, g, b, a := got.At(x, y).RGBA()
				want := img.RGBAAt(x, y)
				if uint8(r>>8) != want.R || uint8(g>>8) != want.G || uint8(b>>8) != want.B || a != 0xffff {
					t.Fatalf("%dx%d: pixel %d,%d decoded %d %d %d %d, want %v", w, h, x, y, r>>8, g>>8, b>>8, a>>8, want)
				}
			}
		}
	})
}
