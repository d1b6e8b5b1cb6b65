package main

import (
	"bytes"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// gunbai version prints one line and exits 0.
func TestVersionCommand(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 0 || errb.Len() > 0 || !strings.HasPrefix(out.String(), "gunbai ") ||
			strings.Count(out.String(), "\n") != 1 || !strings.Contains(out.String(), runtime.Version()) {
			t.Errorf("%q: code %d, %q %q", args, code, out.String(), errb.String())
		}
	}
}

func TestVersionText(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/gunbai/gunbai", Version: "v0.3.0"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "d5b520f0123"}, {Key: "vcs.time", Value: "2026-01-02T03:04:05Z"}, {Key: "vcs.modified", Value: "true"}}}
	if got, want := versionText(bi, true), "gunbai v0.3.0, revision d5b520f0123 of 2026-01-02T03:04:05Z with uncommitted changes, go1.26.8 "+runtime.GOOS+"/"+runtime.GOARCH; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	bi = &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/gunbai/gunbai", Version: "(devel)"}}
	if got := versionText(bi, true); !strings.HasPrefix(got, "gunbai (devel), no VCS revision recorded, go1.26.8") {
		t.Errorf("devel: %s", got)
	}
	if got := versionText(nil, false); !strings.HasPrefix(got, "gunbai (unknown version") {
		t.Errorf("no build info: %s", got)
	}
}
