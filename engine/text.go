package engine

import "fmt"

// Text encodings, so that stored JSON and events read as the rules do
// ("A21", "north", "heavy_cavalry") and stay stable if the enums are reordered.

func (c Cell) MarshalText() ([]byte, error) {
	if c == NoCell {
		return []byte{}, nil
	}
	return []byte(c.Name()), nil
}

func (c *Cell) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = NoCell
		return nil
	}
	v, err := ParseCell(string(b))
	*c = v
	return err
}

func (d Dir) MarshalText() ([]byte, error) { return []byte(d.String()), nil }
func (d *Dir) UnmarshalText(b []byte) error {
	v, err := ParseDir(string(b))
	*d = v
	return err
}

func (s Side) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
func (s *Side) UnmarshalText(b []byte) error {
	v, err := ParseSide(string(b))
	*s = v
	return err
}

func (t TroopType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }
func (t *TroopType) UnmarshalText(b []byte) error {
	v, err := ParseTroopType(string(b))
	*t = v
	return err
}

func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
func (s *Status) UnmarshalText(b []byte) error {
	v, ok := ParseStatus(string(b))
	if !ok {
		return fmt.Errorf("unknown status %q", b)
	}
	*s = v
	return nil
}

func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }
func (o *Outcome) UnmarshalText(b []byte) error {
	for i, n := range outcomeNames {
		if n == string(b) {
			*o = Outcome(i)
			return nil
		}
	}
	return fmt.Errorf("unknown outcome %q", b)
}

func (r LeaderRole) MarshalText() ([]byte, error) { return []byte(r.String()), nil }
func (r *LeaderRole) UnmarshalText(b []byte) error {
	switch string(b) {
	case "commander":
		*r = Commander
	case "general":
		*r = General
	default:
		return fmt.Errorf("unknown leader role %q (want commander or general)", b)
	}
	return nil
}

func (h LeaderHealth) MarshalText() ([]byte, error) { return []byte(h.String()), nil }
func (h *LeaderHealth) UnmarshalText(b []byte) error {
	for i, n := range healthNames {
		if n == string(b) {
			*h = LeaderHealth(i)
			return nil
		}
	}
	return fmt.Errorf("unknown leader health %q", b)
}

func (m OffFieldMode) MarshalText() ([]byte, error) {
	if m == OffFieldBounded {
		return []byte("bounded"), nil
	}
	return []byte("extend"), nil
}
func (m *OffFieldMode) UnmarshalText(b []byte) error {
	switch string(b) {
	case "extend", "":
		*m = OffFieldExtend
	case "bounded":
		*m = OffFieldBounded
	default:
		return fmt.Errorf("unknown field.off_field %q (want extend or bounded)", b)
	}
	return nil
}

func (s Stake) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
func (s *Stake) UnmarshalText(b []byte) error {
	v, err := ParseStake(string(b))
	*s = v
	return err
}
