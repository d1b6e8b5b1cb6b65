package discordtest_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gunbai/gunbai/bot/discordtest"
)

const (
	clanRole  = "1400000000000000001"
	otherRole = "1400000000000000002"
	clanChan  = "1400000000000000010"
)

// everyonePerms are the @everyone permissions of the test guild.
const everyonePerms = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionReadMessageHistory

// setupClanChannel makes a channel hidden from @everyone and open to the
// clan role, whose member the bot is.
func setupClanChannel(srv *discordtest.Server) {
	g := srv.GuildID()
	srv.Guilds().SetRoles(g, []*discordgo.Role{
		{ID: g, Name: "@everyone"},
		{ID: clanRole, Name: "Ода", Position: 1},
		{ID: otherRole, Name: "Асаи", Position: 2, Permissions: discordgo.PermissionManageMessages},
	})
	srv.Guilds().SetEveryonePermissions(g, everyonePerms)
	srv.Guilds().SetChannel(&discordgo.Channel{ID: clanChan, GuildID: g, Name: "oda", Type: discordgo.ChannelTypeGuildText})
	srv.Guilds().SetChannelOverwrites(clanChan,
		&discordgo.PermissionOverwrite{ID: g, Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel},
		&discordgo.PermissionOverwrite{ID: clanRole, Type: discordgo.PermissionOverwriteTypeRole,
			Allow: discordgo.PermissionViewChannel | discordgo.PermissionAttachFiles},
	)
	srv.Guilds().SetMemberRoles(g, srv.AppID(), clanRole)
}

func TestUserChannelPermissionsOverREST(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	setupClanChannel(srv)
	sess, err := srv.Session(token)
	if err != nil {
		t.Fatal(err)
	}
	// Not opened: the state is empty, discordgo asks GET /channels,
	// /guilds and /guilds/{id}/members/{user}.
	perms, err := sess.UserChannelPermissions(srv.AppID(), clanChan)
	if err != nil {
		t.Fatal(err)
	}
	want := int64(everyonePerms | discordgo.PermissionAttachFiles)
	if perms != want {
		t.Errorf("bot permissions in the clan channel = %b, want %b", perms, want)
	}
	var routes []string
	for _, c := range srv.Calls() {
		routes = append(routes, c.Method+" "+c.Template)
	}
	if got := strings.Join(routes, ", "); got != "GET /channels/{channel_id}, GET /guilds/{guild_id}, GET /guilds/{guild_id}/members/{user_id}" {
		t.Errorf("calls = %s", got)
	}
	// The overwrites round-trip, with allow/deny sent as strings.
	ch, err := sess.Channel(clanChan)
	if err != nil {
		t.Fatal(err)
	}
	if len(ch.PermissionOverwrites) != 2 || ch.PermissionOverwrites[0].Deny != discordgo.PermissionViewChannel ||
		ch.PermissionOverwrites[1].Type != discordgo.PermissionOverwriteTypeRole || ch.PermissionOverwrites[1].ID != clanRole {
		t.Errorf("overwrites = %+v", ch.PermissionOverwrites)
	}
	var raw struct {
		PermissionOverwrites []map[string]any `json:"permission_overwrites"`
	}
	calls := srv.Calls()
	if err := json.Unmarshal(calls[len(calls)-1].Response, &raw); err != nil || raw.PermissionOverwrites[0]["deny"] != "1024" {
		t.Errorf("raw overwrites = %+v, %v", raw.PermissionOverwrites, err)
	}
	// Another member without the clan role cannot see the channel.
	const user = "1400000000000000100"
	srv.Guilds().SetMemberRoles(srv.GuildID(), user, otherRole)
	perms, err = sess.UserChannelPermissions(user, clanChan)
	if err != nil {
		t.Fatal(err)
	}
	if perms&discordgo.PermissionViewChannel != 0 || perms&discordgo.PermissionManageMessages == 0 {
		t.Errorf("member permissions = %b", perms)
	}
	// discordgo v0.29 has no exported MemberPermissions; its State computes
	// the same from the REST objects.
	g, err := sess.Guild(srv.GuildID())
	if err != nil {
		t.Fatal(err)
	}
	m, err := sess.GuildMember(srv.GuildID(), srv.AppID())
	if err != nil {
		t.Fatal(err)
	}
	st := discordgo.NewState()
	if err := st.GuildAdd(g); err != nil {
		t.Fatal(err)
	}
	if err := st.ChannelAdd(ch); err != nil {
		t.Fatal(err)
	}
	m.GuildID = g.ID
	if err := st.MemberAdd(m); err != nil {
		t.Fatal(err)
	}
	if p, err := st.UserChannelPermissions(srv.AppID(), clanChan); err != nil || p != want {
		t.Errorf("State.UserChannelPermissions = %b, %v; want %b", p, err, want)
	}
	// The guild owner has every permission.
	srv.Guilds().SetOwner(srv.GuildID(), user)
	if perms, err := sess.UserChannelPermissions(user, clanChan); err != nil || perms != discordgo.PermissionAll {
		t.Errorf("owner permissions = %b, %v", perms, err)
	}
	if len(srv.Violations()) != 0 {
		t.Errorf("violations: %v", srv.Violations())
	}
}

func TestUserChannelPermissionsFromState(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	setupClanChannel(srv)
	// discordgo v0.29's State.UserChannelPermissions reads the channel and
	// member without the state lock while CHANNEL_UPDATE / GUILD_MEMBER_UPDATE
	// overwrite them in place (a data race): read only after the updates
	// were applied, which the typed handlers signal (they run after the
	// state update).
	updates := make(chan string, 8)
	sess := open(t, srv, func(s *discordgo.Session) {
		s.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsGuildMembers
		s.AddHandler(func(*discordgo.Session, *discordgo.GuildCreate) { updates <- "GUILD_CREATE" })
		s.AddHandler(func(*discordgo.Session, *discordgo.ChannelUpdate) { updates <- "CHANNEL_UPDATE" })
		s.AddHandler(func(*discordgo.Session, *discordgo.GuildMemberUpdate) { updates <- "GUILD_MEMBER_UPDATE" })
	})
	await := func(events ...string) { // in any order: handlers run in goroutines
		t.Helper()
		want := map[string]int{}
		for _, e := range events {
			want[e]++
		}
		for range events {
			select {
			case got := <-updates:
				if want[got] == 0 {
					t.Fatalf("unexpected %s (waiting for %v)", got, events)
				}
				want[got]--
			case <-time.After(wait):
				t.Fatalf("waiting for %v: %v left", events, want)
			}
		}
	}
	perms := func() int64 {
		t.Helper()
		p, err := sess.State.UserChannelPermissions(srv.AppID(), clanChan)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	await("GUILD_CREATE")
	if p, want := perms(), int64(everyonePerms|discordgo.PermissionAttachFiles); p != want {
		t.Errorf("from GUILD_CREATE: %b, want %b", p, want)
	}
	// Changes reach the state as CHANNEL_UPDATE and GUILD_MEMBER_UPDATE.
	srv.Guilds().SetChannelOverwrites(clanChan,
		&discordgo.PermissionOverwrite{ID: srv.GuildID(), Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel},
		&discordgo.PermissionOverwrite{ID: srv.AppID(), Type: discordgo.PermissionOverwriteTypeMember, Deny: discordgo.PermissionSendMessages},
	)
	await("CHANNEL_UPDATE")
	if p := perms(); p&discordgo.PermissionViewChannel != 0 || p&discordgo.PermissionSendMessages != 0 {
		t.Errorf("after CHANNEL_UPDATE: %b", p)
	}
	srv.Guilds().SetChannelOverwrites(clanChan,
		&discordgo.PermissionOverwrite{ID: srv.GuildID(), Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel},
		&discordgo.PermissionOverwrite{ID: otherRole, Type: discordgo.PermissionOverwriteTypeRole, Allow: discordgo.PermissionViewChannel},
	)
	srv.Guilds().SetMemberRoles(srv.GuildID(), srv.AppID(), otherRole)
	await("CHANNEL_UPDATE", "GUILD_MEMBER_UPDATE")
	if p, want := perms(), int64(everyonePerms|discordgo.PermissionManageMessages); p != want {
		t.Errorf("after GUILD_MEMBER_UPDATE: %b, want %b", p, want)
	}
	for _, c := range srv.Calls() {
		if strings.HasPrefix(c.Route, "/guilds/") || strings.HasPrefix(c.Route, "/channels/") {
			t.Errorf("state lookup made a REST call: %s %s", c.Method, c.Route)
		}
	}
}

func TestEveryoneRoleIsImplicit(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.Guilds().SetRoles(srv.GuildID(), []*discordgo.Role{{ID: clanRole, Name: "Ода"}})
	sess, err := srv.Session(token)
	if err != nil {
		t.Fatal(err)
	}
	roles, err := sess.GuildRoles(srv.GuildID())
	if err != nil {
		t.Fatal(err)
	}
	if len(roles) != 2 || roles[0].ID != srv.GuildID() || roles[0].Name != "@everyone" ||
		roles[0].Permissions&discordgo.PermissionViewChannel == 0 || roles[1].ID != clanRole {
		t.Errorf("roles = %+v", roles)
	}
	srv.Guilds().SetEveryonePermissions(srv.GuildID(), 0)
	if roles, err = sess.GuildRoles(srv.GuildID()); err != nil || len(roles) != 2 || roles[0].Permissions != 0 {
		t.Errorf("after SetEveryonePermissions: %+v, %v", roles, err)
	}
}
