package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/config"
	"github.com/gunbai/gunbai/store"
)

// runMain is `gunbai run -config FILE`: the bot, until SIGINT or SIGTERM.
func runMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("config", "config.toml", "the configuration file (see config.example.toml)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg, err := config.Load(*path)
	if err != nil {
		fmt.Fprintln(stderr, "gunbai run:", err)
		return 2
	}
	token, err := cfg.Token(os.Getenv)
	if err != nil {
		fmt.Fprintln(stderr, "gunbai run:", err)
		return 2
	}
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		fmt.Fprintln(stderr, "gunbai run:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, cfg, s, log.New(stderr, "gunbai ", log.LstdFlags)); err != nil {
		fmt.Fprintln(stderr, "gunbai run:", err)
		return 1
	}
	return 0
}

// serve runs the bot on a session until ctx ends, then shuts down cleanly:
// the gateway is closed, handlers in flight finish, the store is closed.
func serve(ctx context.Context, cfg *config.Config, s *discordgo.Session, logger *log.Logger) error {
	scenarios, err := bot.LoadScenarios(cfg.Battle.Scenarios)
	if err != nil {
		return fmt.Errorf("scenarios: %w", err)
	}
	st, err := store.Open(cfg.Store.Path, store.Options{Timeout: cfg.Store.OpenTimeout})
	if err != nil {
		return err
	}
	defer st.Close()
	b := bot.New(s, &bot.Service{Store: st, Scenarios: scenarios, TurnDeadline: cfg.Battle.TurnDeadline}, bot.Options{
		GMRole: cfg.Discord.GMRole, Guilds: cfg.Discord.Guilds, Locale: cfg.Battle.DefaultLocale, Log: logger,
	})
	if err := b.Start(); err != nil {
		return fmt.Errorf("connecting to Discord: %w", err)
	}
	logger.Printf("connected; store %s", st.Path())
	<-ctx.Done()
	logger.Printf("shutting down")
	return b.Close()
}
