package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/gunbai/gunbai/bot/config"
	"github.com/gunbai/gunbai/render"
)

// TokenFileEnv names a file whose trimmed contents are the bot token: where
// docker and compose put a secret (/run/secrets/NAME), so that the token
// need not be in the environment, which `docker inspect` shows.
const TokenFileEnv = "GUNBAI_TOKEN_FILE"

// credentialsEnv is the folder systemd's LoadCredential= fills; a file
// "token" in it is the bot token (contrib/gunbai.service).
const credentialsEnv = "CREDENTIALS_DIRECTORY"

// runToken is the bot token of gunbai run and gunbai commands, first found
// of: GUNBAI_TOKEN; the file GUNBAI_TOKEN_FILE names (which must exist and
// not be empty: naming a file is asking for it); the file "token" in
// $CREDENTIALS_DIRECTORY, if there; [discord] token of the config.
// GUNBAI_TOKEN wins over a file, as it wins over the config. Errors are in
// the language l.
func runToken(cfg *config.Config, getenv func(string) string, l render.Lang) (string, error) {
	if strings.TrimSpace(getenv(config.TokenEnv)) != "" {
		return cfg.Token(getenv)
	}
	if name := strings.TrimSpace(getenv(TokenFileEnv)); name != "" {
		return readTokenFile(name, TokenFileEnv, true, l)
	}
	if dir := strings.TrimSpace(getenv(credentialsEnv)); dir != "" {
		t, err := readTokenFile(filepath.Join(dir, "token"), credentialsEnv, false, l)
		if err != nil || t != "" {
			return t, err
		}
	}
	return cfg.Token(getenv)
}

// readTokenFile reads the token in the file name, which env named. A
// missing file is an error if required, else no token ("", nil).
func readTokenFile(name, env string, required bool, l render.Lang) (string, error) {
	b, err := os.ReadFile(name)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !required:
		return "", nil
	case errors.Is(err, fs.ErrNotExist):
		return "", errors.New(render.T(l, "cli.token_file_missing", name, env))
	case err != nil:
		return "", errors.New(render.T(l, "cli.token_file_bad", name, env, err))
	}
	t := strings.TrimSpace(string(b))
	if t == "" {
		return "", errors.New(render.T(l, "cli.token_file_empty", name, env))
	}
	return t, nil
}
