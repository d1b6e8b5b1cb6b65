package render

import (
	"regexp"
	"strconv"
	"strings"
)

// Texts of the rules reference (/rule): a rule's text as the rulebook has
// it, cited in the reader's style.

var (
	// ruleCiteRE finds a rule ID of RULES.md in a text: "R-VIII.4.4",
	// "R-T.1.1", "D-58", with a Russian "реш. " before a decision already
	// so cited.
	ruleCiteRE = regexp.MustCompile(`(реш\. )?\b(R-[IVXT][IVX]*(?:\.\d+)*|D-\d+)\b`)
	// stepLeadRE is the step label a rule of the ladder starts with ("P8. ").
	stepLeadRE = regexp.MustCompile(`^P\d+\.\s+`)
	// stepStartRE is the first step, told with the start of the phase it is.
	stepStartRE = regexp.MustCompile(`(?:at step P0, the start|на шаге P0, в начале)`)
	// stepRE is a step of the priority ladder as the code numbers it: P0-P10.
	stepRE = regexp.MustCompile(`\bP(\d+)\b`)
)

// RuleText writes a rule's text for the reader: its citations of other
// rules in his language's style (RuleRef), and the steps of the priority
// ladder, which the code and RULES.md number P0-P10, as the rules that
// state them (R-VII.2.1-10; P0, the start of the phase, is D-46's).
func RuleText(lang Lang, text string) string {
	text = stepLeadRE.ReplaceAllString(strings.TrimSpace(text), "")
	text = stepStartRE.ReplaceAllStringFunc(text, func(m string) string {
		if strings.HasPrefix(m, "at") {
			return "at the start"
		}
		return "в начале"
	})
	text = stepRE.ReplaceAllStringFunc(text, func(m string) string {
		n, _ := strconv.Atoi(m[1:])
		switch {
		case n == 0:
			return T(lang, "rule.step_start")
		case n <= 10:
			return "R-VII.2." + strconv.Itoa(n)
		}
		return m
	})
	return ruleCiteRE.ReplaceAllStringFunc(text, func(m string) string {
		m = strings.TrimPrefix(m, "реш. ")
		return RuleRef(lang, m)
	})
}

var ruleTexts = texts{
	"rule.step_start": {"начало фазы (до VII.2.1, реш. D-46)", "the start of the phase (before R-VII.2.1, D-46)"},
}
