package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
)

// InvitePermissions are the bot permissions to ask for in the invite URL
// (OAuth2 URL Generator): View Channel, Send Messages and Attach Files, to
// post the turns' pictures and logs in the clan and GM channels. Gunbai
// sends no embeds, so Embed Links is not needed; interaction answers need
// no permission at all.
const InvitePermissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionAttachFiles

// Conn says how to reach Discord: it is everything outside this package
// needs to know, so that no other package names a discordgo type.
type Conn struct {
	// Token is the bot token, without the "Bot " prefix.
	Token string
	// ApplicationID is the application the commands belong to. Empty: the
	// bot user's ID (GET /users/@me), which is the application ID of every
	// bot created since 2019. Only RegisterCommands uses it; a running bot
	// learns its application from READY.
	ApplicationID string
	// Wire, if set, adjusts the session before it is used; tests point it
	// at a fake Discord with discordtest.Server.Wire.
	Wire func(*discordgo.Session)
}

// session builds the discordgo session of c; nothing is sent yet.
func (c Conn) session() (*discordgo.Session, error) {
	token := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c.Token), "Bot "))
	if token == "" {
		return nil, errors.New("no Discord bot token")
	}
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, err
	}
	if c.Wire != nil {
		c.Wire(s)
	}
	return s, nil
}

// Dial builds a session for c and a bot on it (New). Nothing is sent until
// the bot's Start; Close disconnects and waits for the handlers in flight.
func Dial(c Conn, svc *game.Service, opt Options) (*Bot, error) {
	s, err := c.session()
	if err != nil {
		return nil, err
	}
	return New(s, svc, opt), nil
}

// Registration is what RegisterCommands did in one guild.
type Registration struct {
	ApplicationID string
	Guild         string
	// Commands are the names of the commands Discord now has in the guild.
	Commands []string
}

// RegisterCommands overwrites the slash commands of each guild with
// Commands() (ApplicationCommandBulkOverwrite), as a running bot does when
// it connects, over REST only: no gateway connection is opened. It goes on
// after a guild fails and returns every failure, joined.
func RegisterCommands(c Conn, guilds []string) ([]Registration, error) {
	if len(guilds) == 0 {
		return nil, errors.New("no guilds to register the commands in")
	}
	s, err := c.session()
	if err != nil {
		return nil, err
	}
	app := strings.TrimSpace(c.ApplicationID)
	if app == "" {
		u, err := s.User("@me")
		if err != nil {
			return nil, fmt.Errorf("finding the application ID (GET /users/@me): %w", err)
		}
		app = u.ID
	}
	var out []Registration
	var errs []error
	for _, g := range guilds {
		got, err := s.ApplicationCommandBulkOverwrite(app, g, Commands())
		if err != nil {
			errs = append(errs, fmt.Errorf("registering the commands of application %s in guild %s: %w", app, g, err))
			continue
		}
		r := Registration{ApplicationID: app, Guild: g}
		for _, cmd := range got {
			r.Commands = append(r.Commands, cmd.Name)
		}
		out = append(out, r)
	}
	return out, errors.Join(errs...)
}
