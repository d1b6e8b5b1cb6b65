package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// gunbai doctor asks Discord what the bot will need before a battle
// needs it: the token, the application and its intents, each guild's
// GM role, and for each battle of the store its clans' roles and its
// channels, checked by checkChannels and checkSpectators, the very
// functions /battle create refuses bad channels with.

// GatewayIntents are the gateway intents the bot identifies with: guild
// events alone. It reads members and options from interactions, so it
// needs no privileged intent.
const GatewayIntents = discordgo.IntentsGuilds

// CheckState is how a doctor's check came out.
type CheckState int

// A check passes, warns (the bot works, something deserves a look) or
// fails (the bot, or a battle, will not work until it is fixed).
const (
	CheckOK CheckState = iota
	CheckWarn
	CheckFail
)

// Check is one line of gunbai doctor's checklist.
type Check struct {
	State CheckState
	Key   string // the catalogue's key of the line, e.g. "doctor.token"
	Args  []any
	// FixKey is the catalogue's key of what to do ("" when State is
	// CheckOK); FixArgs its arguments.
	FixKey  string
	FixArgs []any
}

// Text is the line's words in l.
func (c Check) Text(l render.Lang) string { return render.T(l, c.Key, localArgs(l, c.Args)...) }

// Fix is what to do in l, "" if nothing.
func (c Check) Fix(l render.Lang) string {
	if c.FixKey == "" {
		return ""
	}
	return render.T(l, c.FixKey, localArgs(l, c.FixArgs)...)
}

// keyList is an argument made of catalogue keys (permissions, intents'
// names are not keys): joined in the reader's language.
type keyList []string

// refusalText is a game.Refusal's words as an argument.
type refusalText struct {
	key  string
	args []any
}

func localArgs(l render.Lang, args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case keyList:
			words := make([]string, len(a))
			for j, k := range a {
				words[j] = render.T(l, k)
			}
			out[i] = strings.Join(words, ", ")
		case refusalText:
			out[i] = render.T(l, a.key, a.args...)
		default:
			out[i] = a
		}
	}
	return out
}

func pass(key string, args ...any) Check { return Check{State: CheckOK, Key: key, Args: args} }

func failed(state CheckState, key string, args []any, fix string, fixArgs ...any) Check {
	return Check{State: state, Key: key, Args: args, FixKey: fix, FixArgs: fixArgs}
}

// DoctorSetup is what gunbai doctor checks besides the token.
type DoctorSetup struct {
	ApplicationID string   // [discord] application_id; "" the bot user's
	Guilds        []string // [discord] guilds; empty: the guilds the bot is in
	GMRole        string   // [discord] gm_role, an ID or a name
	// Store, if not nil, holds the battles whose roles and channels are
	// checked (opened read-only by the caller).
	Store *store.Store
	// Now is the local clock compared with Discord's Date header; nil is
	// time.Now.
	Now func() time.Time
}

// Clock skews: over clockWarn the deadlines the players read are
// visibly off; over clockFail they are wrong by minutes.
const (
	clockWarn = 5 * time.Second
	clockFail = time.Minute
)

// Doctor checks the bot's setup through Discord's API, one Check a line.
// A bad token ends the checks there: nothing else can be asked.
func Doctor(c Conn, d DoctorSetup) []Check {
	if d.Now == nil {
		d.Now = time.Now
	}
	s, err := c.session()
	if err != nil {
		return []Check{failed(CheckFail, "doctor.token_bad", nil, "doctor.fix.token_bad")}
	}
	dates := &dateRecorder{next: s.Client.Transport}
	s.Client.Transport = dates
	before := d.Now()
	u, err := s.User("@me")
	after := d.Now()
	if err != nil {
		var re *discordgo.RESTError
		if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized {
			return []Check{failed(CheckFail, "doctor.token_bad", nil, "doctor.fix.token_bad")}
		}
		return []Check{failed(CheckFail, "doctor.unreachable", []any{c.APIBase, atBase(err).Error()}, "doctor.fix.unreachable")}
	}
	if !u.Bot {
		return []Check{failed(CheckFail, "doctor.token_not_bot", []any{u.Username}, "doctor.fix.token_not_bot")}
	}
	out := []Check{pass("doctor.token", u.Username, u.ID)}
	out = append(out, clockCheck(dates.last(), before.Add(after.Sub(before)/2)))
	out = append(out, applicationChecks(s, d.ApplicationID, neededIntents(d.Store))...)
	s.State.User = u // for channelPerms: the bot's own member
	b := &Bot{s: s}
	guilds := d.Guilds
	if len(guilds) == 0 {
		ugs, err := s.UserGuilds(200, "", "", false)
		if err != nil {
			return append(out, failed(CheckFail, "doctor.discord_error", []any{atBase(err).Error()}, "doctor.fix.unreachable"))
		}
		for _, g := range ugs {
			guilds = append(guilds, g.ID)
		}
		if len(guilds) == 0 {
			return append(out, failed(CheckFail, "doctor.no_guilds", nil, "doctor.fix.guild_absent", u.ID, int64(InvitePermissions)))
		}
	}
	for _, g := range guilds {
		out = append(out, b.guildChecks(g, d)...)
	}
	return out
}

// dateRecorder keeps the Date header of Discord's last answer.
type dateRecorder struct {
	next http.RoundTripper
	mu   sync.Mutex
	date time.Time
}

func (r *dateRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	next := r.next
	if next == nil {
		next = http.DefaultTransport
	}
	resp, err := next.RoundTrip(req)
	if err == nil {
		if t, perr := http.ParseTime(resp.Header.Get("Date")); perr == nil {
			r.mu.Lock()
			r.date = t
			r.mu.Unlock()
		}
	}
	return resp, err
}

func (r *dateRecorder) last() time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.date
}

// clockCheck compares Discord's Date (whole seconds) with the local
// clock at the middle of the call.
func clockCheck(discord, local time.Time) Check {
	if discord.IsZero() {
		return failed(CheckWarn, "doctor.clock_unknown", nil, "doctor.fix.clock")
	}
	skew := local.Sub(discord)
	secs := int(skew.Abs().Round(time.Second) / time.Second)
	switch {
	case skew > clockFail || skew < -clockFail:
		return failed(CheckFail, "doctor.clock_skew", []any{secs}, "doctor.fix.clock")
	case skew > clockWarn || skew < -clockWarn:
		return failed(CheckWarn, "doctor.clock_skew", []any{secs}, "doctor.fix.clock")
	}
	return pass("doctor.clock", secs)
}

// privilegedIntents are Discord's privileged intents and the application
// flags that grant them (the full flag or the "limited" one of an
// unverified bot).
var privilegedIntents = []struct {
	intent discordgo.Intent
	flags  int
	name   string
}{
	{discordgo.IntentsGuildPresences, 1<<12 | 1<<13, "GUILD_PRESENCES"},
	{discordgo.IntentsGuildMembers, 1<<14 | 1<<15, "GUILD_MEMBERS"},
	{discordgo.IntentsMessageContent, 1<<18 | 1<<19, "MESSAGE_CONTENT"},
}

// missingIntents are the names of the privileged intents in need that
// the application's flags do not grant, and of those needed.
func missingIntents(need discordgo.Intent, flags int) (needed, missing []string) {
	for _, p := range privilegedIntents {
		if need&p.intent == 0 {
			continue
		}
		needed = append(needed, p.name)
		if flags&p.flags == 0 {
			missing = append(missing, p.name)
		}
	}
	return needed, missing
}

// neededIntents are GatewayIntents, and Server Members if a battle not
// finished has an ordering role: its members are listed (GET
// /guilds/{id}/members, sheet.go) to send each the order sheet, which
// Discord allows only with that privileged intent.
func neededIntents(st *store.Store) discordgo.Intent {
	need := GatewayIntents
	if st == nil {
		return need
	}
	guilds, _ := st.Guilds()
	for _, g := range guilds {
		recs, _ := st.Battles(g)
		for _, rec := range recs {
			if rec.Status != store.StatusFinished && (rec.Sides[0].OrderRole != "" || rec.Sides[1].OrderRole != "") {
				return need | discordgo.IntentsGuildMembers
			}
		}
	}
	return need
}

// applicationChecks are the application's line and its intents' line.
func applicationChecks(s *discordgo.Session, configured string, need discordgo.Intent) []Check {
	body, err := s.RequestWithBucketID(http.MethodGet, discordgo.EndpointApplication("@me"), nil, discordgo.EndpointApplication(""))
	var app struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Flags int    `json:"flags"`
	}
	if err == nil {
		err = json.Unmarshal(body, &app)
	}
	if err != nil {
		return []Check{failed(CheckFail, "doctor.app_failed", []any{atBase(err).Error()}, "doctor.fix.unreachable")}
	}
	var out []Check
	if configured = strings.TrimSpace(configured); configured != "" && configured != app.ID {
		out = append(out, failed(CheckFail, "doctor.app_mismatch", []any{configured, app.Name, app.ID}, "doctor.fix.app_mismatch", app.ID))
	} else {
		out = append(out, pass("doctor.app", app.Name, app.ID))
	}
	return append(out, intentsCheck(need, app.Flags))
}

func intentsCheck(need discordgo.Intent, flags int) Check {
	needed, missing := missingIntents(need, flags)
	switch {
	case len(missing) > 0:
		return failed(CheckFail, "doctor.intents_missing", []any{strings.Join(missing, ", ")}, "doctor.fix.intents")
	case len(needed) > 0:
		return pass("doctor.intents", strings.Join(needed, ", "))
	}
	return pass("doctor.intents_none")
}

// guildChecks are a guild's lines: the bot a member, the GM role, and
// each battle not finished.
func (b *Bot) guildChecks(guild string, d DoctorSetup) []Check {
	g, err := b.s.Guild(guild)
	if err == nil {
		_, err = b.s.GuildMember(guild, b.botUser())
	}
	if err != nil {
		return []Check{failed(CheckFail, "doctor.guild_absent", []any{guild}, "doctor.fix.guild_absent", b.botUser(), int64(InvitePermissions))}
	}
	out := []Check{pass("doctor.guild", g.Name, guild)}
	roles, err := b.s.GuildRoles(guild)
	if err != nil {
		return append(out, failed(CheckFail, "doctor.discord_error", []any{atBase(err).Error()}, "doctor.fix.unreachable"))
	}
	out = append(out, gmRoleCheck(roles, d.GMRole, g.Name))
	if d.Store == nil {
		return out
	}
	recs, err := d.Store.Battles(guild)
	if err != nil {
		return append(out, failed(CheckFail, "doctor.store_battles", []any{err.Error()}, "doctor.fix.store_bad"))
	}
	for _, rec := range recs {
		if rec.Status != store.StatusFinished {
			out = append(out, b.battleChecks(guild, rec, roles)...)
		}
	}
	return out
}

// roleName is a role's name by ID or name (as the bot finds the GM role:
// the ID, else the name without case), "" if none.
func roleName(roles []*discordgo.Role, ref string) string {
	for _, r := range roles {
		if r.ID == ref || strings.EqualFold(r.Name, ref) {
			return r.Name
		}
	}
	return ""
}

func gmRoleCheck(roles []*discordgo.Role, gm, guild string) Check {
	if strings.TrimSpace(gm) == "" {
		return pass("doctor.gm_role_unset")
	}
	if name := roleName(roles, gm); name != "" {
		return pass("doctor.gm_role", name)
	}
	return failed(CheckFail, "doctor.gm_role_missing", []any{gm, guild}, "doctor.fix.gm_role", gm)
}

// battleChecks are a battle's lines: its clans' roles, then its channels
// as /battle create checks them.
func (b *Bot) battleChecks(guild string, rec store.BattleRecord, roles []*discordgo.Role) []Check {
	var out []Check
	rolesOK := true
	for _, clan := range rec.Sides {
		for _, role := range []string{clan.RoleID, clan.OrderRole} {
			if role != "" && !roleExists(roles, role) {
				rolesOK = false
				out = append(out, failed(CheckFail, "doctor.clan_role_missing", []any{rec.Name, clan.Name, role}, "doctor.fix.clan_role", rec.Name))
			}
		}
	}
	if rolesOK {
		out = append(out, pass("doctor.clan_roles", rec.Name, rec.Sides[0].Name, rec.Sides[1].Name))
	}
	names := b.mentionNames(roles, rec)
	err := b.checkChannels(guild, rec.Sides[0], rec.Sides[1], rec.GMChannelID)
	if err == nil {
		_, err = b.checkSpectators(guild, rec.SpectatorChannel, rec.Sides[0], rec.Sides[1])
	}
	var pr *permRefusal
	var ref *game.Refusal
	switch {
	case err == nil:
		chans := []string{rec.Sides[0].ChannelID, rec.Sides[1].ChannelID, rec.GMChannelID}
		if rec.SpectatorChannel != "" {
			chans = append(chans, rec.SpectatorChannel)
		}
		for i, ch := range chans {
			chans[i] = names.Replace("<#" + ch + ">")
		}
		out = append(out, pass("doctor.channels", rec.Name, strings.Join(chans, " ")))
	case errors.As(err, &pr):
		out = append(out, failed(CheckFail, "doctor.channel_perms", []any{rec.Name, names.Replace("<#" + pr.channel + ">"), keyList(pr.lacking)},
			"doctor.fix.channel_perms", keyList(pr.lacking)))
	case errors.As(err, &ref):
		args := make([]any, len(ref.Args))
		for i, a := range ref.Args {
			if s, ok := a.(string); ok {
				a = names.Replace(s)
			}
			args[i] = a
		}
		fix := "doctor.fix.channels"
		if ref.Key == "err.channel_unknown" {
			fix = "doctor.fix.channel_unknown"
		}
		out = append(out, failed(CheckFail, "doctor.channel_refused", []any{rec.Name, refusalText{ref.Key, args}}, fix, rec.Name))
	default:
		out = append(out, failed(CheckFail, "doctor.discord_error", []any{atBase(err).Error()}, "doctor.fix.unreachable"))
	}
	return out
}

func roleExists(roles []*discordgo.Role, id string) bool {
	for _, r := range roles {
		if r.ID == id {
			return true
		}
	}
	return false
}

var mentionRe = regexp.MustCompile(`<(#|@&)(\d+)>`)

// mentionNames words a battle's channel and role mentions for a terminal:
// "#name (id)", "@name (id)"; a channel the bot cannot read keeps its ID.
type mentionNames map[string]string

func (m mentionNames) Replace(s string) string {
	return mentionRe.ReplaceAllStringFunc(s, func(t string) string {
		sub := mentionRe.FindStringSubmatch(t)
		sign := sub[1][:1]
		if name, ok := m[sub[2]]; ok {
			return fmt.Sprintf("%s%s (%s)", sign, name, sub[2])
		}
		return sign + sub[2]
	})
}

func (b *Bot) mentionNames(roles []*discordgo.Role, rec store.BattleRecord) mentionNames {
	m := mentionNames{}
	for _, r := range roles {
		m[r.ID] = r.Name
	}
	for _, id := range []string{rec.Sides[0].ChannelID, rec.Sides[1].ChannelID, rec.GMChannelID, rec.SpectatorChannel} {
		if id == "" {
			continue
		}
		if ch, err := b.s.Channel(id); err == nil {
			m[id] = ch.Name
		}
	}
	return m
}
