package store

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// Batch calls made at once commit together, each all or nothing: a call
// that fails (an error, a panic) is answered alone with its own outcome,
// and the others' changes stand.
func TestBatch(t *testing.T) {
	s, _ := openTemp(t, Options{})
	put := func(tx *Tx, k string) error {
		b, err := tx.tx.CreateBucketIfNotExists([]byte("test"))
		if err != nil {
			return err
		}
		n := 0
		if v := b.Get([]byte("n")); v != nil {
			fmt.Sscan(string(v), &n)
		}
		if err := b.Put([]byte("n"), fmt.Append(nil, n+1)); err != nil {
			return err
		}
		return b.Put([]byte(k), []byte("x"))
	}
	// The first call holds the writer's lock a while, so the others wait
	// for one batch behind it.
	release := make(chan struct{})
	go func() {
		s.Update(func(tx *Tx) error { <-release; return put(tx, "first") })
	}()
	time.Sleep(20 * time.Millisecond)
	const calls = 40
	var wg sync.WaitGroup
	errs := make([]error, calls)
	panics := make([]any, calls)
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { panics[i] = recover() }()
			errs[i] = s.Batch(func(tx *Tx) error {
				switch i {
				case 7:
					put(tx, "seven") // written, then refused: must not stand
					return errors.New("refused")
				case 13:
					panic("thirteen")
				}
				return put(tx, fmt.Sprint(i))
			})
		}()
	}
	time.Sleep(50 * time.Millisecond)
	close(release)
	wg.Wait()
	for i := range calls {
		switch {
		case i == 7:
			if errs[i] == nil || errs[i].Error() != "refused" {
				t.Errorf("call 7: %v", errs[i])
			}
		case i == 13:
			if panics[i] != "thirteen" {
				t.Errorf("call 13 did not panic in its own goroutine: %v, %v", panics[i], errs[i])
			}
		case errs[i] != nil || panics[i] != nil:
			t.Errorf("call %d: %v, %v", i, errs[i], panics[i])
		}
	}
	err := s.View(func(tx *Tx) error {
		b := tx.tx.Bucket([]byte("test"))
		if got, want := string(b.Get([]byte("n"))), fmt.Sprint(calls-2+1); got != want {
			t.Errorf("counter %s, want %s", got, want)
		}
		if b.Get([]byte("seven")) != nil {
			t.Error("the refused call's write stands")
		}
		for i := range calls {
			if i != 7 && i != 13 && b.Get([]byte(fmt.Sprint(i))) == nil {
				t.Errorf("call %d's write is missing", i)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.group.batches == 0 {
		t.Error("no batch of several calls was committed")
	}

	// Alone, a call commits at once.
	start := time.Now()
	if err := s.Batch(func(tx *Tx) error { return put(tx, "alone") }); err != nil {
		t.Fatal(err)
	}
	if s.group.busy || len(s.group.queue) != 0 {
		t.Errorf("after a lone call: busy %v, %d queued", s.group.busy, len(s.group.queue))
	}
	t.Logf("a lone Batch took %s", time.Since(start))
}
