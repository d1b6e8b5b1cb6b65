package main

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/gunbai/gunbai/rulebook"
)

// The small slips of the command line (issue 24, item 9).

// "gunbai help -h" and "gunbai help help" print the list, as "gunbai help"
// does, and succeed.
func TestHelpOfHelp(t *testing.T) {
	_, want, _ := gunbai("help")
	for _, args := range [][]string{{"help", "-h"}, {"help", "--help"}, {"help", "help"}, {"-h", "-h"}} {
		code, out, errs := gunbai(args...)
		if code != 0 || out != want || errs != "" {
			t.Errorf("gunbai %s: %d, stderr %q, stdout the list: %v", strings.Join(args, " "), code, errs, out == want)
		}
	}
}

// The commands that take -lang say so, in gunbai's list and in their own
// usage, with what it does.
func TestLangInUsage(t *testing.T) {
	inEnglish(t)
	_, list, _ := gunbai("help")
	for _, name := range []string{"why", "verify", "export", "backup", "reshard", "rules"} {
		if !strings.Contains(list, "gunbai "+name+" ") || !strings.Contains(between(list, "gunbai "+name+" ", "\n"), "[-lang ru|en]") {
			t.Errorf("gunbai's list does not give %s's -lang", name)
		}
		code, help, _ := gunbai(name, "-h")
		first, _, _ := strings.Cut(help, "\n")
		if code != 0 || !strings.Contains(first, "[-lang ru|en]") || !strings.Contains(help, "\nflags:\n") || !strings.Contains(between(help, "\nflags:\n", ""), "-lang") {
			t.Errorf("gunbai %s -h does not give -lang under its flags:\n%s", name, help)
		}
	}
}

// between is what s holds after from, up to the next to ("" for the end).
func between(s, from, to string) string {
	_, s, ok := strings.Cut(s, from)
	if !ok {
		return ""
	}
	if to != "" {
		s, _, _ = strings.Cut(s, to)
	}
	return s
}

// gunbai why on a unit the battle never had is an error, in the chosen
// language, that names the units and leaders it has; a unit of the battle
// that nothing happened to is not.
func TestWhyUnknownUnit(t *testing.T) {
	db := demoStore(t)
	code, out, errs := gunbai("why", db, demoBattle, "1", "n-nobody")
	if code != 1 || out != "" || !strings.Contains(errs, `нет отряда или предводителя "n-nobody"; есть: `) || !strings.Contains(errs, "n-yari, n-yumi") || !strings.Contains(errs, "takeda-shingen") {
		t.Fatalf("why n-nobody: %d %q %q", code, out, errs)
	}
	code, out, errs = gunbai("why", "-lang", "en", db, demoBattle, "1", "n-nobody")
	if code != 1 || out != "" || !strings.Contains(errs, `has no unit or leader "n-nobody"; it has: `) || !strings.Contains(errs, "n-yari, n-yumi") {
		t.Fatalf("why -lang en n-nobody: %d %q %q", code, out, errs)
	}
	// The flags may come after the arguments too.
	if code, out, _ := gunbai("why", db, demoBattle, "1", "s-yari", "-lang", "en"); code != 0 || !strings.Contains(out, "what happened to s-yari") {
		t.Fatalf("why ... -lang en: %d %q", code, out)
	}
}

// Each command's errors are in the language of its report: Russian by
// default, English with -lang en; a -lang of neither is refused.
func TestErrorsInOneLanguage(t *testing.T) {
	db := demoStore(t)
	missing := filepath.Join(t.TempDir(), "nowhere.db")
	for _, c := range []struct {
		args   []string
		ru, en string
	}{
		{[]string{"why", missing, demoBattle, "1", "n-yari"}, "файла " + missing + " нет", "there is no file " + missing},
		{[]string{"why", db, demoBattle, "9", "n-yari"}, "ход 9 не разыгран", "turn 9 is not resolved; the resolved turns: 1–3"},
		{[]string{"why", db, demoBattle, "x", "n-yari"}, "ХОД — номер хода", "TURN is a turn number"},
		{[]string{"verify", missing}, "файла " + missing + " нет", "there is no file " + missing},
		{[]string{"export", missing}, "файла " + missing + " нет", "there is no file " + missing},
		{[]string{"export", db, "nowhere"}, `битвы "nowhere" нет в`, `there is no battle "nowhere" in`},
		{[]string{"backup", missing, filepath.Join(t.TempDir(), "copy.db")}, "файла " + missing + " нет", "there is no file " + missing},
		{[]string{"rules", "R-XX.1.1"}, `нет правила или решения "R-XX.1.1"`, `there is no rule or decision "R-XX.1.1"`},
	} {
		code, _, errs := gunbai(c.args...)
		if code == 0 || !strings.Contains(errs, c.ru) {
			t.Errorf("gunbai %s: %d %q, want %q", strings.Join(c.args, " "), code, errs, c.ru)
		}
		args := append([]string{c.args[0], "-lang", "en"}, c.args[1:]...)
		code, _, errs = gunbai(args...)
		if code == 0 || !strings.Contains(errs, c.en) {
			t.Errorf("gunbai %s: %d %q, want %q", strings.Join(args, " "), code, errs, c.en)
		}
		// Nothing Russian in the English error but the battles' own names.
		if strings.ContainsFunc(strings.ReplaceAll(strings.ReplaceAll(errs, "Битва при Каванакадзиме (демо)", ""), demoBattle, ""), func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) {
			t.Errorf("gunbai %s: Russian in %q", strings.Join(args, " "), errs)
		}
	}
	for _, name := range []string{"why", "verify", "export", "rules"} {
		code, _, errs := gunbai(name, "-lang", "fr", db)
		if code != 2 || !strings.Contains(errs, `-lang: the language is ru or en, not "fr"`) || !strings.Contains(errs, `-lang: язык — ru или en, а не "fr"`) {
			t.Errorf("gunbai %s -lang fr: %d %q", name, code, errs)
		}
	}
}

// A battle the store does not hold is an error that lists the battles it
// holds, by key and name, for why and export.
func TestMissingBattleListsKeys(t *testing.T) {
	db := demoStore(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"why", db, "kawanakajima", "1", "n-yari"}, `битвы "kawanakajima" нет в ` + db + "; битвы в нём: " + demoBattle + " («Битва при Каванакадзиме (демо)»)"},
		{[]string{"why", "-lang", "en", db, "kawanakajima", "1", "n-yari"}, `there is no battle "kawanakajima" in ` + db + "; its battles: " + demoBattle + " (“Битва при Каванакадзиме (демо)”)"},
		{[]string{"export", db, "kawanakajima"}, `битвы "kawanakajima" нет в ` + db + "; битвы в нём: " + demoBattle},
		{[]string{"export", "-lang", "en", db, "kawanakajima"}, "its battles: " + demoBattle},
	} {
		code, out, errs := gunbai(c.args...)
		if code != 1 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("gunbai %s: %d %q\nwant %q", strings.Join(c.args, " "), code, errs, c.want)
		}
	}
}

// gunbai rules prints the whole rulebook, every rule and decision, in
// either language, or one of them; an ID that is not there is an error.
func TestRulesCommand(t *testing.T) {
	all := rulebook.All()
	if len(all) < 370 {
		t.Fatalf("the rulebook has %d entries", len(all))
	}
	for _, lang := range []string{"ru", "en"} {
		code, out, errs := gunbai("rules", "-lang", lang)
		if code != 0 || errs != "" {
			t.Fatalf("rules -lang %s: %d %q", lang, code, errs)
		}
		for _, r := range all {
			if !strings.Contains(out, "**"+r.ID+"** "+r.Full(lang)+"\n") {
				t.Fatalf("rules -lang %s lacks %s whole", lang, r.ID)
			}
		}
	}
	if _, ru, _ := gunbai("rules"); !strings.Contains(ru, "# Правила Гунбая") {
		t.Error("gunbai rules is not in Russian by default")
	}
	code, out, _ := gunbai("rules", "-lang", "en", "viii.4.4")
	if code != 0 || !strings.HasPrefix(out, "**R-VIII.4.4** ") || !strings.Contains(out, "X ≥ 1") || !strings.Contains(out, "In the Russian original") || strings.Contains(out, "R-VIII.4.5") {
		t.Errorf("rules viii.4.4: %d %q", code, out)
	}
	code, out, _ = gunbai("rules", "D-34")
	if r, _ := rulebook.Lookup("D-34"); code != 0 || !strings.Contains(out, r.FullRU) {
		t.Errorf("rules D-34: %d %q", code, out)
	}
	if code, _, _ := gunbai("rules", "D-34", "D-35"); code != 2 {
		t.Errorf("rules with two IDs: %d", code)
	}
}

// A folder given where a store file is wanted is said to be a folder, in
// the command's language, not a damaged store to restore from a backup
// (issue 25 item 8).
func TestStoreFolderIsSaidToBeAFolder(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"backup", dir, filepath.Join(t.TempDir(), "copy.db")},
		{"why", dir, "b", "1", "u"},
		{"export", dir},
		{"verify", dir},
	} {
		for lang, want := range map[string]string{"ru": dir + " — это папка, а не файл", "en": dir + " is a folder, not a file"} {
			a := append([]string{args[0], "-lang", lang}, args[1:]...)
			code, _, errs := gunbai(a...)
			if code == 0 || !strings.Contains(errs, want) || strings.Contains(errs, "damaged") || strings.Contains(errs, "backup of") {
				t.Errorf("gunbai %s: %d %q", strings.Join(a, " "), code, errs)
			}
		}
	}
}
