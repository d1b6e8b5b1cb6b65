package bot

import (
	"container/heap"
	"runtime"
	"sync"
	"time"

	"github.com/gunbai/gunbai/store"
)

// Drawing is scheduled (issue 31, the deadline storm). When a thousand
// battles' deadlines fall due together, drawing their pictures is nearly
// all the work of their turns; it must neither hold up the answers to the
// players pressing buttons meanwhile nor leave a channel waiting while
// later turns are drawn. So every picture the bot draws is drawn on one
// core (field.Options.Workers) and takes a slot of the gate first, and the
// gate:
//   - has a slot a core while nobody is being answered, and one core
//     fewer while an interaction is, or was within answerHold: an
//     acknowledgement and the work behind it never wait for a core a
//     picture holds (Go's scheduler has no priorities: a goroutine made
//     runnable waits for a busy core's 10 ms preemption); a storm still
//     draws on one core at least;
//   - gives a free slot to the most urgent waiter: what a person waits
//     for (asked: /replay, /field, his order sheet's preview), then the
//     posts in the order they became owed, which is the order of their
//     turns' deadlines (game's Clock.Due resolves the overdue battles in
//     that order, and a post's ID grows with its commit).

// urgency orders the drawings waiting for a slot: the lower, the sooner.
type urgency uint64

// asked is the urgency of a picture a person is waiting for.
const asked urgency = 0

// urgencyOf is the urgency of a post's pictures: a live message (an order
// sheet, a status) is what a person is looking at, asked; the others go
// in the order they became owed.
func urgencyOf(p store.Post) urgency {
	if p.Live != "" {
		return asked
	}
	return urgency(p.ID)
}

// answerHold is how long the gate keeps a core for answering after the
// last interaction ended: players come in waves, and a picture started in
// a lull would take the core the next one needs.
const answerHold = time.Second

// drawGate schedules the drawings (see above). Its zero value is not
// usable: newDrawGate.
type drawGate struct {
	mu        sync.Mutex
	cores     int
	drawing   int       // slots taken
	answering int       // interactions being answered
	answered  time.Time // when the last one ended
	waiting   waiters
	seq       uint64 // ties of urgency go first come, first served
	now       func() time.Time
}

func newDrawGate(cores int) *drawGate {
	return &drawGate{cores: max(1, cores), now: time.Now}
}

// defaultDrawGate has a slot a core the Go scheduler runs on.
func defaultDrawGate() *drawGate { return newDrawGate(runtime.GOMAXPROCS(0)) }

// slots is how many pictures may be drawn at once now.
func (g *drawGate) slots() int {
	if g.cores > 1 && (g.answering > 0 || g.now().Sub(g.answered) < answerHold) {
		return g.cores - 1
	}
	return g.cores
}

// acquire waits for a slot, served by urgency; release gives it back.
func (g *drawGate) acquire(u urgency) {
	g.mu.Lock()
	if len(g.waiting) == 0 && g.drawing < g.slots() {
		g.drawing++
		g.mu.Unlock()
		return
	}
	w := &waiter{u: u, seq: g.seq, ready: make(chan struct{})}
	g.seq++
	heap.Push(&g.waiting, w)
	g.grant()
	g.mu.Unlock()
	<-w.ready
}

func (g *drawGate) release() {
	g.mu.Lock()
	g.drawing--
	g.grant()
	g.mu.Unlock()
}

// grant hands the free slots to the most urgent waiters (g.mu held).
func (g *drawGate) grant() {
	for len(g.waiting) > 0 && g.drawing < g.slots() {
		w := heap.Pop(&g.waiting).(*waiter)
		g.drawing++
		close(w.ready)
	}
}

// pause is called by a drawing of urgency u that holds a slot, between two
// frames: while an interaction is answered it gives the slot back until
// wait returns (the acknowledgements are out), then waits for one again.
func (g *drawGate) pause(u urgency, wait func()) {
	g.mu.Lock()
	answering := g.answering > 0
	g.mu.Unlock()
	if !answering {
		return
	}
	g.release()
	wait()
	g.acquire(u)
}

// answer counts an interaction in while it is answered; the function it
// returns counts it out.
func (g *drawGate) answer() func() {
	g.mu.Lock()
	g.answering++
	g.mu.Unlock()
	return func() {
		g.mu.Lock()
		g.answering--
		g.answered = g.now()
		g.mu.Unlock()
	}
}

// waiter is a drawing waiting for its slot.
type waiter struct {
	u     urgency
	seq   uint64
	ready chan struct{}
}

// waiters is a heap of waiters, the most urgent first.
type waiters []*waiter

func (h waiters) Len() int { return len(h) }
func (h waiters) Less(i, j int) bool {
	if h[i].u != h[j].u {
		return h[i].u < h[j].u
	}
	return h[i].seq < h[j].seq
}
func (h waiters) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *waiters) Push(x any)   { *h = append(*h, x.(*waiter)) }
func (h *waiters) Pop() any {
	old := *h
	w := old[len(old)-1]
	*h = old[:len(old)-1]
	return w
}

// Acknowledgements first. A burst of players pressing at once gets every
// acknowledgement out before the work behind them starts: an
// acknowledgement is a small JSON answer, the work a store transaction,
// a pass over the outbox and an edit, and Go's scheduler runs whatever is
// runnable in turn. So a handler's work, each post a delivery sends and
// each picture of a post waits, at most ackFirst, until no interaction is
// left unacknowledged and none came within the lull; a drawing already
// under way goes on (a picture is a few milliseconds of one core).

// ackFirst bounds that wait: Discord wants the acknowledgement within 3
// seconds, the answer within 15 minutes.
const ackFirst = 250 * time.Millisecond

// unacked are the interactions received and not yet acknowledged.
type unacked struct {
	mu   sync.Mutex
	ids  map[string]bool
	none chan struct{} // closed when the last one is acknowledged
	last time.Time     // when the last one arrived
	// now and sleep are the clock (nil: the real one; tests set theirs).
	now   func() time.Time
	sleep func(time.Duration)
}

// lull is how long after the last interaction arrived a burst is taken to
// be over. The gateway's events are read one at a time, and in a burst
// each is acknowledged as soon as it is read: "none left unacknowledged"
// holds between two reads too, and work started then would take the core
// the reading needs (measured: a burst of 200 read in 60-75 ms while the
// work ran beside it, its acknowledgements' p99 halved when the work
// waited for the lull; see docs/operations.md).
const lull = 5 * time.Millisecond

func (u *unacked) clock() time.Time {
	if u.now != nil {
		return u.now()
	}
	return time.Now()
}

// add counts an interaction in as it arrives.
func (u *unacked) add(id string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if len(u.ids) == 0 {
		u.ids, u.none = map[string]bool{}, make(chan struct{})
	}
	u.ids[id] = true
	u.last = u.clock()
}

// done counts it out: acknowledged (or answered, or given up on). Again
// is nothing.
func (u *unacked) done(id string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if !u.ids[id] {
		return
	}
	delete(u.ids, id)
	if len(u.ids) == 0 {
		close(u.none)
	}
}

// wait returns when every interaction received is acknowledged and none
// arrived within the lull, or after at most max.
func (u *unacked) wait(max time.Duration) {
	sleep := u.sleep
	if sleep == nil {
		sleep = time.Sleep
	}
	deadline := u.clock().Add(max)
	for {
		u.mu.Lock()
		n, none, quiet := len(u.ids), u.none, u.clock().Sub(u.last)
		u.mu.Unlock()
		left := deadline.Sub(u.clock())
		switch {
		case n == 0 && quiet >= lull || left <= 0:
			return
		case n == 0:
			sleep(min(lull-quiet, left))
		default:
			t := time.NewTimer(left)
			select {
			case <-none:
			case <-t.C:
			}
			t.Stop()
		}
	}
}
