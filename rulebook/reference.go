package rulebook

import (
	"fmt"
	"strings"
)

// The rules reference of docs/rules.en.md and docs/rules.ru.md, and of
// gunbai rules: every rule and decision, whole, in one language.

// sectionTitles are the titles of the sections of the rules, by the
// section part of the R- IDs, in English (RULES.md) and Russian (the
// original).
var sectionTitles = []struct{ key, en, ru string }{
	{"T", "Terminology", "Терминология"},
	{"I", "I. General", "I. Общее"},
	{"II", "II. Troops", "II. Войска"},
	{"III", "III. HQ and leaders", "III. Ставка полководца и предводители"},
	{"IV", "IV. Deployment turn", "IV. Ход расстановки"},
	{"V", "V. Battle turn: command phase", "V. Боевой ход — фаза командования"},
	{"VI", "VI. Orders", "VI. Приказы"},
	{"VII", "VII. Execution phases", "VII. Фазы исполнения"},
	{"VIII", "VIII. Combat (melee)", "VIII. Бой"},
	{"IX", "IX. Shooting", "IX. Обстрел"},
	{"X", "X. Retreat and rout", "X. Отступление и бегство"},
	{"XI", "XI. Terrain", "XI. Местность"},
}

// sectionOf splits an R- ID into its section and subsection:
// "R-VIII.4.4" gives "VIII", "VIII.4"; a D- ID gives "", "".
func sectionOf(id string) (sec, sub string) {
	rest, ok := strings.CutPrefix(id, "R-")
	if !ok {
		return "", ""
	}
	parts := strings.Split(rest, ".")
	if len(parts) < 2 {
		return parts[0], rest
	}
	return parts[0], parts[0] + "." + parts[1]
}

func ru(locale string) bool { return strings.HasPrefix(strings.ToLower(locale), "ru") }

// Entry writes one rule or decision, whole, as Markdown: its ID in bold,
// its text, and (for an R- rule in English, for every entry in Russian)
// its place in the Russian original.
func (r Rule) Entry(locale string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** %s\n", r.ID, r.Full(locale))
	switch {
	case ru(locale):
		fmt.Fprintf(&b, "\n*Место в оригинале:* %s.\n", strings.TrimSuffix(r.Place, "."))
	case strings.HasPrefix(r.ID, "R-"):
		fmt.Fprintf(&b, "\n*In the Russian original:* %s.\n", strings.TrimSuffix(r.Place, "."))
	}
	return b.String()
}

// Reference is the whole rulebook as one Markdown document in the language
// of a locale (Russian for "ru", English otherwise): the R- rules by
// section and subsection, then the D- decisions, each whole.
func Reference(locale string) string {
	r := ru(locale)
	var b strings.Builder
	if r {
		b.WriteString(`# Правила Гунбая: справочник

<!-- Создано из rulebook/rules.tsv тестом TestReference (rulebook/reference_test.go); не править руками:
go test ./rulebook/ -run TestReference -update -->

Все правила (R-) и решения (D-), по которым играет Гунбай, на русском: для правил — текст
русского оригинала и его место, для решений справочника — их перевод. Журналы ходов, ` + "`/правило`" + ` в Discord и
` + "`gunbai rules`" + ` ссылаются на эти номера. English: [rules.en.md](rules.en.md).

`)
	} else {
		b.WriteString(`# The rules of Gunbai: the reference

<!-- Generated from rulebook/rules.tsv by TestReference (rulebook/reference_test.go); do not edit:
go test ./rulebook/ -run TestReference -update -->

Every rule (R-) and decision (D-) Gunbai plays by, in English, each rule with its place in the
Russian original. The turn logs, ` + "`/rule`" + ` in Discord and ` + "`gunbai rules`" + ` cite these IDs.
По-русски: [rules.ru.md](rules.ru.md).

`)
	}
	lastSec, lastSub := "", ""
	decisions := false
	for _, rule := range All() {
		sec, sub := sectionOf(rule.ID)
		if sec == "" && !decisions {
			decisions = true
			if r {
				b.WriteString("## Решения справочника\n\n")
			} else {
				b.WriteString("## Decisions\n\n")
			}
		}
		if sec != "" && sec != lastSec {
			lastSec = sec
			title := sec
			for _, t := range sectionTitles {
				if t.key == sec {
					title = t.en
					if r {
						title = t.ru
					}
				}
			}
			fmt.Fprintf(&b, "## %s\n\n", title)
		}
		if sec != "" && sub != lastSub {
			lastSub = sub
			if r || rule.Section == "" {
				fmt.Fprintf(&b, "### R-%s\n\n", sub)
			} else {
				fmt.Fprintf(&b, "### R-%s %s\n\n", sub, rule.Section)
			}
		}
		b.WriteString(rule.Entry(locale))
		b.WriteString("\n")
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}
