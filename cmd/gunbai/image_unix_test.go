//go:build unix

package main

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
)

// The container image without a container engine (issue 31, item 1): the
// Dockerfile's build stage is contrib/image/build.sh (checked here), which
// this test runs; the binary it makes is static (no interpreter, no
// dynamic section, so distroless/static can run it), and it runs as the
// image runs it: with only the files the image holds (the binary, the
// example config, an empty store folder with an empty backups folder) under a temporary root, the
// store folder as its working directory, no HOME, the token in a secret
// file (GUNBAI_TOKEN_FILE, as compose.yaml gives it). It prints its
// version, connects to the fake Discord (the config's api_base, as an
// operator edits it), answers /rule in Russian and English, and on SIGTERM
// stops with exit code 0, the store left on the "volume".
//
// The build takes minutes with a cold build cache (-trimpath compiles
// everything anew), seconds with a warm one: CI runs the script before the
// tests. Not run with -short.
func TestImageBinaryRunsAsDocumented(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the image's binary (go build); not with -short")
	}
	for _, tool := range []string{"bash", "go", "install"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("contrib/image/build.sh needs %s, which is not on PATH", tool)
		}
	}
	checkDockerfileBuildStage(t)
	root := filepath.Join(t.TempDir(), "root")
	build := exec.Command("bash", "../../contrib/image/build.sh", root)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("contrib/image/build.sh: %v\n%s", err, out)
	}
	exe := filepath.Join(root, "usr", "local", "bin", "gunbai")
	checkStatic(t, exe)
	volume := filepath.Join(root, "var", "lib", "gunbai")
	if ents, err := os.ReadDir(volume); err != nil || len(ents) != 1 || ents[0].Name() != "backups" || !ents[0].IsDir() {
		t.Fatalf("the store's folder in the image: %v, %v; want only the folder backups", ents, err)
	}
	if ents, err := os.ReadDir(filepath.Join(volume, "backups")); err != nil || len(ents) != 0 {
		t.Fatalf("the backups' folder in the image: %v, %v; want it empty", ents, err)
	}
	// The environment of the image: no HOME, no Go, no locale (Russian).
	secret := filepath.Join(root, "run", "secrets", "gunbai_token")
	os.MkdirAll(filepath.Dir(secret), 0o755)
	os.WriteFile(secret, []byte("image-token\n"), 0o400)
	env := []string{"PATH=/usr/local/bin", "GUNBAI_TOKEN_FILE=" + secret}
	cmd := exec.Command(exe, "version")
	cmd.Env, cmd.Dir = env, volume
	if out, err := cmd.CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "gunbai ") || !strings.Contains(string(out), "go1.") {
		t.Fatalf("gunbai version: %v: %q", err, out)
	}

	srv := discordtest.New(t)
	if _, err := srv.Session("image-token"); err != nil { // makes the token known to the fake
		t.Fatal(err)
	}
	pl := newSoakPlace(srv, 0, "")
	config := filepath.Join(root, "etc", "gunbai", "config.toml")
	editConfig(t, config, map[string]string{
		"guilds":     `["` + srv.GuildID() + `"]`,
		"api_base":   strconv.Quote(srv.URL() + "/api/v9"),
		"backup_dir": `"backups"`, // as docs/operations.md says for the image
	})
	var log syncBuffer
	cmd = exec.Command(exe, "run", "-config", config)
	cmd.Env, cmd.Dir, cmd.Stdout, cmd.Stderr = env, volume, &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() { cmd.Process.Kill() })
	if !srv.WaitFor(func() bool {
		return len(srv.Interactions().Commands(srv.GuildID())) == len(bot.GuildCommands()) && strings.Contains(log.String(), "connected")
	}, 15*time.Second) {
		t.Fatalf("the image's gunbai did not connect: %s", log.String())
	}
	for _, sd := range pl.sides {
		i := srv.Interactions().SlashCommand(pl.guild, sd.channel, sd.m, "rule", discordtest.StringOpt("id", "R-VIII.4.4"))
		if _, err := srv.Interactions().Dispatch(i); err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"north": "Место в правилах: VIII.", "south": "In the Russian rules: VIII."}[sd.name]
		if !srv.WaitFor(func() bool { return imageAnswered(srv, i.ID, want) }, 10*time.Second) {
			t.Fatalf("%s: /rule not answered with %q: %+v\n%s", sd.name, want, srv.Interactions().Responses(i.ID), log.String())
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		if err != nil || !strings.Contains(log.String(), "shutting down") {
			t.Fatalf("on SIGTERM: %v: %s", err, log.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatalf("gunbai run did not stop on SIGTERM: %s", log.String())
	}
	if st, err := os.Stat(filepath.Join(volume, "gunbai.db")); err != nil || st.Size() == 0 {
		t.Fatalf("no store on the volume after the run: %v", err)
	}
	// gunbai run copies the store into backup_dir once at start.
	if copies, _ := filepath.Glob(filepath.Join(volume, "backups", "gunbai-*.db")); len(copies) != 1 {
		t.Fatalf("backups on the volume after the run: %v; want the one made at start\n%s", copies, log.String())
	}
}

// imageAnswered reports whether the interaction id has an answer saying want.
func imageAnswered(srv *discordtest.Server, id, want string) bool {
	for _, r := range srv.Interactions().Responses(id) {
		if strings.Contains(r.Content, want) {
			return true
		}
	}
	return false
}

// checkDockerfileBuildStage asserts that the Dockerfile's build stage is
// contrib/image/build.sh and that the image takes what the script lays
// out, runs as a non-root user, with the store's folder its volume and
// working directory.
func checkDockerfileBuildStage(t *testing.T) {
	t.Helper()
	b, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	df := string(b)
	for _, want := range []string{
		"\nRUN contrib/image/build.sh /stage\n",
		"\nFROM gcr.io/distroless/static-debian12:nonroot\n",
		"\nCOPY --from=build /stage/usr/local/bin/gunbai /usr/local/bin/gunbai\n",
		"\nCOPY --from=build /stage/etc/gunbai/config.toml /etc/gunbai/config.toml\n",
		"\nCOPY --from=build --chown=65532:65532 /stage/var/lib/gunbai /var/lib/gunbai\n",
		"\nUSER 65532:65532\n",
		"\nWORKDIR /var/lib/gunbai\n",
		"\nVOLUME [\"/var/lib/gunbai\"]\n",
		"\nCMD [\"run\", \"-config\", \"/etc/gunbai/config.toml\"]\n",
	} {
		if !strings.Contains(df, want) {
			t.Errorf("the Dockerfile has no line %q", strings.TrimSpace(want))
		}
	}
	// The build stage builds only through the script: no go build of its own.
	if regexp.MustCompile(`(?m)^RUN .*go build`).MatchString(df) {
		t.Error("the Dockerfile runs go build itself; its build stage must be contrib/image/build.sh, which CI runs")
	}
	sh, err := os.ReadFile("../../contrib/image/build.sh")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(sh), "CGO_ENABLED=0 go build -trimpath ") {
		t.Error("contrib/image/build.sh does not build with CGO_ENABLED=0 and -trimpath")
	}
}

// checkStatic asserts the binary at path needs no dynamic loader.
func checkStatic(t *testing.T, path string) {
	t.Helper()
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
			t.Errorf("%s has a %v program header: not static", path, p.Type)
		}
	}
	if s := f.Section(".dynamic"); s != nil {
		t.Errorf("%s has a .dynamic section: not static", path)
	}
}

// editConfig sets top-level keys of a section's lines in the config file
// (key = value), as an operator edits config.example.toml.
func editConfig(t *testing.T, path string, set map[string]string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for k, v := range set {
		re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(k) + ` = .*$`)
		if !re.MatchString(s) {
			t.Fatalf("config.example.toml has no line %s = ...", k)
		}
		s = re.ReplaceAllLiteralString(s, k+" = "+v)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}
