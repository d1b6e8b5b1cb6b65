package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/gunbai/gunbai/render"
)

func versionHelp(l render.Lang) string { return render.T(l, "cli.help.version") }

func versionMain(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("version", stderr)
	if code, ok := parseFlags(flags, args, versionHelp, stdout, stderr); !ok {
		return code
	}
	bi, ok := debug.ReadBuildInfo()
	fmt.Fprintln(stdout, versionText(bi, ok))
	return 0
}

// versionText is one line: the module version ("(devel)" for go run and
// for builds outside a tagged module), the VCS revision, its time and
// whether the tree had uncommitted changes, and the Go version.
func versionText(bi *debug.BuildInfo, ok bool) string {
	goVersion := runtime.Version()
	if !ok || bi == nil {
		return fmt.Sprintf("gunbai (unknown version: built without module information), %s %s/%s", goVersion, runtime.GOOS, runtime.GOARCH)
	}
	if bi.GoVersion != "" {
		goVersion = bi.GoVersion
	}
	version := bi.Main.Version
	if version == "" {
		version = "(devel)"
	}
	set := map[string]string{}
	for _, s := range bi.Settings {
		set[s.Key] = s.Value
	}
	var b strings.Builder
	b.WriteString("gunbai " + version)
	if rev := set["vcs.revision"]; rev != "" {
		b.WriteString(", revision " + rev)
		if t := set["vcs.time"]; t != "" {
			b.WriteString(" of " + t)
		}
		if set["vcs.modified"] == "true" {
			b.WriteString(" with uncommitted changes")
		}
	} else {
		b.WriteString(", no VCS revision recorded")
	}
	fmt.Fprintf(&b, ", %s %s/%s", goVersion, runtime.GOOS, runtime.GOARCH)
	return b.String()
}
