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

	"github.com/gunbai/gunbai/sandbox"
)

func sandboxHelp() string {
	flags, _, _, _ := sandboxFlags(io.Discard)
	return `usage: gunbai sandbox [-addr 127.0.0.1:8080] [-store FILE] [-public]

Plays Gunbai on this machine without a Discord account: the real bot (the
code gunbai run runs) against an embedded Discord, with a server already
set up (a GM, a North player on a Russian client, a South player on an
English one, their roles, the channels #gm, #север and #юг) and a battle
created from the built-in scenario kawanakajima. Open the address it prints
in a browser: a page like a Discord client, with a switch between the three
people, their channels and DMs, and a message box that takes the slash
commands (/battle start battle:каванакадзима, /roll stake:low, ...). Runs
until SIGINT (Ctrl-C) or SIGTERM.

The page has no login: it is served on loopback only, unless -public (then
anyone who reaches the address plays as anyone). Without -store the battle
lives in a temporary file, gone when the sandbox stops; a -store FILE that
exists keeps its battles (and no new one is created).

example:
  gunbai sandbox                       # then open http://127.0.0.1:8080/
  gunbai sandbox -addr 127.0.0.1:9000 -store sandbox.db

flags:
` + flagDefaults(flags)
}

func sandboxFlags(stderr io.Writer) (flags *flag.FlagSet, addr, storePath *string, public *bool) {
	flags = newFlags("sandbox", stderr)
	addr = flags.String("addr", sandbox.DefaultAddr, "the `ADDRESS` of the page (loopback unless -public)")
	storePath = flags.String("store", "", "the bot's store `FILE` (default: a temporary file, removed at the end)")
	public = flags.Bool("public", false, "allow an address beyond loopback (the page has no login)")
	return flags, addr, storePath, public
}

// sandboxContext ends on SIGINT or SIGTERM; tests replace it.
var sandboxContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// sandboxMain is `gunbai sandbox`: the bot on an embedded Discord and the
// page to play it, until SIGINT or SIGTERM.
func sandboxMain(args []string, stdout, stderr io.Writer) int {
	fs, addr, storePath, public := sandboxFlags(stderr)
	if code, ok := parseFlags(fs, args, sandboxHelp, stdout, stderr); !ok {
		return code
	}
	ctx, stop := sandboxContext()
	defer stop()
	err := sandbox.Run(ctx, sandbox.Options{
		Addr: *addr, Public: *public, Store: *storePath,
		Log:   log.New(stderr, "gunbai ", log.LstdFlags),
		Serve: serve, // the very function of gunbai run
		Ready: func(url string) {
			fmt.Fprintf(stdout, "Gunbai sandbox: open %s in a browser (Ctrl-C stops it)\n", url)
		},
	})
	if err != nil {
		fmt.Fprintln(stderr, "gunbai sandbox:", err)
		return 1
	}
	return 0
}
