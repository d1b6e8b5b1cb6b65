package render

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gunbai/gunbai/engine"
)

// ProblemText explains an illegal order to the player: the unit, what is
// wrong, and the rule that forbids it, e.g.
// "Отряд hc: бегущий отряд может получить только приказ «Перегруппировка» (R-VI.3.6)."
// A code without a text gets a generic message that names the code.
func ProblemText(lang Lang, p *engine.Problem) string {
	if p == nil {
		return ""
	}
	var s string
	key := "prob." + p.Code
	if p.Code == "" || !has(key) || key == "prob.unit_prefix" || key == "prob.generic" {
		s = T(lang, "prob.generic", quoteArg(lang, p.Code))
	} else if strings.Contains(catalogue[key].ru, "%") { // it takes the problem's argument
		s = T(lang, key, problemArg(lang, p))
	} else {
		s = T(lang, key)
	}
	if p.Unit != "" && p.Code == engine.ProbLeaderMove {
		s = T(lang, "prob.leader_prefix", p.Unit, s)
	} else if p.Unit != "" {
		s = T(lang, "prob.unit_prefix", p.Unit, s)
	} else {
		s = capitalize(s)
	}
	if p.Rule != "" {
		s += " (" + p.Rule + ")"
	}
	return s + "."
}

// ProblemsText is one line per problem.
func ProblemsText(lang Lang, ps []*engine.Problem) string {
	lines := make([]string, 0, len(ps))
	for _, p := range ps {
		if p != nil {
			lines = append(lines, ProblemText(lang, p))
		}
	}
	return strings.Join(lines, "\n")
}

// problemArg localizes the argument of a problem: order keys become order
// names, everything else is shown as given.
func problemArg(lang Lang, p *engine.Problem) string {
	if p.Arg == "" {
		return "?"
	}
	switch p.Code {
	case engine.ProbNeedsSpecial, engine.ProbNotSupported:
		return orderNameByKey(lang, p.Arg)
	case engine.ProbLeaderMove:
		if has("prob.leader_move." + p.Arg) {
			return T(lang, "prob.leader_move."+p.Arg)
		}
	case engine.ProbShinobi, engine.ProbBanner:
		if key := "prob." + p.Code + "." + p.Arg; has(key) {
			return T(lang, key)
		}
	case engine.ProbShields:
		if has("prob.shields." + p.Arg) {
			return T(lang, "prob.shields."+p.Arg)
		}
	case engine.ProbOverBudget:
		if has("prob.budget." + p.Arg) {
			return T(lang, "prob.budget."+p.Arg)
		}
	}
	return p.Arg
}

// quoteArg quotes a code the way each language quotes.
func quoteArg(lang Lang, s string) string {
	if s == "" {
		s = "?"
	}
	if lang == EN {
		return "“" + s + "”"
	}
	return "«" + s + "»"
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
