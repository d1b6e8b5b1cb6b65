package main

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/internal/racetest"
)

// arenaRow is the row of the table that starts with name (its cells
// are two spaces apart at least): its words.
func arenaRow(t *testing.T, table, name string) []string {
	t.Helper()
	for _, line := range strings.Split(table, "\n") {
		if strings.HasPrefix(line, name+"  ") {
			return strings.Fields(strings.TrimPrefix(line, name))
		}
	}
	t.Fatalf("no row %q in:\n%s", name, table)
	return nil
}

// gunbai arena's short form, CI's (.ci/run): the general at 200 simulated
// turns against engine/sim's policy, from 2 deployments and the built-in
// scenarios, each from both sides: every column of the table printed, a
// row for each policy, the battles counted right, the progress on stderr.
// Under -race (racetest.Reduced) the general is too slow for the README's
// test command: engine/sim's policy plays both sides there (CI runs the
// general's short form without -race, as a step of its own).
func TestArenaShort(t *testing.T) {
	t.Setenv("GUNBAI_FULL", "")
	inEnglish(t)
	args, a, battles := []string{"arena"}, "ai-200", 8
	if racetest.Reduced() {
		args, a = []string{"arena", "-a", "sim"}, "sim"
	}
	code, out, errs := gunbai(args...)
	if code != 0 {
		t.Fatalf("gunbai arena: %d\n%s\n%s", code, out, errs)
	}
	t.Logf("gunbai arena:\n%s", out)
	for _, col := range []string{"policy", "battles", "wins", "draws", "losses", "win rate [95%]", "rating [95%]", "decision time", "sim. turns/decision", "sim. turns/s"} {
		if !strings.Contains(strings.Split(out, "\n")[1], col) {
			t.Errorf("the table has no column %q:\n%s", col, out)
		}
	}
	if !strings.HasPrefix(out, a+" (A) against sim (B), seed 1\n") || !strings.Contains(out, "Wilson interval") || strings.Contains(out, "%!") {
		t.Errorf("the table's title or legend:\n%s", out)
	}
	row, other := arenaRow(t, out, a+" (A)"), arenaRow(t, out, "sim (B)")
	n := func(row []string, i int) int {
		v, err := strconv.Atoi(row[i])
		if err != nil {
			t.Fatalf("column %d of %q: %v", i, row, err)
		}
		return v
	}
	if n(row, 0) != battles || n(row, 1)+n(row, 2)+n(row, 3) != battles || n(other, 0) != battles || n(other, 1) != n(row, 3) || n(other, 3) != n(row, 1) {
		t.Errorf("rows %q and %q: want %d battles, B's wins A's losses", row, other, battles)
	}
	if !strings.Contains(row[4], "%") || !strings.Contains(strings.Join(row, " "), " ms ") {
		t.Errorf("row %q: no win rate or decision time", row)
	}
	// The orders' search at 200 turns ends when no order adds more: it
	// spends some of its budget, never none.
	if sims, err := strconv.ParseFloat(row[len(row)-2], 64); a == "ai-200" && (row[len(row)-1] == "—" || err != nil || sims < 20 || sims > 400) {
		t.Errorf("the general's row %q: simulated turns not within its budget", row)
	}
	if !strings.Contains(errs, "arena: "+a+" against sim, 8 battles (4 × 2 sides), seed 1") || !strings.Contains(errs, "arena: 100% (8 of 8)") {
		t.Errorf("progress on stderr:\n%s", errs)
	}
}

// A policy gunbai arena does not know is a clear error in the user's
// language, exit status 2, nothing played; so are a negative count and
// nothing to play. The table speaks Russian by default.
func TestArenaBadPolicy(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"arena", "-a", "random"}, `gunbai arena: -a: нет политики "random"; есть ai, ai:N (N ≥ 1) и sim`},
		{[]string{"arena", "-lang", "en", "-b", "ai:0"}, `gunbai arena: -b: there is no policy "ai:0"; there are ai, ai:N (N ≥ 1) and sim`},
		{[]string{"arena", "-battles", "-1"}, "-battles: нужно число не меньше 0, а не -1"},
		{[]string{"arena", "-battles", "0", "-scenarios=false"}, "нечего играть"},
		{[]string{"arena", "-full", "extra"}, `gunbai arena: лишний аргумент "extra"`},
	} {
		code, out, errs := gunbai(c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Contains(errs, "арена:") {
			t.Errorf("gunbai %s: %d %q %q, want %q", strings.Join(c.args, " "), code, out, errs, c.want)
		}
	}
	code, out, _ := gunbai("arena", "-a", "sim", "-battles", "1", "-scenarios=false")
	for _, col := range []string{"политика", "битв", "побед", "ничьих", "поражений", "доля побед [95%]", "рейтинг [95%]", "время решения", "сим. ходов/решение", "сим. ходов/с", "интервал Уилсона"} {
		if code != 0 || !strings.Contains(out, col) {
			t.Errorf("the Russian table has no %q (%d):\n%s", col, code, out)
		}
	}
}

// The same seed gives the same battles and outcomes, on one worker or on
// several (the timings aside); another seed other battles.
func TestArenaDeterministic(t *testing.T) {
	t.Setenv("GUNBAI_FULL", "")
	type outcome struct {
		Start     string
		ASide     string `json:"a_side"`
		Outcome   string
		Turns     int
		Score     float64
		Decisions [2]int
		Simulated [2]int
	}
	arenaJSON := func(args ...string) []outcome {
		t.Helper()
		code, out, errs := gunbai(append([]string{"arena", "-json"}, args...)...)
		var j struct{ Outcomes []outcome }
		if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil {
			t.Fatalf("gunbai arena -json %s: %d %v\n%s", strings.Join(args, " "), code, err, errs)
		}
		return j.Outcomes
	}
	a := "ai:50"
	if racetest.Reduced() {
		a = "sim"
	}
	one := arenaJSON("-a", a, "-battles", "1", "-scenarios=false", "-seed", "7", "-workers", "1")
	two := arenaJSON("-a", a, "-battles", "1", "-scenarios=false", "-seed", "7", "-workers", "2")
	if len(one) != 2 || one[0].Start != "sim-7" || one[0].ASide != "north" || one[1].ASide != "south" || one[0].Outcome == "ongoing" {
		t.Fatalf("outcomes: %+v", one)
	}
	if !reflect.DeepEqual(one, two) {
		t.Errorf("seed 7 on one worker:\n%+v\non two:\n%+v", one, two)
	}
	if a != "sim" && (one[0].Simulated[0] == 0 || one[1].Simulated[1] == 0) {
		t.Errorf("the general simulated nothing: %+v", one)
	}
	x := arenaJSON("-a", "sim", "-battles", "3", "-scenarios=false", "-seed", "7")
	y := arenaJSON("-a", "sim", "-battles", "3", "-scenarios=false", "-seed", "8")
	if reflect.DeepEqual(x[2:], y[:4]) {
		t.Errorf("seeds 7 and 8 played the same battles: %+v", x)
	}
}
