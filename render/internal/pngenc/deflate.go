package pngenc

import (
	"encoding/binary"
	"io"
	"math/bits"
	"slices"
	"sync"
)

// rowDeflater writes a zlib stream of the field's PNG rows, Up-filtered,
// faster than compress/flate: such rows are runs (of zeros where a row is
// the one above it, of a pixel's bytes along an edge) between literals
// (anti-aliased edges, text). It looks for those runs first, as matches
// at distance 1 or 3 measured a word at a time, then for the four bytes
// ahead where a hash last saw them (the same counter or letter further
// left, a row or two up), and codes matches and literals with Huffman
// codes of the block's own counts, as compress/flate at BestSpeed would;
// the stream is as small, and any inflater reads it.
type rowDeflater struct {
	w        io.Writer
	out      []byte // compressed, not yet written
	bits     uint64 // bits not yet in out, the first in the low bits
	nbits    uint
	tokens   []uint32 // literals (< 256) and matches (matchToken)
	litFreq  [286]uint32
	distFreq [30]uint32
	// s1, s2 are the Adler-32 sums of the bytes written, reduced at the
	// end of each row (64 bits: a row cannot overflow them).
	s1, s2 uint64
	err    error
	// hist is what was written, the last window of it at least; shift,
	// how much was dropped before it. table is, by a hash of four bytes,
	// where they were last seen, plus shift (a candidate is checked byte
	// by byte: a stale or empty entry only misses).
	hist  []byte
	shift int
	table *[1 << hashBits]int32
}

// Deflate's limits and token form.
const (
	maxMatch      = 258
	blockTokens   = 1 << 15 // tokens a block holds before it is written
	matchToken    = 1 << 31 // | distance<<9 | length
	window        = 32 << 10
	adlerMod      = 65521
	hashBits      = 14
	deflateWindow = 0x78 // zlib's CMF: deflate, a 32 KB window
)

// The length codes: code 257+i is for lengths lengthBase[i] and the next
// lengthExtra[i] bits' worth.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	lengthIndex = lengthIndexOf() // by length, i of its code
)

// lengthIndexOf is, by match length, the index of its length code.
func lengthIndexOf() (index [maxMatch + 1]uint8) {
	for i := range lengthBase {
		for l := int(lengthBase[i]); l <= maxMatch; l++ {
			index[l] = uint8(i)
		}
	}
	return index
}

// codeLengthOrder is the order of the code-length code's lengths in a
// dynamic block's header.
var codeLengthOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// rowDeflaters keep deflaters' buffers between pictures.
var rowDeflaters = sync.Pool{New: func() any {
	return &rowDeflater{out: make([]byte, 0, 64<<10), tokens: make([]uint32, 0, blockTokens+4096),
		hist: make([]byte, 0, 4*window), table: new([1 << hashBits]int32)}
}}

// reset starts a stream to w.
func (z *rowDeflater) reset(w io.Writer) {
	clear(z.table[:])
	*z = rowDeflater{w: w, s1: 1, out: z.out[:0], tokens: z.tokens[:0], hist: z.hist[:0], table: z.table}
	z.out = append(z.out, deflateWindow, 0x01) // FLEVEL 0: the fastest
}

// writeRow adds a row (its filter byte first) to the stream.
func (z *rowDeflater) writeRow(row []byte) {
	start := len(z.hist)
	if start+len(row) > cap(z.hist) && start > 2*window {
		// Keep the window only: what a match may reach back to.
		keep := z.hist[start-window:]
		z.hist = append(z.hist[:0], keep...)
		z.shift += start - window
		start = window
	}
	z.hist = append(z.hist, row...)
	h, n := z.hist, len(z.hist)
	// The checksum is summed along: a run of zeros adds s1 to s2 for
	// each zero, at once.
	s1, s2 := z.s1, z.s2
	for p := start; p < n; {
		l, dist := z.match(h, p, start)
		if l >= 3 {
			z.tokens = append(z.tokens, matchToken|uint32(dist)<<9|uint32(l))
			z.litFreq[257+int(lengthIndex[l])]++
			z.distFreq[distCode(dist)]++
			if dist == 1 && h[p-1] == 0 {
				s2 += uint64(l) * s1
			} else {
				for _, b := range h[p : p+l] {
					s1 += uint64(b)
					s2 += s1
				}
			}
			p += l
			continue
		}
		z.tokens = append(z.tokens, uint32(h[p]))
		z.litFreq[h[p]]++
		s1 += uint64(h[p])
		s2 += s1
		p++
	}
	z.s1, z.s2 = s1%adlerMod, s2%adlerMod
	if len(z.tokens) >= blockTokens {
		z.block(false)
	}
}

// match is the longest match found for h[p:] (0 if none): a run of the
// byte before (zeros, mostly: a row like the one above), of the pixel
// before (along an edge), or of four bytes seen before (the same counter
// or letter further left, a row or two up).
func (z *rowDeflater) match(h []byte, p, rowStart int) (length, dist int) {
	n := min(len(h), p+maxMatch)
	if p >= 1 && h[p] == h[p-1] {
		length, dist = commonLen(h, p, p-1, n), 1
		if length >= 8 || p < rowStart+3 {
			return length, dist
		}
	}
	if p >= 3 && h[p] == h[p-3] {
		if l := commonLen(h, p, p-3, n); l > length {
			length, dist = l, 3
		}
		if length >= 8 {
			return length, dist
		}
	}
	if p+4 > len(h) {
		return length, dist
	}
	k := (binary.LittleEndian.Uint32(h[p:]) * 0x1e35a7bd) >> (32 - hashBits)
	cand := int(z.table[k]) - z.shift
	z.table[k] = int32(p + z.shift)
	if cand < 0 || p-cand > window || p-cand <= 3 || h[cand] != h[p] {
		return length, dist
	}
	if l := commonLen(h, p, cand, n); l > length && l >= 4 {
		length, dist = l, p-cand
	}
	return length, dist
}

// commonLen is how many bytes from a, up to n, are those from b (b < a),
// a word at a time.
func commonLen(h []byte, a, b, n int) int {
	l := 0
	for a+l+8 <= n {
		if x := binary.LittleEndian.Uint64(h[a+l:]) ^ binary.LittleEndian.Uint64(h[b+l:]); x != 0 {
			return l + bits.TrailingZeros64(x)/8
		}
		l += 8
	}
	for a+l < n && h[a+l] == h[b+l] {
		l++
	}
	return l
}

// distCode is deflate's code of distance d; distExtra, its extra bits.
func distCode(d int) int {
	v := uint32(d - 1)
	if v < 4 {
		return int(v)
	}
	n := bits.Len32(v) - 1
	return 2*n + int(v>>(n-1)&1)
}

func distExtra(d int) (n uint, v uint64) {
	x := uint32(d - 1)
	if x < 4 {
		return 0, 0
	}
	k := uint(bits.Len32(x) - 2)
	return k, uint64(x & (1<<k - 1))
}

// close ends the stream: the last block and the checksum.
func (z *rowDeflater) close() error {
	z.block(true)
	if z.nbits > 0 {
		z.put(0, (8-z.nbits%8)%8)
		for z.nbits > 0 {
			z.out = append(z.out, byte(z.bits))
			z.bits >>= 8
			z.nbits -= 8
		}
	}
	a := uint32(z.s2)<<16 | uint32(z.s1)
	z.out = append(z.out, byte(a>>24), byte(a>>16), byte(a>>8), byte(a))
	z.flush()
	return z.err
}

// put adds the n low bits of v.
func (z *rowDeflater) put(v uint64, n uint) {
	z.bits |= v << z.nbits
	z.nbits += n
	if z.nbits >= 32 {
		b := z.bits
		z.out = append(z.out, byte(b), byte(b>>8), byte(b>>16), byte(b>>24))
		z.bits >>= 32
		z.nbits -= 32
	}
}

func (z *rowDeflater) flush() {
	if len(z.out) > 0 && z.err == nil {
		_, z.err = z.w.Write(z.out)
	}
	z.out = z.out[:0]
}

// block writes the tokens as a block with Huffman codes of its own.
func (z *rowDeflater) block(final bool) {
	z.litFreq[256]++ // the end of the block
	// Two codes at least in each tree: a tree of one confuses inflaters.
	z.litFreq[0] = max(z.litFreq[0], 1)
	z.distFreq[0], z.distFreq[2] = max(z.distFreq[0], 1), max(z.distFreq[2], 1)
	var litLen [286]uint8
	var distLen [30]uint8
	huffmanLengths(z.litFreq[:], litLen[:], 15)
	huffmanLengths(z.distFreq[:], distLen[:], 15)
	var litCode [286]uint16
	var distCodes [30]uint16
	canonicalCodes(litLen[:], litCode[:])
	canonicalCodes(distLen[:], distCodes[:])
	fin := uint64(0)
	if final {
		fin = 1
	}
	z.put(fin|2<<1, 3) // BFINAL, BTYPE 2: dynamic codes
	z.header(litLen[:], distLen[:])
	for _, t := range z.tokens {
		if t&matchToken == 0 {
			z.put(uint64(litCode[t]), uint(litLen[t]))
			continue
		}
		l, d := int(t&0x1ff), int(t>>9&0xffff)
		i := lengthIndex[l]
		code, n := uint64(litCode[257+int(i)]), uint(litLen[257+int(i)])
		code |= uint64(l-int(lengthBase[i])) << n
		z.put(code, n+uint(lengthExtra[i]))
		dc := distCode(d)
		en, ev := distExtra(d)
		z.put(uint64(distCodes[dc])|ev<<distLen[dc], uint(distLen[dc])+en)
	}
	z.put(uint64(litCode[256]), uint(litLen[256]))
	z.tokens = z.tokens[:0]
	z.litFreq, z.distFreq = [286]uint32{}, [30]uint32{}
	if len(z.out) >= 48<<10 {
		z.flush()
	}
}

// header writes a dynamic block's code lengths, themselves coded.
func (z *rowDeflater) header(litLen, distLen []uint8) {
	hlit, hdist := 286, 30
	for hlit > 257 && litLen[hlit-1] == 0 {
		hlit--
	}
	for hdist > 1 && distLen[hdist-1] == 0 {
		hdist--
	}
	syms := runLengths(slices.Concat(litLen[:hlit], distLen[:hdist]))
	var clFreq [19]uint32
	for _, s := range syms {
		clFreq[s&0xff]++
	}
	var clLen [19]uint8
	var clCode [19]uint16
	huffmanLengths(clFreq[:], clLen[:], 7)
	canonicalCodes(clLen[:], clCode[:])
	hclen := 19
	for hclen > 4 && clLen[codeLengthOrder[hclen-1]] == 0 {
		hclen--
	}
	z.put(uint64(hlit-257)|uint64(hdist-1)<<5|uint64(hclen-4)<<10, 14)
	for _, s := range codeLengthOrder[:hclen] {
		z.put(uint64(clLen[s]), 3)
	}
	extra := [19]uint{16: 2, 17: 3, 18: 7}
	for _, s := range syms {
		c := s & 0xff
		z.put(uint64(clCode[c])|uint64(s>>8)<<clLen[c], uint(clLen[c])+extra[c])
	}
}

// runLengths codes a sequence of code lengths with the code-length
// alphabet: each symbol in the low byte, its extra bits' value above.
func runLengths(lens []uint8) []uint16 {
	var out []uint16
	for i := 0; i < len(lens); {
		v, n := lens[i], 1
		for i+n < len(lens) && lens[i+n] == v {
			n++
		}
		i += n
		switch {
		case v == 0:
			for n >= 11 {
				k := min(n, 138)
				out, n = append(out, 18|uint16(k-11)<<8), n-k
			}
			if n >= 3 {
				out, n = append(out, 17|uint16(n-3)<<8), 0
			}
		default:
			out, n = append(out, uint16(v)), n-1
			for n >= 3 {
				k := min(n, 6)
				out, n = append(out, 16|uint16(k-3)<<8), n-k
			}
		}
		for ; n > 0; n-- {
			out = append(out, uint16(v))
		}
	}
	return out
}

// huffmanLengths sets the code length of each symbol by its count (0 for
// a symbol never used), none longer than limit: a Huffman code, its
// counts flattened until it fits.
func huffmanLengths(freq []uint32, lengths []uint8, limit int) {
	f := slices.Clone(freq)
	for {
		if huffmanTree(f, lengths) <= limit {
			return
		}
		for i, v := range f {
			if v > 0 {
				f[i] = v/2 + 1
			}
		}
	}
}

// huffmanTree sets lengths to the depths of a Huffman tree of freq and
// returns the deepest.
func huffmanTree(freq []uint32, lengths []uint8) int {
	var leaves []int
	for s, v := range freq {
		lengths[s] = 0
		if v > 0 {
			leaves = append(leaves, s)
		}
	}
	if len(leaves) == 1 {
		lengths[leaves[0]] = 1
		return 1
	}
	slices.SortStableFunc(leaves, func(a, b int) int { return int(freq[a]) - int(freq[b]) })
	// Nodes: the leaves, then the merged ones in the order made (their
	// weights rising, so two queues give the lightest pair each time).
	n := len(leaves)
	weight := make([]uint64, 0, 2*n)
	for _, s := range leaves {
		weight = append(weight, uint64(freq[s]))
	}
	parent := make([]int, 2*n)
	li, ni := 0, n
	lightest := func() int {
		if li < n && (ni >= len(weight) || weight[li] <= weight[ni]) {
			li++
			return li - 1
		}
		ni++
		return ni - 1
	}
	for len(weight) < 2*n-1 {
		a, b := lightest(), lightest()
		parent[a], parent[b] = len(weight), len(weight)
		weight = append(weight, weight[a]+weight[b])
	}
	depth := make([]int, 2*n-1)
	deepest := 0
	for i := 2*n - 3; i >= 0; i-- { // the root, last made, has depth 0
		depth[i] = depth[parent[i]] + 1
		if i < n {
			lengths[leaves[i]] = uint8(depth[i])
			deepest = max(deepest, depth[i])
		}
	}
	return deepest
}

// canonicalCodes sets the codes of deflate's canonical Huffman code of
// those lengths, bit-reversed (deflate sends a code's first bit first).
func canonicalCodes(lengths []uint8, codes []uint16) {
	var count, next [16]uint16
	for _, l := range lengths {
		if l > 0 {
			count[l]++
		}
	}
	code := uint16(0)
	for b := 1; b < 16; b++ {
		code = (code + count[b-1]) << 1
		next[b] = code
	}
	for s, l := range lengths {
		if l == 0 {
			continue
		}
		c := next[l]
		next[l]++
		r := uint16(0)
		for range l {
			r, c = r<<1|c&1, c>>1
		}
		codes[s] = r
	}
}
