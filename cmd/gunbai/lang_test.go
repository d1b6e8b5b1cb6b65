package main

import (
	"os"
	"strings"
	"testing"
)

// The tests read gunbai in its own language, Russian, whatever the
// environment of the machine running them says (envLang); a test that
// reads English says so (inEnglish).
func TestMain(m *testing.M) {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		os.Unsetenv(k)
	}
	os.Exit(m.Run())
}

// inEnglish runs a test in an English environment.
func inEnglish(t *testing.T) {
	t.Setenv("LANG", "en_US.UTF-8")
}

// gunbai's list and every command's -h were English only (issue 25): they
// follow the language, the command line's -lang first, else the
// environment's (LC_ALL, LC_MESSAGES, LANG), else Russian; so does the
// default of every -lang.
func TestUsageFollowsLanguageLANG(t *testing.T) {
	ru := func(s string) bool {
		return strings.Contains(s, "использование:") && !strings.Contains(s, "usage:")
	}
	en := func(s string) bool {
		return strings.Contains(s, "usage:") && !strings.Contains(s, "использование")
	}
	for _, c := range []struct {
		env  map[string]string
		args []string
		want func(string) bool
	}{
		{nil, nil, ru}, // no LANG at all
		{map[string]string{"LANG": "C.UTF-8"}, nil, ru},
		{map[string]string{"LANG": "ru_RU.UTF-8"}, nil, ru},
		{map[string]string{"LANG": "en_US.UTF-8"}, nil, en},
		{map[string]string{"LANG": "ru_RU.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, nil, en},
		{map[string]string{"LANG": "en_US.UTF-8", "LC_ALL": "ru_RU.UTF-8"}, nil, ru},
		{map[string]string{"LANG": "ru_RU.UTF-8"}, []string{"-lang", "en"}, en},
		{map[string]string{"LANG": "en_US.UTF-8"}, []string{"-lang=ru"}, ru},
	} {
		for k, v := range c.env {
			t.Setenv(k, v)
		}
		for _, args := range [][]string{{"-h"}, {"help"}, {"run", "-h"}, {"sandbox", "-h"}, {"demo", "-h"}, {"case", "-h"},
			{"commands", "-h"}, {"why", "-h"}, {"verify", "-h"}, {"export", "-h"}, {"backup", "-h"}, {"reshard", "-h"},
			{"rules", "-h"}, {"version", "-h"}, {"help", "why"}} {
			a := append(append([]string{}, args...), c.args...)
			if args[0] == "-h" || args[0] == "help" {
				a = append(append([]string{}, c.args...), args...)
			}
			code, out, errs := gunbai(a...)
			if code != 0 || errs != "" || !c.want(out) || strings.Contains(out, "%!") {
				t.Errorf("%v gunbai %s: %d %q\n%s", c.env, strings.Join(a, " "), code, errs, out)
			}
		}
		for k := range c.env {
			os.Unsetenv(k)
		}
	}
	// The flags of a usage printed from a command's flag set are in its
	// language too.
	if _, out, _ := gunbai("run", "-h"); !strings.Contains(out, "флаги:\n  -config FILE\n    \tFILE настроек") || !strings.Contains(out, `(по умолчанию "config.toml")`) {
		t.Errorf("run -h in Russian:\n%s", out)
	}
	// A report's language follows the environment when -lang is not given.
	t.Setenv("LANG", "en_US.UTF-8")
	if code, _, errs := gunbai("why", "nosuch.db", "b", "1", "u"); code == 0 || !strings.Contains(errs, "there is no file nosuch.db") {
		t.Errorf("why in an English environment: %d %q", code, errs)
	}
	t.Setenv("LANG", "ru_RU.UTF-8")
	if code, _, errs := gunbai("why", "nosuch.db", "b", "1", "u"); code == 0 || !strings.Contains(errs, "файла nosuch.db нет") {
		t.Errorf("why in a Russian environment: %d %q", code, errs)
	}
}
