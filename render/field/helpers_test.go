package field

import "github.com/gunbai/gunbai/engine"

// c is the cell of a name ("B11"), as render's tests have it.
var c = engine.MustCell
