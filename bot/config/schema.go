package config

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gunbai/gunbai/internal/tomlpos"
)

// The file as TOML sees it. Durations are strings here and parsed by
// fromRaw, so that "1 day" is reported with its key and position (and so
// that a bare integer is a type error, not nanoseconds).
type rawConfig struct {
	Discord rawDiscord `toml:"discord"`
	Store   rawStore   `toml:"store"`
	Battle  rawBattle  `toml:"battle"`
	Ops     rawOps     `toml:"ops"`
}

type rawDiscord struct {
	Token         string   `toml:"token"`
	ApplicationID string   `toml:"application_id"`
	Guilds        []string `toml:"guilds"`
	GMRole        string   `toml:"gm_role"`
	APIBase       string   `toml:"api_base"`
	// Shards is "auto" or an integer, ShardIDs a string or an integer:
	// checked by fromRaw.
	Shards   any `toml:"shards"`
	ShardIDs any `toml:"shard_ids"`
}

type rawStore struct {
	Path        string `toml:"path"`
	OpenTimeout string `toml:"open_timeout"`
	BackupDir   string `toml:"backup_dir"`
	BackupEvery string `toml:"backup_every"`
	BackupKeep  int    `toml:"backup_keep"`
}

type rawBattle struct {
	TurnDeadline  string   `toml:"turn_deadline"`
	DefaultLocale string   `toml:"default_locale"`
	Scenarios     []string `toml:"scenarios"`
}

// keyInfo describes one key of the file: its Go field in the raw structs
// (field names are unique across sections) and what it wants, for messages.
type keyInfo struct {
	key   string
	field string
	want  string
}

var schema = []keyInfo{
	{"discord", "Discord", "a table"},
	{"discord.token", "Token", "a string"},
	{"discord.application_id", "ApplicationID", `a quoted ID such as "123456789012345678"`},
	{"discord.guilds", "Guilds", `an array of quoted guild IDs such as ["123456789012345678"]`},
	{"discord.gm_role", "GMRole", "a string (a role ID or name)"},
	{"discord.api_base", "APIBase", `a URL string such as "https://discord.com/api/v9"`},
	{"discord.shards", "Shards", `"auto" or a shard count such as 4`},
	{"discord.shard_ids", "ShardIDs", `a shard or a range of shards such as "0-3"`},
	{"store", "Store", "a table"},
	{"store.path", "Path", "a string (a file path)"},
	{"store.open_timeout", "OpenTimeout", `a duration string such as "1s"`},
	{"store.backup_dir", "BackupDir", "a string (a folder path)"},
	{"store.backup_every", "BackupEvery", `a duration string such as "6h"`},
	{"store.backup_keep", "BackupKeep", "an integer such as 28"},
	{"battle", "Battle", "a table"},
	{"battle.turn_deadline", "TurnDeadline", `a duration string such as "24h"`},
	{"battle.default_locale", "DefaultLocale", `"ru" or "en"`},
	{"battle.scenarios", "Scenarios", `an array of file paths such as ["scenarios/anegawa.toml"]`},
	{"ops", "Ops", "a table"},
	{"ops.listen", "Listen", `a host:port string such as "127.0.0.1:9464"`},
	{"ops.log", "Log", `"text" or "json"`},
}

// removed are keys (and tables) that gunbai once read and no longer does,
// with what to do instead; they are refused like any unknown key, but with
// this hint rather than a guess.
var removed = map[string]string{
	"demo":         "removed: gunbai demo reads no config; give its folder with -out DIR",
	"demo.out_dir": "removed: gunbai demo reads no config; give its folder with -out DIR",
}

// wantOf says what a known key wants; "" for unknown keys.
func wantOf(key string) string {
	for _, k := range schema {
		if k.key == key {
			return k.want
		}
	}
	return ""
}

func toRaw(c *Config) rawConfig {
	return rawConfig{
		Discord: rawDiscord{
			Token:         c.Discord.Token,
			ApplicationID: c.Discord.ApplicationID,
			Guilds:        slices.Clone(c.Discord.Guilds),
			GMRole:        c.Discord.GMRole,
			APIBase:       c.Discord.APIBase,
			Shards:        shardsRaw(c.Discord.Shards),
			ShardIDs:      shardIDsRaw(c.Discord.ShardIDs),
		},
		Store: rawStore{Path: c.Store.Path, OpenTimeout: c.Store.OpenTimeout.String(),
			BackupDir: c.Store.BackupDir, BackupEvery: c.Store.BackupEvery.String(), BackupKeep: c.Store.BackupKeep},
		Battle: rawBattle{TurnDeadline: c.Battle.TurnDeadline.String(), DefaultLocale: c.Battle.DefaultLocale,
			Scenarios: slices.Clone(c.Battle.Scenarios)},
		Ops: rawOps{Listen: c.Ops.Listen, Log: c.Ops.Log},
	}
}

// fromRaw converts and validates. Problems carry Key and Message only.
func fromRaw(r rawConfig) (*Config, []Problem) {
	var probs []Problem
	bad := func(key, format string, args ...any) {
		probs = append(probs, Problem{Key: key, Message: key + ": " + fmt.Sprintf(format, args...)})
	}
	c := &Config{
		Discord: DiscordConfig{
			Token:         strings.TrimSpace(r.Discord.Token),
			ApplicationID: strings.TrimSpace(r.Discord.ApplicationID),
			GMRole:        strings.TrimSpace(r.Discord.GMRole),
		},
		Store:  StoreConfig{Path: r.Store.Path, BackupDir: strings.TrimSpace(r.Store.BackupDir), BackupKeep: r.Store.BackupKeep},
		Battle: BattleConfig{DefaultLocale: r.Battle.DefaultLocale},
	}

	c.Discord.APIBase = apiBase(r.Discord.APIBase, "discord.api_base", bad)
	before := len(probs)
	c.Discord.Shards = shards(r.Discord.Shards, "discord.shards", bad)
	count := c.Discord.Shards
	if len(probs) > before {
		count = AutoShards // no count to check shard_ids against
	}
	c.Discord.ShardIDs = shardIDs(r.Discord.ShardIDs, count, "discord.shard_ids", bad)
	if id := c.Discord.ApplicationID; id != "" && !isSnowflake(id) {
		bad("discord.application_id", "%q is not a Discord ID (want the digits of the application ID, e.g. \"123456789012345678\")", id)
	}
	seen := map[string]bool{}
	for i, g := range r.Discord.Guilds {
		key := "discord.guilds[" + strconv.Itoa(i) + "]"
		g = strings.TrimSpace(g)
		switch {
		case !isSnowflake(g):
			bad(key, "%q is not a guild ID (want the digits of a server ID, e.g. \"123456789012345678\")", g)
		case seen[g]:
			bad(key, "guild %s is listed twice", g)
		}
		seen[g] = true
		c.Discord.Guilds = append(c.Discord.Guilds, g)
	}

	for i, f := range r.Battle.Scenarios {
		if f = strings.TrimSpace(f); f == "" {
			bad("battle.scenarios["+strconv.Itoa(i)+"]", "empty file name")
			continue
		}
		c.Battle.Scenarios = append(c.Battle.Scenarios, f)
	}
	if strings.TrimSpace(c.Store.Path) == "" {
		bad("store.path", "empty path (want a file name such as \"gunbai.db\")")
	}
	c.Store.OpenTimeout = duration(r.Store.OpenTimeout, "store.open_timeout", maxOpenTimeout, bad)
	c.Store.BackupEvery = duration(r.Store.BackupEvery, "store.backup_every", maxBackupEvery, bad)
	if c.Store.BackupKeep < 1 || c.Store.BackupKeep > maxBackupKeep {
		bad("store.backup_keep", "%d copies: keep from 1 to %d", c.Store.BackupKeep, maxBackupKeep)
	}
	c.Battle.TurnDeadline = duration(r.Battle.TurnDeadline, "battle.turn_deadline", maxTurnDeadline, bad)
	if !slices.Contains(Locales, c.Battle.DefaultLocale) {
		bad("battle.default_locale", "unknown locale %q (want %s)", c.Battle.DefaultLocale, quoteList(Locales))
	}
	c.Ops = opsFromRaw(r.Ops, bad)
	return c, probs
}

// apiBase checks the base URL of Discord's HTTP API: http or https, a
// host, no query, fragment or user:password (a path prefix is fine). It is
// returned without a trailing slash; empty is Discord's own.
func apiBase(s, key string, bad func(key, format string, args ...any)) string {
	s = strings.TrimSpace(s)
	const want = `want the http or https URL the API's paths follow, e.g. "https://discord.com/api/v9" or "http://127.0.0.1:8080/api/v9"`
	u, err := url.Parse(s)
	switch {
	case s == "":
		return defaultAPIBase
	case err != nil:
		bad(key, "%q is not a URL (%s)", s, want)
	case u.Scheme != "http" && u.Scheme != "https":
		bad(key, "%q is not an http or https URL (%s)", s, want)
	case u.Host == "" || u.Hostname() == "":
		bad(key, "%q has no host (%s)", s, want)
	case u.User != nil:
		bad(key, "%q has a user or password, which gunbai would send nowhere (%s)", s, want)
	case u.RawQuery != "" || u.ForceQuery:
		bad(key, "%q has a query (?...), which the API's paths cannot follow (%s)", s, want)
	case u.Fragment != "" || strings.Contains(s, "#"):
		bad(key, "%q has a fragment (#...) (%s)", s, want)
	default:
		return strings.TrimRight(s, "/")
	}
	return s
}

// maxShards bounds a shard count: far beyond any bot's (Discord asks for a
// shard per 1,000 guilds or so), low enough to catch a guild ID given by
// mistake.
const maxShards = 1 << 16

// shards checks [discord] shards: "auto" or a count from 1.
func shards(v any, key string, bad func(key, format string, args ...any)) int {
	const want = `want "auto" (Discord's recommendation) or a shard count such as 4`
	switch v := v.(type) {
	case string:
		if strings.TrimSpace(v) == "auto" {
			return AutoShards
		}
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
			return shardCount(int64(n), key, bad)
		}
		bad(key, "%q is not a shard count (%s)", v, want)
	case int64:
		return shardCount(v, key, bad)
	default:
		bad(key, "%v is not a shard count (%s)", v, want)
	}
	return 1
}

func shardCount(n int64, key string, bad func(key, format string, args ...any)) int {
	if n < 1 || n > maxShards {
		bad(key, "%d shards: want from 1 to %d, or \"auto\"", n, maxShards)
		return 1
	}
	return int(n)
}

// ParseShardIDs reads shard IDs given on a command line as shard_ids is
// written ("2", "0-3"; "" for all), among count shards.
func ParseShardIDs(s string, count int) ([]int, error) {
	var msg string
	ids := shardIDs(s, count, "shard_ids", func(_, format string, args ...any) {
		if msg == "" {
			msg = fmt.Sprintf(format, args...)
		}
	})
	if msg != "" {
		return nil, errors.New(msg)
	}
	return ids, nil
}

// shardIDs checks [discord] shard_ids: "" (all), a shard ("2", or 2) or a
// range "first-last", within the count unless it is "auto".
func shardIDs(v any, count int, key string, bad func(key, format string, args ...any)) []int {
	const want = `want a shard such as "2" or a range such as "0-3", or "" for all`
	var first, last int64
	switch v := v.(type) {
	case int64:
		first, last = v, v
	case string:
		s := strings.TrimSpace(v)
		if s == "" {
			return nil
		}
		a, b, isRange := strings.Cut(s, "-")
		var err1, err2 error
		first, err1 = strconv.ParseInt(strings.TrimSpace(a), 10, 64)
		last = first
		if isRange {
			last, err2 = strconv.ParseInt(strings.TrimSpace(b), 10, 64)
		}
		if err1 != nil || err2 != nil {
			bad(key, "%q is not a shard or a range of shards (%s)", v, want)
			return nil
		}
	default:
		bad(key, "%v is not a shard or a range of shards (%s)", v, want)
		return nil
	}
	switch {
	case first < 0 || last < first:
		bad(key, "%d-%d: want shards from 0 up, the first no higher than the last (%s)", first, last, want)
		return nil
	case count != AutoShards && last >= int64(count):
		bad(key, "shard %d of %d shards: shards are numbered from 0 to %d", last, count, count-1)
		return nil
	case last >= maxShards:
		bad(key, "shard %d: at most %d shards", last, maxShards)
		return nil
	}
	out := make([]int, 0, last-first+1)
	for i := first; i <= last; i++ {
		out = append(out, int(i))
	}
	return out
}

// shardsRaw and shardIDsRaw write the shard keys back as the file has them.
func shardsRaw(n int) any {
	if n == AutoShards {
		return "auto"
	}
	return int64(n)
}

func shardIDsRaw(ids []int) any {
	switch len(ids) {
	case 0:
		return ""
	case 1:
		return strconv.Itoa(ids[0])
	}
	return strconv.Itoa(ids[0]) + "-" + strconv.Itoa(ids[len(ids)-1])
}

// The bounds of the config's numbers beyond which a value is a slip (a
// turn of 1000000h is 114 years), named in the refusal.
const (
	// maxTurnDeadline is game.MaxDuration, the bound of the GM's own
	// /battle set battle.turn_deadline (a test keeps them equal; config
	// does not import game).
	maxTurnDeadline = 90 * 24 * time.Hour
	maxOpenTimeout  = 10 * time.Minute    // a lock held longer is a stuck process
	maxBackupEvery  = 30 * 24 * time.Hour // a month
	maxBackupKeep   = 10000               // copies in backup_dir
)

// duration parses a positive duration of at most most.
func duration(s, key string, most time.Duration, bad func(key, format string, args ...any)) time.Duration {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	switch {
	case err != nil:
		bad(key, "bad duration %q (want a number with a unit: ms, s, m or h, e.g. \"90s\" or \"36h\"; there is no d, 3 days is \"72h\")", s)
	case d <= 0:
		bad(key, "duration %q must be positive", s)
	case d > most:
		bad(key, "duration %q is too long: at most %s (%s)", s, hours(most), days(most))
	}
	return d
}

// hours writes a bound as the file may give it ("2160h", "10m0s" as "10m").
func hours(d time.Duration) string {
	if d%time.Hour == 0 {
		return fmt.Sprintf("%dh", d/time.Hour)
	}
	return strings.TrimSuffix(d.String(), "0s")
}

// days says a bound in days, or in minutes when shorter than a day.
func days(d time.Duration) string {
	if d < 24*time.Hour {
		return fmt.Sprintf("%d minutes", d/time.Minute)
	}
	return fmt.Sprintf("%d days", d/(24*time.Hour))
}

func isSnowflake(s string) bool {
	if len(s) == 0 || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = strconv.Quote(x)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// typeMismatch rewrites go-toml's "cannot decode TOML integer into struct
// field config.rawDiscord.Guilds of type []string" as
// "discord.guilds: want an array of quoted guild IDs ..., got an integer".
func typeMismatch(msg string) (key, out string, ok bool) {
	const prefix = "cannot decode TOML "
	rest, found := strings.CutPrefix(msg, prefix)
	if !found {
		return "", "", false
	}
	got, rest, found := strings.Cut(rest, " into struct field ")
	if !found {
		return "", "", false
	}
	i := strings.LastIndex(rest, " of type ")
	if i < 0 {
		return "", "", false
	}
	path := rest[:i]
	field := path[strings.LastIndexByte(path, '.')+1:]
	for _, k := range schema {
		if k.field == field {
			return k.key, fmt.Sprintf("%s: want %s, got %s", k.key, k.want, article(got)), true
		}
	}
	return "", "", false
}

func article(s string) string {
	if s != "" && strings.ContainsRune("aeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// suggest proposes a known key for an unknown one.
func suggest(key []string) string {
	if len(key) == 0 {
		return ""
	}
	last := key[len(key)-1]
	prefix := strings.Join(key[:len(key)-1], ".")
	// The right name in the wrong table (e.g. token above [discord]).
	for _, k := range schema {
		kp, kl := splitKey(k.key)
		if kl == last && kp != prefix && kp != "" {
			return fmt.Sprintf("did you mean %q? it belongs under [%s]", k.key, kp)
		}
	}
	// A typo of a key of the same table.
	best, bestD := "", 3
	for _, k := range schema {
		kp, kl := splitKey(k.key)
		if kp != prefix {
			continue
		}
		if d := editDistance(last, kl); d < bestD && d < len(last) {
			best, bestD = k.key, d
		}
	}
	if best != "" {
		return fmt.Sprintf("did you mean %q?", best)
	}
	return ""
}

func splitKey(k string) (prefix, last string) {
	if i := strings.LastIndexByte(k, '.'); i >= 0 {
		return k[:i], k[i+1:]
	}
	return "", k
}

// editDistance is the Levenshtein distance between short strings.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 64
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

type position struct{ line, col int }

// valuePositions maps dotted keys (and "key[i]" for array elements) to
// where their values start in data (the column in bytes, as go-toml
// counts); if a value has no position of its own, to where its key starts.
// A key of an array of tables is named without its table's index. Only
// called on documents that decoded.
func valuePositions(data []byte) map[string]position {
	out := map[string]position{}
	lines := tomlpos.NewLines(data)
	tomlpos.Walk(data, func(e tomlpos.Entry) {
		if e.Kind == tomlpos.Table || e.Kind == tomlpos.ArrayTable || e.Kind == tomlpos.Element && e.ValueAt < 0 {
			return
		}
		p := lines.At(e.At())
		out[configKey(e.Path)] = position{p.Line, p.Byte}
	})
	return out
}

// configKey names a path as the schema does: "battle.turn_deadline",
// "key[i]" for an array's element.
func configKey(path []tomlpos.Part) string {
	var b strings.Builder
	for _, p := range path {
		if p.Key == "" {
			b.WriteString("[" + strconv.Itoa(p.N) + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(p.Key)
	}
	return b.String()
}
