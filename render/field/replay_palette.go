package field

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"slices"
	"sync"

	"github.com/gunbai/gunbai/engine"
)

// The replay's palette: index 0 is transparent (a frame's pixels that did
// not change); then the map's colours, exactly, and what anti-aliasing
// makes of them on white and on the background; greys; a colour cube; and,
// for each replay, the colours its pictures paint most that are not there
// yet (a terrain's shades), exactly.
const replayTransparent = 0

// gifPalette is a palette and, by 5 bits of red, green and blue, the
// index of the nearest colour (the exact one for its own colours).
type gifPalette struct {
	colors color.Palette
	lut    []uint8
	// rgb is, by the same 5 bits, the colour at lut's index as a pixel
	// reads (R, G, B in the low bytes), or noRGB if that colour is not in
	// the cell: a pixel of that value is the palette's colour exactly.
	rgb []uint32
}

// noRGB is no pixel's value (pixels' top byte is cleared before compare).
const noRGB = 0xff000000

var (
	basePaletteOnce sync.Once
	basePalette     *gifPalette
)

// mapColors are the colours the map paints with.
func mapColors() []color.Color {
	return []color.Color{
		background, white, textColor, northColor, northDark, northTint, northFaded,
		southColor, southDark, southTint, southFaded, noMansColor, offFieldColor,
		gridColor, borderColor, cellNameColor, hillFill, hillInk, forestFill, forestInk,
		swampFill, swampInk, riverColor, riverHighlight, bridgeColor, bridgeInk,
		badgeColor, commanderGold, generalSilver, starInk, woundColor, shieldWood,
		shieldInk, lostInk, fatigueFill, fatigueInk,
		previewInk, previewPale, attackColor, shotColor, routColor, rallyColor, ghostInk,
		flatOver(hatchColor(engine.North), northFaded), flatOver(hatchColor(engine.South), southFaded),
		hillMid, hillTop, hillCrest, forestDark, forestLight, swampWater, riverBank,
	}
}

// flatOver is c as it shows over the opaque bg.
func flatOver(c color.Color, bg color.RGBA) color.RGBA {
	r, g, b, a := c.RGBA()
	// 16-bit channels: an 8-bit value v is v*0x101.
	mix := func(x uint32, y uint8) uint8 { return uint8((x + uint32(y)*(0xffff-a)/0xff + 0x80) / 0x101) }
	return color.RGBA{mix(r, bg.R), mix(g, bg.G), mix(b, bg.B), 0xff}
}

func replayBasePalette() *gifPalette {
	basePaletteOnce.Do(func() {
		p := &gifPalette{colors: color.Palette{color.RGBA{}}}
		seen := map[color.RGBA]bool{}
		add := func(c color.RGBA) {
			if len(p.colors) < 216 && !seen[c] {
				seen[c] = true
				p.colors = append(p.colors, c)
			}
		}
		var named []color.RGBA
		for _, c := range mapColors() {
			named = append(named, flatOver(c, background))
		}
		for _, c := range named {
			add(c)
		}
		mid := func(a, b color.RGBA, k uint32) color.RGBA {
			m := func(x, y uint8) uint8 { return uint8((uint32(x)*k + uint32(y)*(4-k)) / 4) }
			return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 0xff}
		}
		// Text and edges blend a colour with what is under it: greys for
		// the ink on the pale ground, halves of each colour with the
		// ground and with white, a cube for the rest. The room left is
		// the replay's own (extend).
		for g := 0; g < 256; g += 17 {
			add(color.RGBA{uint8(g), uint8(g), uint8(g), 0xff})
		}
		for _, c := range named {
			add(mid(c, background, 2))
		}
		// A counter's white text on its side's colour.
		for _, c := range []color.RGBA{northColor, southColor, northDark, southDark} {
			for _, k := range []uint32{1, 3} {
				add(mid(c, white, k))
			}
		}
		for _, levels := range [][]uint8{{0, 0x55, 0xaa, 0xff}} {
			for _, r := range levels {
				for _, g := range levels {
					for _, b := range levels {
						add(color.RGBA{r, g, b, 0xff})
					}
				}
			}
		}
		for _, c := range named {
			add(mid(c, white, 2))
		}
		p.lut = make([]uint8, 1<<15)
		for k := range p.lut {
			r, g, b := (k>>10)<<3|4, (k>>5&31)<<3|4, (k&31)<<3|4
			best, bd := 1, math.MaxInt
			for i := 1; i < len(p.colors); i++ {
				c := p.colors[i].(color.RGBA)
				dr, dg, db := int(c.R)-r, int(c.G)-g, int(c.B)-b
				if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bd {
					best, bd = i, d
				}
			}
			p.lut[k] = uint8(best)
		}
		p.rgb = make([]uint32, len(p.lut))
		for k := range p.rgb {
			p.rgb[k] = noRGB
		}
		for i := len(p.colors) - 1; i >= 1; i-- { // the first named wins a shared cell
			c := p.colors[i].(color.RGBA)
			p.set(c, uint8(i))
		}
		basePalette = p
	})
	return basePalette
}

// set makes i the index of c's cell, exactly c.
func (p *gifPalette) set(c color.RGBA, i uint8) {
	k := lutKey(c.R, c.G, c.B)
	p.lut[k], p.rgb[k] = i, pixelRGB(c)
}

func lutKey(r, g, b uint8) int { return int(r>>3)<<10 | int(g>>3)<<5 | int(b>>3) }

// pixelKey is lutKey of a pixel read as pixelAt reads it.
func pixelKey(c uint32) int { return int(c<<7&0x7c00 | c>>6&0x3e0 | c>>19&0x1f) }

// pixelRGB is c as pixelAt reads it.
func pixelRGB(c color.RGBA) uint32 { return uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 }

// pixelAt is the pixel of row at byte i: R, G, B in the low bytes, the
// alpha cleared (the pictures are opaque).
func pixelAt(row []uint8, i int) uint32 { return binary.LittleEndian.Uint32(row[i:]) &^ noRGB }

// extendBy is the palette with the colours counted (quantizeCounting)
// that it lacks, those painted most first, as many as it has room for.
func (p *gifPalette) extendBy(count map[uint32]int) *gifPalette {
	type kv struct {
		c uint32
		n int
	}
	var extra []kv
	for c, n := range count {
		if n >= 16 {
			extra = append(extra, kv{c, n})
		}
	}
	// A total order: the map gives its colours in a random order, and two
	// shades of one cell of the table are often painted alike (the two
	// rows either side of a line drawn between pixels): the one that
	// takes the cell, exactly, must not be the map's pick.
	slices.SortFunc(extra, func(a, b kv) int {
		return cmp.Or(b.n-a.n, pixelKey(a.c)-pixelKey(b.c), cmp.Compare(a.c, b.c))
	})
	out := &gifPalette{colors: slices.Clone(p.colors), lut: slices.Clone(p.lut), rgb: slices.Clone(p.rgb)}
	for _, e := range extra {
		if len(out.colors) == 256 {
			break
		}
		if k := pixelKey(e.c); out.rgb[k] == noRGB {
			c := color.RGBA{uint8(e.c), uint8(e.c >> 8), uint8(e.c >> 16), 0xff}
			out.set(c, uint8(len(out.colors)))
			out.colors = append(out.colors, c)
		}
	}
	return out
}

// index is the palette's index for c.
func (p *gifPalette) index(c color.RGBA) uint8 { return p.lut[lutKey(c.R, c.G, c.B)] }

// row is row y of the frame: its field picture's, or its caption strip's.
func (pic *replayPicture) row(y int) []uint8 {
	f, st := pic.field, pic.strip
	w, sh := 4*f.Rect.Dx(), st.Rect.Dy()
	switch {
	case y < pic.split:
		return f.Pix[y*f.Stride : y*f.Stride+w]
	case y < pic.split+sh:
		return st.Pix[(y-pic.split)*st.Stride : (y-pic.split)*st.Stride+w]
	default:
		return f.Pix[(y-sh)*f.Stride : (y-sh)*f.Stride+w]
	}
}

// newFrame is a paletted picture of the frame's size, its pixels from
// framePool: not cleared, as mapping the frame writes every one.
func (p *gifPalette) newFrame(pic *replayPicture) *image.Paletted {
	w, h := pic.field.Rect.Dx(), pic.field.Rect.Dy()+pic.strip.Rect.Dy()
	var pix []byte
	if b, _ := framePool.Get().(*[]byte); b != nil && cap(*b) >= w*h {
		pix = (*b)[:w*h]
	} else {
		pix = make([]byte, w*h)
	}
	return &image.Paletted{Pix: pix, Stride: w, Rect: image.Rect(0, 0, w, h), Palette: p.colors}
}

// framePool keeps the pixels of replays' frames once they are encoded
// (releaseFrames).
var framePool sync.Pool // *[]byte

func releaseFrames(imgs []*image.Paletted) {
	for _, img := range imgs {
		if img != nil {
			pix := img.Pix
			framePool.Put(&pix)
		}
	}
}

// quantize maps a frame, its caption's strip in its field picture, to the
// palette, colour by colour, without dithering. Where its rows are ref's
// (see frameRef), ref's indices are copied.
func (p *gifPalette) quantize(pic *replayPicture, ref *frameRef) *image.Paletted {
	out := p.newFrame(pic)
	for y := range out.Rect.Dy() {
		dst, src := out.Pix[y*out.Stride:y*out.Stride+out.Rect.Dx()], pic.row(y)
		lo, hi := ref.copyRow(pic, y, dst)
		p.quantizeRow(dst[lo:hi], src[4*lo:4*hi])
	}
	return out
}

// frameRef is a frame mapped already, whose indices another frame takes
// where its pixels are the same (most of them: a frame is its neighbour
// but for what moved), without reading them again. nil: none.
type frameRef struct {
	pic *replayPicture
	out *image.Paletted
}

// copyRow copies into dst the indices of row y of ref's frame where pic's
// row is the same, but between the first pixel that differs and the last:
// that span, [lo, hi), is returned (the whole row without ref, or if the
// frames are not alike in size).
func (ref *frameRef) copyRow(pic *replayPicture, y int, dst []uint8) (lo, hi int) {
	n := len(dst)
	if ref == nil || ref.pic.field.Rect != pic.field.Rect || ref.pic.strip.Rect != pic.strip.Rect || ref.pic.split != pic.split {
		return 0, n
	}
	a, b := pic.row(y), ref.pic.row(y)
	refRow := ref.out.Pix[y*ref.out.Stride : y*ref.out.Stride+n]
	if bytes.Equal(a, b) {
		copy(dst, refRow)
		return n, n
	}
	for lo+2 <= n && binary.LittleEndian.Uint64(a[4*lo:]) == binary.LittleEndian.Uint64(b[4*lo:]) {
		lo += 2
	}
	for lo < n && pixelAt(a, 4*lo) == pixelAt(b, 4*lo) {
		lo++
	}
	hi = n
	for hi-2 >= lo && binary.LittleEndian.Uint64(a[4*(hi-2):]) == binary.LittleEndian.Uint64(b[4*(hi-2):]) {
		hi -= 2
	}
	for hi > lo && pixelAt(a, 4*(hi-1)) == pixelAt(b, 4*(hi-1)) {
		hi--
	}
	copy(dst[:lo], refRow[:lo])
	copy(dst[hi:], refRow[hi:])
	return lo, hi
}

// quantizeRow maps the RGBA pixels of src to dst's indices. Neighbours
// mostly repeat: a run of one colour is found, two pixels at a time, and
// takes the index of its first.
func (p *gifPalette) quantizeRow(dst, src []uint8) {
	lut := p.lut
	src = src[:4*len(dst)]
	for x := 0; x < len(dst); {
		c := pixelAt(src, 4*x)
		end := runEnd(src, x, c)
		idx := lut[pixelKey(c)]
		for i := x; i < end; i++ {
			dst[i] = idx
		}
		x = end
	}
}

// runEnd is where the run of pixel c from x in the row src ends.
func runEnd(src []uint8, x int, c uint32) int {
	n, pair := len(src)/4, uint64(c)|uint64(c)<<32
	end := x + 1
	for end+2 <= n && binary.LittleEndian.Uint64(src[4*end:])&^pairAlpha == pair {
		end += 2
	}
	for end < n && pixelAt(src, 4*end) == c {
		end++
	}
	return end
}

// pairAlpha is the alpha bytes of two pixels read as a word.
const pairAlpha = 0xff000000ff000000

// quantizeCounting maps a frame to the palette as quantize does where its
// pixels are the palette's colours exactly; it leaves the others
// replayTransparent, for fillMisses once the palette has been extended by
// count (extendBy), and counts there the runs of 3 pixels or more of each
// colour. It returns those pixels, where they are and their colours. One
// pass over the picture, where extending and then mapping would take two.
// Where its rows are ref's (mapped by quantizeCounting, not yet filled),
// ref's indices are copied and its colours not counted again.
func (p *gifPalette) quantizeCounting(pic *replayPicture, count map[uint32]int, ref *frameRef) (*image.Paletted, []missed) {
	out := p.newFrame(pic)
	misses := (*missedLists.Get().(*[]missed))[:0]
	for y := range out.Rect.Dy() {
		dst, src, at := out.Pix[y*out.Stride:y*out.Stride+out.Rect.Dx()], pic.row(y), y*out.Stride
		lo, hi := ref.copyRow(pic, y, dst)
		// What was copied has ref's pixels left for later: list them too.
		for _, span := range [2][2]int{{0, lo}, {hi, len(dst)}} {
			for x := span[0]; x < span[1]; x++ {
				i := bytes.IndexByte(dst[x:span[1]], replayTransparent)
				if i < 0 {
					break
				}
				x += i
				misses = append(misses, missed{int32(at + x), pixelAt(src, 4*x)})
			}
		}
		misses = p.quantizeCountingRow(dst[lo:hi], src[4*lo:4*hi], at+lo, count, misses)
	}
	return out, misses
}

// missed is a pixel of a colour the palette lacks: its offset in the
// paletted picture and its colour.
type missed struct {
	at int32
	c  uint32
}

func (p *gifPalette) quantizeCountingRow(dst, src []uint8, at int, count map[uint32]int, misses []missed) []missed {
	lut, rgb := p.lut, p.rgb
	src = src[:4*len(dst)]
	for x := 0; x < len(dst); {
		c := pixelAt(src, 4*x)
		end := runEnd(src, x, c)
		if k := pixelKey(c); rgb[k] == c {
			idx := lut[k]
			for i := x; i < end; i++ {
				dst[i] = idx
			}
		} else {
			for i := x; i < end; i++ {
				dst[i] = replayTransparent
				misses = append(misses, missed{int32(at + i), c})
			}
			if end-x >= 3 {
				count[c] += end - x
			}
		}
		x = end
	}
	return misses
}

// missedLists keep the lists of quantizeCounting between frames (tens of
// thousands of pixels: the anti-aliasing).
var missedLists = sync.Pool{New: func() any { return new([]missed) }}

// fillMisses maps the pixels quantizeCounting left to p, and gives their
// list back.
func (p *gifPalette) fillMisses(out *image.Paletted, misses []missed) {
	for _, m := range misses {
		out.Pix[m.at] = p.lut[pixelKey(m.c)]
	}
	out.Palette = p.colors
	missedLists.Put(&misses)
}
