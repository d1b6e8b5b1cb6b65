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

func verifyHelp(l render.Lang) string { return render.T(l, "cli.help.verify") }

func exportHelp(l render.Lang) string { return render.T(l, "cli.help.export") }

// parseArgs parses flags given before, between and after the positional
// arguments, which it returns; code is the exit status if not ok.
func parseArgs(fs *flag.FlagSet, args []string, help func(render.Lang) string, stdout, stderr io.Writer) (pos []string, code int, ok bool) {
	l := argsLang(args)
	for {
		switch err := fs.Parse(args); {
		case err == flag.ErrHelp:
			fmt.Fprint(stdout, help(l))
			return nil, 0, false
		case err != nil:
			fmt.Fprintf(stderr, "%s%s\n", firstLine(help(l)), render.T(l, "cli.help_for", fs.Name()))
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
	lang := flags.String("lang", string(envLang()), "language of the report: ru or en")
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
		fmt.Fprint(stderr, "gunbai verify: want one FILE\n\n"+verifyHelp(l))
		return 2
	}
	if _, err := hex.DecodeString(*head); err != nil || *head != "" && len(*head) < game.MinHead {
		fmt.Fprintf(stderr, "gunbai verify: -head %q: want the hash a status message shows, %d hex digits at least\n", *head, game.MinHead)
		return 2
	}
	if text, agree, isSkirmish, err := verifySkirmish(l, pos[0]); err != nil || isSkirmish {
		if err != nil {
			return fail(stderr, "verify", l, err)
		}
		fmt.Fprintln(stdout, text)
		if !agree {
			return 1
		}
		return 0
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
	lang := flags.String("lang", string(envLang()), "language of what is said on stderr: ru or en")
	pos, code, ok := parseArgs(flags, args, exportHelp, stdout, stderr)
	if !ok {
		return code
	}
	l, ok := parseLang("export", *lang, stderr)
	if !ok {
		return 2
	}
	if len(pos) < 1 || len(pos) > 2 {
		fmt.Fprint(stderr, "gunbai export: want STORE [BATTLE]\n\n"+exportHelp(l))
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
		if found, err := exportSkirmish(l, st, ref, stdout, stderr); found || err != nil {
			if err != nil {
				return fail(stderr, "export", l, err)
			}
			return 0
		}
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
