// Command gunbai runs the Gunbai battle bot and its offline tools.
//
//	gunbai run [-config FILE]           the Discord bot (token in the config or GUNBAI_TOKEN)
//	gunbai demo [-out DIR] [-turns N]   play a built-in battle offline: PNGs and logs
//	gunbai case [--json] FILE...        run engine case files (design/CASES.md)
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/gunbai/gunbai/engine/cases"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "run":
		return runMain(args[1:], stdout, stderr)
	case "demo":
		return demoMain(args[1:], stdout, stderr)
	case "case":
		return cases.Main(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "gunbai: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage:
  gunbai run [-config FILE]           run the Discord bot (token in the config or GUNBAI_TOKEN)
  gunbai demo [-out DIR] [-turns N]   play a built-in battle offline; writes DIR/turn-N.png and logs
  gunbai case [--json] FILE...        run engine case files (see engine/testdata/cases/README.md)
`)
}
