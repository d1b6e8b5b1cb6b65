package racetest

import "testing"

func TestSize(t *testing.T) {
	t.Setenv("GUNBAI_FULL", "")
	want := 300
	if Enabled {
		want = 30
	}
	if got := Size(300); got != want {
		t.Fatalf("Size(300) = %d, want %d (race %v)", got, want, Enabled)
	}
	if got := Div(5, 10); Enabled && got != 1 {
		t.Fatalf("Div(5, 10) = %d under -race, want 1", got)
	}
	t.Setenv("GUNBAI_FULL", "1")
	if got := Size(300); got != 300 {
		t.Fatalf("Size(300) with GUNBAI_FULL=1 = %d, want 300", got)
	}
}
