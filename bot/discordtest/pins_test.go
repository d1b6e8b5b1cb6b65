package discordtest_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/gunbai/gunbai/bot/discordtest"
)

// Pinning checks the bot's permissions in the channel as Discord does:
// View Channel, then Pin Messages (Manage Messages no longer pins); the
// message must be in the channel; both routes, the current and the
// deprecated one, pin and unpin, and the message says it is pinned.
func TestPinMessages(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	setupClanChannel(srv) // the bot may view and send, but not pin
	sess, err := srv.Session(token)
	if err != nil {
		t.Fatal(err)
	}
	m, err := sess.ChannelMessageSend(clanChan, "status")
	if err != nil {
		t.Fatal(err)
	}
	pin := func(route string) error {
		_, err := sess.RequestWithBucketID(http.MethodPut, discordgo.EndpointChannel(clanChan)+route+m.ID, nil, "pins")
		return err
	}
	code := func(err error) int {
		var re *discordgo.RESTError
		if errors.As(err, &re) && re.Message != nil {
			return re.Message.Code
		}
		return 0
	}
	if err := pin("/messages/pins/"); code(err) != 50013 {
		t.Fatalf("pinned without Pin Messages: %v", err)
	}
	// Manage Messages does not pin.
	g := srv.GuildID()
	srv.Guilds().SetRoles(g, []*discordgo.Role{{ID: g, Name: "@everyone", Permissions: everyonePerms},
		{ID: clanRole, Name: "Ода", Position: 1, Permissions: discordgo.PermissionManageMessages}})
	if err := pin("/messages/pins/"); code(err) != 50013 {
		t.Fatalf("pinned with Manage Messages: %v", err)
	}
	srv.Guilds().SetRoles(g, []*discordgo.Role{{ID: g, Name: "@everyone", Permissions: everyonePerms},
		{ID: clanRole, Name: "Ода", Position: 1, Permissions: discordtest.PermissionPinMessages}})
	if err := pin("/messages/pins/"); err != nil {
		t.Fatal(err)
	}
	if got, ok := srv.Messages().Get(m.ID); !ok || !got.Pinned || len(srv.Messages().Pins(clanChan)) != 1 {
		t.Fatalf("not pinned: %+v", got)
	}
	if got, err := sess.ChannelMessage(clanChan, m.ID); err != nil || !got.Pinned {
		t.Fatalf("the message does not say it is pinned: %+v %v", got, err)
	}
	// Pinned again: nothing changes. The deprecated route works too.
	if err := pin("/pins/"); err != nil || len(srv.Messages().Pins(clanChan)) != 1 {
		t.Fatalf("pinned twice: %v, %d pins", err, len(srv.Messages().Pins(clanChan)))
	}
	if err := sess.ChannelMessageUnpin(clanChan, m.ID); err != nil || len(srv.Messages().Pins(clanChan)) != 0 {
		t.Fatalf("unpinned: %v, %d pins", err, len(srv.Messages().Pins(clanChan)))
	}
	if err := sess.ChannelMessagePin(clanChan, "1400000000000000999"); code(err) != 10008 {
		t.Fatalf("pinned an unknown message: %v", err)
	}
	// Without View Channel: Missing Access.
	srv.Guilds().SetChannelOverwrites(clanChan, &discordgo.PermissionOverwrite{ID: clanRole, Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel})
	if err := pin("/messages/pins/"); code(err) != 50001 {
		t.Fatalf("pinned without View Channel: %v", err)
	}
	// An administrator pins whatever the overwrites.
	srv.Guilds().SetRoles(g, []*discordgo.Role{{ID: g, Name: "@everyone", Permissions: everyonePerms},
		{ID: clanRole, Name: "Ода", Position: 1, Permissions: discordgo.PermissionAdministrator}})
	if err := pin("/messages/pins/"); err != nil {
		t.Fatal(err)
	}
	if len(srv.Violations()) != 0 {
		t.Errorf("violations: %v", srv.Violations())
	}
}
