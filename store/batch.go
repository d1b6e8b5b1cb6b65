package store

import (
	"errors"
	"sync"
)

// Why not bbolt's own DB.Batch, which also commits concurrent functions in
// one transaction and runs a failed one again alone: it starts a batch on a
// timer (MaxBatchDelay, 10 ms by default) unless MaxBatchSize calls come
// first, so a caller alone, the usual case (one battle's post delivered),
// waits the delay on every write, and a delay of 0 makes every call a batch
// of its own. It also runs the batch in the timer's goroutine with bbolt's
// Tx, not through Update. Here the batch forms while a commit is under
// way: a caller alone commits at once, in its own goroutine, through Update
// like every other write, and those who come meanwhile share the next
// commit.

// Batch runs fn in a write transaction like Update, but commits it
// together with the other Batch calls waiting at that moment: one fsync
// for all of them instead of one each (group commit). The outbox's
// bookkeeping (a part sent, a post delivered) is many small writes from
// several goroutines at once when a hundred battles fall due together.
//
// Each fn is still all or nothing, and Batch returns only once fn's
// changes are on disk. fn may run more than once: when one function of a
// batch fails (an error, a panic), the transaction is rolled back, the
// others are run again without it, and it runs again alone in its
// caller's goroutine, where its error is returned and its panic goes on;
// so fn must have no effect outside its transaction but the results it
// assigns afresh each time. A caller that commits alone has no wait: the
// batch forms while a commit is under way.
func (s *Store) Batch(fn func(*Tx) error) error {
	c := &batchCall{fn: fn, done: make(chan error, 1)}
	g := &s.group
	g.mu.Lock()
	g.queue = append(g.queue, c)
	lead := !g.busy
	g.busy = true
	g.mu.Unlock()
	if !lead {
		if err := <-c.done; err != errLead {
			return s.afterBatch(err, fn)
		}
	}
	// This caller commits the batch waiting now, itself among it; those
	// who come meanwhile wait for the next one, which the first of them
	// commits.
	defer g.handOver()
	g.mu.Lock()
	calls := g.queue
	g.queue = nil
	g.mu.Unlock()
	if len(calls) == 1 {
		return s.Update(fn) // alone: as Update, in the caller's goroutine
	}
	s.commitBatch(calls)
	return s.afterBatch(<-c.done, fn)
}

// handOver makes the first caller waiting the next batch's leader.
func (g *group) handOver() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.queue) > 0 {
		g.queue[0].done <- errLead
	} else {
		g.busy = false
	}
}

// group is the Batch calls waiting for the commit under way.
type group struct {
	mu      sync.Mutex
	queue   []*batchCall
	busy    bool // a caller is committing a batch
	batches int  // transactions of several calls committed, for tests
}

type batchCall struct {
	fn   func(*Tx) error
	done chan error // the batch's outcome, errLead or errSolo
}

var (
	errLead = errors.New("store: lead the next batch")
	errSolo = errors.New("store: run alone")
)

// commitBatch runs the functions in one transaction and tells each how it
// went: nil when committed, errSolo when it failed (its error or panic is
// met again when it runs alone), or the commit's error. A failure rolls
// the transaction back, so the batch is run again without the one that
// failed.
func (s *Store) commitBatch(calls []*batchCall) {
	for len(calls) > 0 {
		failed := -1
		err := func() error {
			defer func() {
				if recover() != nil { // not a function's panic (safely): bbolt's
					for _, c := range calls {
						c.done <- errSolo
					}
					calls = nil
				}
			}()
			return s.Update(func(tx *Tx) error {
				for i, c := range calls {
					if err := safely(c.fn, tx); err != nil {
						failed = i
						return err
					}
				}
				return nil
			})
		}()
		if failed < 0 {
			for _, c := range calls {
				c.done <- err
			}
			if err == nil && len(calls) > 1 {
				s.group.mu.Lock()
				s.group.batches++
				s.group.mu.Unlock()
			}
			return
		}
		calls[failed].done <- errSolo
		calls = append(calls[:failed:failed], calls[failed+1:]...)
	}
}

// safely calls fn, a panic made an error: the caller's own run alone
// panics again in its own goroutine.
func safely(fn func(*Tx) error, tx *Tx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = errSolo
		}
	}()
	return fn(tx)
}

// afterBatch is a Batch call's result: fn run alone when the batch says so.
func (s *Store) afterBatch(err error, fn func(*Tx) error) error {
	if err == errSolo {
		return s.Update(fn)
	}
	return err
}
