// Package config reads gunbai's TOML configuration (see config.example.toml
// at the root of the repository).
//
// Decoding is strict: an unknown key, a value of the wrong type or a value
// out of range is an error that names the file, line, column and key, e.g.
//
//	config.toml:7:1: unknown key "discord.tokn" (did you mean "discord.token"?)
//	config.toml:12:18: battle.default_locale: unknown locale "de" (want "ru" or "en")
//
// Keys left out of the file keep their Default values.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"
)

// TokenEnv is the environment variable that overrides [discord] token.
const TokenEnv = "GUNBAI_TOKEN"

// Locales are the languages gunbai speaks; the first is the default.
var Locales = []string{"ru", "en"}

// Config is the whole configuration.
type Config struct {
	// Source names where the configuration came from (the file name given
	// to Load or Parse, "defaults" for Default); used in messages.
	Source string

	Discord DiscordConfig
	Store   StoreConfig
	Battle  BattleConfig
	Ops     OpsConfig
}

// DiscordConfig is [discord].
type DiscordConfig struct {
	// Token is the bot token. It may be empty when GUNBAI_TOKEN is set;
	// read it with Config.Token, which applies the override.
	Token string
	// ApplicationID is the Discord application (snowflake) ID that
	// `gunbai commands -register` registers the commands of. Empty: the bot
	// user's ID, which is the application ID of every bot made since 2019.
	// The running bot takes its application from Discord's READY.
	ApplicationID string
	// Guilds are the guild IDs to register slash commands in (as guild
	// commands, effective at once). Empty: every guild the bot is in.
	Guilds []string
	// GMRole is the ID or the name of the role whose members act as game
	// masters.
	GMRole string
	// APIBase is the base URL of Discord's HTTP API, without a trailing
	// slash: DefaultAPIBase, or a self-hosted proxy or a test harness
	// that serves the same paths. The gateway follows: the bot asks
	// APIBase for GET /gateway and dials the websocket URL the answer
	// names.
	APIBase string
	// Shards is the total number of gateway shards every gunbai process
	// of the bot uses: AutoShards for "auto" (as many as Discord
	// recommends, GET /gateway/bot), else a count (default 1).
	Shards int
	// ShardIDs are the shards this process runs, ascending (shard_ids
	// "0-3" is 0, 1, 2, 3). Empty: all of them.
	ShardIDs []int
}

// AutoShards is DiscordConfig.Shards for shards = "auto".
const AutoShards = -1

// DefaultAPIBase is Discord's own HTTP API, the version discordgo speaks.
const DefaultAPIBase = defaultAPIBase

const defaultAPIBase = "https://discord.com/api/v9"

// StoreConfig is [store].
type StoreConfig struct {
	Path        string        // the bbolt file
	OpenTimeout time.Duration // how long to wait for the file lock
	// BackupDir, if set, is the folder gunbai run copies the store into
	// every BackupEvery (and when it starts), keeping the BackupKeep
	// newest copies.
	BackupDir   string
	BackupEvery time.Duration
	BackupKeep  int
}

// BattleConfig is [battle].
type BattleConfig struct {
	TurnDeadline  time.Duration // how long clans have to give their orders
	DefaultLocale string        // one of Locales
	// Scenarios are files of prepared battles (armies, terrain, HQs,
	// leaders) in the case-file format of engine/testdata/cases/README.md,
	// one [[case]] per scenario, which /battle create offers beside the
	// built-in ones. Load resolves relative paths from the folder of the
	// config file; Parse leaves them as written.
	Scenarios []string
}

// Default returns the configuration used for keys the file leaves out.
func Default() *Config {
	return &Config{
		Source:  "defaults",
		Discord: DiscordConfig{APIBase: DefaultAPIBase, Shards: 1},
		Store: StoreConfig{
			Path:        "gunbai.db",
			OpenTimeout: time.Second,
			BackupEvery: 6 * time.Hour,
			BackupKeep:  28,
		},
		Battle: BattleConfig{
			TurnDeadline:  24 * time.Hour,
			DefaultLocale: "ru",
		},
		Ops: OpsConfig{Log: "text"},
	}
}

// Token returns the bot token: the GUNBAI_TOKEN environment variable (read
// with getenv, usually os.Getenv) if set, else [discord] token. It is an
// error if neither is set.
func (c *Config) Token(getenv func(string) string) (string, error) {
	if getenv != nil {
		if t := strings.TrimSpace(getenv(TokenEnv)); t != "" {
			return t, nil
		}
	}
	if t := strings.TrimSpace(c.Discord.Token); t != "" {
		return t, nil
	}
	src := c.Source
	if src == "" {
		src = "the config file"
	}
	return "", fmt.Errorf("config: no Discord bot token: set the %s environment variable (or %s_FILE, a file holding it), or token in [discord] of %s", TokenEnv, TokenEnv, src)
}

// Load reads and parses the file at path. Relative paths of [battle]
// scenarios are taken from the folder of the file, not from the working
// directory, so that a config and its scenarios can be moved together;
// [store] path stays relative to the working directory.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	c, err := Parse(path, data)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(path)
	for i, f := range c.Battle.Scenarios {
		if !filepath.IsAbs(f) {
			c.Battle.Scenarios[i] = filepath.Join(dir, f)
		}
	}
	return c, nil
}

// Parse parses a TOML document; name is the file name used in messages. The
// error, if any, is an *Error listing every problem found.
func Parse(name string, data []byte) (*Config, error) {
	// A UTF-8 byte order mark, which Windows editors write, is no part of
	// the TOML: TOML allows none, but the file is plainly meant as text.
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	raw := toRaw(Default())
	if err := decodeTOML(data, &raw); err != nil {
		return nil, decodeError(name, err)
	}
	cfg, probs := fromRaw(raw)
	if len(probs) > 0 {
		pos := valuePositions(data)
		for i := range probs {
			probs[i].File = name
			if p, ok := pos[probs[i].Key]; ok {
				probs[i].Line, probs[i].Column = p.line, p.col
			}
		}
		return nil, &Error{Problems: probs}
	}
	cfg.Source = name
	return cfg, nil
}

// decoderFailure marks a panic of the TOML decoder turned into an error.
const decoderFailure = "cannot parse the file (TOML decoder failure: "

// decodeTOML decodes strictly. A panic inside the decoder (a bug there) is
// an error: a bad config file must not take the bot down.
func decodeTOML(data []byte, raw *rawConfig) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s%v)", decoderFailure, r)
		}
	}()
	return toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields().Decode(raw)
}

// Problem is one thing wrong in a configuration file.
type Problem struct {
	File   string
	Line   int    // 1-based; 0 if unknown
	Column int    // 1-based byte column; 0 if unknown
	Key    string // dotted key, e.g. "battle.default_locale"; "" if none
	// Message says what is wrong; it names the key.
	Message string
}

func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		fmt.Fprintf(&b, ":%d", p.Line)
		if p.Column > 0 {
			fmt.Fprintf(&b, ":%d", p.Column)
		}
	}
	b.WriteString(": ")
	b.WriteString(p.Message)
	return b.String()
}

// Error is what Parse and Load return for a bad file: every problem found,
// one per line when printed.
type Error struct {
	Problems []Problem
}

func (e *Error) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// decodeError turns go-toml's errors into an *Error.
func decodeError(name string, err error) error {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) {
		e := &Error{}
		for i := range strict.Errors {
			de := &strict.Errors[i]
			line, col := de.Position()
			key := strings.Join(de.Key(), ".")
			what := "key"
			if strings.Contains(de.Error(), "table") {
				what = "table"
			}
			msg := fmt.Sprintf("unknown %s %q", what, key)
			if hint, ok := removed[key]; ok {
				msg += " (" + hint + ")"
			} else if hint := suggest(de.Key()); hint != "" {
				msg += " (" + hint + ")"
			}
			e.Problems = append(e.Problems, Problem{File: name, Line: line, Column: col, Key: key, Message: msg})
		}
		return e
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		key := strings.Join(de.Key(), ".")
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if k, m, ok := typeMismatch(msg); ok {
			key, msg = k, m
		} else if want := wantOf(key); want != "" && strings.HasPrefix(msg, "cannot store") {
			msg = fmt.Sprintf("%s: want %s (%s)", key, want, msg)
		} else if key != "" && !strings.Contains(msg, key) {
			msg = key + ": " + msg
		}
		return &Error{Problems: []Problem{{File: name, Line: line, Column: col, Key: key, Message: msg}}}
	}
	return &Error{Problems: []Problem{{File: name, Message: strings.TrimPrefix(err.Error(), "toml: ")}}}
}
