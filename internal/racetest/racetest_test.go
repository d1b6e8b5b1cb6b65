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
	if got := Stride(7); got != map[bool]int{true: 7, false: 1}[Enabled] {
		t.Fatalf("Stride(7) = %d (race %v)", got, Enabled)
	}
	t.Setenv("GUNBAI_FULL", "1")
	if got := Size(300); got != 300 {
		t.Fatalf("Size(300) with GUNBAI_FULL=1 = %d, want 300", got)
	}
	if got := Stride(7); got != 1 {
		t.Fatalf("Stride(7) with GUNBAI_FULL=1 = %d, want 1", got)
	}
}
