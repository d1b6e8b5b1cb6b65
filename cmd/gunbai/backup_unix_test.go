//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// gunbai run with [store] backup_dir copies the store at start and every
// backup_every, keeping backup_keep copies; meanwhile gunbai backup and
// verify read the store the bot holds; a missing backup folder is said
// before the bot starts.
func TestRunMakesBackups(t *testing.T) {
	srv := fakeDiscord(t)
	dir := t.TempDir()
	backups := filepath.Join(dir, "backups")
	db := filepath.Join(dir, "g.db")
	config := func(backupDir string) string {
		path := filepath.Join(dir, "config.toml")
		os.WriteFile(path, []byte(`[discord]
guilds = [`+strconv.Quote(srv.GuildID())+`]
[store]
path = `+strconv.Quote(db)+`
backup_dir = `+strconv.Quote(backupDir)+`
backup_every = "20ms"
backup_keep = 2
`), 0o644)
		return path
	}
	t.Setenv("GUNBAI_TOKEN", "run-token")
	if code, _, errs := gunbai("run", "-config", config(backups)); code != 2 || !strings.Contains(errs, "backup folder "+backups+" does not exist") {
		t.Fatalf("a missing backup folder: %d %q", code, errs)
	}
	os.Mkdir(backups, 0o755)
	done, errb := startRun(t, srv, config(backups))
	if !srv.WaitFor(func() bool { return strings.Count(errb.String(), "store backup: "+backups) >= 4 }, 15*time.Second) {
		t.Fatalf("no periodic backups: %s", errb.String())
	}
	copyPath := filepath.Join(dir, "by-hand.db")
	if code, out, errs := gunbai("backup", db, copyPath); code != 0 || !strings.Contains(out, "снята на ходу") {
		t.Fatalf("gunbai backup beside gunbai run: %d %q %q", code, out, errs)
	}
	if code, out, errs := gunbai("verify", db); code != 0 || !strings.Contains(out, "на ходу") {
		t.Fatalf("gunbai verify beside gunbai run: %d %q %q", code, out, errs)
	}
	interruptRun(t, done, errb)
	names, _ := filepath.Glob(filepath.Join(backups, "gunbai-*.db"))
	if len(names) != 2 || !strings.Contains(errb.String(), "the oldest beyond 2") {
		t.Fatalf("backups kept: %v\n%s", names, errb.String())
	}
	for _, n := range names {
		if code, out, _ := gunbai("verify", n); code != 0 {
			t.Fatalf("verify %s: %q", n, out)
		}
	}
}
