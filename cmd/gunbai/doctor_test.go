package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// doctorPlace is a guild set up as the sandbox sets one up (a GM role,
// each clan's role and channel, the GM's channel, the bot's role with the
// invite's permissions) and a battle created in a temporary store.
type doctorPlace struct {
	srv                  *discordtest.Server
	dir                  string
	storePath, backupDir string
	roleGM, roleN, roleS string
	roleBot              string
	chanGM, chanN, chanS string
}

func newDoctorPlace(t *testing.T) *doctorPlace {
	t.Helper()
	srv := fakeDiscord(t)
	t.Setenv("GUNBAI_TOKEN", "doctor-token")
	dir := t.TempDir()
	p := &doctorPlace{srv: srv, dir: dir, storePath: filepath.Join(dir, "gunbai.db"), backupDir: filepath.Join(dir, "backups"),
		roleGM: srv.NewID(), roleN: srv.NewID(), roleS: srv.NewID(), roleBot: srv.NewID(),
		chanGM: srv.NewID(), chanN: srv.NewID(), chanS: srv.NewID()}
	g := srv.GuildID()
	srv.Guilds().SetRoles(g, []*discordgo.Role{
		{ID: g, Name: "@everyone", Permissions: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages},
		{ID: p.roleGM, Name: "Мастер"}, {ID: p.roleN, Name: "Ода"}, {ID: p.roleS, Name: "Асаи"},
		{ID: p.roleBot, Name: "Gunbai", Permissions: bot.InvitePermissions},
	})
	srv.Guilds().SetMemberRoles(g, srv.AppID(), p.roleBot)
	for _, c := range []struct{ id, role, name string }{{p.chanGM, p.roleGM, "gm"}, {p.chanN, p.roleN, "oda"}, {p.chanS, p.roleS, "asai"}} {
		srv.Guilds().SetChannel(&discordgo.Channel{ID: c.id, GuildID: g, Type: discordgo.ChannelTypeGuildText, Name: c.name,
			PermissionOverwrites: p.overwrites(c.role, bot.InvitePermissions, 0)})
	}
	if err := os.Mkdir(p.backupDir, 0o755); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(p.storePath, store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, err = (&game.Service{Store: st}).Create(g, game.CreateRequest{Name: "Анэгава",
		North: store.Clan{Name: "Ода", RoleID: p.roleN, ChannelID: p.chanN}, South: store.Clan{Name: "Асаи", RoleID: p.roleS, ChannelID: p.chanS},
		GMChannelID: p.chanGM, Locale: "ru"})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// orderingBattle replaces the battle with one whose North gives its orders
// through an ordering role: the bot lists that role's members, which
// needs the Server Members intent.
func (p *doctorPlace) orderingBattle(t *testing.T) {
	t.Helper()
	g, orders := p.srv.GuildID(), p.srv.NewID()
	p.srv.Guilds().SetRoles(g, []*discordgo.Role{
		{ID: g, Name: "@everyone", Permissions: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages},
		{ID: p.roleGM, Name: "Мастер"}, {ID: p.roleN, Name: "Ода"}, {ID: p.roleS, Name: "Асаи"}, {ID: orders, Name: "Ода: приказы"},
		{ID: p.roleBot, Name: "Gunbai", Permissions: bot.InvitePermissions},
	})
	st, err := store.Open(p.storePath, store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// A clan fights one battle at a time: this one replaces the first.
	if err := st.DeleteBattle(g, game.BattleID("Анэгава")); err != nil {
		t.Fatal(err)
	}
	_, err = (&game.Service{Store: st}).Create(g, game.CreateRequest{Name: "Сэкигахара",
		North: store.Clan{Name: "Ода", RoleID: p.roleN, ChannelID: p.chanN, OrderRole: orders}, South: store.Clan{Name: "Асаи", RoleID: p.roleS, ChannelID: p.chanS},
		GMChannelID: p.chanGM, Locale: "ru"})
	if err != nil {
		t.Fatal(err)
	}
}

// overwrites close a channel to @everyone and open it to a clan's role
// and to the bot's role (botAllow, botDeny).
func (p *doctorPlace) overwrites(role string, botAllow, botDeny int64) []*discordgo.PermissionOverwrite {
	g := p.srv.GuildID()
	return []*discordgo.PermissionOverwrite{
		{ID: g, Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel},
		{ID: role, Type: discordgo.PermissionOverwriteTypeRole, Allow: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages},
		{ID: p.roleBot, Type: discordgo.PermissionOverwriteTypeRole, Allow: botAllow, Deny: botDeny},
	}
}

// config writes a config file: the fake's guild (and extra guilds), the
// GM role, the store and the backup folder, each replaceable.
func (p *doctorPlace) config(t *testing.T, edit func(keys map[string]string)) string {
	t.Helper()
	keys := map[string]string{"guilds": "[" + strconv.Quote(p.srv.GuildID()) + "]", "gm_role": strconv.Quote("Мастер"),
		"path": strconv.Quote(p.storePath), "backup_dir": strconv.Quote(p.backupDir)}
	if edit != nil {
		edit(keys)
	}
	doc := "[discord]\nguilds = " + keys["guilds"] + "\ngm_role = " + keys["gm_role"] + "\n[store]\npath = " + keys["path"] + "\n"
	if keys["backup_dir"] != "" {
		doc += "backup_dir = " + keys["backup_dir"] + "\n"
	}
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func doctorRun(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"doctor"}, args...), &out, &errb)
	if errb.Len() > 0 {
		t.Errorf("stderr: %s", errb.String())
	}
	return code, out.String()
}

// A guild set up as the sandbox does, with a battle: every line ✓, exit
// 0, in Russian (the default) and in English.
func TestDoctorWellSetUp(t *testing.T) {
	p := newDoctorPlace(t)
	cfg := p.config(t, nil)
	for _, c := range []struct {
		lang  string
		words []string
	}{
		{"ru", []string{"✓ Токен: бот", "✓ Приложение: Gunbai", "✓ Намерения (intents): привилегированные не нужны",
			"✓ Часы: расходятся с Discord на", "✓ Сервер", "✓ Роль мастера: Мастер",
			"✓ Битва «Анэгава»: роли кланов Ода и Асаи на месте", "✓ Битва «Анэгава»: каналы в порядке: #oda (" + p.chanN + ") #asai",
			"✓ Хранилище " + p.storePath + ": открыто только для чтения, схема v", "✓ Копии: папка", "Всё в порядке."}},
		{"en", []string{"✓ Token: bot", "✓ Application: Gunbai", "✓ Intents: no privileged intent needed", "✓ Clock: ",
			"✓ Guild", "✓ GM role: Мастер", "✓ Battle “Анэгава”: the roles of clans Ода and Асаи exist",
			"✓ Battle “Анэгава”: channels fine: #oda (" + p.chanN + ") #asai", "✓ Store ", "✓ Backups: folder", "All is well."}},
	} {
		args := []string{"-config", cfg}
		if c.lang == "en" {
			args = append(args, "-lang", "en")
		} else {
			t.Setenv("LANG", "ru_RU.UTF-8")
		}
		code, out := doctorRun(t, args...)
		t.Logf("%s:\n%s", c.lang, out)
		if code != 0 {
			t.Errorf("%s: exit %d", c.lang, code)
		}
		for _, w := range c.words {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in\n%s", c.lang, w, out)
			}
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		for _, line := range lines[1 : len(lines)-1] {
			if !strings.HasPrefix(line, "✓ ") {
				t.Errorf("%s: not ✓: %q", c.lang, line)
			}
		}
	}
}

// Each kind of mistake: its line ✗ (or ⚠) with what to do, exit 1 (0 for
// a warning alone).
func TestDoctorMistakes(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, p *doctorPlace, keys map[string]string)
		code  int
		line  string // the line, in English
		fix   string // a piece of what to do
	}{
		{"bad token", func(t *testing.T, p *doctorPlace, _ map[string]string) {
			p.srv.Faults().Fail(discordtest.FaultMatch{Route: "/users/@me", Count: discordtest.Always},
				discordtest.Fault{Status: 401, Message: "401: Unauthorized"})
		}, 1, "✗ Token: Discord refused it (401)", "Reset Token"},
		{"Server Members intent missing", func(t *testing.T, p *doctorPlace, _ map[string]string) {
			p.orderingBattle(t)
		}, 1, "✗ Intents: GUILD_MEMBERS not granted", "Privileged Gateway Intents (GUILD_MEMBERS is Server Members"},
		{"Server Members intent granted", func(t *testing.T, p *doctorPlace, _ map[string]string) {
			p.orderingBattle(t)
			p.srv.Guilds().SetApplicationFlags(1 << 14)
		}, 0, "✓ Intents: GUILD_MEMBERS granted", ""},
		{"bot not in guild", func(t *testing.T, p *doctorPlace, keys map[string]string) {
			keys["guilds"] = "[" + strconv.Quote(p.srv.GuildID()) + ", \"123456789012345678\"]"
		}, 1, "✗ Guild 123456789012345678: the bot is not in it", "&scope=bot+applications.commands&permissions=2252126231235584 — or correct guilds"},
		{"GM role missing", func(t *testing.T, p *doctorPlace, keys map[string]string) {
			keys["gm_role"] = strconv.Quote("Сёгун")
		}, 1, "✗ GM role \"Сёгун\": guild", "create the role \"Сёгун\""},
		{"battle channel deleted", func(t *testing.T, p *doctorPlace, _ map[string]string) {
			p.srv.Faults().Fail(discordtest.FaultMatch{ChannelID: p.chanS, Count: discordtest.Always}, discordtest.UnknownChannel())
		}, 1, "✗ Battle “Анэгава”: Channel #" + p0 + " cannot be found", "finish “Анэгава” (/battle finish)"},
		{"no Attach Files", func(t *testing.T, p *doctorPlace, _ map[string]string) {
			p.srv.Guilds().SetChannelOverwrites(p.chanN, p.overwrites(p.roleN, discordgo.PermissionViewChannel|discordgo.PermissionSendMessages, discordgo.PermissionAttachFiles)...)
		}, 1, "✗ Battle “Анэгава”: in channel #oda (", "give the bot's role: Attach Files"},
		{"clan role deleted", func(t *testing.T, p *doctorPlace, _ map[string]string) {
			g := p.srv.GuildID()
			p.srv.Guilds().SetRoles(g, []*discordgo.Role{
				{ID: g, Name: "@everyone", Permissions: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages},
				{ID: p.roleGM, Name: "Мастер"}, {ID: p.roleN, Name: "Ода"},
				{ID: p.roleBot, Name: "Gunbai", Permissions: bot.InvitePermissions},
			})
		}, 1, "✗ Battle “Анэгава”: clan Асаи's role (", "cannot come back: finish “Анэгава”"},
		{"store not a store", func(t *testing.T, p *doctorPlace, keys map[string]string) {
			bad := filepath.Join(p.dir, "notes.txt")
			if err := os.WriteFile(bad, bytes.Repeat([]byte("not a store\n"), 500), 0o644); err != nil {
				t.Fatal(err)
			}
			keys["path"] = strconv.Quote(bad)
		}, 1, "✗ Store " + "", "restore the store from a backup"},
		{"store locked", func(t *testing.T, p *doctorPlace, _ map[string]string) {
			st, err := store.Open(p.storePath, store.Options{NoSync: true})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
		}, 1, "held by another process", "stop gunbai run for the check, or check a copy"},
		{"backup folder missing", func(t *testing.T, p *doctorPlace, keys map[string]string) {
			keys["backup_dir"] = strconv.Quote(filepath.Join(p.dir, "nowhere"))
		}, 1, "✗ Backups: folder " + "", "(mkdir -p "},
		{"clock two minutes off", func(t *testing.T, p *doctorPlace, _ map[string]string) {
			p.srv.Faults().SkewClock(-2 * time.Minute)
		}, 1, "✗ Clock: 1", "timedatectl set-ntp true"},
		{"clock ten seconds off", func(t *testing.T, p *doctorPlace, _ map[string]string) {
			p.srv.Faults().SkewClock(10 * time.Second)
		}, 0, "⚠ Clock: ", "timedatectl set-ntp true"},
		{"no backups", func(t *testing.T, p *doctorPlace, keys map[string]string) {
			keys["backup_dir"] = ""
		}, 0, "⚠ Backups: backup_dir is not set", "set backup_dir in [store]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newDoctorPlace(t)
			keys := map[string]string{}
			cfg := p.config(t, func(k map[string]string) {
				c.setup(t, p, k)
				for key, v := range keys {
					k[key] = v
				}
			})
			code, out := doctorRun(t, "-config", cfg, "-lang", "en")
			line := strings.ReplaceAll(c.line, "#"+p0, "#"+p.chanS)
			if c.fix == "" { // all is well
				if code != 0 || !strings.Contains(out, line) || strings.Contains(out, "→") {
					t.Errorf("exit %d, want 0 and %q alone in\n%s", code, line, out)
				}
				return
			}
			if code != c.code || !strings.Contains(out, line) || !strings.Contains(out, "    → to fix: ") || !strings.Contains(out, c.fix) {
				t.Errorf("exit %d, want %d, %q and %q in\n%s", code, c.code, line, c.fix, out)
			}
			// The line's fix follows it.
			_, after, _ := strings.Cut(out, line)
			if next := strings.SplitN(after, "\n", 3); len(next) < 2 || !strings.Contains(next[1], c.fix) {
				t.Errorf("the fix %q does not follow %q in\n%s", c.fix, line, out)
			}
			if c.name == "bad token" || c.name == "no Attach Files" {
				_, ru := doctorRun(t, "-config", cfg, "-lang", "ru")
				t.Logf("ru:\n%s", ru)
			}
		})
	}
}

// p0 stands for the South's channel ID in a line (each place has its own).
const p0 = "SOUTH"

// Bad flags, a bad -lang and a config that does not load exit 2.
func TestDoctorBadFlags(t *testing.T) {
	inEnglish(t)
	t.Setenv("GUNBAI_TOKEN", "doctor-token")
	for _, args := range [][]string{{"-confg", "x"}, {"-lang", "de"}, {"-config", filepath.Join(t.TempDir(), "none.toml")}, {"extra"}} {
		var out, errb bytes.Buffer
		if code := run(append([]string{"doctor"}, args...), &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errb.String())
		}
	}
}
