package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/game/skirmishes"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// A finished skirmish game exported and verified offline as the grid
// battles are (issue 27): gunbai export STORE GAME writes it when GAME is
// no battle; gunbai verify FILE reads it by its format.

// exportSkirmish writes the finished skirmish game ref, if the store has
// one: found false when it has not.
func exportSkirmish(l render.Lang, st *store.Store, ref string, stdout, stderr io.Writer) (found bool, err error) {
	if ref == "" {
		return false, nil
	}
	x, err := skirmishes.ExportStore(st, ref, time.Now())
	if err == skirmishes.ErrNoSkirmish {
		return false, nil
	}
	if err != nil {
		return true, err
	}
	out, err := json.MarshalIndent(x, "", " ")
	if err == nil {
		_, err = stdout.Write(append(out, '\n'))
	}
	if err == nil {
		fmt.Fprintln(stderr, render.T(l, "export.skirmish_written", x.Name, len(x.Journal)))
	}
	return true, err
}

// verifySkirmish checks path if it is a skirmish game's export (isSkirmish):
// the report, and whether all agrees.
func verifySkirmish(l render.Lang, path string) (text string, ok, isSkirmish bool, err error) {
	if isJSON, err := looksLikeJSON(path); err != nil || !isJSON {
		return "", false, false, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", false, false, err
	}
	var x skirmishes.Export
	if err := json.Unmarshal(data, &x); err != nil || x.Format != skirmishes.ExportFormat {
		return "", false, false, nil
	}
	if x.Version > skirmishes.ExportVersion {
		return "", false, true, fmt.Errorf("%s is a skirmish export of version %d, newer than this gunbai reads (%d); upgrade gunbai", path, x.Version, skirmishes.ExportVersion)
	}
	c, err := skirmishes.VerifyExport(x)
	if err != nil {
		return "", false, true, err
	}
	return render.T(l, "verify.source_skirmish", path) + "\n" + bot.SkirmishCheckText(l, c), c.OK(), true, nil
}
