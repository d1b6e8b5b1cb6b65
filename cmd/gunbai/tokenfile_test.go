package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/config"
	"github.com/gunbai/gunbai/render"
)

// The token of the container's secret and of systemd's credential (issue
// 31, items 1 and 2): GUNBAI_TOKEN first, then the file GUNBAI_TOKEN_FILE
// names, then $CREDENTIALS_DIRECTORY/token, then the config; a named file
// that is missing or empty is a clear error in Russian and English.
func TestImageTokenFile(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "gunbai_token")
	os.WriteFile(secret, []byte("  from-file\n"), 0o600)
	creds := filepath.Join(dir, "creds")
	os.Mkdir(creds, 0o700)
	os.WriteFile(filepath.Join(creds, "token"), []byte("from-credential\n"), 0o600)
	empty := filepath.Join(dir, "empty")
	os.WriteFile(empty, []byte(" \n"), 0o600)
	missing := filepath.Join(dir, "missing")
	cfg := &config.Config{Source: "/etc/gunbai/config.toml", Discord: config.DiscordConfig{Token: "from-config"}}
	for _, c := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"env", map[string]string{"GUNBAI_TOKEN": "from-env"}, "from-env"},
		{"file", map[string]string{"GUNBAI_TOKEN_FILE": secret}, "from-file"},
		{"env wins over file", map[string]string{"GUNBAI_TOKEN": "from-env", "GUNBAI_TOKEN_FILE": secret}, "from-env"},
		{"env wins over a missing file", map[string]string{"GUNBAI_TOKEN": "from-env", "GUNBAI_TOKEN_FILE": missing}, "from-env"},
		{"credential", map[string]string{"CREDENTIALS_DIRECTORY": creds}, "from-credential"},
		{"file wins over credential", map[string]string{"GUNBAI_TOKEN_FILE": secret, "CREDENTIALS_DIRECTORY": creds}, "from-file"},
		{"no credential: the config", map[string]string{"CREDENTIALS_DIRECTORY": dir}, "from-config"},
		{"nothing: the config", nil, "from-config"},
	} {
		getenv := func(k string) string { return c.env[k] }
		got, err := runToken(cfg, getenv, render.RU)
		if err != nil || got != c.want {
			t.Errorf("%s: %q, %v; want %q", c.name, got, err, c.want)
		}
	}
	for _, c := range []struct {
		name string
		file string
		ru   string
		en   string
	}{
		{"missing", missing, "файла с токеном " + missing + " нет", "there is no token file " + missing},
		{"empty", empty, "пуст", "is empty"},
		{"a folder", dir, "не прочесть", "cannot be read"},
	} {
		getenv := func(k string) string { return map[string]string{"GUNBAI_TOKEN_FILE": c.file}[k] }
		for l, want := range map[render.Lang]string{render.RU: c.ru, render.EN: c.en} {
			got, err := runToken(cfg, getenv, l)
			if err == nil || got != "" || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "GUNBAI_TOKEN_FILE") {
				t.Errorf("%s (%s): %q, %v; want an error saying %q and naming GUNBAI_TOKEN_FILE", c.name, l, got, err, want)
			}
		}
	}
}

// gunbai run with GUNBAI_TOKEN_FILE naming no file stops before anything
// else with exit code 2 and says so in the environment's language.
func TestImageRunTokenFileMissing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	os.WriteFile(path, []byte("[store]\npath = "+`"`+filepath.Join(dir, "g.db")+`"`+"\n"), 0o644)
	t.Setenv("GUNBAI_TOKEN", "")
	t.Setenv("GUNBAI_TOKEN_FILE", "/run/secrets/no-such-secret")
	for _, c := range []struct{ lang, want string }{
		{"ru_RU.UTF-8", "файла с токеном /run/secrets/no-such-secret нет"},
		{"en_US.UTF-8", "there is no token file /run/secrets/no-such-secret"},
	} {
		t.Setenv("LANG", c.lang)
		code, out, errs := gunbai("run", "-config", path)
		if code != 2 || out != "" || !strings.Contains(errs, "gunbai run: "+c.want) {
			t.Errorf("%s: exit %d, %q, %q; want 2 and %q", c.lang, code, out, errs, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "g.db")); err == nil {
		t.Error("gunbai run created its store without a token")
	}
}
