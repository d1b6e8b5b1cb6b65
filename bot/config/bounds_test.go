package config

import (
	"strings"
	"testing"
	"time"

	"github.com/gunbai/gunbai/game"
)

// Every duration and number of the config has a bound beyond which a value
// is a slip, and the refusal names it (issue 25 item 8: turn_deadline =
// "1000000h" was taken, a turn of 114 years). The bound itself is taken.
func TestConfigNumbersBoundedTurnDeadline1000000h(t *testing.T) {
	for doc, want := range map[string]string{
		"[battle]\nturn_deadline = \"1000000h\"\n": `config.toml:2:17: battle.turn_deadline: duration "1000000h" is too long: at most 2160h (90 days)`,
		"[battle]\nturn_deadline = \"2161h\"\n":    `config.toml:2:17: battle.turn_deadline: duration "2161h" is too long: at most 2160h (90 days)`,
		"[store]\nopen_timeout = \"1h\"\n":         `config.toml:2:16: store.open_timeout: duration "1h" is too long: at most 10m (10 minutes)`,
		"[store]\nbackup_every = \"8760h\"\n":      `config.toml:2:16: store.backup_every: duration "8760h" is too long: at most 720h (30 days)`,
		"[store]\nbackup_keep = 1000000\n":         "config.toml:2:15: store.backup_keep: 1000000 copies: keep from 1 to 10000",
		"[discord]\nshards = 1000000\n":            "config.toml:2:10: discord.shards: 1000000 shards: want from 1 to 65536",
	} {
		p := problems(t, doc)
		if len(p) != 1 || !strings.HasPrefix(p[0].String(), want) {
			t.Errorf("%q: %v, want %s", doc, p, want)
		}
	}
	c, err := Parse("config.toml", []byte("[battle]\nturn_deadline = \"2160h\"\n[store]\nopen_timeout = \"10m\"\nbackup_every = \"720h\"\nbackup_keep = 10000\n"))
	if err != nil {
		t.Fatalf("the bounds themselves: %v", err)
	}
	if c.Battle.TurnDeadline != 90*24*time.Hour || c.Store.BackupKeep != 10000 {
		t.Fatalf("%+v", c)
	}
	// The config's turn bound is the GM's own (/battle set).
	if maxTurnDeadline != game.MaxDuration {
		t.Fatalf("turn_deadline's bound %v, /battle set's %v", maxTurnDeadline, game.MaxDuration)
	}
}

// A config file saved with a UTF-8 byte order mark (Windows Notepad) is
// read as the same file without it (issue 25 item 8: it was refused with
// "invalid character U+00EF"); its problems keep their lines.
func TestConfigWithBOMIsRead(t *testing.T) {
	const doc = "[battle]\nturn_deadline = \"36h\"\ndefault_locale = \"en\"\n"
	c, err := Parse("config.toml", []byte("\xEF\xBB\xBF"+doc))
	if err != nil {
		t.Fatal(err)
	}
	if c.Battle.TurnDeadline != 36*time.Hour || c.Battle.DefaultLocale != "en" {
		t.Fatalf("%+v", c.Battle)
	}
	p := problems(t, "\xEF\xBB\xBF[battle]\ndefault_locale = \"de\"\n")
	if len(p) != 1 || !strings.HasPrefix(p[0].String(), `config.toml:2:18: battle.default_locale: unknown locale "de"`) {
		t.Fatalf("%v", p)
	}
}
