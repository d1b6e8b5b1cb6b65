package bot

import "github.com/gunbai/gunbai/engine"

// The AI general's seat (issue 30 item 5): /battle create's ai option.

// aiSeats are the sides /battle create's ai option seats the general on
// ("north", "south"; empty: none).
func aiSeats(opt string) [2]bool {
	var out [2]bool
	if side, err := engine.ParseSide(opt); opt != "" && err == nil {
		out[side] = true
	}
	return out
}
