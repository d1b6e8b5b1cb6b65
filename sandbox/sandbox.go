// Package sandbox plays Gunbai on one machine without a Discord account:
// the real bot (the code `gunbai run` runs) against the fake Discord of
// bot/discordfake, in a guild set up for a battle, and a page at the
// sandbox's address that looks and behaves like a Discord client, with a
// switch between the game master and the two players.
//
// The guild "Gunbai sandbox" has the roles Мастер (the game masters),
// Уэсуги (North) and Такэда (South) and the bot's role, the channels #gm,
// #север and #юг, each visible only to its role and to the bot, #стычка,
// visible to all three roles and the bot, and three
// members: the GM and the North player on Russian clients, the South player
// on an English one. When the bot is up, the GM creates a battle from the
// built-in scenario "kawanakajima" with /battle create (the South's channel
// in English, its player's language), sent through the
// fake as any command of the page is; then, in #стычка, which the three of
// them see, he opens the skirmish «Мост» and uploads both warbands
// (skirmish.go).
//
// The page (static/) talks to a JSON API under /sandbox/: state, events
// (server-sent), commands, command, autocomplete, component, modal, and
// files/ for the pictures the bot posts.
package sandbox

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/config"
	"github.com/gunbai/gunbai/bot/discordfake"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// DefaultAddr is where the page is served unless Options.Addr says.
const DefaultAddr = "127.0.0.1:8080"

// ServeFunc runs the bot on cfg, reaching Discord with c, until ctx ends;
// `gunbai run` has one (the sandbox is given it by `gunbai sandbox`).
type ServeFunc func(ctx context.Context, cfg *config.Config, c bot.Conn, logger *log.Logger) error

// Options configure Run and Start.
type Options struct {
	// Addr is the address of the page (default DefaultAddr). It must be on
	// loopback unless Public is set.
	Addr string
	// Public allows a non-loopback Addr; the page has no login, so Start
	// warns on Log.
	Public bool
	// Store is the bot's store file. Empty: a file in a temporary folder,
	// removed when the sandbox closes. A file that exists keeps its
	// battles, and no battle is created.
	Store string
	// Log receives the bot's log and the sandbox's (nil: standard error).
	Log *log.Logger
	// Serve runs the bot (nil: Serve, the sequence of `gunbai run`: the
	// store opened, bot.Dial, Start, and Close when ctx ends).
	Serve ServeFunc
	// Ready, if set, is called by Run with the page's URL once it is
	// served (else Run logs it).
	Ready func(url string)
	// Scenarios are scenario files the GM may create battles from beside
	// the built-in ones (the config's [battle] scenarios).
	Scenarios []string
	// VsAI: the preloaded battle's South is played by the general (issue
	// 30): the GM sets south.ai on after creating it (ai.go), so that one
	// person playing the North plays a whole battle against it.
	VsAI bool
}

// IDs of the sandbox's guild, stable so that a store file given with
// Options.Store stays meaningful from one run to the next.
const (
	guildID              = "1300000000000000001"
	roleGM, roleN, roleS = "1300000000000000011", "1300000000000000012", "1300000000000000013"
	roleBot              = "1300000000000000019"
	chanGM, chanN, chanS = "1300000000000000021", "1300000000000000022", "1300000000000000023"
	chanSkirmish         = "1300000000000000024"
	botToken             = "sandbox-bot-token"
	// BattleName is the battle the GM creates at the start.
	BattleName = "Каванакадзима"
)

// person is one of the people of the page: the GM, two players of the
// Uesugi (North) and one of the Takeda (South).
type person struct {
	Key     string `json:"key"`  // gm, north, north2, south
	Name    string `json:"name"` // display name
	Role    string `json:"role"` // role name
	Locale  string `json:"locale"`
	UserID  string `json:"user_id"`
	channel string // his guild channel
	member  discordfake.Member
}

// channel is a guild channel of the sandbox and the roles that see it.
type channel struct {
	ID, Name string
	Roles    []string
}

// channels are the battle's (each side's own and the GM's) and the
// skirmish's, which the GM and both sides see (E2: one table, two sides).
var channels = []channel{{chanGM, "gm", []string{roleGM}}, {chanN, "север", []string{roleN}}, {chanS, "юг", []string{roleS}},
	{chanSkirmish, "стычка", []string{roleGM, roleN, roleS}}}

// roles are the guild's roles.
func roles() []*discordgo.Role {
	return []*discordgo.Role{
		{ID: guildID, Name: "@everyone", Permissions: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages},
		{ID: roleGM, Name: "Мастер", Position: 3},
		{ID: roleN, Name: "Уэсуги", Position: 2, Color: 0x3b82f6},
		{ID: roleS, Name: "Такэда", Position: 1, Color: 0xdc2626},
		{ID: roleBot, Name: "Gunbai", Position: 4, Permissions: bot.InvitePermissions},
	}
}

func people() []*person {
	mk := func(key, id, user, name, roleName, role, locale, ch string) *person {
		return &person{Key: key, Name: name, Role: roleName, Locale: locale, UserID: id, channel: ch,
			member: discordfake.Member{UserID: id, Username: user, GlobalName: name, Roles: []string{role}, Locale: locale}}
	}
	return []*person{
		mk("gm", "1300000000000000031", "gm", "Мастер игры", "Мастер", roleGM, "ru", chanGM),
		mk("north", "1300000000000000032", "kagetora", "Кагэтора (Уэсуги)", "Уэсуги", roleN, "ru", chanN),
		// A second player of the Uesugi: two players of one clan, each
		// with a wing of its army (issue 29).
		mk("north2", "1300000000000000034", "kageie", "Кагэиэ (Уэсуги)", "Уэсуги", roleN, "ru", chanN),
		mk("south", "1300000000000000033", "harunobu", "Harunobu (Takeda)", "Такэда", roleS, "en-US", chanS),
	}
}

// Sandbox is a running sandbox: the fake Discord, the bot, the page.
type Sandbox struct {
	log    *log.Logger
	srv    *discordfake.Server
	web    *http.Server
	ln     net.Listener
	people []*person
	cancel context.CancelFunc
	botErr chan error
	tmp    string // temporary folder of the store, removed at Close
	vsAI   bool   // Options.VsAI

	mu   sync.Mutex
	sent map[string]sentInteraction // by interaction id: what the page sent

	ai aiCache // who plays the South of the sandbox's battle (ai.go)

	closeOnce sync.Once
	closeErr  error
}

// sentInteraction is what a person did, shown above the bot's answer.
type sentInteraction struct {
	person string
	label  string // "/roll stake:low", or a button's
}

// Run starts the sandbox (see Start) and runs it until ctx ends.
func Run(ctx context.Context, opts Options) error {
	sb, err := Start(ctx, opts)
	if err != nil {
		return err
	}
	if opts.Ready != nil {
		opts.Ready(sb.URL())
	} else {
		sb.log.Printf("sandbox: open %s", sb.URL())
	}
	select {
	case <-ctx.Done():
	case err := <-sb.botErr:
		sb.botErr <- err
	}
	return sb.Close()
}

// Start sets up the fake Discord and its guild, starts the bot and waits
// for it to register its commands, has the GM create the battle (fresh
// stores only), then serves the page. Close stops it all.
func Start(ctx context.Context, opts Options) (*Sandbox, error) {
	addr := opts.Addr
	if addr == "" {
		addr = DefaultAddr
	}
	logger := opts.Log
	if logger == nil {
		logger = log.New(os.Stderr, "gunbai ", log.LstdFlags)
	}
	loopback, err := isLoopback(addr)
	if err != nil {
		return nil, err
	}
	if !loopback && !opts.Public {
		return nil, fmt.Errorf("sandbox: %s is not a loopback address; the page has no login: pass -public to serve it there anyway", addr)
	}
	if !loopback {
		logger.Printf("sandbox: WARNING: serving on %s, beyond this machine: the page has no login, anyone who reaches it plays as anyone", addr)
	}
	sb := &Sandbox{log: logger, people: people(), sent: map[string]sentInteraction{}, botErr: make(chan error, 1), vsAI: opts.VsAI}
	storePath := opts.Store
	fresh := true
	if storePath == "" {
		if sb.tmp, err = os.MkdirTemp("", "gunbai-sandbox-"); err != nil {
			return nil, err
		}
		storePath = filepath.Join(sb.tmp, "sandbox.db")
	} else if _, err := os.Stat(storePath); err == nil {
		fresh = false
	}
	sb.ln, err = net.Listen("tcp", addr)
	if err != nil {
		sb.cleanup()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	sb.srv, err = discordfake.New(discordfake.Options{
		Addr: "127.0.0.1:0", GuildID: guildID, GuildName: "Gunbai sandbox",
		Logf: func(f string, a ...any) { logger.Printf("sandbox: discord: "+f, a...) },
	})
	if err != nil {
		sb.ln.Close()
		sb.cleanup()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	sb.setUpGuild()

	cfg := config.Default()
	cfg.Source = "the sandbox"
	cfg.Discord.GMRole = "Мастер"
	cfg.Discord.Guilds = []string{guildID}
	cfg.Discord.APIBase = sb.srv.URL() + "/api/v9"
	cfg.Store.Path = storePath
	cfg.Battle.Scenarios = opts.Scenarios
	serve := opts.Serve
	if serve == nil {
		serve = Serve
	}
	botCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	sb.cancel = cancel
	go func() {
		sb.botErr <- serve(botCtx, cfg, bot.Conn{Token: botToken, APIBase: cfg.Discord.APIBase, Wire: sb.wire}, logger)
	}()
	if err := sb.waitBot(); err != nil {
		sb.Close()
		return nil, err
	}
	if fresh {
		if err := sb.preload(); err != nil {
			sb.Close()
			return nil, err
		}
	} else {
		logger.Printf("sandbox: store %s exists: its battles are kept, none is created", storePath)
	}
	sb.web = &http.Server{Handler: sb.handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := sb.web.Serve(sb.ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Printf("sandbox: %v", err)
		}
	}()
	return sb, nil
}

// Serve is the sequence `gunbai run` runs, without its backups (which the
// sandbox's config has none of): the store opened, bot.Dial, Start, and
// Close when ctx ends. `gunbai sandbox` passes run's own function instead.
func Serve(ctx context.Context, cfg *config.Config, c bot.Conn, logger *log.Logger) error {
	st, err := store.Open(cfg.Store.Path, store.Options{Timeout: cfg.Store.OpenTimeout})
	if err != nil {
		return err
	}
	defer st.Close()
	scenarios, err := game.LoadScenarios(cfg.Battle.Scenarios)
	if err != nil {
		return err
	}
	b, err := bot.Dial(c, &game.Service{Store: st, Scenarios: scenarios, TurnDeadline: cfg.Battle.TurnDeadline}, bot.Options{
		GMRole: cfg.Discord.GMRole, Guilds: cfg.Discord.Guilds, Locale: cfg.Battle.DefaultLocale, Log: logger,
		Emojis: true,
	})
	if err != nil {
		return err
	}
	if err := b.Start(); err != nil {
		return fmt.Errorf("connecting to Discord: %w", err)
	}
	<-ctx.Done()
	return b.Close()
}

func isLoopback(addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("sandbox: address %q: %w", addr, err)
	}
	if host == "localhost" {
		return true, nil
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback(), nil
}

// setUpGuild sets up the roles, channels and members, as README tells a GM
// to: each channel hidden from @everyone, open to its role and the bot.
func (sb *Sandbox) setUpGuild() {
	s := sb.srv
	s.Guilds().SetRoles(guildID, roles())
	s.Guilds().SetMemberRoles(guildID, s.AppID(), roleBot)
	for i, ch := range channels {
		over := []*discordgo.PermissionOverwrite{{ID: guildID, Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel}}
		for _, r := range ch.Roles {
			over = append(over, &discordgo.PermissionOverwrite{ID: r, Type: discordgo.PermissionOverwriteTypeRole, Allow: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages})
		}
		over = append(over, &discordgo.PermissionOverwrite{ID: roleBot, Type: discordgo.PermissionOverwriteTypeRole, Allow: bot.InvitePermissions})
		s.Guilds().SetChannel(&discordgo.Channel{ID: ch.ID, GuildID: guildID, Type: discordgo.ChannelTypeGuildText, Name: ch.Name, Position: i,
			PermissionOverwrites: over})
	}
	for _, p := range sb.people {
		s.Guilds().SetUser(p.UserID, p.member.Username)
		s.Guilds().SetMemberRoles(guildID, p.UserID, p.member.Roles...)
	}
	s.AddToken(botToken)
}

// wire sends the bot's requests through the fake's transport (APIBase
// applies on top): the fake is also Discord's CDN, from which the bot
// fetches the files uploaded with a command (the skirmish's warbands).
func (sb *Sandbox) wire(s *discordgo.Session) {
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: sb.srv.Transport()}
}

// waitBot waits until the bot has registered its commands in the guild.
func (sb *Sandbox) waitBot() error {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-sb.botErr:
			if err == nil {
				err = errors.New("the bot stopped")
			}
			sb.botErr <- err
			return fmt.Errorf("sandbox: the bot: %w", err)
		default:
		}
		if len(sb.srv.Interactions().Commands(guildID)) > 0 {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return errors.New("sandbox: the bot did not register its commands within 30s")
}

// preload is what a fresh store starts with: the battle, and the skirmish
// beside it, ready to play.
func (sb *Sandbox) preload() error {
	if err := sb.createBattle(); err != nil {
		return err
	}
	if sb.vsAI {
		if err := sb.seatGeneral(); err != nil {
			return err
		}
	}
	return sb.openSkirmish()
}

// createBattle has the GM create the battle of the sandbox.
func (sb *Sandbox) createBattle() error {
	gm := sb.person("gm")
	text := "/battle create name:" + BattleName + " north_role:@Уэсуги north_channel:#север south_role:@Такэда south_channel:#юг gm_channel:#gm scenario:kawanakajima south_lang:en"
	i := sb.srv.Interactions().SlashCommand(guildID, chanGM, gm.member, "battle", discordfake.Subcommand("create",
		discordfake.StringOpt("name", BattleName),
		discordfake.RoleOpt("north_role", roleN), discordfake.ChannelOpt("north_channel", chanN),
		discordfake.RoleOpt("south_role", roleS), discordfake.ChannelOpt("south_channel", chanS),
		discordfake.ChannelOpt("gm_channel", chanGM), discordfake.StringOpt("scenario", "kawanakajima"),
		// The South's player speaks English: his clan's channel does too.
		discordfake.StringOpt("south_lang", "en")))
	if _, err := sb.gmCommand(text, i); err != nil {
		return err
	}
	if sb.vsAI {
		// One person plays the North against the general: no wings, he
		// holds the whole side, and his Ready is the side's.
		return nil
	}
	return sb.northWings()
}

// northWings splits the Uesugi between their two players (issue 29):
// Кагэтора commands the side (he rolls, orders the centre and may say
// ready for all), Кагэиэ holds the vanguard, the heavy horse that bears
// his name with the light horse and the warrior monks on the left.
func (sb *Sandbox) northWings() error {
	gm, kagetora, kageie := sb.person("gm"), sb.person("north"), sb.person("north2")
	text := "/clan commander player:@" + kagetora.Name + " side:north"
	i := sb.srv.Interactions().SlashCommand(guildID, chanGM, gm.member, "clan", discordfake.Subcommand("commander",
		discordfake.MemberOpt("player", kagetora.member), discordfake.StringOpt("side", "north")))
	if _, err := sb.gmCommand(text, i); err != nil {
		return err
	}
	text = "/clan assign player:@" + kageie.Name + " units:" + northWing + " side:north"
	i = sb.srv.Interactions().SlashCommand(guildID, chanGM, gm.member, "clan", discordfake.Subcommand("assign",
		discordfake.MemberOpt("player", kageie.member), discordfake.StringOpt("units", northWing), discordfake.StringOpt("side", "north")))
	_, err := sb.gmCommand(text, i)
	return err
}

// northWing is Кагэиэ's wing of the Uesugi.
const northWing = "n-kakizaki, n-uma, n-sohei"

// gmCommand sends the GM's command i (typed as text) and waits for the
// bot's answer, which it logs and returns.
func (sb *Sandbox) gmCommand(text string, i discordfake.Interaction) (string, error) {
	label, _, _ := strings.Cut(text, " name:")
	label, _, _ = strings.Cut(label, " game:")
	id, err := sb.dispatch(sb.person("gm"), text, i)
	if err != nil {
		return "", fmt.Errorf("sandbox: %s: %w", label, err)
	}
	if _, ok := sb.waitAnswer(id, 20*time.Second); !ok {
		return "", fmt.Errorf("sandbox: the bot did not answer %s", label)
	}
	// The answer may be an edit of the deferred acknowledgement: wait for it.
	sb.srv.WaitFor(func() bool {
		m, ok := sb.srv.Interactions().Original(id)
		return ok && m.Flags&discordgo.MessageFlagsLoading == 0
	}, 10*time.Second)
	m, ok := sb.srv.Interactions().Original(id)
	if !ok {
		return "", nil
	}
	sb.log.Printf("sandbox: %s: %s", label, firstLine(m.Content))
	return m.Content, nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// dispatch sends an interaction built for p, remembering what he did.
func (sb *Sandbox) dispatch(p *person, label string, i discordfake.Interaction) (string, error) {
	sb.mu.Lock()
	sb.sent[i.ID] = sentInteraction{person: p.Key, label: label}
	sb.mu.Unlock()
	return sb.srv.Interactions().Dispatch(i)
}

// waitAnswer waits for the bot's first answer to an interaction.
func (sb *Sandbox) waitAnswer(id string, timeout time.Duration) (discordfake.Response, bool) {
	var r discordfake.Response
	ok := sb.srv.WaitFor(func() bool {
		rs := sb.srv.Interactions().Responses(id)
		if len(rs) > 0 {
			r = rs[0]
			return true
		}
		return false
	}, timeout)
	return r, ok
}

func (sb *Sandbox) person(key string) *person {
	for _, p := range sb.people {
		if p.Key == key {
			return p
		}
	}
	return nil
}

// URL is the address of the page, http://host:port/.
func (sb *Sandbox) URL() string { return "http://" + sb.ln.Addr().String() + "/" }

// Discord is the fake Discord the bot is connected to.
func (sb *Sandbox) Discord() *discordfake.Server { return sb.srv }

// Close stops the page, the bot (which closes its store) and the fake.
func (sb *Sandbox) Close() error {
	sb.closeOnce.Do(func() {
		if sb.web != nil {
			sb.web.Close()
		} else {
			sb.ln.Close()
		}
		sb.cancel()
		select {
		case err := <-sb.botErr:
			sb.closeErr = err
		case <-time.After(30 * time.Second):
			sb.closeErr = errors.New("sandbox: the bot did not stop within 30s")
		}
		sb.srv.Close()
		sb.cleanup()
	})
	return sb.closeErr
}

func (sb *Sandbox) cleanup() {
	if sb.tmp != "" {
		_ = os.RemoveAll(sb.tmp)
	}
}
