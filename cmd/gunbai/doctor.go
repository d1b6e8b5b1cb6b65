package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/config"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

func doctorFlags(stderr io.Writer) (flags *flag.FlagSet, path, lang *string) {
	flags = newFlags("doctor", stderr)
	path = flags.String("config", "config.toml", "the configuration `FILE`")
	lang = flags.String("lang", "", "ru or en")
	return
}

func doctorHelp(l render.Lang) string {
	flags, _, _ := doctorFlags(io.Discard)
	return render.T(l, "cli.help.doctor", flagsText(flags, l))
}

// doctorStoreWait is how long doctor waits for the store's lock: a
// running bot holds it for good, so waiting longer tells nothing more.
const doctorStoreWait = 200 * time.Millisecond

// doctorMain is `gunbai doctor [-config FILE] [-lang ru|en]`: the
// checklist; 0 when nothing failed (warnings allowed), 1 when something
// did, 2 for bad flags or a config that does not load.
func doctorMain(args []string, stdout, stderr io.Writer) int {
	flags, path, lang := doctorFlags(stderr)
	if code, ok := parseFlags(flags, args, doctorHelp, stdout, stderr); !ok {
		return code
	}
	l := envLang()
	if *lang != "" {
		var ok bool
		if l, ok = parseLang("doctor", *lang, stderr); !ok {
			return 2
		}
	}
	cfg, token, ok := loadConfig("doctor", *path, stderr)
	if !ok {
		return 2
	}
	st, storeCheck := doctorStore(cfg.Store.Path)
	if st != nil {
		defer st.Close()
	}
	checks := bot.Doctor(conn(cfg, token), bot.DoctorSetup{ApplicationID: cfg.Discord.ApplicationID,
		Guilds: cfg.Discord.Guilds, GMRole: cfg.Discord.GMRole, Store: st})
	checks = append(checks, storeCheck, doctorBackup(cfg))
	return writeChecklist(stdout, l, cfg, checks)
}

// writeChecklist prints the checks, one a line, each failure and warning
// followed by what to do, then the tally; it returns the exit code.
func writeChecklist(w io.Writer, l render.Lang, cfg *config.Config, checks []bot.Check) int {
	fmt.Fprintln(w, render.T(l, "doctor.title", cfg.Source, cfg.Discord.APIBase))
	fails, warns := 0, 0
	for _, c := range checks {
		mark := "✓"
		switch c.State {
		case bot.CheckWarn:
			mark, warns = "⚠", warns+1
		case bot.CheckFail:
			mark, fails = "✗", fails+1
		}
		fmt.Fprintf(w, "%s %s\n", mark, c.Text(l))
		if fix := c.Fix(l); fix != "" {
			fmt.Fprintln(w, render.T(l, "doctor.fix", fix))
		}
	}
	switch {
	case fails > 0:
		fmt.Fprintln(w, render.T(l, "doctor.summary", fails, warns))
		return 1
	case warns > 0:
		fmt.Fprintln(w, render.T(l, "doctor.only_warn", warns))
	default:
		fmt.Fprintln(w, render.T(l, "doctor.all_well"))
	}
	return 0
}

// doctorStore opens the store read-only (the bot's lock refuses it) and
// says how it went; the store is nil if it did not open.
func doctorStore(path string) (*store.Store, bot.Check) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, bot.Check{State: bot.CheckWarn, Key: "doctor.store_new", Args: []any{path}, FixKey: "doctor.fix.store_new"}
	}
	st, err := store.Open(path, store.Options{ReadOnly: true, Timeout: doctorStoreWait})
	switch {
	case errors.Is(err, store.ErrLocked):
		return nil, bot.Check{State: bot.CheckFail, Key: "doctor.store_locked", Args: []any{path}, FixKey: "doctor.fix.store_locked"}
	case err != nil:
		return nil, bot.Check{State: bot.CheckFail, Key: "doctor.store_bad", Args: []any{path, err.Error()}, FixKey: "doctor.fix.store_bad"}
	}
	n := 0
	guilds, err := st.Guilds()
	for _, g := range guilds {
		recs, gerr := st.Battles(g)
		n += len(recs)
		err = errors.Join(err, gerr)
	}
	if err != nil {
		st.Close()
		return nil, bot.Check{State: bot.CheckFail, Key: "doctor.store_bad", Args: []any{path, err.Error()}, FixKey: "doctor.fix.store_bad"}
	}
	return st, bot.Check{State: bot.CheckOK, Key: "doctor.store", Args: []any{path, store.SchemaVersion, n}}
}

// doctorBackup checks [store] backup_dir: there, a folder, writable (a
// file is made and removed).
func doctorBackup(cfg *config.Config) bot.Check {
	dir := cfg.Store.BackupDir
	if dir == "" {
		return bot.Check{State: bot.CheckWarn, Key: "doctor.backup_off", FixKey: "doctor.fix.backup_off"}
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return bot.Check{State: bot.CheckFail, Key: "doctor.backup_missing", Args: []any{dir}, FixKey: "doctor.fix.backup_missing", FixArgs: []any{dir}}
	}
	f, err := os.CreateTemp(dir, ".gunbai-doctor-*")
	if err != nil {
		return bot.Check{State: bot.CheckFail, Key: "doctor.backup_readonly", Args: []any{dir, err.Error()}, FixKey: "doctor.fix.backup_readonly", FixArgs: []any{dir}}
	}
	f.Close()
	os.Remove(f.Name())
	return bot.Check{State: bot.CheckOK, Key: "doctor.backup", Args: []any{dir}}
}
