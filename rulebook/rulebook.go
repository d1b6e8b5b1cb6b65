// Package rulebook holds the rules reference behind the /rule command: every
// R- rule and D- decision of the battle rules (RULES.md), with its English
// summary, the matching Russian text and its place in the Russian original.
//
// The data is rules.tsv, embedded in the binary. It is generated once from
// RULES.md and the Russian original by TestRegenerate (regen_test.go); see
// that file for how to run it. For R- rules the Russian text is the passage
// of the original, quoted as it stands; rules the original does not state
// (the reference's derived rules and cross-references) carry a bracketed
// note saying so, followed by the nearest passage. For D- decisions, which
// exist only in the English reference, the Russian text is a translation.
package rulebook

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
	"unicode"
)

//go:embed rules.tsv
var rulesTSV string

// Rule is one entry of the reference.
type Rule struct {
	// ID is the canonical ID: "R-VIII.4.4", "D-34".
	ID string
	// EN is the English summary from RULES.md: one paragraph of plain text,
	// at most about 600 characters; a summary cut short ends with " …".
	EN string
	// RU is the Russian text: the passage of the original for R- rules, a
	// translation of the decision for D- decisions.
	RU string
	// Place is where the rule stands in the Russian original, as the
	// original names it: «VIII. Бой, п. 4) Результат боя, 4.1) (отряд
	// оборонялся), абзац 4». For decisions it names the points they settle.
	Place string
	// Section is the English title of the rule's subsection in RULES.md
	// ("Combat result"); empty for decisions.
	Section string
	// FullEN and FullRU are the whole texts, of which EN and RU are the
	// summaries that fit a Discord message; the same as EN and RU where
	// those were not cut short.
	FullEN, FullRU string
}

// Text returns the summary in the language of a Discord locale: Russian for
// "ru", English otherwise.
func (r Rule) Text(locale string) string {
	if strings.HasPrefix(strings.ToLower(locale), "ru") {
		return r.RU
	}
	return r.EN
}

// Full returns the whole text in the language of a locale, as the
// reference in docs/ and gunbai rules give it.
func (r Rule) Full(locale string) string {
	if strings.HasPrefix(strings.ToLower(locale), "ru") {
		return r.FullRU
	}
	return r.FullEN
}

type book struct {
	rules []Rule
	byID  map[string]int
	hay   []string // lower-cased ID, section, EN, RU and place, for Search
}

var (
	loadOnce sync.Once
	loaded   *book
)

func get() *book {
	loadOnce.Do(func() {
		b, err := parse(rulesTSV)
		if err != nil {
			panic("rulebook: embedded rules.tsv: " + err.Error())
		}
		loaded = b
	})
	return loaded
}

// parse reads the data file: lines
// "id\tplace\tkind\tsection\ten\tru\ten_full\tru_full", where kind says
// how the Russian text was found (exact, part, derived, xref, written,
// translation), section is the English title of the rule's subsection in
// RULES.md, used by Search, and en_full and ru_full are the whole texts
// where en and ru were cut short (else empty); lines that start with '#'
// are comments.
func parse(data string) (*book, error) {
	b := &book{byID: map[string]int{}}
	for n, ln := range strings.Split(data, "\n") {
		if ln == "" || strings.HasPrefix(ln, "#") {
			continue
		}
		f := strings.Split(ln, "\t")
		if len(f) != 8 {
			return nil, fmt.Errorf("line %d: %d fields, want 8", n+1, len(f))
		}
		r := Rule{ID: f[0], Place: f[1], Section: f[3], EN: f[4], RU: f[5], FullEN: f[6], FullRU: f[7]}
		if r.FullEN == "" {
			r.FullEN = r.EN
		}
		if r.FullRU == "" {
			r.FullRU = r.RU
		}
		if _, dup := b.byID[r.ID]; dup {
			return nil, fmt.Errorf("line %d: %s twice", n+1, r.ID)
		}
		b.byID[r.ID] = len(b.rules)
		b.rules = append(b.rules, r)
		b.hay = append(b.hay, fold(r.ID+" "+f[3]+" "+r.EN+" "+r.RU+" "+r.Place))
	}
	return b, nil
}

// All returns every rule and decision in the order of RULES.md: the R- rules
// by section, then the D- decisions.
func All() []Rule {
	return append([]Rule(nil), get().rules...)
}

// Lookup finds a rule by ID. It ignores case and surrounding space and
// accepts the ID with or without its "R-" prefix: "R-VIII.4.4",
// "r-viii.4.4", "VIII.4.4", "D-34", "d34", "D-7" (for D-07).
func Lookup(id string) (Rule, bool) {
	b := get()
	for _, c := range candidates(id) {
		if i, ok := b.byID[c]; ok {
			return b.rules[i], true
		}
	}
	return Rule{}, false
}

// Search returns at most max rules for autocomplete of what the user has
// typed so far: first the rule whose ID it is, then the rules whose ID
// starts with it ("VIII.4" gives R-VIII.4.1 … R-VIII.4.10), then those whose
// ID contains it, then those whose English or Russian text (with the title
// of the rule's subsection and its place) contains every typed word. Within each group the order is that of All, so the result is
// deterministic. An empty query lists the rules from the start. max <= 0
// gives nothing.
func Search(typed string, max int) []Rule {
	if max <= 0 {
		return nil
	}
	b := get()
	var out []Rule
	seen := make([]bool, len(b.rules))
	add := func(i int) bool {
		if !seen[i] {
			seen[i] = true
			out = append(out, b.rules[i])
		}
		return len(out) >= max
	}
	q := strings.TrimSpace(typed)
	if q == "" {
		for i := range b.rules {
			if add(i) {
				break
			}
		}
		return out
	}
	// 1. The exact ID.
	if r, ok := Lookup(q); ok {
		if add(b.byID[r.ID]) {
			return out
		}
	}
	// 2. IDs that start with the typed text, 3. IDs that contain it.
	prefixes := candidates(q)
	norm := normID(q)
	for pass := 0; pass < 2; pass++ {
		for i, r := range b.rules {
			if seen[i] {
				continue
			}
			hit := false
			if pass == 0 {
				for _, p := range prefixes {
					if strings.HasPrefix(r.ID, p) {
						hit = true
						break
					}
				}
			} else {
				hit = len(norm) >= 2 && strings.Contains(r.ID, norm)
			}
			if hit && add(i) {
				return out
			}
		}
	}
	// 4. Text with every typed word.
	words := strings.FieldsFunc(fold(q), func(c rune) bool {
		return !unicode.IsLetter(c) && !unicode.IsDigit(c) && c != '.' && c != '-' && c != '+'
	})
	for i := range words {
		words[i] = strings.Trim(words[i], ".-")
	}
	if len(words) == 0 {
		return out
	}
	for i, h := range b.hay {
		if seen[i] {
			continue
		}
		all := true
		for _, w := range words {
			if w != "" && !strings.Contains(h, w) {
				all = false
				break
			}
		}
		if all && add(i) {
			return out
		}
	}
	return out
}

// fold lower-cases s and writes ё as е, so that searches need not care.
func fold(s string) string {
	return strings.Map(func(c rune) rune {
		c = unicode.ToLower(c)
		if c == 'ё' {
			return 'е'
		}
		return c
	}, s)
}

// normID upper-cases an ID as typed, folds dashes and Cyrillic look-alikes
// of the Latin letters in IDs, and drops spaces and a final dot.
func normID(s string) string {
	s = strings.TrimSpace(s)
	// A Russian reader cites a decision as «реш. D-34».
	if rest, ok := strings.CutPrefix(strings.ToLower(s), "реш"); ok && rest != "" && strings.ContainsAny(rest[:1], ". d") {
		s = strings.TrimLeft(s[len("реш"):], ". ")
	}
	s = strings.TrimRight(s, ".")
	var b strings.Builder
	for _, c := range s {
		switch c {
		case ' ', '\t':
			continue
		case '–', '—', '‑', '−', '_':
			c = '-'
		case 'х', 'Х':
			c = 'X'
		case 'і', 'І':
			c = 'I'
		case 'т', 'Т':
			c = 'T'
		case 'д', 'Д':
			c = 'D'
		case ',':
			c = '.'
		}
		b.WriteRune(unicode.ToUpper(c))
	}
	return b.String()
}

// candidates lists the canonical IDs a typed ID may stand for, most likely
// first.
func candidates(id string) []string {
	s := normID(id)
	if s == "" {
		return nil
	}
	switch {
	case strings.HasPrefix(s, "D"):
		num := strings.TrimPrefix(strings.TrimPrefix(s, "D"), "-")
		if num == "" || !isDigits(num) {
			return []string{s}
		}
		if len(num) == 1 {
			// "D-3" is D-03, but as a prefix it also means D-30 … D-39.
			return []string{"D-0" + num, "D-" + num}
		}
		return []string{"D-" + num}
	case strings.HasPrefix(s, "R"):
		// No section is called R, so "R" always starts an R- ID.
		return []string{"R-" + strings.TrimPrefix(strings.TrimPrefix(s, "R"), "-")}
	default:
		return []string{"R-" + s}
	}
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
