package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Field size of the initial battlefield (R-I.1.1): 12 columns, 7 rows.
const (
	FieldWidth  = 12
	FieldHeight = 7
)

// Cell is an absolute position: X = 1..12 from west to east, Y = 1..7 from
// north to south (R-I.1.4). Cells outside that box exist too: the GM may
// draw new cells (R-I.1.2, D-03).
type Cell struct {
	X, Y int
}

// NoCell is the zero Cell; it is never a real cell of the field (x and y
// start at 1), so it marks "no cell" (no HQ, no bridge).
var NoCell = Cell{}

// Vec is a step between cells.
type Vec struct{ DX, DY int }

// Add moves a cell by a vector.
func (c Cell) Add(v Vec) Cell { return Cell{c.X + v.DX, c.Y + v.DY} }

// Sub is the vector from o to c.
func (c Cell) Sub(o Cell) Vec { return Vec{c.X - o.X, c.Y - o.Y} }

// OnField reports whether the cell belongs to the initial 12x7 field.
func (c Cell) OnField() bool {
	return c.X >= 1 && c.X <= FieldWidth && c.Y >= 1 && c.Y <= FieldHeight
}

// Neg reverses a vector.
func (v Vec) Neg() Vec { return Vec{-v.DX, -v.DY} }

// Dir is a facing: one of the four compass directions (R-I.1.8).
type Dir int8

// The four facings, clockwise from north.
const (
	N Dir = iota
	E
	S
	W
)

var dirVecs = [4]Vec{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

// Vec is the facing vector f of R-I.1.8.
func (d Dir) Vec() Vec { return dirVecs[d&3] }

// Left is the direction 90 degrees counter-clockwise (the unit's left).
func (d Dir) Left() Dir { return (d + 3) & 3 }

// Right is the direction 90 degrees clockwise (the unit's right).
func (d Dir) Right() Dir { return (d + 1) & 3 }

// Opposite is the direction behind.
func (d Dir) Opposite() Dir { return (d + 2) & 3 }

var dirNames = [4]string{"N", "E", "S", "W"}

func (d Dir) String() string { return dirNames[d&3] }

// Dirs lists the four facings, clockwise from north: N, E, S, W.
func Dirs() []Dir {
	out := make([]Dir, len(dirNames))
	for i := range out {
		out[i] = Dir(i)
	}
	return out
}

// ParseDir reads N, E, S or W.
func ParseDir(s string) (Dir, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "N":
		return N, nil
	case "E":
		return E, nil
	case "S":
		return S, nil
	case "W":
		return W, nil
	}
	return 0, fmt.Errorf("unknown facing %q (want N, E, S or W)", s)
}

// DirOf returns the direction of an orthogonal unit vector.
func DirOf(v Vec) (Dir, bool) {
	for d, dv := range dirVecs {
		if dv == v {
			return Dir(d), true
		}
	}
	return 0, false
}

// Relative cells of a unit at p facing f (R-I.1.8, R-T.3).

// FrontCell is p+f (R-T.3.1).
func FrontCell(p Cell, f Dir) Cell { return p.Add(f.Vec()) }

// CornerCells are p+f+l and p+f+r (R-T.3.2).
func CornerCells(p Cell, f Dir) [2]Cell {
	fr := FrontCell(p, f)
	return [2]Cell{fr.Add(f.Left().Vec()), fr.Add(f.Right().Vec())}
}

// FlankCells are p+l (left flank) and p+r (right flank) (R-T.3.3).
func FlankCells(p Cell, f Dir) [2]Cell {
	return [2]Cell{p.Add(f.Left().Vec()), p.Add(f.Right().Vec())}
}

// RearCell is p-f (R-T.3.4).
func RearCell(p Cell, f Dir) Cell { return p.Add(f.Vec().Neg()) }

// Adjacent4 reports orthogonal adjacency (R-T.3.5).
func Adjacent4(a, b Cell) bool {
	d := a.Sub(b)
	return abs(d.DX)+abs(d.DY) == 1
}

// Adjacent8 reports adjacency "even diagonally" (R-T.3.5).
func Adjacent8(a, b Cell) bool {
	d := a.Sub(b)
	return a != b && abs(d.DX) <= 1 && abs(d.DY) <= 1
}

// Side of an attack relative to the defender (R-I.1.9).
type AttackSide int8

// Attack sides; AttackNone marks a diagonal or distant cell.
const (
	AttackNone AttackSide = iota
	AttackFront
	AttackRightFlank
	AttackLeftFlank
	AttackRear
)

func (a AttackSide) String() string {
	return [...]string{"none", "front", "right flank", "left flank", "rear"}[a]
}

// AttackSideOf classifies an attacker entering the defender's cell from cell
// from (R-I.1.9): front cell, a flank cell or the rear cell.
func AttackSideOf(def Cell, facing Dir, from Cell) AttackSide {
	switch from {
	case FrontCell(def, facing):
		return AttackFront
	case def.Add(facing.Right().Vec()):
		return AttackRightFlank
	case def.Add(facing.Left().Vec()):
		return AttackLeftFlank
	case RearCell(def, facing):
		return AttackRear
	}
	return AttackNone
}

// Side is one of the two armies.
type Side int8

// North deploys in zones A and B, South in zones C and D (R-I.1.6).
const (
	North Side = iota
	South
)

func (s Side) String() string {
	if s == North {
		return "north"
	}
	return "south"
}

// Enemy is the other side.
func (s Side) Enemy() Side { return 1 - s }

// ParseSide reads north or south.
func ParseSide(s string) (Side, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "north":
		return North, nil
	case "south":
		return South, nil
	}
	return 0, fmt.Errorf("unknown side %q (want north or south)", s)
}

// OwnEdge is the direction toward the side's own field edge (R-I.1.7).
func (s Side) OwnEdge() Dir {
	if s == North {
		return N
	}
	return S
}

// EnemyEdge is the direction toward the enemy's field edge.
func (s Side) EnemyEdge() Dir { return s.OwnEdge().Opposite() }

// Zone is a deployment zone (R-I.1.6) or no-man's land.
type Zone int8

// The four 3x6 deployment zones, no-man's land, and drawn cells outside.
const (
	ZoneNone Zone = iota // a cell drawn beyond the field (D-03)
	ZoneA
	ZoneB
	ZoneC
	ZoneD
	NoMansLand
)

func (z Zone) String() string {
	return [...]string{"off-field", "A", "B", "C", "D", "no-man's land"}[z]
}

// ZoneOf returns the zone of an original field cell (R-I.1.6).
func ZoneOf(c Cell) Zone {
	if !c.OnField() {
		return ZoneNone
	}
	west := c.X <= 6
	switch {
	case c.Y <= 3 && west:
		return ZoneA
	case c.Y <= 3:
		return ZoneB
	case c.Y == 4:
		return NoMansLand
	case west:
		return ZoneC
	}
	return ZoneD
}

// Owner is the side that deploys in the zone.
func (z Zone) Owner() (Side, bool) {
	switch z {
	case ZoneA, ZoneB:
		return North, true
	case ZoneC, ZoneD:
		return South, true
	}
	return 0, false
}

// Name writes a cell as quarter + row + column, both counted outward from
// the centre of the field (R-I.1.4, D-01). A row or column of 10 or more is
// written with a dot (A1.10). Drawn cells beyond the field (D-03) keep the
// same formulas, so every cell has exactly one name.
func (c Cell) Name() string {
	var letter byte
	var row, col int
	west := c.X <= 6
	north := c.Y <= 4
	switch {
	case north && west:
		letter, row, col = 'A', 5-c.Y, 7-c.X
	case north:
		letter, row, col = 'B', 5-c.Y, c.X-6
	case west:
		letter, row, col = 'C', c.Y-4, 7-c.X
	default:
		letter, row, col = 'D', c.Y-4, c.X-6
	}
	if row >= 10 || col >= 10 {
		return fmt.Sprintf("%c%d.%d", letter, row, col)
	}
	return fmt.Sprintf("%c%d%d", letter, row, col)
}

func (c Cell) String() string { return c.Name() }

// ParseCell reads a cell name of R-I.1.5 (A21, c11, A1.10) or the absolute
// form x13y4 of CASES.md.
func ParseCell(s string) (Cell, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "" {
		return NoCell, fmt.Errorf("empty cell name")
	}
	if t[0] == 'X' {
		yi := strings.IndexByte(t, 'Y')
		if yi < 2 {
			return NoCell, fmt.Errorf("bad cell %q: want x<column>y<row>, e.g. x13y4", s)
		}
		x, err1 := strconv.Atoi(t[1:yi])
		y, err2 := strconv.Atoi(t[yi+1:])
		if err1 != nil || err2 != nil {
			return NoCell, fmt.Errorf("bad cell %q: want x<column>y<row>, e.g. x13y4", s)
		}
		return Cell{x, y}, nil
	}
	letter := t[0]
	if letter < 'A' || letter > 'D' {
		return NoCell, fmt.Errorf("bad cell %q: the quarter letter must be A, B, C or D", s)
	}
	digits := t[1:]
	var row, col int
	var err error
	if i := strings.IndexByte(digits, '.'); i >= 0 {
		row, err = strconv.Atoi(digits[:i])
		if err == nil {
			col, err = strconv.Atoi(digits[i+1:])
		}
	} else if len(digits) == 2 {
		row, col = int(digits[0]-'0'), int(digits[1]-'0')
		if row < 0 || row > 9 || col < 0 || col > 9 {
			err = fmt.Errorf("not digits")
		}
	} else {
		err = fmt.Errorf("want two digits")
	}
	if err != nil || row < 1 || col < 1 {
		return NoCell, fmt.Errorf("bad cell %q: want a quarter letter, a row and a column, e.g. A21 or C13", s)
	}
	// Quarters A and B hold 4 rows of the original field (the 4th is the
	// north edge), C and D hold 3; rows beyond are drawn cells (D-03).
	switch letter {
	case 'A':
		return Cell{7 - col, 5 - row}, nil
	case 'B':
		return Cell{col + 6, 5 - row}, nil
	case 'C':
		return Cell{7 - col, row + 4}, nil
	}
	return Cell{col + 6, row + 4}, nil
}

// MustCell parses a cell name and panics on error; for tables and tests.
func MustCell(s string) Cell {
	c, err := ParseCell(s)
	if err != nil {
		panic(err)
	}
	return c
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
