package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// gunbai verify and gunbai export (issue 14, item 5): fairness anyone can
// check, from a store (the bot's, a backup) or an export.

// liveTimeout is how long the tools wait for a store's lock before they
// read it from a copy taken without it (store.OpenLive): a running bot
// holds the lock for as long as it runs.
const liveTimeout = 200 * time.Millisecond

func verifyHelp() string {
	return `usage: gunbai verify [-lang ru|en] [-head HASH] FILE

Checks every resolved turn of every battle in FILE, which is a store file
(the bot's, a backup made by gunbai backup or [store] backup_dir) or an
export (gunbai export, /battle export). Each turn's revealed seed must
hash to the hash published when the turn opened, as the battle's journal
keeps it; each side's orders must hash to what was sealed when the side
said it was ready; the turn resolved again from the position before it,
its orders, command rolls and seed must give every die and every event as
they were posted; each command roll's result must be what its dice give
by the rules (the stake, the rerolls); each turn's starting position must
be the one its resolution sealed in the journal, and the turn before
resolved again with the GM's journaled fixes replayed; a store's current
position must be its last turn resolved again with the fixes since; and
each journal's chain of hashes must hold, its end matching the mark kept
beside the battle (an entry deleted from the end shows). With -head, the
journal hash a status message published (its "hash of its last entry")
must be in the journal: a journal rewritten or cut back since, its mark
with it, no longer holds it. Prints
what it checked and exits 0, or names the first mismatch (the battle, the
turn, the side, the event, the journal entry, and what differs) and exits
1. A store is opened read-only; while the bot runs, from a consistent copy
taken beside it.

examples:
  gunbai verify gunbai.db
  gunbai verify -lang en gunbai-anegawa-1570-turn-7.json
  gunbai verify -head 3f9a1c2e gunbai.db

flags:
  -head HASH
    	a journal head published in a status message (8 hex digits at least)
  -lang ru|en
    	language of the report and of the errors (default "ru")
`
}

func exportHelp() string {
	return `usage: gunbai export [-lang ru|en] STORE [BATTLE]

Writes the battles of a store (or the one named BATTLE, by its key or
name) as JSON to stdout, for gunbai verify: every resolved turn with its
revealed seed (the key "seed", in hex), the hash published before it, the
position before it, each side's orders and command roll, its events, and
the battle's journal. Of a battle still being fought, the turn under way
is left out but for its seed's hash, and the journal stops before its
secrets. The store is opened read-only; while the bot runs, from a
consistent copy taken beside it. What was exported is said on stderr.

A BATTLE the store does not hold is an error that lists the battles it
holds.

examples:
  gunbai export gunbai.db > all.json
  gunbai export -lang en gunbai.db anegawa-1570 > anegawa.json

flags:
  -lang ru|en
    	language of what is said on stderr, errors included (default "ru")
`
}

// parseArgs parses flags given before, between and after the positional
// arguments, which it returns; code is the exit status if not ok.
func parseArgs(fs *flag.FlagSet, args []string, help func() string, stdout, stderr io.Writer) (pos []string, code int, ok bool) {
	for {
		switch err := fs.Parse(args); {
		case err == flag.ErrHelp:
			fmt.Fprint(stdout, help())
			return nil, 0, false
		case err != nil:
			fmt.Fprintf(stderr, "%s(gunbai %s -h for help)\n", firstLine(help()), fs.Name())
			return nil, 2, false
		}
		if fs.NArg() == 0 {
			return pos, 0, true
		}
		pos, args = append(pos, fs.Arg(0)), fs.Args()[1:]
	}
}

func verifyMain(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("verify", stderr)
	lang := flags.String("lang", string(render.RU), "language of the report: ru or en")
	head := flags.String("head", "", "a journal head published in a status message")
	pos, code, ok := parseArgs(flags, args, verifyHelp, stdout, stderr)
	if !ok {
		return code
	}
	l, ok := parseLang("verify", *lang, stderr)
	if !ok {
		return 2
	}
	if len(pos) != 1 {
		fmt.Fprint(stderr, "gunbai verify: want one FILE\n\n"+verifyHelp())
		return 2
	}
	if _, err := hex.DecodeString(*head); err != nil || *head != "" && len(*head) < game.MinHead {
		fmt.Fprintf(stderr, "gunbai verify: -head %q: want the hash a status message shows, %d hex digits at least\n", *head, game.MinHead)
		return 2
	}
	header, r, err := verifyFile(l, pos[0])
	if err != nil {
		return fail(stderr, "verify", l, err)
	}
	if *head != "" {
		r.CheckHead(*head)
	}
	fmt.Fprintln(stdout, bot.ReportText(l, header, r))
	if r.Mismatch != nil {
		return 1
	}
	return 0
}

// verifyFile checks a store or an export: the report's first line and
// the report.
func verifyFile(l render.Lang, path string) (string, game.Report, error) {
	isExport, err := looksLikeJSON(path)
	if err != nil {
		return "", game.Report{}, err
	}
	if isExport {
		x, err := readExport(path)
		if err != nil {
			return "", game.Report{}, err
		}
		return render.T(l, "verify.source_export", path, len(x.Battles)), game.Verify(x), nil
	}
	st, live, done, err := store.OpenLive(path, store.Options{Timeout: liveTimeout})
	if err != nil {
		return "", game.Report{}, err
	}
	defer done()
	r, err := game.VerifyStore(st)
	key := "verify.source_store"
	if live {
		key = "verify.source_live"
	}
	return render.T(l, key, path, len(r.Battles)), r, err
}

// looksLikeJSON reports whether a file starts (after white space) with
// "{": an export; a store file starts with bbolt's page header.
func looksLikeJSON(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	for {
		c, err := r.ReadByte()
		switch {
		case errors.Is(err, io.EOF):
			return false, nil
		case err != nil:
			return false, err
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		}
		return c == '{', nil
	}
}

// readExport reads an export file, refusing one of another format or a
// newer version.
func readExport(path string) (game.Export, error) {
	var x game.Export
	data, err := os.ReadFile(path)
	if err != nil {
		return x, err
	}
	if err := json.Unmarshal(data, &x); err != nil {
		return x, fmt.Errorf("%s is not an export: %w", path, err)
	}
	switch {
	case x.Format != game.ExportFormat:
		return x, fmt.Errorf("%s is not an export of gunbai (its format is %q)", path, x.Format)
	case x.Version > game.ExportVersion:
		return x, fmt.Errorf("%s is an export of version %d, newer than this gunbai reads (%d); upgrade gunbai", path, x.Version, game.ExportVersion)
	}
	return x, nil
}

func exportMain(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("export", stderr)
	lang := flags.String("lang", string(render.RU), "language of what is said on stderr: ru or en")
	pos, code, ok := parseArgs(flags, args, exportHelp, stdout, stderr)
	if !ok {
		return code
	}
	l, ok := parseLang("export", *lang, stderr)
	if !ok {
		return 2
	}
	if len(pos) < 1 || len(pos) > 2 {
		fmt.Fprint(stderr, "gunbai export: want STORE [BATTLE]\n\n"+exportHelp())
		return 2
	}
	ref := ""
	if len(pos) == 2 {
		ref = pos[1]
	}
	if _, err := os.Stat(pos[0]); err != nil {
		return fail(stderr, "export", l, err)
	}
	st, _, done, err := store.OpenLive(pos[0], store.Options{Timeout: liveTimeout})
	if err != nil {
		return fail(stderr, "export", l, err)
	}
	defer done()
	x, err := game.ExportStore(st, ref, time.Now())
	if errors.Is(err, game.ErrNoBattle) {
		err = noBattle(l, st, pos[0], ref)
	}
	if err != nil {
		return fail(stderr, "export", l, err)
	}
	out, err := json.MarshalIndent(x, "", " ")
	if err == nil {
		_, err = stdout.Write(append(out, '\n'))
	}
	if err != nil {
		return fail(stderr, "export", l, err)
	}
	turns := 0
	for _, b := range x.Battles {
		turns += len(b.Turns)
	}
	fmt.Fprintln(stderr, render.T(l, "export.written", len(x.Battles), turns))
	return 0
}
