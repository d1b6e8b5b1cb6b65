package engine

import (
	"errors"
	"strings"
)

// OrderErrors is the error ResolveTurn returns when the orders break a rule
// of order-giving; the bot shows each Problem to the player in their language.
type OrderErrors []*Problem

func (e OrderErrors) Error() string {
	parts := make([]string, len(e))
	for i, p := range e {
		parts[i] = p.Error()
	}
	return "illegal orders: " + strings.Join(parts, "; ")
}

// ResolveTurn resolves battle turn b.Turn+1 with the orders of both sides and
// returns the new state and what happened. b is not modified. The same
// inputs give the same outputs, whatever the order of the orders.
func ResolveTurn(b Battle, orders []Order, d Dice) (Battle, []Event, error) {
	return b, nil, errors.New("not implemented")
}
