package kit

import (
	"errors"
	"fmt"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Refusal is a request the rules or the lifecycle do not allow: a catalogue
// key with its arguments, or the engine's Problems. Nothing was changed.
// render.Refusal words it in the reader's language.
type Refusal struct {
	Key      string
	Args     store.Args // whole numbers read back from a sheet's note as ints
	Problems []*engine.Problem
	// Rule is the rule a game's refusal cites (the skirmish's E2-...),
	// shown after its text; "" none.
	Rule string
}

func (r *Refusal) Error() string {
	if len(r.Problems) > 0 {
		return "refused: " + errors.Join(problemErrors(r.Problems)...).Error()
	}
	return fmt.Sprintf("refused: %s %v", r.Key, r.Args)
}

func problemErrors(ps []*engine.Problem) []error {
	out := make([]error, len(ps))
	for i, p := range ps {
		out[i] = p
	}
	return out
}

// Refuse is a Refusal by catalogue key.
func Refuse(key string, args ...any) error { return &Refusal{Key: key, Args: args} }
