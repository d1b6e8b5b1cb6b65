package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

// problems parses doc and returns its problems, failing if it parses.
func problems(t *testing.T, doc string) []Problem {
	t.Helper()
	c, err := Parse("config.toml", []byte(doc))
	if err == nil {
		t.Fatalf("parsed without error: %+v", c)
	}
	if c != nil {
		t.Errorf("a config came back with the error")
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("err is %T, want *Error: %v", err, err)
	}
	if len(e.Problems) == 0 {
		t.Fatal("*Error without problems")
	}
	return e.Problems
}

func TestUnknownKeyPosition(t *testing.T) {
	doc := `# gunbai
[discord]
token = "abc"
tokn = "x"

[battle]
  default_lcale = "en"
`
	_, err := Parse("config.toml", []byte(doc))
	want := `config.toml:4:1: unknown key "discord.tokn" (did you mean "discord.token"?)` + "\n" +
		`config.toml:7:3: unknown key "battle.default_lcale" (did you mean "battle.default_locale"?)`
	if err == nil || err.Error() != want {
		t.Fatalf("error:\n%v\nwant:\n%s", err, want)
	}
	p := problems(t, doc)
	if p[0].Line != 4 || p[0].Column != 1 || p[0].Key != "discord.tokn" {
		t.Errorf("problem 0 = %+v", p[0])
	}
	if p[1].Line != 7 || p[1].Column != 3 || p[1].Key != "battle.default_lcale" {
		t.Errorf("problem 1 = %+v", p[1])
	}
}

func TestUnknownKeyHints(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		// The right key above its table.
		{"token = \"x\"\n[discord]\n", `config.toml:1:1: unknown key "token" (did you mean "discord.token"? it belongs under [discord])`},
		// A misspelt table.
		{"[discrod]\ntoken = \"x\"\n", `config.toml:1:2: unknown table "discrod" (did you mean "discord"?)`},
		// Nothing close.
		{"[store]\ncolour = \"red\"\n", `config.toml:2:1: unknown key "store.colour"`},
		{"[discord.extra]\na = 1\n", `config.toml:1:2: unknown table "discord.extra"`},
		// Dotted keys name the whole path.
		{"battle.deadline = \"x\"\n", `config.toml:1:1: unknown key "battle.deadline"`},
		{"store.pth = \"x\"\n", `config.toml:1:1: unknown key "store.pth" (did you mean "store.path"?)`},
	} {
		_, err := Parse("config.toml", []byte(tc.doc))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q:\n got %v\nwant %s", tc.doc, err, tc.want)
		}
	}
}

// Keys gunbai no longer reads are refused with what to do instead.
func TestRemovedKeys(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{"[demo]\nout_dir = \"out\"\n", `config.toml:1:2: unknown table "demo" (removed: gunbai demo reads no config; give its folder with -out DIR)`},
		{"demo.out_dir = \"out\"\n", `config.toml:1:1: unknown key "demo.out_dir" (removed: gunbai demo reads no config; give its folder with -out DIR)`},
	} {
		_, err := Parse("config.toml", []byte(tc.doc))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q:\n got %v\nwant %s", tc.doc, err, tc.want)
		}
	}
}

func TestSyntaxError(t *testing.T) {
	p := problems(t, "[discord]\ntoken = \"abc\"\ngm_role = \n")
	if p[0].Line != 3 || p[0].Column == 0 {
		t.Errorf("problem = %+v; want line 3 with a column", p[0])
	}
	if s := p[0].String(); !strings.HasPrefix(s, "config.toml:3:") {
		t.Errorf("message %q", s)
	}
	p = problems(t, "[discord]\ntoken = \"a\"\ntoken = \"b\"\n")
	if p[0].Line != 3 || !strings.Contains(p[0].Message, "token") {
		t.Errorf("duplicate key: %+v", p[0])
	}
	p = problems(t, "[battle\n")
	if p[0].Line != 1 {
		t.Errorf("unclosed table: %+v", p[0])
	}
}

func TestWrongType(t *testing.T) {
	for _, tc := range []struct {
		doc, key, want string
		line, col      int
	}{
		{"[discord]\nguilds = \"123\"\n", "discord.guilds", `config.toml:2:10: discord.guilds: want an array of quoted guild IDs such as ["123456789012345678"], got a string`, 2, 10},
		{"[discord]\nguilds = [\"1\", 2]\n", "discord.guilds", "", 2, 16},
		{"[discord]\napplication_id = 1234\n", "discord.application_id", `config.toml:2:18: discord.application_id: want a quoted ID such as "123456789012345678", got an integer`, 2, 18},
		{"[store]\nopen_timeout = 5\n", "store.open_timeout", "", 2, 16},
		{"discord = {token = 5}\n", "discord.token", "", 1, 20},
		{"battle = 3\n", "battle", "", 1, 10},
		{"[battle]\ndefault_locale = true\n", "battle.default_locale", "", 2, 18},
	} {
		p := problems(t, tc.doc)
		if p[0].Key != tc.key || p[0].Line != tc.line || p[0].Column != tc.col {
			t.Errorf("%q: problem %+v; want key %s at %d:%d", tc.doc, p[0], tc.key, tc.line, tc.col)
		}
		if !strings.Contains(p[0].Message, tc.key+": want ") {
			t.Errorf("%q: message %q does not name the key and what it wants", tc.doc, p[0].Message)
		}
		if tc.want != "" && p[0].String() != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.doc, p[0], tc.want)
		}
	}
}

func TestBadValues(t *testing.T) {
	doc := `[discord]
application_id = "my-bot"
guilds = ["123456789012345678", "general", "123456789012345678"]

[store]
path = ""
open_timeout = "0s"

[battle]
turn_deadline = "-1h"
default_locale = "de"
`
	got := problems(t, doc)
	want := []struct {
		key       string
		line, col int
		says      string
	}{
		{"discord.application_id", 2, 18, "not a Discord ID"},
		{"discord.guilds[1]", 3, 33, `"general" is not a guild ID`},
		{"discord.guilds[2]", 3, 44, "listed twice"},
		{"store.path", 6, 8, "empty path"},
		{"store.open_timeout", 7, 16, "must be positive"},
		{"battle.turn_deadline", 10, 17, `"-1h" must be positive`},
		{"battle.default_locale", 11, 18, `unknown locale "de" (want "ru" or "en")`},
	}
	if len(got) != len(want) {
		t.Fatalf("%d problems, want %d:\n%v", len(got), len(want), (&Error{got}).Error())
	}
	for i, w := range want {
		p := got[i]
		if p.Key != w.key || p.Line != w.line || p.Column != w.col || !strings.Contains(p.Message, w.says) ||
			!strings.HasPrefix(p.Message, w.key+": ") || p.File != "config.toml" {
			t.Errorf("problem %d = %+v\nwant key %s at %d:%d saying %q", i, p, w.key, w.line, w.col, w.says)
		}
	}
	p := problems(t, "[battle]\nturn_deadline = \"1 day\"\n")
	if s := p[0].String(); !strings.HasPrefix(s, "config.toml:2:17: battle.turn_deadline: bad duration \"1 day\"") {
		t.Errorf("bad duration: %s", s)
	}
	// Keys given in an inline table are found too.
	p = problems(t, "battle = {default_locale = \"fr\"}\n")
	if p[0].Line != 1 || p[0].Column != 28 || p[0].Key != "battle.default_locale" {
		t.Errorf("inline table: %+v", p[0])
	}
}

// [discord] api_base is an http or https URL with a host and no query,
// kept without its trailing slash; anything else is refused at its
// position.
func TestAPIBase(t *testing.T) {
	for in, want := range map[string]string{
		`"https://discord.com/api/v9"`:         "https://discord.com/api/v9",
		`"https://discord.com/api/v9/"`:        "https://discord.com/api/v9",
		`"http://127.0.0.1:41234/api/v9"`:      "http://127.0.0.1:41234/api/v9",
		`"https://proxy.example.org/discord/"`: "https://proxy.example.org/discord",
		`"http://[::1]:8080/api/v9"`:           "http://[::1]:8080/api/v9",
		`""`:                                   DefaultAPIBase,
	} {
		c, err := Parse("config.toml", []byte("[discord]\napi_base = "+in+"\n"))
		if err != nil || c.Discord.APIBase != want {
			t.Errorf("api_base = %s: %v, %v; want %q", in, c, err, want)
		}
	}
	for in, says := range map[string]string{
		`"discord.com/api/v9"`:                  "not an http or https URL",
		`"ftp://discord.com/api/v9"`:            "not an http or https URL",
		`"ws://127.0.0.1:8080/gateway"`:         "not an http or https URL",
		`"https:///api/v9"`:                     "has no host",
		`"http://:8080/api/v9"`:                 "has no host",
		`"https://discord.com/api/v9?x=1"`:      "has a query",
		`"https://discord.com/api/v9?"`:         "has a query",
		`"https://discord.com/api/v9#top"`:      "has a fragment",
		`"https://me:secret@proxy.example/api"`: "has a user or password",
		`"http://bad host/api"`:                 "is not a URL",
	} {
		p := problems(t, "[discord]\ngm_role = \"GM\"\napi_base = "+in+"\n")
		if len(p) != 1 || p[0].Key != "discord.api_base" || p[0].Line != 3 || p[0].Column != 12 ||
			!strings.HasPrefix(p[0].String(), "config.toml:3:12: discord.api_base: ") || !strings.Contains(p[0].Message, says) ||
			!strings.Contains(p[0].Message, `e.g. "https://discord.com/api/v9"`) {
			t.Errorf("api_base = %s: %v; want config.toml:3:12 saying %q", in, p, says)
		}
	}
	p := problems(t, "[discord]\napi_base = 9\n")
	if p[0].Key != "discord.api_base" || !strings.Contains(p[0].Message, "want a URL string") {
		t.Errorf("api_base = 9: %+v", p[0])
	}
}

func TestDefaultsAndValues(t *testing.T) {
	c, err := Parse("empty.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := Default()
	want.Source = "empty.toml"
	if !reflect.DeepEqual(c, want) {
		t.Errorf("empty file gives %+v, want the defaults %+v", c, want)
	}

	c, err = Parse("config.toml", []byte(`
[discord]
token = " secret "
application_id = "1100000000000000001"
guilds = ["1200000000000000001", "1200000000000000002"]
gm_role = "Daimyo"
api_base = " http://127.0.0.1:8080/proxy/api/v9/ "
[store]
path = "/var/lib/gunbai/gunbai.db"
open_timeout = "2.5s"
[battle]
turn_deadline = "36h"
default_locale = "en"
`))
	if err != nil {
		t.Fatal(err)
	}
	want = &Config{
		Source: "config.toml",
		Discord: DiscordConfig{
			Token:         "secret",
			ApplicationID: "1100000000000000001",
			Guilds:        []string{"1200000000000000001", "1200000000000000002"},
			GMRole:        "Daimyo",
			APIBase:       "http://127.0.0.1:8080/proxy/api/v9",
			Shards:        1,
		},
		Store:  StoreConfig{Path: "/var/lib/gunbai/gunbai.db", OpenTimeout: 2500 * time.Millisecond, BackupEvery: 6 * time.Hour, BackupKeep: 28},
		Battle: BattleConfig{TurnDeadline: 36 * time.Hour, DefaultLocale: "en"},
		Ops:    OpsConfig{Log: "text"},
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("got  %+v\nwant %+v", c, want)
	}
	// Default is a fresh value each time.
	d := Default()
	d.Discord.Guilds = append(d.Discord.Guilds, "1")
	if len(Default().Discord.Guilds) != 0 {
		t.Error("Default shares state")
	}
}

func TestToken(t *testing.T) {
	env := func(m map[string]string) func(string) string {
		return func(k string) string { return m[k] }
	}
	c, err := Parse("config.toml", []byte("[discord]\ntoken = \"from-file\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if tok, err := c.Token(env(map[string]string{TokenEnv: "from-env"})); err != nil || tok != "from-env" {
		t.Errorf("with GUNBAI_TOKEN: %q, %v; want from-env", tok, err)
	}
	if tok, err := c.Token(env(nil)); err != nil || tok != "from-file" {
		t.Errorf("without GUNBAI_TOKEN: %q, %v; want from-file", tok, err)
	}
	if tok, err := c.Token(env(map[string]string{TokenEnv: "  "})); err != nil || tok != "from-file" {
		t.Errorf("blank GUNBAI_TOKEN: %q, %v; want from-file", tok, err)
	}

	c, err = Parse("/etc/gunbai/config.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	if tok, err := c.Token(env(map[string]string{TokenEnv: "from-env"})); err != nil || tok != "from-env" {
		t.Errorf("env only: %q, %v", tok, err)
	}
	tok, err := c.Token(env(nil))
	if err == nil || tok != "" {
		t.Fatalf("no token anywhere: %q, %v; want an error", tok, err)
	}
	for _, want := range []string{"no Discord bot token", "GUNBAI_TOKEN", "/etc/gunbai/config.toml"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	// With the real environment.
	t.Setenv(TokenEnv, "real-env")
	if tok, err := c.Token(os.Getenv); err != nil || tok != "real-env" {
		t.Errorf("os.Getenv: %q, %v", tok, err)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(path, []byte("[battle]\ndefault_locale = \"xx\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path)
	if err == nil || !strings.HasPrefix(err.Error(), path+":2:18: battle.default_locale") {
		t.Errorf("Load error = %v; want it to start with the path and position", err)
	}
	_, err = Load(filepath.Join(dir, "missing.toml"))
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "missing.toml") {
		t.Errorf("missing file: %v", err)
	}
}

// Load takes relative scenario paths from the config file's folder, not
// from the working directory; absolute ones and the store path are kept.
func TestLoadResolvesScenariosFromTheConfigFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "etc")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(t.TempDir(), "abs.toml")
	path := filepath.Join(dir, "config.toml")
	doc := "[store]\npath = \"data/g.db\"\n[battle]\nscenarios = [\"s/one.toml\", \"../two.toml\", " + strconv.Quote(abs) + "]\n"
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "s", "one.toml"), filepath.Join(filepath.Dir(dir), "two.toml"), abs}
	if !reflect.DeepEqual(c.Battle.Scenarios, want) {
		t.Errorf("scenarios %q, want %q", c.Battle.Scenarios, want)
	}
	if c.Store.Path != "data/g.db" {
		t.Errorf("store path %q changed", c.Store.Path)
	}
	// Parse has no folder: it keeps them as written.
	c, err = Parse(path, []byte(doc))
	if err != nil || c.Battle.Scenarios[0] != "s/one.toml" {
		t.Errorf("Parse: %v %q", err, c.Battle.Scenarios)
	}
	// A config in the working directory keeps its relative paths relative.
	t.Chdir(dir)
	c, err = Load("config.toml")
	if err != nil || c.Battle.Scenarios[0] != filepath.Join("s", "one.toml") {
		t.Errorf("Load from the working directory: %v %q", err, c.Battle.Scenarios)
	}
}

const examplePath = "../../config.example.toml"

func TestExampleFile(t *testing.T) {
	c, err := Load(examplePath)
	if err != nil {
		t.Fatal(err)
	}
	// The example shows the defaults.
	want := Default()
	want.Source = examplePath
	if !reflect.DeepEqual(c, want) {
		t.Errorf("example gives %+v, want the defaults %+v", c, want)
	}
	// It has every key, each with a comment.
	data, err := os.ReadFile(examplePath)
	if err != nil {
		t.Fatal(err)
	}
	pos := valuePositions(data)
	lines := strings.Split(string(data), "\n")
	for _, k := range schema {
		if !strings.Contains(k.key, ".") {
			continue // a table
		}
		p, ok := pos[k.key]
		if !ok {
			t.Errorf("example lacks %s", k.key)
			continue
		}
		if p.line < 2 || !strings.HasPrefix(lines[p.line-2], "#") {
			t.Errorf("example: %s (line %d) has no comment above it", k.key, p.line)
		}
	}
}

func FuzzParse(f *testing.F) {
	if data, err := os.ReadFile(examplePath); err == nil {
		f.Add(data)
	}
	for _, s := range []string{
		"",
		"[discord]\ntoken = \"x\"\ntokn = 1\n",
		"discord = {token = 5}\n",
		"[discord]\nguilds = [\"1\", 2, \"x\"]\n",
		"[battle]\nturn_deadline = \"-1h\"\ndefault_locale = \"de\"\n",
		"[[discord]]\n",
		"a.b.c = 1\n[a.b]\n",
		"[store]\npath = '''\nx'''\n",
		"\xff\xfe",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("fuzz.toml", data)
		if err != nil {
			if c != nil {
				t.Fatal("config and error both returned")
			}
			var e *Error
			if !errors.As(err, &e) || len(e.Problems) == 0 || err.Error() == "" {
				t.Fatalf("bad error %T %q", err, err)
			}
			if strings.Contains(err.Error(), decoderFailure) {
				t.Fatalf("the TOML decoder panicked: %v", err)
			}
			for _, p := range e.Problems {
				if !strings.HasPrefix(p.String(), "fuzz.toml") {
					t.Fatalf("problem without the file name: %q", p)
				}
			}
			return
		}
		// Whatever parses is valid.
		if _, probs := fromRaw(toRaw(c)); len(probs) > 0 {
			t.Fatalf("accepted an invalid config: %v", probs)
		}
	})
}

// [discord] shards is "auto" or a count, shard_ids one shard or a range
// within it; a mistake is reported with its line and column.
func TestShardsConfig(t *testing.T) {
	for doc, want := range map[string]DiscordConfig{
		"":                                {Shards: 1},
		"shards = 4":                      {Shards: 4},
		`shards = "auto"`:                 {Shards: AutoShards},
		"shards = 4\nshard_ids = \"0-3\"": {Shards: 4, ShardIDs: []int{0, 1, 2, 3}},
		"shards = 4\nshard_ids = \"2\"":   {Shards: 4, ShardIDs: []int{2}},
		"shards = 4\nshard_ids = 3":       {Shards: 4, ShardIDs: []int{3}},
		"shards = \"auto\"\nshard_ids = \"8-15\"": {Shards: AutoShards, ShardIDs: []int{8, 9, 10, 11, 12, 13, 14, 15}},
	} {
		c, err := Parse("config.toml", []byte("[discord]\n"+doc+"\n"))
		if err != nil {
			t.Errorf("%q: %v", doc, err)
			continue
		}
		if c.Discord.Shards != want.Shards || !reflect.DeepEqual(c.Discord.ShardIDs, want.ShardIDs) {
			t.Errorf("%q: shards %d, ids %v; want %d, %v", doc, c.Discord.Shards, c.Discord.ShardIDs, want.Shards, want.ShardIDs)
		}
		if _, probs := fromRaw(toRaw(c)); len(probs) > 0 {
			t.Errorf("%q does not write back: %v", doc, probs)
		}
	}
	for doc, want := range map[string]struct {
		key       string
		line, col int
		says      string
	}{
		"gm_role = \"GM\"\nshards = 0":               {"discord.shards", 3, 10, "0 shards: want from 1"},
		"shards = \"many\"":                          {"discord.shards", 2, 10, `"many" is not a shard count`},
		"shards = 2.5":                               {"discord.shards", 2, 10, "2.5 is not a shard count"},
		"shards = 4\nshard_ids = \"0-4\"":            {"discord.shard_ids", 3, 13, "shard 4 of 4 shards"},
		"shards = 4\nshard_ids = \"3-1\"":            {"discord.shard_ids", 3, 13, "the first no higher than the last"},
		"shards = 4\nshard_ids = \"one\"":            {"discord.shard_ids", 3, 13, `"one" is not a shard or a range`},
		"shards = 4\n\nshard_ids = [0, 1]":           {"discord.shard_ids", 4, 1, "is not a shard or a range"},
		"shard_ids = \"1\"":                          {"discord.shard_ids", 2, 13, "shard 1 of 1 shards"},
		"shard_ids = \"-1\"":                         {"discord.shard_ids", 2, 13, "is not a shard or a range"},
		"shards = 4\nshard_ids = \"0-1\"\nshard = 2": {"discord.shard", 4, 1, `did you mean "discord.shards"?`},
	} {
		p := problems(t, "[discord]\n"+doc+"\n")
		if len(p) != 1 || p[0].Key != want.key || p[0].Line != want.line || p[0].Column != want.col || !strings.Contains(p[0].Message, want.says) {
			t.Errorf("%q: %v; want %s at %d:%d saying %q", doc, p, want.key, want.line, want.col, want.says)
		}
	}
}
