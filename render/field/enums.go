package field

import "github.com/gunbai/gunbai/engine"

// The values of the engine's enums the picture walks or checks, from the
// engine's own iterators (as render's names.go has them), so that an
// out-of-range value is never looked up by name.
var (
	allTroopTypes = engine.TroopTypes()
	allOutcomes   = engine.Outcomes()
	allDirs       = engine.Dirs()
)

func inRange[E ~int8](v E, all []E) bool { return v >= 0 && int(v) < len(all) }
