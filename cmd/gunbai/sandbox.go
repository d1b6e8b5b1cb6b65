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
	flags, _, _, _ := sandboxFlags(io.Discard)
	return render.T(l, "cli.help.sandbox", flagsText(flags, l))
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
