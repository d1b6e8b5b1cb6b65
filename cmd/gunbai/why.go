package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

func whyHelp(l render.Lang) string { return render.T(l, "cli.help.why") }

func whyMain(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("why", stderr)
	lang := flags.String("lang", string(envLang()), "language of the answer: ru or en")
	pos, code, ok := parseArgs(flags, args, whyHelp, stdout, stderr)
	if !ok {
		return code
	}
	l, ok := parseLang("why", *lang, stderr)
	if !ok {
		return 2
	}
	if len(pos) != 4 {
		fmt.Fprint(stderr, "gunbai why: want STORE BATTLE TURN UNIT\n\n"+whyHelp(l))
		return 2
	}
	path, ref, unit := pos[0], pos[1], pos[3]
	turn, err := strconv.Atoi(pos[2])
	if err != nil || turn < 1 {
		fmt.Fprintf(stderr, "gunbai why: %s\n", render.T(l, "cli.why_turn_bad", pos[2]))
		return 2
	}
	if _, err := os.Stat(path); err != nil {
		return fail(stderr, "why", l, err)
	}
	st, err := store.Open(path, store.Options{ReadOnly: true})
	if err != nil {
		return fail(stderr, "why", l, err)
	}
	defer st.Close()
	text, err := whyText(st, l, ref, turn, unit)
	if err != nil {
		return fail(stderr, "why", l, err)
	}
	fmt.Fprintln(stdout, text)
	return 0
}

// whyText finds the battle in any guild of the store and words what
// happened to the unit in that turn. A battle, a turn or a unit that is
// not there is an error naming those that are.
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
		last := game.LastResolved(&rec)
		if turn > last {
			if last < 1 {
				return "", errors.New(render.T(lang, "cli.why_no_turns", rec.Name, turn))
			}
			turns := "1"
			if last > 1 {
				turns = "1–" + strconv.Itoa(last)
			}
			return "", errors.New(render.T(lang, "cli.why_turn", rec.Name, turn, turns))
		}
		tp, err := svc.Posts().PostedTurn(g, rec.ID, turn)
		if err != nil {
			return "", fmt.Errorf("%s, %d: %w", rec.ID, turn, err)
		}
		if ids := pieces(tp.Before, tp.After); !slices.Contains(ids, unit) {
			return "", errors.New(render.T(lang, "cli.why_unit", rec.Name, unit, strings.Join(ids, ", ")))
		}
		events := engine.EventsOf(tp.Events, unit)
		text := render.T(lang, "bot.why_header", rec.Name, turn, unit)
		if len(events) == 0 {
			return text + "\n" + render.T(lang, "cli.why_nothing"), nil
		}
		return text + "\n" + render.Log(lang, events), nil
	}
	return "", noBattle(lang, st, st.Path(), ref)
}

// pieces lists the IDs of the units and leaders of a turn's positions,
// sorted, each once.
func pieces(bs ...engine.Battle) []string {
	var ids []string
	for _, b := range bs {
		for _, u := range b.Units {
			ids = append(ids, u.ID)
		}
		for _, ld := range b.Leaders {
			ids = append(ids, ld.ID)
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}
