package engine

// chunks hands out small slices of T carved from larger blocks, so that a
// turn's many short-lived slices (the dice of a roll, a unit's actions, its
// orders) cost one allocation per block instead of one each. A slice it
// gives has its capacity capped at its length: appending to it copies
// instead of writing over its neighbour. Blocks are never reused, so a
// slice stays valid (and may be returned to the caller, as the dice of the
// events are) after later takes. It belongs to one resolver: not for
// concurrent use.
type chunks[T any] struct {
	free []T
	size int // the length of a block; 0 for chunkSize
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
		c.free = make([]T, max(size, n))
	}
	s := c.free[:n:n]
	c.free = c.free[n:]
	return s
}

// reserve makes sure the next takes of n elements in all come from one
// block.
func (c *chunks[T]) reserve(n int) {
	if len(c.free) < n {
		c.free = make([]T, n)
	}
}

// clone returns a copy of s carved from a block (nil if s is empty).
func (c *chunks[T]) clone(s []T) []T {
	out := c.take(len(s))
	copy(out, s)
	return out
}

// one returns a pointer to a new zeroed element.
func (c *chunks[T]) one() *T { return &c.take(1)[0] }
