package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// encodePNG's files decode, with image/png, to the very pixels drawn: odd
// sizes, a picture that is a part of a larger one, every byte value.
func TestEncodePNGRoundTrip(t *testing.T) {
	big := image.NewRGBA(image.Rect(0, 0, 37, 23))
	for y := 0; y < 23; y++ {
		for x := 0; x < 37; x++ {
			big.SetRGBA(x, y, color.RGBA{uint8(x * 7), uint8(y * 11), uint8(x*y + 3), 255})
		}
	}
	for _, img := range []*image.RGBA{big, big.SubImage(image.Rect(5, 3, 30, 20)).(*image.RGBA), image.NewRGBA(image.Rect(0, 0, 1, 1))} {
		for i := range img.Pix {
			if i%4 == 3 {
				img.Pix[i] = 255
			}
		}
		var buf bytes.Buffer
		if err := encodePNG(&buf, img); err != nil {
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
