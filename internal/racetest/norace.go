//go:build !race

package racetest

// Enabled reports whether the test binary was built with -race.
const Enabled = false
