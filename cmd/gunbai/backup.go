package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gunbai/gunbai/bot/config"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Backups (issue 14, item 6): gunbai backup, a hot copy of a store, and
// the periodic copies gunbai run makes into [store] backup_dir.

func backupHelp(l render.Lang) string { return render.T(l, "cli.help.backup") }

func backupMain(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("backup", stderr)
	force := flags.Bool("force", false, "replace COPY if it exists")
	lang := flags.String("lang", string(envLang()), "language of the report: ru or en")
	pos, code, ok := parseArgs(flags, args, backupHelp, stdout, stderr)
	if !ok {
		return code
	}
	l, ok := parseLang("backup", *lang, stderr)
	if !ok {
		return 2
	}
	if len(pos) != 2 {
		fmt.Fprint(stderr, "gunbai backup: want STORE COPY\n\n"+backupHelp(l))
		return 2
	}
	if _, err := os.Stat(pos[0]); err != nil {
		return fail(stderr, "backup", l, err)
	}
	text, err := backup(l, pos[0], pos[1], *force)
	if err != nil {
		return fail(stderr, "backup", l, err)
	}
	fmt.Fprintln(stdout, text)
	return 0
}

// backup copies the store at path to dst and checks the copy; the report.
func backup(l render.Lang, path, dst string, force bool) (string, error) {
	if a, err := os.Stat(path); err == nil {
		if b, err := os.Stat(dst); err == nil && os.SameFile(a, b) {
			return "", fmt.Errorf("%s is the store itself", dst)
		}
	}
	st, live, done, err := store.OpenLive(path, store.Options{Timeout: liveTimeout})
	if err != nil {
		return "", err
	}
	n, err := st.BackupFile(dst, force)
	if cerr := done(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	battles, err := checkCopy(dst)
	if err != nil {
		return "", fmt.Errorf("the copy %s: %w", dst, err)
	}
	key := "backup.written"
	if live {
		key = "backup.written_live"
	}
	return render.T(l, key, path, dst, n, battles), nil
}

// checkCopy opens a copy (Open checks its pages) and counts its battles.
func checkCopy(path string) (int, error) {
	c, err := store.Open(path, store.Options{ReadOnly: true})
	if err != nil {
		return 0, err
	}
	defer c.Close()
	guilds, err := c.Guilds()
	if err != nil {
		return 0, err
	}
	n := 0
	for _, g := range guilds {
		var hs []store.Header
		if err := c.View(func(tx *store.Tx) (err error) { hs, err = tx.Headers(g); return err }); err != nil {
			return 0, err
		}
		n += len(hs)
	}
	return n, nil
}

// backupPrefix and backupSuffix frame the names of periodic copies:
// gunbai-20261201T120000.000Z.db, which sort by time.
const (
	backupPrefix = "gunbai-"
	backupSuffix = ".db"
	backupStamp  = "20060102T150405.000Z"
)

// checkBackupFolder says, before the bot starts, that [store] backup_dir
// is missing or not a folder.
func checkBackupFolder(cfg *config.Config) error {
	dir := cfg.Store.BackupDir
	if dir == "" {
		return nil
	}
	where := fmt.Sprintf("[store] backup_dir = %q of %s", dir, cfg.Source)
	st, err := os.Stat(dir)
	switch {
	case os.IsNotExist(err):
		return fmt.Errorf("backup folder %s does not exist (%s); create it or change the path", dir, where)
	case err != nil:
		return fmt.Errorf("backup folder %s: %w (%s)", dir, err, where)
	case !st.IsDir():
		return fmt.Errorf("backup folder %s is not a folder (%s)", dir, where)
	}
	return nil
}

// periodicBackup makes one copy of st into dir, named by now, and deletes
// the oldest copies beyond keep. It returns the copy's path.
func periodicBackup(st *store.Store, dir string, keep int, now time.Time, logger *log.Logger) (string, error) {
	p := filepath.Join(dir, backupPrefix+now.UTC().Format(backupStamp)+backupSuffix)
	n, err := st.BackupFile(p, false)
	if err != nil {
		return "", err
	}
	logger.Printf("store backup: %s (%d bytes)", p, n)
	for _, old := range oldBackups(dir, keep) {
		if err := os.Remove(old); err != nil {
			logger.Printf("store backup: removing %s: %v", old, err)
			continue
		}
		logger.Printf("store backup: removed %s, the oldest beyond %d", old, keep)
	}
	return p, nil
}

// oldBackups lists the periodic copies in dir beyond the keep newest.
func oldBackups(dir string, keep int) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var copies []string
	for _, e := range entries {
		name := e.Name()
		stamp, ok := strings.CutPrefix(name, backupPrefix)
		stamp, ok2 := strings.CutSuffix(stamp, backupSuffix)
		if !ok || !ok2 || !e.Type().IsRegular() {
			continue
		}
		if _, err := time.Parse(backupStamp, stamp); err != nil {
			continue // not one of ours
		}
		copies = append(copies, filepath.Join(dir, name))
	}
	slices.Sort(copies) // oldest first: the names sort by time
	if len(copies) <= keep {
		return nil
	}
	return copies[:len(copies)-keep]
}

// startBackups makes a copy of st into cfg's backup_dir at once and then
// every backup_every until ctx ends; stop waits for a copy under way.
// Without a backup_dir it does nothing.
func startBackups(ctx context.Context, st *store.Store, cfg config.StoreConfig, logger *log.Logger, clock func() time.Time) (stop func()) {
	if cfg.BackupDir == "" {
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(cfg.BackupEvery)
		defer t.Stop()
		for {
			if _, err := periodicBackup(st, cfg.BackupDir, cfg.BackupKeep, clock(), logger); err != nil {
				logger.Printf("store backup failed: %v", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return func() { cancel(); wg.Wait() }
}
