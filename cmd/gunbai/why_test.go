package main

import (
	"bytes"
	"strings"
	"testing"
)

// gunbai why reads the demo's store and tells what happened to a unit,
// with its rules, in either language; a wrong turn or battle is refused.
func TestWhyCommand(t *testing.T) {
	db := demoStore(t)
	var out, errb bytes.Buffer
	if code := run([]string{"why", db, demoBattle, "1", "n-yari"}, &out, &errb); code != 0 {
		t.Fatalf("why: %d %s", code, errb.String())
	}
	if got := out.String(); !strings.Contains(got, "ход 1 — что было с n-yari") || !strings.Contains(got, "n-yari") || !strings.Contains(got, "[VI.") {
		t.Fatalf("why n-yari: %q", got)
	}
	out.Reset()
	if code := run([]string{"why", "-lang", "en", db, demoBattle, "1", "s-yari"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "what happened to s-yari") {
		t.Fatalf("why in English: %d %q", code, out.String())
	}
	errb.Reset()
	if code := run([]string{"why", db, demoBattle, "9", "n-yari"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "ход 9 не разыгран; разыгранные ходы: 1–3") {
		t.Fatalf("a turn not played: %d %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"why", db, "nope", "1", "n-yari"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), `битвы "nope" нет`) {
		t.Fatalf("no such battle: %d %q", code, errb.String())
	}
	if code := run([]string{"why", db}, &out, &errb); code != 2 {
		t.Fatalf("too few arguments: %d", code)
	}
}
