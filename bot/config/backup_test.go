package config

import (
	"strings"
	"testing"
	"time"
)

// [store] backup_dir, backup_every and backup_keep: the periodic copies
// of gunbai run; bad values are refused at their line and column.
func TestBackupKeys(t *testing.T) {
	c, err := Parse("config.toml", []byte("[store]\nbackup_dir = \" backups \"\nbackup_every = \"90m\"\nbackup_keep = 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Store.BackupDir != "backups" || c.Store.BackupEvery != 90*time.Minute || c.Store.BackupKeep != 3 {
		t.Fatalf("store: %+v", c.Store)
	}
	if d := Default().Store; d.BackupDir != "" || d.BackupEvery != 6*time.Hour || d.BackupKeep != 28 {
		t.Fatalf("defaults: %+v", d)
	}
	for doc, want := range map[string]string{
		"[store]\nbackup_keep = 0\n":        "config.toml:2:15: store.backup_keep: 0 copies: keep from 1 to 10000",
		"[store]\nbackup_every = \"1d\"\n":  `config.toml:2:16: store.backup_every: bad duration "1d"`,
		"[store]\nbackup_every = \"-6h\"\n": `config.toml:2:16: store.backup_every: duration "-6h" must be positive`,
		"[store]\nbackup_keep = \"many\"\n": "config.toml:2:15: store.backup_keep: want an integer such as 28, got a string",
		"[store]\nbackup_dirs = \"b\"\n":    `config.toml:2:1: unknown key "store.backup_dirs" (did you mean "store.backup_dir"?)`,
	} {
		p := problems(t, doc)
		if len(p) != 1 || !strings.HasPrefix(p[0].String(), want) {
			t.Errorf("%q: %v, want %s", doc, p, want)
		}
	}
}
