package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/config"
	"github.com/gunbai/gunbai/bot/ops"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// adjustConn, if set, changes the connection gunbai run and gunbai
// commands -register use; tests point it at a fake Discord.
var adjustConn func(*bot.Conn)

// conn is how cfg reaches Discord with token.
func conn(cfg *config.Config, token string) bot.Conn {
	c := bot.Conn{Token: token, ApplicationID: cfg.Discord.ApplicationID, APIBase: cfg.Discord.APIBase,
		Shards: cfg.Discord.Shards, ShardIDs: cfg.Discord.ShardIDs}
	if cfg.Discord.Shards == config.AutoShards {
		c.Shards = bot.AutoShards
	}
	if adjustConn != nil {
		adjustConn(&c)
	}
	return c
}

func runHelp(l render.Lang) string {
	flags, _ := runFlags(io.Discard)
	return render.T(l, "cli.help.run", flagsText(flags, l))
}

func runFlags(stderr io.Writer) (*flag.FlagSet, *string) {
	flags := newFlags("run", stderr)
	path := flags.String("config", "config.toml", "the configuration `FILE` (see config.example.toml)")
	return flags, path
}

// loadConfig loads the config of a command and the bot token, reporting
// what is wrong on stderr; ok is false if gunbai should exit with 2.
func loadConfig(name, path string, stderr io.Writer) (cfg *config.Config, token string, ok bool) {
	cfg, err := config.Load(path)
	if err != nil {
		fmt.Fprintf(stderr, "gunbai %s: %v\n", name, err)
		return nil, "", false
	}
	token, err = runToken(cfg, os.Getenv, envLang())
	if err != nil {
		fmt.Fprintf(stderr, "gunbai %s: %v\n", name, err)
		return nil, "", false
	}
	return cfg, token, true
}

// runMain is `gunbai run -config FILE`: the bot, until SIGINT or SIGTERM.
func runMain(args []string, stdout, stderr io.Writer) int {
	flags, path := runFlags(stderr)
	if code, ok := parseFlags(flags, args, runHelp, stdout, stderr); !ok {
		return code
	}
	cfg, token, ok := loadConfig("run", *path, stderr)
	if !ok {
		return 2
	}
	if err := checkStoreFolder(cfg); err != nil {
		fmt.Fprintln(stderr, "gunbai run:", err)
		return 2
	}
	if err := checkBackupFolder(cfg); err != nil {
		fmt.Fprintln(stderr, "gunbai run:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, cfg, conn(cfg, token), log.New(stderr, "gunbai ", log.LstdFlags)); err != nil {
		fmt.Fprintln(stderr, "gunbai run:", err)
		return 1
	}
	return 0
}

// checkStoreFolder says, rather than bbolt's "open ...: no such file or
// directory", that the folder of the store file does not exist.
func checkStoreFolder(cfg *config.Config) error {
	dir := filepath.Dir(cfg.Store.Path)
	shown := dir
	if abs, err := filepath.Abs(dir); err == nil {
		shown = abs
	}
	where := fmt.Sprintf("[store] path = %q of %s", cfg.Store.Path, cfg.Source)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("store folder %s does not exist (%s); create it or change the path", shown, where)
	case err != nil:
		return fmt.Errorf("store folder %s: %w (%s)", shown, err, where)
	case !st.IsDir():
		return fmt.Errorf("store folder %s is not a folder (%s)", shown, where)
	}
	return nil
}

// serve runs the bot until ctx ends, then shuts down cleanly: the gateway
// is closed, handlers in flight finish, the store is closed.
func serve(ctx context.Context, cfg *config.Config, c bot.Conn, logger *log.Logger) error {
	slogger := ops.Logger(logger.Writer(), cfg.Ops.Log)
	if cfg.Ops.Log == "json" { // every line an object, not only the bot's about battles
		logger = slog.NewLogLogger(slogger.Handler(), slog.LevelInfo)
	}
	scenarios, err := game.LoadScenarios(cfg.Battle.Scenarios)
	if err != nil {
		return fmt.Errorf("scenarios: %w", err)
	}
	if err := checkStoreFolder(cfg); err != nil {
		return err
	}
	if err := checkBackupFolder(cfg); err != nil {
		return err
	}
	st, err := store.Open(cfg.Store.Path, store.Options{Timeout: cfg.Store.OpenTimeout})
	if err != nil {
		return err
	}
	defer st.Close()
	defer startBackups(ctx, st, cfg.Store, logger, time.Now)() // stopped before the store closes
	var metrics *ops.Metrics
	if cfg.Ops.Listen != "" {
		metrics = ops.New()
	}
	b, err := bot.Dial(c, &game.Service{Store: st, Scenarios: scenarios, TurnDeadline: cfg.Battle.TurnDeadline}, bot.Options{
		GMRole: cfg.Discord.GMRole, Guilds: cfg.Discord.Guilds, Locale: cfg.Battle.DefaultLocale, Log: logger,
		Emojis: true, Metrics: metrics, Slog: slogger,
	})
	if err != nil {
		return err
	}
	if err := b.Start(); err != nil {
		return fmt.Errorf("connecting to Discord: %w", err)
	}
	sh := b.Shards()
	if sh.Count > 1 {
		logger.Printf("gateway: %s", sh)
	}
	// The store remembers whose guilds it holds, for gunbai reshard.
	if err := st.SetServed(store.Served{Shards: sh.Count, IDs: sh.IDs}); err != nil {
		b.Close()
		return err
	}
	logger.Printf("connected; store %s", st.Path())
	if metrics != nil {
		srv, err := ops.Listen(cfg.Ops.Listen, metrics, b.Probes())
		if err != nil {
			b.Close()
			return fmt.Errorf("[ops] listen: %w", err)
		}
		defer srv.Close() // before the store closes: a scrape reads it
		logger.Printf("ops: /healthz and /metrics on http://%s", srv.Addr())
	}
	<-ctx.Done()
	logger.Printf("shutting down")
	return b.Close()
}
