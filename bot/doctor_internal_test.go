package bot

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/render"
)

// The bot identifies with GatewayIntents, no privileged one; were it to
// need one, an application without its flag fails the intents' line.
func TestDoctorIntents(t *testing.T) {
	if c := intentsCheck(GatewayIntents, 0); c.State != CheckOK || c.Key != "doctor.intents_none" {
		t.Errorf("the bot's own intents: %+v", c)
	}
	c := intentsCheck(GatewayIntents|discordgo.IntentsGuildMembers, 0)
	if c.State != CheckFail || !strings.Contains(c.Text(render.EN), "GUILD_MEMBERS not granted") ||
		!strings.Contains(c.Fix(render.EN), "Privileged Gateway Intents") || !strings.Contains(c.Text(render.RU), "не включены GUILD_MEMBERS") {
		t.Errorf("a missing intent: %+v %q %q", c, c.Text(render.EN), c.Fix(render.EN))
	}
	// The "limited" flag of an unverified bot grants it too.
	if c := intentsCheck(discordgo.IntentsGuildMembers|discordgo.IntentsMessageContent, 1<<15|1<<18); c.State != CheckOK ||
		c.Text(render.EN) != "Intents: GUILD_MEMBERS, MESSAGE_CONTENT granted" {
		t.Errorf("granted: %+v %q", c, c.Text(render.EN))
	}
}
