package render

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/rulebook"
)

// Rule citations are in one style per language: Russian as the original
// rulebook numbers a rule ("VIII.4.4") and a decision as "реш. D-58";
// English as RULES.md ("R-VIII.4.4", "D-58"). A citation of the other
// style, or a ladder step as the code numbers it ("P8"), is a slip.
var (
	ruIDRE       = regexp.MustCompile(`\bR-[IVXT]`)
	ruDecisionRE = regexp.MustCompile(`D-\d`)
	ruDecisionOK = regexp.MustCompile(`реш\. D-\d`)
	enBareRE     = regexp.MustCompile(`(^|[\[( ])[IVX]+\.\d`)
	codeStepRE   = regexp.MustCompile(`\bP\d+\b`)
)

func citationSlips(lang Lang, s string) []string {
	var out []string
	if lang == RU {
		if ruIDRE.MatchString(s) {
			out = append(out, "an R- ID in Russian")
		}
		if len(ruDecisionRE.FindAllString(s, -1)) != len(ruDecisionOK.FindAllString(s, -1)) {
			out = append(out, "a decision without «реш.» in Russian")
		}
	} else {
		if strings.Contains(s, "реш") {
			out = append(out, "«реш.» in English")
		}
		if enBareRE.MatchString(s) {
			out = append(out, "a rule without R- in English")
		}
	}
	return out
}

func TestRuleCitationsOneStylePerLanguage(t *testing.T) {
	for key, m := range catalogue {
		if strings.HasPrefix(key, "roll.") {
			continue // keys named by rule IDs; their texts cite none
		}
		for _, lt := range []struct {
			lang Lang
			text string
		}{{RU, m.ru}, {EN, m.en}} {
			for _, slip := range citationSlips(lt.lang, lt.text) {
				t.Errorf("%s (%s): %s: %q", key, lt.lang, slip, lt.text)
			}
		}
	}
	// Every rule of the reference as /rule shows it, and every citation
	// a log or a refusal makes.
	for _, r := range rulebook.All() {
		for lang, text := range map[Lang]string{RU: RuleRef(RU, r.ID) + " — " + RuleText(RU, r.RU), EN: RuleRef(EN, r.ID) + " — " + RuleText(EN, r.EN)} {
			for _, slip := range citationSlips(lang, text) {
				// RULES.md's English names the original's own sections
				// ("VI.2–VI.6") where it speaks of its numbering.
				if lang == RU || !strings.HasPrefix(slip, "a rule without R-") {
					t.Errorf("/rule %s (%s): %s: %q", r.ID, lang, slip, text)
				}
			}
			if codeStepRE.MatchString(text) {
				t.Errorf("/rule %s (%s): a step as the code numbers it: %q", r.ID, lang, text)
			}
		}
	}
	p := &engine.Problem{Code: engine.ProbFixCell, Rule: "D-03", Arg: "A1"}
	if got := ProblemText(RU, p); !strings.HasSuffix(got, "(реш. D-03).") {
		t.Errorf("a refusal in Russian: %q", got)
	}
	p.Rule = "R-VI.3.6"
	if ru, en := ProblemText(RU, p), ProblemText(EN, p); !strings.HasSuffix(ru, "(VI.3.6).") || !strings.HasSuffix(en, "(R-VI.3.6).") {
		t.Errorf("a refusal: %q, %q", ru, en)
	}
}

// /rule D-36 shows the rule as the rulebook has it: no step numbers of
// the code.
func TestRuleTextD36(t *testing.T) {
	r, _ := rulebook.Lookup("D-36")
	if got := RuleText(EN, r.EN); !strings.Contains(got, "takes effect at the start of the phase in which the order executes") || !strings.Contains(got, "(Hold, at R-VII.2.8)") || !strings.Contains(got, "classified R-VII.2.2–R-VII.2.8") {
		t.Errorf("in English: %q", got)
	}
	if got := RuleText(RU, r.RU); !strings.Contains(got, "начинает действовать в начале фазы, в которой") || !strings.Contains(got, "на VII.2.8") || !strings.Contains(got, "по VI.3.3") {
		t.Errorf("in Russian: %q", got)
	}
}
