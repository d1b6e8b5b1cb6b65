// Package render turns engine state and events into what people read: the
// turn log, the cards, every answer and post, in Russian and English, from
// one catalogue of texts (catalogue.go). The battlefield's pictures are
// render/field's, which takes its words from here; render draws nothing.
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

// T returns the catalogue text for key in lang, formatted with args. The
// arguments must fill the text's places exactly and the key must exist;
// otherwise OnTextError is told and a readable fallback is returned
// (textcheck.go), never fmt's "%!d(MISSING)" or the bare key.
func T(lang Lang, key string, args ...any) string {
	m, ok := catalogue[key]
	if !ok {
		return textFailed(key, ErrUnknownKey, T(lang, "text.unavailable"))
	}
	s := m.ru
	if lang == EN && m.en != "" {
		s = m.en
	}
	if s == "" {
		s = m.en
	}
	if n := placesOf(key); len(args) != n {
		return textFailed(key, fmt.Errorf("%d arguments for %d places", len(args), n), format(lang, key, s, fitArgs(args, n)))
	}
	return format(lang, key, s, args)
}

// format writes text s of key with args, which fill its places.
func format(lang Lang, key, s string, args []any) string {
	if len(args) == 0 && !strings.Contains(s, "%") {
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
