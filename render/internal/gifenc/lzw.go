package gifenc

import (
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"sync"
)

// Frame is one frame of a GIF as its file holds it (its graphic
// control extension, image descriptor and data) for the screen w x h with
// the global palette pal, img's own: the bytes image/gif writes for it
// (the tests compare them), its LZW coded by gifLZW.
func Frame(img *image.Paletted, pal color.Palette, w, h, delay int) ([]byte, error) {
	b := img.Rect
	if len(pal) == 0 || len(img.Palette) == 0 || &img.Palette[0] != &pal[0] {
		return nil, errors.New("gifenc: a frame not in the replay's palette")
	}
	if !b.In(image.Rect(0, 0, w, h)) || w >= 1<<16 || h >= 1<<16 {
		return nil, errors.New("gifenc: a frame out of the screen")
	}
	out := make([]byte, 0, 64+b.Dx()*b.Dy()/8)
	// The graphic control extension: disposal, delay, the transparent
	// index (the first colour of no alpha), as image/gif writes it.
	flags, trans := byte(gif.DisposalNone<<2), byte(0)
	for i, c := range pal {
		if _, _, _, a := c.RGBA(); a == 0 {
			flags, trans = flags|1, byte(i)
			break
		}
	}
	out = append(out, 0x21, 0xf9, 4, flags)
	out = binary.LittleEndian.AppendUint16(out, uint16(delay))
	out = append(out, trans, 0)
	// The image descriptor, the global colour table's.
	out = append(out, 0x2c)
	for _, v := range []int{b.Min.X, b.Min.Y, b.Dx(), b.Dy()} {
		out = binary.LittleEndian.AppendUint16(out, uint16(v))
	}
	out = append(out, 0)
	litWidth := 2
	for litWidth < 8 && 1<<litWidth < len(pal) {
		litWidth++
	}
	out = append(out, byte(litWidth))
	z := gifLZWs.Get().(*gifLZW)
	defer gifLZWs.Put(z)
	z.init(litWidth)
	for y := range b.Dy() {
		z.write(img.Pix[y*img.Stride : y*img.Stride+b.Dx()])
	}
	return z.close(out), nil
}

// gifLZWs keeps coders' tables between frames.
var gifLZWs = sync.Pool{New: func() any { return new(gifLZW) }}

// gifLZW is compress/lzw's Writer (LSB order) made for pictures: the same
// codes, found faster. Each code remembers the last code made from it and
// the literal that made it, which is mostly the next one wanted, without a
// look in the hash table. And a run of one colour is taken at once: the
// codes of the colour repeated 1, 2, 3... times are all made, in order, so
// the run's codes are found by its length (gifLZW.run).
type gifLZW struct {
	litWidth, width uint
	hi, overflow    uint32
	code            uint32 // the string so far; noCode before the first
	bits            uint64
	nbits           uint
	data            []byte // the codes' bytes, not yet in sub-blocks
	table           [lzwTableSize]uint32
	lastLit         [lzwMaxCode + 1]uint16 // literal+1, 0: none
	lastChild       [lzwMaxCode + 1]uint16
	// runLen is, by code, how many times its string repeats one literal
	// (0: it is not such a string); runCodes, by literal, the codes of it
	// repeated 1, 2, 3... times.
	runLen   [lzwMaxCode + 1]uint16
	runCodes [256][]uint16
}

const (
	lzwMaxCode   = 1<<12 - 1
	lzwTableSize = 4 << 12
	lzwTableMask = lzwTableSize - 1
	noCode       = 1<<32 - 1
)

func (z *gifLZW) init(litWidth int) {
	z.litWidth = uint(litWidth)
	z.code, z.bits, z.nbits = noCode, 0, 0
	z.data = z.data[:0]
	z.reset()
}

// reset starts the table afresh: the literals, clear and end.
func (z *gifLZW) reset() {
	z.width = z.litWidth + 1
	z.hi = 1<<z.litWidth + 1
	z.overflow = 1 << (z.litWidth + 1)
	clear(z.table[:])
	clear(z.lastLit[:])
	clear(z.runLen[:])
	for c := range 1 << z.litWidth {
		z.runLen[c] = 1
		z.runCodes[c] = append(z.runCodes[c][:0], uint16(c))
	}
}

func (z *gifLZW) emit(c uint32) {
	z.bits |= uint64(c) << z.nbits
	z.nbits += z.width
	for z.nbits >= 8 {
		z.data = append(z.data, byte(z.bits))
		z.bits >>= 8
		z.nbits -= 8
	}
}

// incHi makes the next code, and at the last one clears the table: false
// then (the code just ended is not stored).
func (z *gifLZW) incHi() bool {
	z.hi++
	if z.hi == z.overflow {
		z.width++
		z.overflow <<= 1
	}
	if z.hi == lzwMaxCode {
		z.emit(1 << z.litWidth)
		z.reset()
		return false
	}
	return true
}

func (z *gifLZW) write(p []byte) {
	if len(p) == 0 {
		return
	}
	code := z.code
	if code == noCode {
		z.emit(1 << z.litWidth) // a clear code first, as the GIF spec asks
		code, p = uint32(p[0]), p[1:]
	}
	for i := 0; i < len(p); {
		lit := uint32(p[i])
		if z.repeats(code, lit) {
			i, code = z.run(p, i, code)
			continue
		}
		i++
		if uint32(z.lastLit[code]) == lit+1 {
			code = uint32(z.lastChild[code])
			continue
		}
		if child, ok := z.lookup(code, lit); ok {
			code = child
			continue
		}
		z.emit(code)
		z.add(code, lit)
		code = lit
	}
	z.code = code
}

// repeats reports whether code's string is lit repeated.
func (z *gifLZW) repeats(code, lit uint32) bool {
	n := z.runLen[code]
	return n > 0 && int(n) <= len(z.runCodes[lit]) && uint32(z.runCodes[lit][n-1]) == code
}

// lookup is the code of code's string and lit, if there is one.
func (z *gifLZW) lookup(code, lit uint32) (uint32, bool) {
	key := code<<8 | lit
	for h := (key>>12 ^ key) & lzwTableMask; z.table[h] != 0; h = (h + 1) & lzwTableMask {
		if t := z.table[h]; key == t>>12 {
			return t & lzwMaxCode, true
		}
	}
	return 0, false
}

// add makes the next code, for code's string and lit, or clears the
// table at the last one (compress/lzw's incHi and insertion).
func (z *gifLZW) add(code, lit uint32) {
	if !z.incHi() {
		return
	}
	key := code<<8 | lit
	h := (key>>12 ^ key) & lzwTableMask
	for z.table[h] != 0 {
		h = (h + 1) & lzwTableMask
	}
	z.table[h] = key<<12 | z.hi
	z.lastLit[code], z.lastChild[code] = uint16(lit+1), uint16(z.hi)
	if z.repeats(code, lit) {
		z.runLen[z.hi] = z.runLen[code] + 1
		z.runCodes[lit] = append(z.runCodes[lit], uint16(z.hi))
	}
}

// run takes the run of p[i] from i, code's string being that literal
// repeated: as the byte-by-byte loop would, it extends the string to the
// longest repetition there is a code for, sends that, makes the code one
// longer, and starts again from the literal, until the run ends.
func (z *gifLZW) run(p []byte, i int, code uint32) (int, uint32) {
	lit := p[i]
	m, word := 1, uint64(lit)*0x0101010101010101
	for i+m+8 <= len(p) && binary.LittleEndian.Uint64(p[i+m:]) == word {
		m += 8
	}
	for i+m < len(p) && p[i+m] == lit {
		m++
	}
	k := int(z.runLen[code])
	for m > 0 {
		codes := z.runCodes[lit]
		if k+m <= len(codes) {
			return i + m, uint32(codes[k+m-1])
		}
		// Up to the longest there is, then one more: sent, and made.
		step := len(codes) - k
		i, m = i+step, m-step
		longest := uint32(codes[len(codes)-1])
		z.emit(longest)
		z.add(longest, uint32(lit))
		i, m = i+1, m-1
		code, k = uint32(lit), 1
	}
	return i, code
}

// close ends the codes and appends them to out in sub-blocks of 255 bytes
// at most, and the terminator.
func (z *gifLZW) close(out []byte) []byte {
	if z.code != noCode {
		z.emit(z.code)
		z.incHi()
	} else {
		z.emit(1 << z.litWidth)
	}
	z.emit(1<<z.litWidth + 1) // the end
	if z.nbits > 0 {
		z.data = append(z.data, byte(z.bits))
	}
	for d := z.data; len(d) > 0; {
		n := min(len(d), 255)
		out = append(out, byte(n))
		out = append(out, d[:n]...)
		d = d[n:]
	}
	return append(out, 0)
}
