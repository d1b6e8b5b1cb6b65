package store

import "sync"

// headerMemo remembers headers decoded from their stored bytes. Equal bytes
// decode to equal headers, so a hit is always right, whatever wrote the
// value and whenever; a header holds values only (no slices or maps), so
// the copy handed out cannot change the remembered one. It is bounded: past
// maxMemo entries it starts afresh (a guild's headers come back on the next
// look).
type headerMemo struct {
	mu sync.Mutex
	m  map[string]Header
}

const maxMemo = 1 << 14

func (m *headerMemo) decode(raw []byte, h *Header, where string) error {
	m.mu.Lock()
	got, ok := m.m[string(raw)]
	m.mu.Unlock()
	if ok {
		*h = got
		return nil
	}
	if err := decode(raw, h, where); err != nil {
		return err
	}
	m.mu.Lock()
	if m.m == nil || len(m.m) >= maxMemo {
		m.m = make(map[string]Header)
	}
	m.m[string(raw)] = *h
	m.mu.Unlock()
	return nil
}
