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

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/sandbox"
)

func sandboxHelp(l render.Lang) string {
	flags, _ := sandboxFlags(io.Discard)
	return render.T(l, "cli.help.sandbox", flagsText(flags, l))
}

// sandboxOpts are the flags of gunbai sandbox, as they are parsed.
type sandboxOpts struct {
	addr, storePath *string
	public, vsAI    *bool
}

func sandboxFlags(stderr io.Writer) (*flag.FlagSet, sandboxOpts) {
	flags := newFlags("sandbox", stderr)
	var o sandboxOpts
	o.addr = flags.String("addr", sandbox.DefaultAddr, "the `ADDRESS` of the page (loopback unless -public)")
	o.storePath = flags.String("store", "", "the bot's store `FILE` (default: a temporary file, removed at the end)")
	o.public = flags.Bool("public", false, "allow an address beyond loopback (the page has no login)")
	o.vsAI = flags.Bool("vs-ai", false, "the general (the AI) plays the South of the battle: play the North against it")
	return flags, o
}

// sandboxContext ends on SIGINT or SIGTERM; tests replace it.
var sandboxContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// sandboxMain is `gunbai sandbox`: the bot on an embedded Discord and the
// page to play it, until SIGINT or SIGTERM.
func sandboxMain(args []string, stdout, stderr io.Writer) int {
	fs, o := sandboxFlags(stderr)
	if code, ok := parseFlags(fs, args, sandboxHelp, stdout, stderr); !ok {
		return code
	}
	ctx, stop := sandboxContext()
	defer stop()
	err := sandbox.Run(ctx, sandbox.Options{
		Addr: *o.addr, Public: *o.public, Store: *o.storePath, VsAI: *o.vsAI,
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
