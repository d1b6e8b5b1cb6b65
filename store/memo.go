package store

import (
	"bytes"
	"slices"
	"sync"
)

// memo remembers values decoded from their stored bytes. Equal bytes
// decode to equal values, so a hit is always right, whatever wrote the
// value and whenever. What it hands out is a copy (copied by its copy
// function: a post's slices), so a caller cannot change the remembered
// one. It is bounded: past maxMemo entries it starts afresh (what is
// looked for again is decoded again).
type memo[T any] struct {
	mu   sync.Mutex
	m    map[string]T
	copy func(T) T
}

const maxMemo = 1 << 14

func (m *memo[T]) decode(raw []byte, v *T, where string) error {
	m.mu.Lock()
	got, ok := m.m[string(raw)]
	m.mu.Unlock()
	if ok {
		*v = m.copy(got)
		return nil
	}
	if err := decode(raw, v, where); err != nil {
		return err
	}
	m.mu.Lock()
	if m.m == nil || len(m.m) >= maxMemo {
		m.m = make(map[string]T)
	}
	m.m[string(raw)] = m.copy(*v)
	m.mu.Unlock()
	return nil
}

// headerMemo: a player's every command looks for his seat among his
// guild's battles' headers. A header holds values only (no slices or
// maps): a copy is the header itself.
type headerMemo = memo[Header]

func newHeaderMemo() headerMemo {
	return headerMemo{copy: func(h Header) Header { return h }}
}

// postMemo: every delivery pass reads the whole outbox, and in a storm of
// deadlines (issue 31) thousands of posts wait there while each player's
// command makes a pass; a post's bytes change only when its delivery
// progresses.
type postMemo = memo[Post]

func newPostMemo() postMemo {
	return postMemo{copy: func(p Post) Post {
		p.Args, p.Data = slices.Clone(p.Args), bytes.Clone(p.Data)
		if p.Reply != nil {
			r := *p.Reply
			p.Reply = &r
		}
		return p
	}}
}
