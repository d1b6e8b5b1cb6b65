package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/rulebook"
)

func rulesHelp(l render.Lang) string { return render.T(l, "cli.help.rules") }

func rulesMain(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("rules", stderr)
	lang := flags.String("lang", string(envLang()), "language of the rules: ru or en")
	pos, code, ok := parseArgs(flags, args, rulesHelp, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) > 1 {
		fmt.Fprint(stderr, "gunbai rules: want at most one ID\n\n"+rulesHelp(argsLang(args)))
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
