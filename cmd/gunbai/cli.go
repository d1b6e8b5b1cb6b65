package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"syscall"

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The language of a command's output (issue 24, item 9): its -lang, for
// its report and its errors alike.

// envLang is the language of the environment: the first of LC_ALL,
// LC_MESSAGES and LANG that is set, English if it names English, else
// Russian (ru_RU.UTF-8, C, POSIX), gunbai's own language. It is the
// default of every -lang, and of the usage texts.
func envLang() render.Lang {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := strings.ToLower(os.Getenv(k)); v != "" {
			if strings.HasPrefix(v, "en") {
				return render.EN
			}
			return render.RU
		}
	}
	return render.RU
}

// argsLang is the language of a command line: its -lang (before "--"), if
// it names one, else the environment's (envLang). Usage texts are written
// in it before the flags are parsed.
func argsLang(args []string) render.Lang {
	for i, a := range args {
		if a == "--" {
			break
		}
		name, v, given := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "lang" {
			continue
		}
		if !given && i+1 < len(args) {
			v = args[i+1]
		}
		if v = strings.ToLower(strings.TrimSpace(v)); v == "ru" || strings.HasPrefix(v, "ru-") || v == "en" || strings.HasPrefix(v, "en-") {
			return render.LangFromLocale(v)
		}
	}
	return envLang()
}

// parseLang reads a -lang value: "ru" or "en" (or a locale such as
// "en-US"). Anything else is refused, in both languages, since the
// command cannot know which one its user reads.
func parseLang(name, value string, stderr io.Writer) (render.Lang, bool) {
	v := strings.ToLower(strings.TrimSpace(value))
	if v == "ru" || strings.HasPrefix(v, "ru-") || v == "en" || strings.HasPrefix(v, "en-") {
		return render.LangFromLocale(v), true
	}
	fmt.Fprintf(stderr, "gunbai %s: %s\ngunbai %s: %s\n", name, render.T(render.RU, "cli.lang_bad", value), name, render.T(render.EN, "cli.lang_bad", value))
	return "", false
}

// errText words an error for a command's user in his language: a file
// that does not exist is said so; other errors keep their own words.
func errText(l render.Lang, err error) string {
	var pe *fs.PathError
	if errors.Is(err, fs.ErrNotExist) && errors.As(err, &pe) {
		return render.T(l, "cli.no_file", pe.Path)
	}
	// A folder where a file was wanted: said so, not "damaged".
	if (errors.Is(err, store.ErrFolder) || errors.Is(err, syscall.EISDIR)) && errors.As(err, &pe) {
		return render.T(l, "cli.is_folder", pe.Path)
	}
	return err.Error()
}

// fail prints a command's error in its language and returns exit status 1.
func fail(stderr io.Writer, name string, l render.Lang, err error) int {
	fmt.Fprintf(stderr, "gunbai %s: %s\n", name, errText(l, err))
	return 1
}

// noBattle is the error for a battle named that a store does not hold: it
// lists the battles the store does hold, by key and name, so that the
// next try can be right.
func noBattle(l render.Lang, st *store.Store, path, ref string) error {
	var items []string
	guilds, err := st.Guilds()
	if err == nil {
		for _, g := range guilds {
			recs, err := st.Battles(g)
			if err != nil {
				continue
			}
			for _, r := range recs {
				items = append(items, render.T(l, "cli.battle_item", r.ID, r.Name))
			}
		}
	}
	sort.Strings(items)
	if len(items) == 0 {
		return errors.New(render.T(l, "cli.no_battle_empty", ref, path))
	}
	return errors.New(render.T(l, "cli.no_battle", ref, path, strings.Join(items, ", ")))
}
