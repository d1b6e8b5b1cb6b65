// Command gunbai runs the Gunbai battle bot and its offline tools.
//
//	gunbai run [-config FILE]                          the Discord bot (token in the config or GUNBAI_TOKEN)
//	gunbai doctor [-config FILE] [-lang ru|en]         check the setup: token, guilds, channels, store, backups, clock
//	gunbai sandbox [-addr ADDR] [-store FILE]          play in a browser: the real bot on an embedded Discord
//	gunbai demo [-out DIR] [-turns N] [-ai SIDE]       play a built-in battle offline: PNGs and logs
//	gunbai arena [-a POLICY] [-b POLICY] [-battles N] [-full]  policies played against each other: wins, rating, decision time
//	gunbai case [--json] FILE...                       run engine case files (engine/testdata/cases/README.md)
//	gunbai commands [-json]                            the slash commands, as registered in Discord
//	gunbai commands -register [-config FILE]           register them in the configured guilds
//	gunbai why [-lang ru|en] STORE BATTLE TURN UNIT    what happened to a unit in a turn (the GM's /why)
//	gunbai verify [-lang ru|en] FILE                   recompute every die of a store or an export, check its journal
//	gunbai export [-lang ru|en] STORE [BATTLE]         battles as JSON for gunbai verify (the turn under way left out)
//	gunbai backup [-force] [-lang ru|en] STORE COPY    a hot copy of a store, safe while the bot runs
//	gunbai reshard -shards N [-ids RANGE] NEW OLD...   a store for a new shard count, from the old ones
//	gunbai rules [-lang ru|en] [ID]                    the rulebook, whole, or one rule or decision
//	gunbai version                                     the version and VCS revision of this build
//	gunbai help [COMMAND]                              this list, or one command's usage
//
// Every command's -h prints its usage with an example.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gunbai/gunbai/engine/cases"
	"github.com/gunbai/gunbai/render"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// subcommand is one command of gunbai.
type subcommand struct {
	name string
	// list are its lines in gunbai's usage: the synopsis without
	// "gunbai ", and the catalogue's key of what it does in a few words.
	list [][2]string
	// help is the whole -h text in a language: usage, a paragraph,
	// examples, flags.
	help func(render.Lang) string
	main func(args []string, stdout, stderr io.Writer) int
	// flags: main parses its arguments with parseFlags, which answers -h
	// itself; otherwise run answers -h before calling main.
	flags bool
}

func subcommands() []subcommand {
	return []subcommand{
		{name: "run", list: [][2]string{{"run [-config FILE]", "cli.list.run"}},
			help: runHelp, main: runMain, flags: true},
		{name: "doctor", list: [][2]string{{"doctor [-config FILE] [-lang ru|en]", "cli.list.doctor"}},
			help: doctorHelp, main: doctorMain, flags: true},
		{name: "sandbox", list: [][2]string{{"sandbox [-addr ADDR] [-store FILE]", "cli.list.sandbox"}},
			help: sandboxHelp, main: sandboxMain, flags: true},
		{name: "demo", list: [][2]string{{"demo [-out DIR] [-turns N] [-ai north|south]", "cli.list.demo"}},
			help: demoHelp, main: demoMain},
		{name: "arena", list: [][2]string{{"arena [-a POLICY] [-b POLICY] [-battles N] [-full] [-json]", "cli.list.arena"}},
			help: arenaHelp, main: arenaMain, flags: true},
		{name: "case", list: [][2]string{{"case [--json] FILE...", "cli.list.case"}},
			help: caseHelp, main: cases.Main},
		{name: "commands", list: [][2]string{
			{"commands [-json]", "cli.list.commands"},
			{"commands -register [-config FILE]", "cli.list.commands_register"},
		}, help: commandsHelp, main: commandsMain, flags: true},
		{name: "why", list: [][2]string{{"why [-lang ru|en] STORE BATTLE TURN UNIT", "cli.list.why"}},
			help: whyHelp, main: whyMain, flags: true},
		{name: "verify", list: [][2]string{{"verify [-lang ru|en] FILE", "cli.list.verify"}},
			help: verifyHelp, main: verifyMain, flags: true},
		{name: "export", list: [][2]string{{"export [-lang ru|en] STORE [BATTLE]", "cli.list.export"}},
			help: exportHelp, main: exportMain, flags: true},
		{name: "backup", list: [][2]string{{"backup [-force] [-lang ru|en] STORE COPY", "cli.list.backup"}},
			help: backupHelp, main: backupMain, flags: true},
		{name: "reshard", list: [][2]string{{"reshard -shards N [-ids RANGE] [-lang ru|en] NEW OLD...", "cli.list.reshard"}},
			help: reshardHelp, main: reshardMain, flags: true},
		{name: "rules", list: [][2]string{{"rules [-lang ru|en] [ID]", "cli.list.rules"}},
			help: rulesHelp, main: rulesMain, flags: true},
		{name: "version", list: [][2]string{{"version", "cli.list.version"}},
			help: versionHelp, main: versionMain, flags: true},
	}
}

func find(name string) (subcommand, bool) {
	for _, c := range subcommands() {
		if c.name == name {
			return c, true
		}
	}
	return subcommand{}, false
}

func run(args []string, stdout, stderr io.Writer) int {
	l := argsLang(args)
	// A -lang before the command ("gunbai -lang en help why") is the
	// language of the list and of help; it goes on to the command.
	var lang []string
	for len(args) > 0 && (args[0] == "-lang" || args[0] == "--lang" || strings.HasPrefix(args[0], "-lang=") || strings.HasPrefix(args[0], "--lang=")) {
		n := 1
		if !strings.Contains(args[0], "=") && len(args) > 1 {
			n = 2
		}
		lang, args = append(lang, args[:n]...), args[n:]
	}
	if len(args) == 0 {
		usage(stderr, l)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		// "gunbai help -h" and "gunbai help help" are the list itself.
		if len(args) > 1 && !wantsHelp(args[1:2]) && args[1] != "help" && !strings.HasPrefix(args[1], "-") {
			c, ok := find(args[1])
			if !ok {
				fmt.Fprintln(stderr, render.T(l, "cli.unknown_help", args[1]))
				usage(stderr, l)
				return 2
			}
			fmt.Fprint(stdout, c.help(l))
			return 0
		}
		usage(stdout, l)
		return 0
	case "-version", "--version":
		args = append([]string{"version"}, args[1:]...)
	}
	c, ok := find(args[0])
	if !ok {
		fmt.Fprintln(stderr, render.T(l, "cli.unknown_cmd", args[0]))
		usage(stderr, l)
		return 2
	}
	if !c.flags && wantsHelp(args[1:]) {
		fmt.Fprint(stdout, c.help(l))
		return 0
	}
	return c.main(append(lang, args[1:]...), stdout, stderr)
}

// wantsHelp reports whether a -h, -help or --help comes before "--".
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

func usage(w io.Writer, l render.Lang) {
	var b strings.Builder
	b.WriteString(render.T(l, "cli.usage") + "\n")
	line := func(syn, what string) {
		if len(syn) > 34 {
			// A long synopsis on a line of its own, what it does below.
			fmt.Fprintf(&b, "  gunbai %s\n  %-41s %s\n", syn, "", what)
			return
		}
		fmt.Fprintf(&b, "  gunbai %-34s %s\n", syn, what)
	}
	for _, c := range subcommands() {
		for _, it := range c.list {
			line(it[0], render.T(l, it[1]))
		}
	}
	line("help [COMMAND]", render.T(l, "cli.list.help"))
	b.WriteString("\n" + render.T(l, "cli.example") + "\n" + render.T(l, "cli.examples"))
	fmt.Fprint(w, b.String())
}

// newFlags is a flag set whose -h is answered by parseFlags.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args. With -h it prints help to stdout and returns 0,
// false; on a bad flag (already reported on stderr by the flag package) it
// adds the usage line and returns 2, false; with arguments the command
// takes none of, likewise.
func parseFlags(fs *flag.FlagSet, args []string, help func(render.Lang) string, stdout, stderr io.Writer) (int, bool) {
	l := argsLang(args)
	err := fs.Parse(args)
	switch {
	case err == flag.ErrHelp:
		fmt.Fprint(stdout, help(l))
		return 0, false
	case err != nil:
		fmt.Fprintf(stderr, "%s%s\n", firstLine(help(l)), render.T(l, "cli.help_for", fs.Name()))
		return 2, false
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "%s\n%s%s\n", render.T(l, "cli.unexpected_arg", fs.Name(), fs.Arg(0)), firstLine(help(l)), render.T(l, "cli.help_for", fs.Name()))
		return 2, false
	}
	return 0, true
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line + "\n"
}

// flagsText is what fs.PrintDefaults prints, in language l: each flag's
// text is the catalogue's "cli.flag.<command>.<flag>".
func flagsText(fs *flag.FlagSet, l render.Lang) string {
	fs.VisitAll(func(f *flag.Flag) { f.Usage = render.T(l, "cli.flag."+fs.Name()+"."+f.Name) })
	var b strings.Builder
	fs.SetOutput(&b)
	fs.PrintDefaults()
	return strings.ReplaceAll(b.String(), "(default ", render.T(l, "cli.flag_default"))
}

func demoHelp(l render.Lang) string { return render.T(l, "cli.help.demo", len(demoOrders)) }

func caseHelp(l render.Lang) string { return render.T(l, "cli.help.case") }
