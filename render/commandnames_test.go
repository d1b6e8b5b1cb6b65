package render

import (
	"regexp"
	"strings"
	"testing"
)

// Russian texts name commands as a Russian client shows them: every
// "/name" in a Russian text is a command's Russian name, every "/name" in
// an English text its English one; a "word:" right after a command is one
// of that command's options in the same language.
func TestTextsNameCommandsInTheirLanguage(t *testing.T) {
	names := map[Lang]map[string]string{RU: {}, EN: {}} // name -> command key
	opts := map[Lang]map[string]bool{RU: {}, EN: {}}    // "command option"
	for k, m := range catalogue {
		path, ok := strings.CutSuffix(strings.TrimPrefix(k, "cmd."), ".name")
		if !ok {
			continue
		}
		parts := strings.Split(path, ".")
		switch {
		case len(parts) == 1:
			names[RU][m.ru], names[EN][m.en] = parts[0], parts[0]
		case len(parts) == 3 && parts[1] == "opt":
			ru, en := T(RU, "cmd."+parts[0]+".name"), T(EN, "cmd."+parts[0]+".name")
			opts[RU][ru+" "+m.ru], opts[EN][en+" "+m.en] = true, true
		}
	}
	// A mention starts a word ("cell/facing" is a list, not a command).
	mention := regexp.MustCompile(`(?:^|[\s(«“])/([\p{L}_]+)((?: [\p{L}_]+)*)(?: ([\p{L}_]+):)?`)
	for key, m := range catalogue {
		if strings.HasPrefix(key, "cmd.") {
			continue
		}
		for lang, text := range map[Lang]string{RU: m.ru, EN: m.en} {
			for _, at := range mention.FindAllStringSubmatchIndex(text, -1) {
				if strings.HasPrefix(text[at[3]:], "/") {
					continue // a path ("/tmp/out"), not a command
				}
				g := make([]string, len(at)/2)
				for i := range g {
					if at[2*i] >= 0 {
						g[i] = text[at[2*i]:at[2*i+1]]
					}
				}
				if _, ok := names[lang][g[1]]; !ok {
					t.Errorf("%s (%s): %q is not a %s command name", key, lang, "/"+g[1], lang)
					continue
				}
				if g[3] != "" && !opts[lang][g[1]+" "+g[3]] {
					t.Errorf("%s (%s): %q is not an option of /%s", key, lang, g[3], g[1])
				}
			}
		}
	}
}
