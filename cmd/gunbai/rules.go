package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/rulebook"
)

func rulesHelp() string {
	return `usage: gunbai rules [-lang ru|en] [ID]

Prints the rules Gunbai plays by, from the rulebook built into it: every
rule (R-) by section and every decision (D-), whole, each rule with its
place in the Russian original, as Markdown; with an ID, that rule or
decision alone. The same text is docs/rules.ru.md and docs/rules.en.md;
in Discord, /rule gives one rule. An ID that is not there is an error
(exit status 1).

examples:
  gunbai rules | less
  gunbai rules -lang en R-VIII.4.4
  gunbai rules D-34

flags:
  -lang ru|en
    	language of the rules and of the errors (default "ru")
`
}

func rulesMain(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("rules", stderr)
	lang := flags.String("lang", string(render.RU), "language of the rules: ru or en")
	pos, code, ok := parseArgs(flags, args, rulesHelp, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) > 1 {
		fmt.Fprint(stderr, "gunbai rules: want at most one ID\n\n"+rulesHelp())
		return 2
	}
	l, ok := parseLang("rules", *lang, stderr)
	if !ok {
		return 2
	}
	if len(pos) == 0 {
		fmt.Fprint(stdout, rulebook.Reference(string(l)))
		return 0
	}
	r, found := rulebook.Lookup(pos[0])
	if !found {
		return fail(stderr, "rules", l, errors.New(render.T(l, "cli.rules_unknown", pos[0])))
	}
	fmt.Fprint(stdout, r.Entry(string(l)))
	return 0
}
