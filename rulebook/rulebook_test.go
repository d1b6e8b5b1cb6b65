package rulebook

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

func hasCyrillic(s string) bool {
	for _, c := range s {
		if unicode.Is(unicode.Cyrillic, c) {
			return true
		}
	}
	return false
}

var (
	reR = regexp.MustCompile(`^R-(T|I|II|III|IV|V|VI|VII|VIII|IX|X|XI)\.([0-9]+)\.([0-9]+)$`)
	reD = regexp.MustCompile(`^D-([0-9]{2})$`)
)

// TestEntries checks the embedded data on its own: every entry is complete,
// the R- items of each subsection run 1, 2, 3 … without gaps, and the
// decisions run D-01 … D-69, as RULES.md numbers them.
func TestEntries(t *testing.T) {
	all := All()
	var nR, nD int
	lastItem := map[string]int{}
	for _, r := range all {
		if strings.TrimSpace(r.EN) == "" || strings.TrimSpace(r.RU) == "" || strings.TrimSpace(r.Place) == "" {
			t.Errorf("%s: empty EN, RU or Place: %+v", r.ID, r)
		}
		if !hasCyrillic(r.RU) {
			t.Errorf("%s: RU has no Cyrillic: %q", r.ID, r.RU)
		}
		if !hasCyrillic(r.Place) {
			t.Errorf("%s: Place is not in Russian: %q", r.ID, r.Place)
		}
		if n := len([]rune(r.EN)); n > 620 {
			t.Errorf("%s: EN has %d characters", r.ID, n)
		}
		if m := reR.FindStringSubmatch(r.ID); m != nil {
			nR++
			sub := m[1] + "." + m[2]
			k, _ := strconv.Atoi(m[3])
			if k != lastItem[sub]+1 {
				t.Errorf("%s follows item %d of %s", r.ID, lastItem[sub], sub)
			}
			lastItem[sub] = k
			if nD > 0 {
				t.Errorf("%s comes after the decisions", r.ID)
			}
		} else if m := reD.FindStringSubmatch(r.ID); m != nil {
			nD++
			if k, _ := strconv.Atoi(m[1]); k != nD {
				t.Errorf("%s is decision number %d", r.ID, nD)
			}
		} else {
			t.Errorf("bad ID %q", r.ID)
		}
	}
	// RULES.md defines 300 rules and 70 decisions.
	if nR != 300 || nD != 70 {
		t.Errorf("%d rules and %d decisions, want 300 and 70", nR, nD)
	}
}

// TestMatchesRulesMD checks the data against RULES.md, where it is present
// (not in a clone of the repository): the same IDs in the same order, and
// the data as the generator would write it now.
func TestMatchesRulesMD(t *testing.T) {
	md, err := os.ReadFile(rulesMDPath())
	if err != nil {
		t.Skipf("no RULES.md (%v)", err)
	}
	want := idsInRulesMD(string(md))
	all := All()
	if len(all) != len(want) {
		t.Errorf("%d entries, RULES.md has %d IDs", len(all), len(want))
	}
	for i := 0; i < len(all) && i < len(want); i++ {
		if all[i].ID != want[i] {
			t.Fatalf("entry %d is %s, RULES.md has %s", i, all[i].ID, want[i])
		}
	}
	if _, err := os.Stat(rulesRUPath()); err != nil {
		t.Skipf("no Russian original (%v)", err)
	}
	tsv, _, err := generate(rulesMDPath(), rulesRUPath())
	if err != nil {
		t.Fatal(err)
	}
	if tsv != rulesTSV {
		t.Error("rules.tsv is stale: run GUNBAI_RULEBOOK_REGEN=1 go test ./rulebook/ -run TestRegenerate")
	}
}

func TestLookup(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"R-VIII.4.4", "R-VIII.4.4"},
		{"r-viii.4.4", "R-VIII.4.4"},
		{"VIII.4.4", "R-VIII.4.4"},
		{"viii.4.4", "R-VIII.4.4"},
		{"  R-VIII.4.4. ", "R-VIII.4.4"},
		{"R–VIII.4.4", "R-VIII.4.4"},
		{"RVIII.4.4", "R-VIII.4.4"},
		{"R-VIII.4.10", "R-VIII.4.10"},
		{"T.2.6", "R-T.2.6"},
		{"r-t.2.6", "R-T.2.6"},
		{"D-34", "D-34"},
		{"d-34", "D-34"},
		{"D34", "D-34"},
		{"реш. D-34", "D-34"}, // as a Russian reader cites it
		{"Реш D-34", "D-34"},
		{"D-7", "D-07"},
		{"D-07", "D-07"},
		{"Х.5.1", "R-X.5.1"}, // Cyrillic Х
	} {
		r, ok := Lookup(c.in)
		if !ok || r.ID != c.want {
			t.Errorf("Lookup(%q) = %q, %v; want %q", c.in, r.ID, ok, c.want)
		}
	}
	for _, in := range []string{"", "R-VIII.4.11", "D-71", "D-0", "VIII.4", "X.3.1", "R-", "hello"} {
		if r, ok := Lookup(in); ok {
			t.Errorf("Lookup(%q) = %q, want none", in, r.ID)
		}
	}
	r, _ := Lookup("R-VIII.4.4")
	if !strings.Contains(r.EN, "X ≥ 1") || !strings.Contains(r.RU, "хотя бы 1, оборонявшийся отряд отброшен") {
		t.Errorf("R-VIII.4.4: %+v", r)
	}
	if r.Place != "VIII. Бой, п. 4) Результат боя, 4.1) (отряд оборонялся), абзац 4" {
		t.Errorf("R-VIII.4.4 place %q", r.Place)
	}
	if r.Text("ru") != r.RU || r.Text("ru-RU") != r.RU || r.Text("en-US") != r.EN || r.Text("") != r.EN {
		t.Error("Text does not pick the language")
	}
}

func ids(rs []Rule) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.ID)
	}
	return out
}

func TestSearchPrefix(t *testing.T) {
	got := Search("VIII.4", 25)
	var want []string
	for i := 1; i <= 10; i++ {
		want = append(want, "R-VIII.4."+strconv.Itoa(i))
	}
	if len(got) < len(want) {
		t.Fatalf("Search(VIII.4) = %v", ids(got))
	}
	if g := strings.Join(ids(got[:10]), " "); g != strings.Join(want, " ") {
		t.Errorf("Search(VIII.4) starts %s, want %s", g, strings.Join(want, " "))
	}
	if got := Search("VIII.4.1", 3); len(got) < 2 || got[0].ID != "R-VIII.4.1" || got[1].ID != "R-VIII.4.10" {
		t.Errorf("Search(VIII.4.1) = %v", ids(got))
	}
	if got := Search("r-viii.4.4", 5); len(got) == 0 || got[0].ID != "R-VIII.4.4" {
		t.Errorf("Search(r-viii.4.4) = %v", ids(got))
	}
	got = Search("D-3", 25)
	if len(got) < 11 || got[0].ID != "D-03" || got[1].ID != "D-30" || got[10].ID != "D-39" {
		t.Errorf("Search(D-3) = %v", ids(got))
	}
	if got := Search("", 25); len(got) != 25 || got[0].ID != "R-T.1.1" {
		t.Errorf("Search(\"\") = %v", ids(got))
	}
}

func TestSearchText(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"Forest of spears", "R-II.4.1"},
		{"лес копий", "R-II.4.1"},
		{"Лес Копий", "R-II.4.1"},
		{"знамя феникса", "R-X.5.7"},
		{"mutual fire", "R-IX.4.1"},
		{"взаимный обстрел", "R-IX.4.1"},
		{"гонца", "R-V.3.2"},
	} {
		got := Search(c.q, 25)
		found := false
		for _, r := range got {
			if r.ID == c.want {
				found = true
			}
			h := get().hay[get().byID[r.ID]]
			for _, w := range strings.Fields(fold(c.q)) {
				if !strings.Contains(h, w) {
					t.Errorf("Search(%q) gave %s without %q", c.q, r.ID, w)
				}
			}
		}
		if !found {
			t.Errorf("Search(%q) = %v, want %s among them", c.q, ids(got), c.want)
		}
	}
	if got := Search("zzqx", 25); len(got) != 0 {
		t.Errorf("Search(zzqx) = %v", ids(got))
	}
}

func TestSearchMax(t *testing.T) {
	for _, q := range []string{"", "R", "VIII", "II.1", "D-", "бегство", "the", "а"} {
		for _, max := range []int{0, 1, 3, 25, 1000} {
			got := Search(q, max)
			if len(got) > max {
				t.Errorf("Search(%q, %d) gave %d", q, max, len(got))
			}
			seen := map[string]bool{}
			for _, r := range got {
				if seen[r.ID] {
					t.Errorf("Search(%q, %d) gave %s twice", q, max, r.ID)
				}
				seen[r.ID] = true
			}
			if again := Search(q, max); strings.Join(ids(again), " ") != strings.Join(ids(got), " ") {
				t.Errorf("Search(%q, %d) is not deterministic", q, max)
			}
		}
	}
	if got := Search("бегство", 3); len(got) != 3 {
		t.Errorf("Search(бегство, 3) gave %d", len(got))
	}
}

func TestAllIsACopy(t *testing.T) {
	a := All()
	a[0].EN = "changed"
	if All()[0].EN == "changed" {
		t.Error("All returns the package's own slice")
	}
}
