package sandbox

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/gunbai/gunbai/bot/discordfake"
)

// The sandbox's skirmish (issue 27, EXTRAS section 4): beside the battle,
// the GM opens a skirmish game in #стычка, which he and both sides see,
// the Uesugi defending and the Takeda attacking, and uploads both warbands
// as a GM would; the first move is the Uesugi's. Its log speaks Russian.

// SkirmishName is the skirmish the GM opens at the start.
const SkirmishName = "Мост"

//go:embed skirmish_uesugi.toml
var skirmishDefenders []byte

//go:embed skirmish_takeda.toml
var skirmishAttackers []byte

// openSkirmish has the GM open the sandbox's skirmish and give it its
// warbands, through the fake as the page's commands go.
func (sb *Sandbox) openSkirmish() error {
	gm := sb.person("gm")
	in := sb.srv.Interactions()
	text := "/skirmish open name:" + SkirmishName + " defender_role:@Уэсуги attacker_role:@Такэда lang:ru"
	answer, err := sb.gmCommand(text, in.SlashCommand(guildID, chanSkirmish, gm.member, "skirmish", discordfake.Subcommand("open",
		discordfake.StringOpt("name", SkirmishName), discordfake.RoleOpt("defender_role", roleN),
		discordfake.RoleOpt("attacker_role", roleS), discordfake.StringOpt("lang", "ru"))))
	if err != nil {
		return err
	}
	if !strings.Contains(answer, SkirmishName) {
		return fmt.Errorf("sandbox: /skirmish open: %q", answer)
	}
	for _, w := range []struct {
		side, file string
		data       []byte
	}{{"defender", "uesugi.toml", skirmishDefenders}, {"attacker", "takeda.toml", skirmishAttackers}} {
		text := "/skirmish warband game:" + SkirmishName + " side:" + w.side + " file:" + w.file
		answer, err := sb.gmCommand(text, in.SlashCommand(guildID, chanSkirmish, gm.member, "skirmish", discordfake.Subcommand("warband",
			discordfake.StringOpt("game", SkirmishName), discordfake.StringOpt("side", w.side),
			discordfake.AttachmentOpt("file", w.file, w.data))))
		if err != nil {
			return err
		}
		if !strings.Contains(answer, "Отряд стороны") { // skirmish.warband_set, in the game's Russian
			return fmt.Errorf("sandbox: %s: %q", text, answer)
		}
	}
	return nil
}
