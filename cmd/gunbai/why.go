package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

func whyHelp() string {
	return `usage: gunbai why [-lang ru|en] STORE BATTLE TURN UNIT

Tells the GM what happened to a unit (or a leader) in a resolved turn, step
by step with the rules, from the whole battle: the events of that unit
under their phase and step headings, as the turn's log words them. STORE is
the bot's store file (opened read-only; stop the bot first, or copy the
file), BATTLE the battle's key or name. Players ask the bot with /why, and
see only what their side saw.

example:
  gunbai why gunbai.db anegawa 3 n-yari
  gunbai why -lang en gunbai.db "Анэгава 1570" 3 s-teppo
`
}

func whyMain(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("why", stderr)
	lang := flags.String("lang", string(render.RU), "language of the answer: ru or en")
	// Positional arguments: parseFlags refuses them, so parse here.
	switch err := flags.Parse(args); {
	case err == flag.ErrHelp:
		fmt.Fprint(stdout, whyHelp())
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "%s(gunbai why -h for help)\n", firstLine(whyHelp()))
		return 2
	}
	if flags.NArg() != 4 {
		fmt.Fprint(stderr, "gunbai why: want STORE BATTLE TURN UNIT\n\n"+whyHelp())
		return 2
	}
	path, ref, unit := flags.Arg(0), flags.Arg(1), flags.Arg(3)
	turn, err := strconv.Atoi(flags.Arg(2))
	if err != nil || turn < 1 {
		fmt.Fprintf(stderr, "gunbai why: TURN must be a turn number, not %q\n", flags.Arg(2))
		return 2
	}
	st, err := store.Open(path, store.Options{ReadOnly: true})
	if err != nil {
		fmt.Fprintln(stderr, "gunbai why:", err)
		return 1
	}
	defer st.Close()
	text, err := whyText(st, render.LangFromLocale(*lang), ref, turn, unit)
	if err != nil {
		fmt.Fprintln(stderr, "gunbai why:", err)
		return 1
	}
	fmt.Fprintln(stdout, text)
	return 0
}

// whyText finds the battle in any guild of the store and words what
// happened to the unit in that turn.
func whyText(st *store.Store, lang render.Lang, ref string, turn int, unit string) (string, error) {
	guilds, err := st.Guilds()
	if err != nil {
		return "", err
	}
	id := game.BattleID(ref)
	svc := &game.Service{Store: st}
	for _, g := range guilds {
		rec, err := st.Battle(g, id)
		if err != nil {
			continue
		}
		tp, err := svc.PostedTurn(g, rec.ID, turn)
		if err != nil {
			return "", fmt.Errorf("battle %s, turn %d: %w", rec.ID, turn, err)
		}
		events := engine.EventsOf(tp.Events, unit)
		text := render.T(lang, "bot.why_header", rec.Name, turn, unit)
		if len(events) == 0 {
			return text + "\n" + render.T(lang, "bot.why_nothing"), nil
		}
		return text + "\n" + render.Log(lang, events), nil
	}
	return "", fmt.Errorf("no battle %q in %s", ref, st.Path())
}
