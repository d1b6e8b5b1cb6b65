package bot

import (
	"slices"
	"sync"
	"testing"
	"time"
)

// queued waits until n drawings wait at the gate.
func queued(t *testing.T, g *drawGate, n int) {
	t.Helper()
	for range 2000 {
		g.mu.Lock()
		k := len(g.waiting)
		g.mu.Unlock()
		if k == n {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("%d drawings never waited at the gate", n)
}

// The gate gives a free core to what a person asked for first, then to the
// posts in the order they became owed (their IDs: the deadlines' order),
// whatever order they came to wait in (issue 31's storm).
func TestDrawGateServesByUrgency(t *testing.T) {
	g := newDrawGate(1)
	g.acquire(5) // the picture being drawn
	var mu sync.Mutex
	var got []urgency
	var wg sync.WaitGroup
	for n, u := range []urgency{30, 10, asked, 20, 10} {
		wg.Go(func() {
			g.acquire(u)
			mu.Lock()
			got = append(got, u)
			mu.Unlock()
			g.release()
		})
		queued(t, g, n+1)
	}
	g.release()
	wg.Wait()
	if want := []urgency{asked, 10, 10, 20, 30}; !slices.Equal(got, want) {
		t.Errorf("drawn in the order %v, want %v", got, want)
	}
}

// While an interaction is answered, and for answerHold after, the gate
// draws on one core fewer than it has; on a quiet machine, on all of them;
// with one core, on that one whatever happens.
func TestDrawGateKeepsACoreForAnswering(t *testing.T) {
	now := time.Date(2026, 12, 2, 18, 0, 0, 0, time.UTC)
	g := newDrawGate(3)
	g.now = func() time.Time { return now }
	if s := g.slots(); s != 3 {
		t.Errorf("quiet: %d slots, want 3", s)
	}
	done := g.answer()
	if s := g.slots(); s != 2 {
		t.Errorf("answering: %d slots, want 2", s)
	}
	g.acquire(1)
	g.acquire(2)
	third := make(chan struct{})
	go func() { g.acquire(3); close(third) }()
	queued(t, g, 1)
	done()
	now = now.Add(answerHold / 2)
	g.release()
	<-third // the slot given back goes to the waiter
	g.mu.Lock()
	if g.drawing != 2 {
		t.Errorf("just after an answer: %d drawing, want 2", g.drawing)
	}
	g.mu.Unlock()
	now = now.Add(answerHold)
	if s := g.slots(); s != 3 {
		t.Errorf("%v after the last answer: %d slots, want 3", answerHold*3/2, s)
	}
	one := newDrawGate(1)
	one.answer()
	if s := one.slots(); s != 1 {
		t.Errorf("one core, answering: %d slots, want 1", s)
	}
}

// Delivery passes run at once, each serving the targets no other serves:
// a pass leaves a served target to its server, who is told whether the
// pass had found a newer post there (it then kicks for a new pass), and
// the ticker's and the tests' settling waits until none is served.
func TestDeliveryClaims(t *testing.T) {
	var c claims
	mine, left := c.claim([]string{"a", "b"}, map[string]uint64{"a": 3, "b": 4})
	if !slices.Equal(mine, []string{"a", "b"}) || left {
		t.Fatalf("the first pass claimed %v (left %v), want a and b", mine, left)
	}
	// A handler's pass read a newer post for b, the same ones for a.
	mine, left = c.claim([]string{"c", "a", "b"}, map[string]uint64{"a": 3, "b": 7, "c": 8})
	if !slices.Equal(mine, []string{"c"}) || !left {
		t.Fatalf("the second pass claimed %v (left %v), want c alone", mine, left)
	}
	if c.unclaim("a", 3) {
		t.Error("a: nothing newer was left, yet a new pass is asked for")
	}
	if !c.unclaim("b", 4) {
		t.Error("b: post 7 was left to the first pass, which served up to 4: no new pass asked for")
	}
	settled := make(chan struct{})
	go func() { c.idle(); close(settled) }()
	select {
	case <-settled:
		t.Fatal("settled while c is still served")
	case <-time.After(20 * time.Millisecond):
	}
	c.unclaim("c", 8)
	<-settled
	if mine, _ := c.claim([]string{"a", "b", "c"}, nil); len(mine) != 3 {
		t.Errorf("once given back, %v claimed, want all three", mine)
	}
}

// Work waits until every interaction received is acknowledged and none
// came within the lull: in a burst, "none unacknowledged" holds between
// two reads of the gateway too, and work started then takes the core the
// reading needs (issue 31's storm).
func TestAcknowledgementsFirstWaitForTheLull(t *testing.T) {
	now := time.Date(2026, 12, 3, 6, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	var slept []time.Duration
	u := &unacked{
		now: func() time.Time { mu.Lock(); defer mu.Unlock(); return now },
		sleep: func(d time.Duration) {
			mu.Lock()
			defer mu.Unlock()
			slept = append(slept, d)
			now = now.Add(d)
		},
	}
	u.wait(ackFirst) // nothing ever came: at once
	if len(slept) != 0 {
		t.Fatalf("with nothing received, work waited %v", slept)
	}

	u.add("a")
	released := make(chan struct{})
	go func() { u.wait(ackFirst); close(released) }()
	select {
	case <-released:
		t.Fatal("work went on while an interaction was not acknowledged")
	case <-time.After(20 * time.Millisecond):
	}
	mu.Lock()
	now = now.Add(lull / 5) // acknowledged a millisecond after it came
	mu.Unlock()
	u.done("a")
	<-released
	if want := []time.Duration{lull * 4 / 5}; !slices.Equal(slept, want) {
		t.Errorf("acknowledged %v after it came, work slept %v, want %v: until the lull after it", lull/5, slept, want)
	}

	slept = nil
	u.wait(ackFirst) // the lull is over: at once
	if len(slept) != 0 {
		t.Errorf("after the lull, work waited %v", slept)
	}

	live := &unacked{}
	live.add("b") // never acknowledged: the bound ends the wait
	start := time.Now()
	live.wait(30 * time.Millisecond)
	if time.Since(start) < 30*time.Millisecond {
		t.Errorf("work waited %v for an interaction never acknowledged, want its bound", time.Since(start))
	}
}

// A drawing holding a slot lends it between two frames while someone is
// answered, and takes one again after; with nobody answered it keeps it
// (issue 31's storm: Go's scheduler would take the core back only at its
// 10 ms preemption).
func TestDrawingLendsItsSlotBetweenFrames(t *testing.T) {
	g := newDrawGate(1)
	g.acquire(7)
	g.pause(7, func() { t.Error("nobody answered, yet the drawing waited") })
	answered := g.answer()
	lent := false
	g.pause(7, func() {
		g.mu.Lock()
		lent = g.drawing == 0
		g.mu.Unlock()
		took := make(chan struct{})
		go func() { g.acquire(asked); g.release(); close(took) }()
		select { // what a person waits for takes the lent slot meanwhile
		case <-took:
		case <-time.After(10 * time.Second):
			t.Error("the slot was not lent: a picture a person waits for could not be drawn meanwhile")
		}
	})
	answered()
	if !lent {
		t.Error("while an interaction was answered, the drawing kept its slot between two frames")
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.drawing != 1 {
		t.Errorf("after the pause %d slots taken, want the drawing's 1", g.drawing)
	}
}
