// Package render turns engine state and events into what people see: the
// battlefield as a PNG and the turn log as text, in Russian and English.
// It does no I/O and knows nothing about Discord.
package render

import (
	"fmt"
	"strings"
)

// Lang is the language of everything shown to a player.
type Lang string

// Supported languages. Russian is the default.
const (
	RU Lang = "ru"
	EN Lang = "en"
)

// LangFromLocale maps a Discord locale ("ru", "en-US", "en-GB", ...) to a
// language: "ru" is Russian, anything starting with "en" is English, and
// everything else (including "") falls back to Russian.
func LangFromLocale(locale string) Lang {
	l := strings.ToLower(strings.TrimSpace(locale))
	if strings.HasPrefix(l, "en") {
		return EN
	}
	return RU
}

// T returns the catalogue text for key in lang, formatted with args when
// there are any. A missing key gives the key itself (and the arguments), so a
// forgotten text is visible but never breaks the output.
func T(lang Lang, key string, args ...any) string {
	m, ok := catalogue[key]
	if !ok {
		if len(args) == 0 {
			return key
		}
		return key + " " + strings.TrimSuffix(fmt.Sprintln(args...), "\n")
	}
	s := m.ru
	if lang == EN && m.en != "" {
		s = m.en
	}
	if s == "" {
		s = m.en
	}
	if len(args) == 0 {
		return s
	}
	if isCounted(key) {
		// Words that agree with a count: x/text picks their forms (plural.go).
		if lang != EN {
			lang = RU
		}
		return countedText(lang, key, args)
	}
	return fmt.Sprintf(s, args...)
}

// has reports whether the catalogue holds key.
func has(key string) bool {
	_, ok := catalogue[key]
	return ok
}
