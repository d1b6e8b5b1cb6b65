package engine

import "sync"

// chunks hands out small slices of T carved from larger blocks, so that a
// turn's many short-lived slices (the dice of a roll, a unit's actions, its
// orders) cost one allocation per block instead of one each. A slice it
// gives has its capacity capped at its length: appending to it copies
// instead of writing over its neighbour. Blocks are never reused, so a
// slice stays valid (and may be returned to the caller, as the dice of the
// events are) after later takes. It belongs to one resolver: not for
// concurrent use.
type chunks[T any] struct {
	free  []T
	block []T // the block free is carved from, for reuse
	size  int // the length of a block; 0 for chunkSize
}

// chunkSize is the length of a block: enough for a turn of a 12-unit side
// in one or two blocks.
const chunkSize = 64

// take returns a zeroed slice of n elements (nil for n = 0).
func (c *chunks[T]) take(n int) []T {
	if n == 0 {
		return nil
	}
	if len(c.free) < n {
		size := c.size
		if size == 0 {
			size = chunkSize
		}
		c.block = make([]T, max(size, n))
		c.free = c.block
	}
	s := c.free[:n:n]
	c.free = c.free[n:]
	return s
}

// reuse hands the last block out again, cleared, as if new: only for
// chunks whose slices are dropped before (a pooled resolver's own scratch,
// never what the events keep).
func (c *chunks[T]) reuse() {
	clear(c.block)
	c.free = c.block
}

// clone returns a copy of s carved from a block (nil if s is empty).
func (c *chunks[T]) clone(s []T) []T {
	out := c.take(len(s))
	copy(out, s)
	return out
}

// one returns a pointer to a new zeroed element.
func (c *chunks[T]) one() *T { return &c.take(1)[0] }

// newTerms returns a copy of t for an event, from the turn's block of
// terms: the events keep them, so the block is never reused.
func (r *resolver) newTerms(t CombatTerms) *CombatTerms {
	if r.terms.size == 0 {
		r.terms.size = 8 // a turn decides a few combats and retreats
	}
	p := r.terms.one()
	*p = t
	return p
}

// resolvers keeps resolvers between turns for their scratch: what every
// turn needs and none keeps (the units' turn state, the cell and ID
// indexes, the blocks of actions, orders and participants), so that a turn
// allocates little more than its result.
var resolvers = sync.Pool{New: func() any { return new(resolver) }}

// getResolver returns a resolver for battle b (the resolver's own copy),
// as a new one would be, reusing a pooled one's scratch.
func getResolver(b Battle, d Dice, frame func(r *resolver)) *resolver {
	r := resolvers.Get().(*resolver)
	old := *r
	*r = resolver{b: b, d: d, ev: old.ev[:0], fleeing: -1, frame: frame,
		u: old.u, broken: old.broken[:0], passed: old.passed[:0],
		acts: old.acts, ords: old.ords, parts: old.parts, leaderLists: old.leaderLists,
		plans: old.plans[:0], who: old.who[:0], acting: old.acting,
		movers: old.movers[:0], shooters: old.shooters[:0],
		mv:    moves{ms: old.mv.ms[:0], byUnit: old.mv.byUnit[:0]},
		cells: cellIndex{at: old.cells.at, ids: old.cells.ids},
	}
	r.acts.reuse()
	r.ords.reuse()
	r.parts.reuse()
	r.leaderLists.reuse()
	return r
}

// putResolver returns r to the pool once its battle and events are copied
// out, keeping no battle, dice or orders of the caller's. The event buffer
// keeps its stale events, overwritten by the next turn's: clearing some 30
// KB a turn costs more than the little they hold on to (strings, dice)
// until then or until the collector empties the pool.
func putResolver(r *resolver) {
	clear(r.u)
	r.b, r.d, r.ev, r.frame, r.orders = Battle{}, nil, r.ev[:0], nil, nil
	resolvers.Put(r)
}
