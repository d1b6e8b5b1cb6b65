package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordfake"
)

// askSkirmish sends /skirmish <sub> game:Мост as a person in #стычка
// through the fake and returns the bot's answer.
func askSkirmish(t *testing.T, sb *Sandbox, who, sub string, opts ...discordfake.Option) string {
	t.Helper()
	p := sb.person(who)
	i := sb.srv.Interactions().SlashCommand(guildID, chanSkirmish, p.member, "skirmish",
		discordfake.Subcommand(sub, append([]discordfake.Option{discordfake.StringOpt("game", SkirmishName)}, opts...)...))
	id, err := sb.dispatch(p, "/skirmish "+sub, i)
	if err != nil {
		t.Fatal(err)
	}
	var content string
	if !sb.srv.WaitFor(func() bool {
		m, ok := sb.srv.Interactions().Original(id)
		content = m.Content
		return ok && m.Flags&discordgo.MessageFlagsLoading == 0 && m.Content != ""
	}, 15*time.Second) {
		t.Fatalf("no answer to /skirmish %s from %s", sub, who)
	}
	return content
}

// The sandbox opens a skirmish beside its battle (issue 27, E2-TS1): the
// GM and both sides see #стычка; the game «Мост» is there with both
// warbands uploaded, the Uesugi defending and to move first; a player's
// /skirmish show reads its state, every fighter fit; the first move is
// the Uesugi's, and the Takeda are refused out of turn (E2-TS2).
func TestSandboxSkirmish(t *testing.T) {
	sb := startSandbox(t)
	for _, who := range []string{"gm", "north", "south"} {
		if getState(t, sb, who).channel("стычка") == nil {
			t.Errorf("%s does not see #стычка", who)
		}
	}
	show := askSkirmish(t, sb, "north", "show")
	for _, want := range []string{"Стычка «Мост»", "Ход 1: ходит Уэсуги, фаза «", "**Уэсуги**", "**Такэда**",
		"◆ Стража моста (u1), Уэсуги", "Какидзаки (uk) [◆ рыцарь мечник]: в строю", "Ямагата (ts) [▲ сержант мечник]: в строю", "tc [▲ копейщик]: в строю (кавалерист)"} {
		if !strings.Contains(show, want) {
			t.Errorf("/skirmish show lacks %q:\n%s", want, show)
		}
	}
	if strings.Contains(show, "В начале хода") {
		t.Errorf("a game not yet begun owes tests (E2-M3, E2-O1):\n%s", show)
	}
	if r := askSkirmish(t, sb, "south", "turn"); !strings.Contains(r, "E2-TS2") {
		t.Errorf("the Takeda's «Ход» before the Uesugi moved: %q", r)
	}
	if r := askSkirmish(t, sb, "north", "wall", discordfake.StringOpt("fighters", "us u2 u3 u4")); !strings.Contains(r, "Готово") {
		t.Errorf("the Uesugi's shield wall: %q", r)
	}
}
