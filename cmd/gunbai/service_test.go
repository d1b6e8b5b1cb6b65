package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// unitFile is a systemd unit's keys by section ("Service.Restart"), each
// with its values in order (a key may be given more than once).
type unitFile map[string][]string

// parseUnit reads a unit file: [Section] lines, Key=Value lines, comments
// (# or ;) and blank lines. Continuation lines are not used by ours and
// are refused.
func parseUnit(t *testing.T, path string) unitFile {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	u := unitFile{}
	section := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		ln := strings.TrimSpace(sc.Text())
		switch {
		case ln == "" || strings.HasPrefix(ln, "#") || strings.HasPrefix(ln, ";"):
		case strings.HasPrefix(ln, "[") && strings.HasSuffix(ln, "]"):
			section = ln[1 : len(ln)-1]
		case strings.HasSuffix(ln, `\`):
			t.Fatalf("%s:%d: a continued line", path, n)
		default:
			k, v, ok := strings.Cut(ln, "=")
			if !ok || section == "" {
				t.Fatalf("%s:%d: not a key=value line in a section: %q", path, n, ln)
			}
			u[section+"."+strings.TrimSpace(k)] = append(u[section+"."+strings.TrimSpace(k)], strings.TrimSpace(v))
		}
	}
	return u
}

// contrib/gunbai.service (issue 31, item 2) says what docs/operations.md
// promises: it restarts on failure, stops by SIGTERM with a timeout, runs
// gunbai run on the documented config in the store's folder, takes the
// token as a credential (which gunbai reads: TestImageTokenFile), and is
// hardened; the paths and the install command of the unit are the docs'
// (both languages). systemd-analyze verify, where installed, finds
// nothing wrong with it.
func TestServiceUnit(t *testing.T) {
	const path = "../../contrib/gunbai.service"
	u := parseUnit(t, path)
	want := map[string]string{
		"Unit.After":                      "network-online.target",
		"Unit.Wants":                      "network-online.target",
		"Service.ExecStart":               "/usr/local/bin/gunbai run -config /etc/gunbai/config.toml",
		"Service.Restart":                 "on-failure",
		"Service.KillSignal":              "SIGTERM",
		"Service.TimeoutStopSec":          "30",
		"Service.DynamicUser":             "yes",
		"Service.StateDirectory":          "gunbai gunbai/backups",
		"Service.WorkingDirectory":        "/var/lib/gunbai",
		"Service.ReadWritePaths":          "/var/lib/gunbai",
		"Service.LoadCredential":          "token:/etc/gunbai/token",
		"Service.NoNewPrivileges":         "yes",
		"Service.ProtectSystem":           "strict",
		"Service.ProtectHome":             "yes",
		"Service.PrivateTmp":              "yes",
		"Service.PrivateDevices":          "yes",
		"Service.ProtectKernelTunables":   "yes",
		"Service.ProtectKernelModules":    "yes",
		"Service.ProtectKernelLogs":       "yes",
		"Service.ProtectControlGroups":    "yes",
		"Service.RestrictAddressFamilies": "AF_INET AF_INET6 AF_UNIX",
		"Service.SystemCallFilter":        "@system-service",
		"Service.CapabilityBoundingSet":   "",
		"Service.AmbientCapabilities":     "",
		"Service.MemoryDenyWriteExecute":  "yes",
		"Service.LockPersonality":         "yes",
		"Install.WantedBy":                "multi-user.target",
	}
	for k, v := range want {
		if got := u[k]; len(got) != 1 || got[0] != v {
			t.Errorf("%s: %s=%q; want %q once", path, k, got, v)
		}
	}
	// Nothing hands the token in the environment.
	for _, k := range []string{"Service.Environment", "Service.EnvironmentFile", "Service.User"} {
		if len(u[k]) != 0 {
			t.Errorf("%s: %s=%q: the token is a credential, the user dynamic", path, k, u[k])
		}
	}
	unit, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const install = "sudo install -D -m 644 contrib/gunbai.service /etc/systemd/system/gunbai.service && sudo systemctl daemon-reload && sudo systemctl enable --now gunbai"
	for _, doc := range []string{"docs/operations.md", "docs/operations.ru.md"} {
		text := readRepo(t, doc)
		for _, s := range []string{install, "contrib/gunbai.service", "/usr/local/bin/gunbai run -config /etc/gunbai/config.toml",
			"/var/lib/gunbai", "/var/lib/gunbai/backups", "LoadCredential=token:/etc/gunbai/token", "/etc/gunbai/token",
			"Restart=on-failure", "KillSignal=SIGTERM", "TimeoutStopSec=30", "DynamicUser=yes", "StateDirectory=gunbai"} {
			if !strings.Contains(text, s) {
				t.Errorf("%s does not say %q, which contrib/gunbai.service does", doc, s)
			}
			if !strings.Contains(string(unit), strings.TrimPrefix(s, "contrib/gunbai.service")) {
				t.Errorf("%s does not say %q, which %s does", path, s, doc)
			}
		}
	}
	verifyUnit(t, string(unit))
}

// verifyUnit runs systemd-analyze verify on the unit, its ExecStart
// pointed at an executable that exists here (this test's binary): any
// word it prints is a mistake (it exits 0 on a key it ignores).
func verifyUnit(t *testing.T, unit string) {
	t.Helper()
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Log("systemd-analyze is not installed: the unit is not verified by systemd")
		return
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(t.TempDir(), "gunbai.service")
	os.WriteFile(tmp, []byte(strings.Replace(unit, "ExecStart=/usr/local/bin/gunbai ", "ExecStart="+self+" ", 1)), 0o644)
	out, err := exec.Command(analyze, "verify", tmp).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "" {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}
