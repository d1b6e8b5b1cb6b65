package discordfake

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/gunbai/gunbai/render"
)

// Every text the bot sends is scanned for what a player must never read
// (TextProblem): fmt's marks of a text given the wrong arguments ("%!",
// "MISSING"), "<nil>", a catalogue key shown raw, and markup that Discord
// would show as it is: mentions and timestamps where Discord does not
// render them, and a stray "**". Messages (posted, edited, in DMs),
// interaction answers, followups and their edits, modals, autocomplete
// choices, components' labels, attachments' descriptions (alt texts),
// commands, channels and roles are all request bodies: the scan walks every
// JSON body the bot sends. A problem is recorded (Checks().TextProblems)
// and reported on the Server's Reporter at Close: every test that owns a
// fake (a discordtest.Server reports on its testing.TB) fails on any
// broken text it produced.

// TextProblem is one text the bot sent that a player should not read.
type TextProblem struct {
	// Method and Route of the call (Route without /api/vN).
	Method, Route string
	// Field is where the text was, as a JSON path ("embeds.0.description").
	Field string
	// Text is the text (clipped), Problem what is wrong with it.
	Text, Problem string
}

func (p TextProblem) String() string {
	return fmt.Sprintf("%s %s %s: %s: %q", p.Method, p.Route, p.Field, p.Problem, p.Text)
}

// TextProblems returns the broken texts the bot has sent so far.
func (ck Checks) TextProblems() []TextProblem {
	s := ck.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]TextProblem(nil), s.textProblems...)
}

// markup is how Discord renders a field's text.
type markup int

const (
	// plain fields show their text as it is: labels, placeholders,
	// select options, modal titles, autocomplete choices, alt texts,
	// embed footers and authors, names and descriptions of commands.
	plain markup = iota
	// markdown fields render markdown but not mentions or timestamps:
	// embed titles and field names.
	markdown
	// rich fields render both: message content, embed descriptions and
	// field values, the text displays of components v2, channel topics.
	rich
)

// skippedFields hold no text a person reads (ids, urls, values sent back
// to the bot) or are checked elsewhere.
var skippedFields = map[string]bool{
	"custom_id": true, "url": true, "proxy_url": true, "id": true, "nonce": true, "emoji": true,
	"allowed_mentions": true, "message_reference": true, "default_values": true, "filename": true,
	"content_type": true, "sku_id": true, "icon_url": true, "thumbnail": true, "image": true,
	"video": true, "provider": true, "channel_id": true, "guild_id": true, "parent_id": true,
	"allow": true, "deny": true, "permissions": true, "default_member_permissions": true,
	"application_id": true, "color": true, "timestamp": true, "avatar": true, "unicode_emoji": true,
	"icon": true, "media": true,
}

// classify says how Discord shows the string at field (its JSON key) whose
// nearest enclosing array is under key parent; skip for no text.
func classify(parent, field string) (m markup, skip bool) {
	if skippedFields[field] {
		return 0, true
	}
	switch field {
	case "content", "topic":
		return rich, false
	case "description":
		if parent == "embeds" {
			return rich, false
		}
		return plain, false
	case "value":
		switch parent {
		case "fields":
			return rich, false
		case "options", "choices":
			return 0, true // the value a select or choice sends back
		}
		return plain, false // a text input's prefilled value
	case "title", "name":
		if parent == "embeds" || parent == "fields" {
			return markdown, false
		}
	}
	return plain, false
}

var (
	// discordMarkup are mentions and timestamps: <@id>, <@!id>, <@&id>,
	// <#id>, <t:unix> and <t:unix:F>, and slash-command mentions.
	discordMarkup = regexp.MustCompile(`<(?:@[!&]?\d+|#\d+|t:-?\d+(?::[tTdDfFR])?|/[^<>:]+:\d+)>`)
	// keyLike are strings shaped like catalogue keys, looked up in it.
	keyLike = regexp.MustCompile(`[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+`)
	// codeSpans are code blocks and inline code, where markdown is text.
	codeSpans = regexp.MustCompile("(?s)```.*?```|`[^`\n]*`")
)

// textProblems are the problems of one text shown as m.
func textProblems(text string, m markup) []string {
	var out []string
	for _, mark := range []string{"%!", "MISSING", "<nil>"} {
		if strings.Contains(text, mark) {
			out = append(out, "has "+mark)
		}
	}
	for _, k := range keyLike.FindAllString(text, -1) {
		if render.IsKey(k) {
			out = append(out, "a raw catalogue key "+k)
		}
	}
	if m != rich {
		if mk := discordMarkup.FindString(text); mk != "" {
			out = append(out, "markup Discord does not render here: "+mk)
		}
	}
	prose := codeSpans.ReplaceAllString(text, "")
	switch {
	case m == plain && strings.Contains(prose, "**"):
		out = append(out, "markdown Discord does not render here: **")
	case m != plain && strings.Count(prose, "**")%2 != 0:
		out = append(out, "unbalanced **")
	}
	return out
}

// scanTexts walks a JSON body the bot sent and returns the problems of its
// texts.
func scanTexts(method, route string, body []byte) []TextProblem {
	if len(body) == 0 {
		return nil
	}
	var v any
	if json.Unmarshal(body, &v) != nil {
		return nil
	}
	var out []TextProblem
	var walk func(v any, path, parent, field string)
	walk = func(v any, path, parent, field string) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if skippedFields[k] {
					continue
				}
				if name, ok := strings.CutSuffix(k, "_localizations"); ok {
					// {"name_localizations": {"ru": ...}}: names.
					if loc, ok := x.(map[string]any); ok {
						for l, y := range loc {
							walk(y, join(join(path, k), l), parent, name)
						}
					}
					continue
				}
				if _, ok := x.(map[string]any); ok {
					// footer.text, author.name, data.title: the
					// object's own key decides.
					walk(x, join(path, k), k, k)
					continue
				}
				walk(x, join(path, k), parent, k)
			}
		case []any:
			for i, x := range v {
				walk(x, join(path, fmt.Sprint(i)), field, field)
			}
		case string:
			m, skip := classify(parent, field)
			if skip {
				return
			}
			for _, p := range textProblems(v, m) {
				out = append(out, TextProblem{Method: method, Route: route, Field: path, Text: clipText(v), Problem: p})
			}
		}
	}
	walk(v, "", "", "")
	return out
}

func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

func clipText(s string) string {
	if r := []rune(s); len(r) > 300 {
		return string(r[:300]) + "…"
	}
	return s
}
