package render

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// Counted words. A catalogue text may put a word that agrees with a count
// in braces: "{2:фигуру|фигуры|фигур}" is the word for the 2nd argument,
// in the forms of CLDR's plural categories: one, few and many for Russian
// ("1 фигуру, 2 фигуры, 5 фигур"; 21 is one, 11 and 12 are many), one and
// other for English ("{2:figure|figures}"). Which form a number takes is
// decided by golang.org/x/text (feature/plural, CLDR's rules), and the
// texts are formatted by its message package: each braced word becomes a
// plural.Selectf variable of the text's message in an x/text catalog.
//
// Russian's "other" category (fractions) takes the "many" form: no count
// here is fractional.

// countedRE finds a counted word: {argument:form|form...}.
var countedRE = regexp.MustCompile(`\{(\d+):([^{}|]*(?:\|[^{}|]*)+)\}`)

// pluralForms are the CLDR categories a counted word lists, by language.
var pluralForms = map[Lang][]string{
	RU: {"one", "few", "other"},
	EN: {"one", "other"},
}

var languageTags = map[Lang]language.Tag{RU: language.Russian, EN: language.English}

// counted holds the catalogue keys whose texts have counted words, and
// printers format them. They are built once, at the first text, when every
// file's init has added its texts to the catalogue.
var (
	counted     map[string]bool
	printers    map[Lang]*message.Printer
	countedOnce sync.Once
)

func buildCounted() {
	counted, printers = map[string]bool{}, map[Lang]*message.Printer{}
	b := catalog.NewBuilder(catalog.Fallback(language.Russian))
	for key, m := range catalogue {
		if !countedRE.MatchString(m.ru) && !countedRE.MatchString(m.en) {
			continue
		}
		counted[key] = true
		for lang, text := range map[Lang]string{RU: m.ru, EN: m.en} {
			msgs, err := countedMessage(lang, text)
			if err != nil {
				panic(fmt.Sprintf("render: catalogue %s (%s): %v", key, lang, err))
			}
			if err := b.Set(languageTags[lang], key, msgs...); err != nil {
				panic(fmt.Sprintf("render: catalogue %s (%s): %v", key, lang, err))
			}
		}
	}
	for lang, tag := range languageTags {
		printers[lang] = message.NewPrinter(tag, message.Catalog(b))
	}
}

// countedMessage turns a text with counted words into x/text messages: a
// plural.Selectf variable per word, then the text that names them.
func countedMessage(lang Lang, text string) ([]catalog.Message, error) {
	forms := pluralForms[lang]
	var vars []catalog.Message
	var bad error
	n := 0
	out := countedRE.ReplaceAllStringFunc(text, func(m string) string {
		sub := countedRE.FindStringSubmatch(m)
		arg, _ := strconv.Atoi(sub[1])
		words := strings.Split(sub[2], "|")
		if len(words) != len(forms) {
			bad = fmt.Errorf("%s: %d forms, %s needs %d (%s)", m, len(words), lang, len(forms), strings.Join(forms, ", "))
			return m
		}
		cases := make([]any, 0, 2*len(words))
		for k, w := range words {
			cases = append(cases, forms[k], w)
		}
		name := "w" + strconv.Itoa(n)
		n++
		vars = append(vars, catalog.Var(name, plural.Selectf(arg, "%d", cases...)))
		return "${" + name + "}"
	})
	if bad != nil {
		return nil, bad
	}
	return append(vars, catalog.String(indexVerbs(out))), nil
}

// fmtVerbRE finds a fmt verb, with its flags, argument index, width and
// precision.
var fmtVerbRE = regexp.MustCompile(`%([-+# 0]*)(?:\[(\d+)\])?(\d*(?:\.\d+)?)([a-zA-Z%])`)

// indexVerbs numbers the arguments of every verb ("%s" becomes "%[1]s"),
// as fmt counts them: x/text renders the counted words with all the
// arguments, which fmt takes for extra ones unless the verbs are indexed.
func indexVerbs(s string) string {
	next := 1
	return fmtVerbRE.ReplaceAllStringFunc(s, func(v string) string {
		m := fmtVerbRE.FindStringSubmatch(v)
		if m[4] == "%" {
			return v
		}
		if m[2] != "" {
			next, _ = strconv.Atoi(m[2])
		}
		out := "%" + m[1] + "[" + strconv.Itoa(next) + "]" + m[3] + m[4]
		next++
		return out
	})
}

// isCounted reports whether the text of key has counted words.
func isCounted(key string) bool {
	countedOnce.Do(buildCounted)
	return counted[key]
}

// countedText formats a catalogue text with counted words.
func countedText(lang Lang, key string, args []any) string {
	countedOnce.Do(buildCounted)
	p := printers[lang]
	if p == nil {
		p = printers[RU]
	}
	return p.Sprintf(key, args...)
}

// Count writes a number with its noun in the right form: Count(RU,
// "figures", 5) is "5 фигур", Count(EN, "figures", 1) "1 figure". noun is
// a "count.<noun>" key of the catalogue.
func Count(lang Lang, noun string, n int) string {
	return T(lang, "count."+noun, n)
}
