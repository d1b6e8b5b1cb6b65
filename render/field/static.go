package field

import (
	"image"
	"image/draw"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/fogleman/gg"

	"github.com/gunbai/gunbai/engine"
)

// The static layer of the field is what stays the same from turn to turn
// and from view to view of a battle: the zones, the terrain, the grid, the
// deployment lines, the river and its bridge, the cell names. It is drawn
// once into a picture of its own and copied into every picture that has
// the same staticKey, from a small cache. Without the cache the layer is
// drawn just the same, in a picture of its own for each picture, so a
// picture drawn from the cache has the pixels of one drawn without it.

// staticKey is everything the static layer depends on: the cell size, the
// drawn cells, the defender (where the river runs) and the terrain. The
// HQs, the shields and the units are drawn over it for every picture.
type staticKey struct {
	cs                     int
	minX, minY, maxX, maxY int
	defender               engine.Side
	river                  bool
	bridge                 engine.Cell
	terrain                string // the hills, forests and swamps
}

func newStaticKey(l *layout, b *engine.Battle) staticKey {
	var sb strings.Builder
	for _, cells := range [][]engine.Cell{b.Terrain.Hills, b.Terrain.Forests, b.Terrain.Swamps} {
		for _, c := range cells {
			sb.WriteString(strconv.Itoa(c.X))
			sb.WriteByte(',')
			sb.WriteString(strconv.Itoa(c.Y))
			sb.WriteByte(' ')
		}
		sb.WriteByte('|')
	}
	return staticKey{cs: int(l.cs), minX: l.minX, minY: l.minY, maxX: l.maxX, maxY: l.maxY,
		defender: b.Defender, river: b.Terrain.River, bridge: b.Terrain.Bridge, terrain: sb.String()}
}

// maxStaticLayers bounds the cache: a layer is about 1.5 MB at the
// default cell size.
const maxStaticLayers = 8

type staticLayerEntry struct {
	key staticKey
	img *image.RGBA
}

// staticLayers is the cache, most recently used first. Its pictures are
// never written once stored.
var staticLayers = struct {
	sync.Mutex
	entries      []staticLayerEntry
	hits, misses atomic.Int64
}{}

// noStaticCache makes every picture draw its static layer afresh (tests,
// benchmarks).
var noStaticCache atomic.Bool

func lookupStatic(k staticKey) *image.RGBA {
	c := &staticLayers
	c.Lock()
	defer c.Unlock()
	for i, e := range c.entries {
		if e.key == k {
			copy(c.entries[1:i+1], c.entries[:i])
			c.entries[0] = e
			c.hits.Add(1)
			return e.img
		}
	}
	c.misses.Add(1)
	return nil
}

func storeStatic(k staticKey, img *image.RGBA) {
	c := &staticLayers
	c.Lock()
	defer c.Unlock()
	for _, e := range c.entries {
		if e.key == k {
			return // drawn at the same time by another picture
		}
	}
	if len(c.entries) < maxStaticLayers {
		c.entries = append(c.entries, staticLayerEntry{})
	}
	copy(c.entries[1:], c.entries[:len(c.entries)-1])
	c.entries[0] = staticLayerEntry{key: k, img: img}
}

// staticBounds is the part of the picture the static layer covers: the
// drawn cells and a margin for the border's stroke.
func (l *layout) staticBounds() image.Rectangle {
	x, y, w, h := l.gridPixels()
	m := 3.0
	return image.Rect(int(math.Floor(x-m)), int(math.Floor(y-m)), int(math.Ceil(x+w+m)), int(math.Ceil(y+h+m)))
}

// static draws the static layer: copied from the cache, or drawn (in a
// picture of its own, at the same offset as it would come from the cache)
// and stored.
func (d *drawer) static() {
	r := d.l.staticBounds()
	var layer *image.RGBA
	if noStaticCache.Load() {
		layer = d.staticPicture(r)
	} else {
		k := newStaticKey(&d.l, d.b)
		if layer = lookupStatic(k); layer == nil {
			layer = d.staticPicture(r)
			storeStatic(k, layer)
		}
	}
	draw.Draw(d.img, r, layer, image.Point{}, draw.Src)
}

// staticPicture draws the static layer of the part r of the picture.
func (d *drawer) staticPicture(r image.Rectangle) *image.RGBA {
	layer := canvas(nil, r.Dx(), r.Dy())
	sd := *d
	sd.img, sd.dc = layer, gg.NewContextForRGBA(layer)
	sd.l.gridX -= float64(r.Min.X)
	sd.l.gridY -= float64(r.Min.Y)
	sd.staticLayer()
	return layer
}
