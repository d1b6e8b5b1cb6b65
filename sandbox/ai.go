package sandbox

// The general in the sandbox (issue 30, item 5): with Options.VsAI the GM
// seats it as the South of the preloaded battle (the battle setting
// south.ai), so that one person playing the North plays a whole battle
// against it; the page's switch (static/ai.js) seats it or gives the South
// back to its person through the GM's /battle set, sent as any command of
// the page is; and the page shows who plays the South.
//
// The sandbox does not own the bot's store (`gunbai sandbox` runs `gunbai
// run`'s own serve), so it learns the setting as the GM would: it asks the
// bot for the battle's settings (/battle set with no key) and reads the
// line of south.ai. Those questions are the sandbox's own: their answers
// are kept off the page (quiet), and the answer is kept until a /battle
// command of the page may have changed it.

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordfake"
)

// aiKey is the battle setting of the general playing the South.
const aiKey = "south.ai"

// aiJSON is what the page is told of the South of the sandbox's battle.
type aiJSON struct {
	Battle string `json:"battle"`
	On     bool   `json:"on"` // the general plays the South
}

// aiCache is the last answer of the bot about south.ai.
type aiCache struct {
	ask sync.Mutex // held while asking the bot: one question at a time

	mu    sync.Mutex
	gen   int     // bumped by forget: an answer asked for before is stale
	known bool    // state is the answer for gen
	state *aiJSON // nil: no such battle, or a bot without the setting
	quiet map[string]bool
}

// forget drops the answer: a /battle command may have changed it.
func (c *aiCache) forget() {
	c.mu.Lock()
	c.gen++
	c.known = false
	c.mu.Unlock()
}

// isQuiet: the interaction was the sandbox's own question.
func (c *aiCache) isQuiet(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.quiet[id]
}

// aiState is who plays the South of the sandbox's battle, asking the bot
// when the last answer may be stale.
func (sb *Sandbox) aiState() *aiJSON {
	c := &sb.ai
	c.ask.Lock()
	defer c.ask.Unlock()
	c.mu.Lock()
	if c.known {
		defer c.mu.Unlock()
		return c.state
	}
	gen := c.gen
	c.mu.Unlock()
	state, err := sb.askAI()
	if err != nil {
		sb.log.Printf("sandbox: reading %s: %v", aiKey, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	// A command that came meanwhile may have changed it: keep it for this
	// answer alone, and ask again the next time.
	if gen == c.gen && err == nil {
		c.known, c.state = true, state
	}
	return state
}

// askAI asks the bot for the battle's settings, as the GM, quietly.
func (sb *Sandbox) askAI() (*aiJSON, error) {
	i := sb.srv.Interactions().SlashCommand(guildID, chanGM, sb.person("gm").member, "battle",
		discordfake.Subcommand("set", discordfake.StringOpt("battle", BattleName)))
	sb.ai.mu.Lock()
	if sb.ai.quiet == nil {
		sb.ai.quiet = map[string]bool{}
	}
	sb.ai.quiet[i.ID] = true
	sb.ai.mu.Unlock()
	id, err := sb.srv.Interactions().Dispatch(i)
	if err != nil {
		return nil, err
	}
	text, ok := sb.finalAnswer(id, 10*time.Second)
	if !ok {
		return nil, fmt.Errorf("the bot did not answer")
	}
	for _, line := range strings.Split(text, "\n") {
		k, v, ok := strings.Cut(strings.Trim(line, "`*• "), "=")
		if ok && strings.Trim(strings.TrimSpace(k), "`") == aiKey {
			return &aiJSON{Battle: BattleName, On: strings.Trim(strings.TrimSpace(v), "`") == "on"}, nil
		}
	}
	// The battle is gone or over, or the bot has no such setting.
	return nil, nil
}

// finalAnswer waits for the bot's answer to an interaction, its deferred
// acknowledgement edited, and gives its text.
func (sb *Sandbox) finalAnswer(id string, timeout time.Duration) (string, bool) {
	var text string
	ok := sb.srv.WaitFor(func() bool {
		m, ok := sb.srv.Interactions().Original(id)
		text = m.Content
		return ok && m.Flags&discordgo.MessageFlagsLoading == 0
	}, timeout)
	return text, ok
}

// settled is called once the page's command cmd was sent: a /battle
// command may change who plays the South (set, create, finish...), so the
// sandbox waits for the bot's final answer, when its change is in the
// store, and then forgets what it knew.
func (sb *Sandbox) settled(cmd, id string, answered bool) {
	if cmd != "battle" {
		return
	}
	if answered {
		sb.finalAnswer(id, 20*time.Second)
	}
	sb.ai.forget()
}

// seatGeneral has the GM seat the general as the South of the battle just
// created (Options.VsAI), and checks that the bot did.
func (sb *Sandbox) seatGeneral() error {
	text := "/battle set battle:" + BattleName + " key:" + aiKey + " value:on"
	i := sb.srv.Interactions().SlashCommand(guildID, chanGM, sb.person("gm").member, "battle", discordfake.Subcommand("set",
		discordfake.StringOpt("battle", BattleName), discordfake.StringOpt("key", aiKey), discordfake.StringOpt("value", "on")))
	answer, err := sb.gmCommand(text, i)
	if err != nil {
		return err
	}
	sb.ai.forget()
	if st := sb.aiState(); st == nil || !st.On {
		return fmt.Errorf("sandbox: -vs-ai: the bot did not seat the general as the South: %s", firstLine(answer))
	}
	return nil
}
