package render

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"slices"
	"strconv"
	"sync"
)

// A text is written from its catalogue entry and the arguments the caller
// gives; T checks one against the other before it formats. A wrong count
// would otherwise reach players as fmt's "%!d(MISSING)" or "%!(EXTRA ...)",
// and an unknown key as the key itself.

// ErrUnknownKey is the error OnTextError gets for a key the catalogue
// does not hold.
var ErrUnknownKey = errors.New("no such key in the catalogue")

// OnTextError is told of every text that cannot be written as the
// catalogue has it: an unknown key, or a number of arguments other than
// the text's places. T then returns a readable fallback instead (the
// places without an argument shown as "?", extra arguments dropped, an
// unknown key as a neutral "(text unavailable)"). The default logs each
// key's problem once with the standard logger (a text is written again on
// every post: one line is enough to find the caller).
var OnTextError = logTextErrorOnce

var loggedTextErrors sync.Map // key + "\x00" + error -> true

func logTextErrorOnce(key string, err error) {
	if _, seen := loggedTextErrors.LoadOrStore(key+"\x00"+err.Error(), true); !seen {
		log.Printf("render: text %q: %v (a fallback was shown)", key, err)
	}
}

// underTest marks a fallback in a test binary as broken, in fmt's own
// way ("%!(...)"), so that the test whose output holds it fails: the fake
// Discord's scanner (bot/discordfake) and every golden look for "%!", and
// the failure names the test that wrote the text. A package-wide hook set
// in a TestMain could only fail the whole package, after the fact, without
// saying which test; a panic would be recovered by the bot's handlers.
// In production the fallback stays readable. A test binary is told by the
// flags go test's main registers before any test runs (testing.Testing
// would link package testing into the bot); asked when a text fails, as
// the flags are not there yet when render is loaded.
var underTest = func() bool { return flag.Lookup("test.v") != nil }

// textFailed reports a text's problem and returns its fallback.
func textFailed(key string, err error, fallback string) string {
	if h := OnTextError; h != nil {
		h(key, err)
	}
	if underTest() {
		return "%!(" + key + ": " + err.Error() + ") " + fallback
	}
	return fallback
}

// missingArg stands for an argument the caller did not give.
type missingArg struct{}

func (missingArg) Format(f fmt.State, _ rune) { io.WriteString(f, "?") }

// fitArgs pads args to n with missingArg or cuts them to n.
func fitArgs(args []any, n int) []any {
	if len(args) >= n {
		return args[:n]
	}
	out := append(make([]any, 0, n), args...)
	for len(out) < n {
		out = append(out, missingArg{})
	}
	return out
}

// places holds the number of arguments each catalogue text takes, built
// at the first text like counted (plural.go).
var (
	places     map[string]int
	placesOnce sync.Once
)

func buildPlaces() {
	places = make(map[string]int, len(catalogue))
	for key, m := range catalogue {
		places[key] = max(argCount(m.ru), argCount(m.en))
	}
}

// placesOf is the number of arguments the text of key takes.
func placesOf(key string) int {
	placesOnce.Do(buildPlaces)
	return places[key]
}

// argCount is the number of arguments a text takes: its fmt verbs numbered
// as fmt numbers them (a verb takes the argument after the last one used,
// "%[n]d" the nth), and the counts its counted words name ("{2:...}").
func argCount(s string) int {
	n := 0
	for arg := range argVerbs(s) {
		n = max(n, arg)
	}
	return n
}

// argVerbs maps each argument a text takes (1-based, as fmt numbers them)
// to the verbs that print it, "d" for a count of a counted word.
func argVerbs(s string) map[int][]string {
	out := map[int][]string{}
	next := 1
	for _, m := range fmtVerbRE.FindAllStringSubmatch(s, -1) {
		if m[4] == "%" {
			continue
		}
		arg := next
		if m[2] != "" {
			arg, _ = strconv.Atoi(m[2])
		}
		out[arg] = append(out[arg], m[3]+m[4])
		next = arg + 1
	}
	for _, m := range countedRE.FindAllStringSubmatch(s, -1) {
		arg, _ := strconv.Atoi(m[1])
		out[arg] = append(out[arg], "{count}")
	}
	for _, v := range out {
		slices.Sort(v)
	}
	return out
}

// IsKey reports whether s is a key of the catalogue: a test that scans
// what the bot sent looks for keys shown raw.
func IsKey(s string) bool {
	_, ok := catalogue[s]
	return ok
}
