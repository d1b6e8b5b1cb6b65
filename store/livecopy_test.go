package store

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gunbai/gunbai/engine"
)

// A backup taken while a write transaction runs (it has written, not yet
// committed) is a valid store with everything committed before and
// nothing of the transaction under way.
func TestBackupDuringWrite(t *testing.T) {
	s, _ := openTemp(t, Options{})
	if err := s.PutBattle(testRecord("1", "before")); err != nil {
		t.Fatal(err)
	}
	written, release := make(chan struct{}), make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- s.Update(func(tx *Tx) error {
			for i := range 50 {
				if err := tx.PutBattle(testRecord("1", fmt.Sprintf("during-%d", i))); err != nil {
					return err
				}
			}
			close(written)
			<-release
			return nil
		})
	}()
	<-written
	dst := filepath.Join(t.TempDir(), "backup.db")
	n, err := s.BackupFile(dst, false)
	close(release)
	if err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(dst); err != nil || fi.Size() != n {
		t.Fatalf("backup file: %v, %d bytes written", err, n)
	}
	c, err := Open(dst, Options{ReadOnly: true}) // Open checks every page
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Battle("1", "before"); err != nil {
		t.Errorf("the committed battle is not in the backup: %v", err)
	}
	if _, err := c.Battle("1", "during-0"); !errors.Is(err, ErrNotFound) {
		t.Errorf("the backup holds the write under way: %v", err)
	}
	// An existing copy is not overwritten unless forced.
	if _, err := s.BackupFile(dst, false); err == nil || !strings.Contains(err.Error(), "-force") {
		t.Errorf("an existing copy was replaced: %v", err)
	}
	if _, err := s.BackupFile(dst, true); err != nil {
		t.Errorf("forced: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(dst), ".*.tmp"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// A copy made without the lock while the store is written to all the
// time is a whole store: every battle in it complete, its pages sound.
func TestCopyLiveWhileWriting(t *testing.T) {
	s, path := openTemp(t, Options{NoSync: true})
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	var commits atomic.Int64
	go func() {
		defer wg.Done()
		for i := 0; !stop.Load(); i++ {
			// Each commit rewrites a battle with a growing army and its
			// turns, and deletes an older one: pages are freed and
			// reused all the time.
			err := s.Update(func(tx *Tx) error {
				id := fmt.Sprintf("b%d", i%7)
				rec := testRecord("1", id)
				rec.Turn = i
				if err := tx.PutBattle(rec); err != nil {
					return err
				}
				if err := tx.BattleTurn("1", id, 1).PutEvents(make([]engine.Event, i%40)); err != nil {
					return err
				}
				if i%5 == 4 {
					return tx.DeleteBattle("1", fmt.Sprintf("b%d", (i+3)%7))
				}
				return nil
			})
			if err != nil {
				panic(err) // the writer itself failed: not what is tested
			}
			commits.Add(1)
			runtime.Gosched()
		}
	}()
	dir := t.TempDir()
	var failed error
	// At least 30 copies, and on until the writer has made 30 commits
	// meanwhile: on a busy machine (-race, CI) the copies may outrun it.
	// Each copy is written over the one before, so disk use stays small.
	copies := 0
	for ; failed == nil && (copies < 30 || commits.Load() < 30) && copies < 100000; copies++ {
		failed = checkLiveCopy(path, filepath.Join(dir, fmt.Sprintf("copy-%d.db", copies%30)))
		if failed != nil {
			failed = fmt.Errorf("copy %d: %w", copies, failed)
		}
	}
	stop.Store(true)
	wg.Wait()
	if failed != nil {
		t.Fatal(failed)
	}
	if commits.Load() < 30 {
		t.Fatalf("only %d commits while copying %d times: the test did not copy under writes", commits.Load(), copies)
	}
	t.Logf("%d live copies under %d commits", copies, commits.Load())
}

// A copy during which the store commits, again and again, is made again:
// the pages its meta page reaches may have been written over.
func TestCopyLiveCommitsMeanwhile(t *testing.T) {
	s, path := openTemp(t, Options{NoSync: true})
	for i := range 7 {
		if err := s.PutBattle(testRecord("1", fmt.Sprintf("b%d", i))); err != nil {
			t.Fatal(err)
		}
	}
	tries := 0
	copyHook = func() {
		tries++
		if tries > 1 {
			return
		}
		for i := range 20 {
			rec := testRecord("1", fmt.Sprintf("b%d", i%7))
			rec.Turn = i
			rec.State.Units = rec.State.Units[:i%len(rec.State.Units)]
			if err := s.PutBattle(rec); err != nil {
				t.Fatal(err)
			}
		}
	}
	defer func() { copyHook = nil }()
	dst := filepath.Join(t.TempDir(), "copy.db")
	if err := CopyLive(path, dst); err != nil {
		t.Fatal(err)
	}
	if tries != 2 {
		t.Fatalf("%d tries, want 2 (the first met commits)", tries)
	}
	// Both meta pages of the copy are the commit copied: the older one
	// may reach pages written over since.
	raw, err := os.ReadFile(dst)
	if err != nil {
		t.Fatal(err)
	}
	m0, ok0 := parseMeta(raw)
	m1, ok1 := parseMeta(raw[m0.pageSize:])
	if !ok0 || !ok1 || m0.txid != m1.txid || ne.Uint64(raw) != 0 || ne.Uint64(raw[m0.pageSize:]) != 1 {
		t.Fatalf("the copy's meta pages: %+v %v, %+v %v", m0, ok0, m1, ok1)
	}
	c, err := Open(dst, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for i := range 7 {
		rec, err := c.Battle("1", fmt.Sprintf("b%d", i))
		if err != nil || rec.Turn < 13 {
			t.Fatalf("battle b%d in the copy: turn %d, %v (want the last commit's)", i, rec.Turn, err)
		}
	}
}

// checkLiveCopy copies the store at path to dst and reads every battle
// of the copy.
func checkLiveCopy(path, dst string) error {
	if err := CopyLive(path, dst); err != nil {
		return err
	}
	c, err := Open(dst, Options{ReadOnly: true})
	if err != nil {
		return err
	}
	defer c.Close()
	recs, err := c.Battles("1")
	if err != nil {
		return err
	}
	for _, r := range recs {
		if !strings.HasPrefix(r.ID, "b") || len(r.State.Units) != len(testBattle(r.ID).Units) {
			return fmt.Errorf("battle %s is not whole", r.ID)
		}
	}
	return nil
}

// OpenLive reads a store another process holds (a running gunbai): the
// lock cannot be had, so it reads a copy.
func TestOpenLiveBesideAnotherProcess(t *testing.T) {
	if p := os.Getenv("GUNBAI_TEST_HOLD_STORE"); p != "" {
		// The other process: hold the store open, writing, until killed.
		s, err := Open(p, Options{})
		if err != nil {
			fmt.Println("hold:", err)
			os.Exit(1)
		}
		fmt.Println("holding")
		for i := 0; ; i++ {
			rec := testRecord("1", "held")
			rec.Turn = i
			s.PutBattle(rec)
			time.Sleep(time.Millisecond)
		}
	}
	path := filepath.Join(t.TempDir(), "gunbai.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.PutBattle(testRecord("1", "held")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	cmd := exec.Command(os.Args[0], "-test.run", "^TestOpenLiveBesideAnotherProcess$")
	cmd.Env = append(os.Environ(), "GUNBAI_TEST_HOLD_STORE="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	buf := make([]byte, 64)
	if n, _ := out.Read(buf); !strings.Contains(string(buf[:n]), "holding") {
		t.Fatalf("the other process: %q", buf[:n])
	}
	if _, err := Open(path, Options{ReadOnly: true, Timeout: 50 * time.Millisecond}); !errors.Is(err, ErrLocked) {
		t.Fatalf("a read-only open beside a running gunbai: %v (want ErrLocked)", err)
	}
	st, live, done, err := OpenLive(path, Options{Timeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	if !live {
		t.Error("OpenLive did not read a copy beside the other process")
	}
	if rec, err := st.Battle("1", "held"); err != nil || rec.Turn == 0 && len(rec.State.Units) == 0 {
		t.Fatalf("the battle held: %v", err)
	}
}
