// Package racetest sizes the tests' property sweeps for the race detector.
//
// Under -race a program runs several times slower, and the README's
// `go test -race ./...` must still finish on a small machine. A sweep over
// random battles asks Size for its count: without -race it gets the full
// count (as before); under -race a tenth of it, at least one, unless
// GUNBAI_FULL=1 asks for the full size anyway. CI runs the full-size sweeps
// without -race as a step of its own (.ci/run).
package racetest

import "os"

// Full reports whether GUNBAI_FULL asks every sweep to run at its full
// size, under -race too.
func Full() bool {
	v := os.Getenv("GUNBAI_FULL")
	return v != "" && v != "0"
}

// Reduced reports whether sweeps run at their reduced size: under -race,
// unless GUNBAI_FULL=1.
func Reduced() bool { return Enabled && !Full() }

// Size returns n, or n/10 (at least 1) when sweeps are reduced.
func Size(n int) int { return Div(n, 10) }

// Div returns n, or n/d rounded up (at least 1) when sweeps are reduced.
func Div(n, d int) int {
	if !Reduced() || n <= 0 {
		return n
	}
	return max(1, (n+d-1)/d)
}

// Stride returns 1, or d when sweeps are reduced: an exhaustive sweep
// checks every case whose number is a multiple of it.
func Stride(d int) int {
	if !Reduced() {
		return 1
	}
	return max(1, d)
}
