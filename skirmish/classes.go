package skirmish

import "fmt"

// Class is one line of seed 002's class table (E2-T: "Класс | Дистанция
// атаки | Коэффициент обороны | Смертельный удар | Стоимость"), plus the
// move the bot needs and the seed does not give.
type Class struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Range is the attack distance in inches.
	Range float64 `json:"range"`
	// Defence is the defence coefficient: 10 for every fighter (E2-D2),
	// whatever a table says.
	Defence int `json:"defence"`
	// Deadly names whom this class's strike kills outright: a class ID,
	// or Cavalry for any cavalryman (E2-T).
	Deadly string `json:"deadly,omitempty"`
	Cost   int    `json:"cost"`
	// Shooter: it shoots (no shield wall, E2-SW; +4" from a height, E2-L).
	Shooter bool `json:"shooter,omitempty"`
	// Move is the longest move in a turn, inches (not in the seed).
	Move float64 `json:"move"`
}

// Cavalry as a Deadly target: the special class, not a class of the table.
const Cavalry = "cavalry"

// The seed's three classes, whose deadly strikes it gives (E2-T).
const (
	Spearman  = "spearman"
	Swordsman = "swordsman"
	Archer    = "archer"
)

// seedDeadly are the three pairs the seed keeps (E2-T): they always win.
var seedDeadly = map[string]string{Spearman: Cavalry, Swordsman: Archer, Archer: Spearman}

// BaseDefence is the standard defence coefficient of every fighter (E2-D2).
const BaseDefence = 10

// Table is a class table with the numbers the seed leaves out (E2-Q1).
type Table struct {
	// Source says whose numbers these are: "bot-default" for
	// DefaultClasses, never the seed's; "gm" for a GM's upload.
	Source  string  `json:"source"`
	Classes []Class `json:"classes"`
	// Command is the command distance in inches (E2-M3, E2-O1, E2-J5):
	// the seed names it and never gives it.
	Command float64 `json:"command"`
	// CavalryMove is a cavalryman's move in inches (not in the seed).
	CavalryMove float64 `json:"cavalry_move"`
	// BearerCost is the standard-bearer's price (not in the seed).
	BearerCost int `json:"bearer_cost"`
	// GateDefence is what an engine's hit test must beat against the
	// gates (E2-W: "тест на попадание", no number).
	GateDefence int `json:"gate_defence"`
}

// DefaultClasses is THE BOT'S DEFAULT class table, not the seed's: seed 002
// lost its values (E2-Q1). Only Defence (10, E2-D2) and the three deadly
// strikes (E2-T) are the seed's; ranges, costs, moves, the command
// distance, the gates' defence and the standard-bearer's cost are the
// bot's. A GM may upload his own (skirmish/classfile).
func DefaultClasses() Table {
	return Table{
		Source: "bot-default",
		Classes: []Class{
			{ID: Spearman, Name: "Копейщик / Spearman", Range: 2, Defence: BaseDefence, Deadly: Cavalry, Cost: 2, Move: 6},
			{ID: Swordsman, Name: "Мечник / Swordsman", Range: 1, Defence: BaseDefence, Deadly: Archer, Cost: 2, Move: 6},
			{ID: Archer, Name: "Лучник / Archer", Range: 18, Defence: BaseDefence, Deadly: Spearman, Cost: 3, Move: 6, Shooter: true},
		},
		Command:     8,
		CavalryMove: 12,
		BearerCost:  1,
		GateDefence: BaseDefence,
	}
}

// Check makes a table fit for play: the seed's own numbers are put in where
// it gives them (every Defence 10, E2-D2; the three deadly strikes, E2-T),
// whatever the table said, and what cannot be played is an error (a
// missing seed class, a duplicate ID, a non-positive range, move or
// command distance, a negative cost, a deadly strike at no class).
func (t Table) Check() (Table, error) {
	out := t
	out.Classes = append([]Class(nil), t.Classes...)
	ids := map[string]bool{}
	for i := range out.Classes {
		c := &out.Classes[i]
		switch {
		case c.ID == "" || c.ID == Cavalry:
			return Table{}, fmt.Errorf("class %d: bad id %q", i+1, c.ID)
		case ids[c.ID]:
			return Table{}, fmt.Errorf("class %q twice", c.ID)
		case c.Range <= 0 || c.Move <= 0 || c.Cost < 0:
			return Table{}, fmt.Errorf("class %q: range, move must be above 0, cost 0 or more", c.ID)
		}
		ids[c.ID] = true
		c.Defence = BaseDefence // E2-D2
		if d, ok := seedDeadly[c.ID]; ok {
			c.Deadly = d // E2-T
		}
	}
	for id := range seedDeadly {
		if !ids[id] {
			return Table{}, fmt.Errorf("the seed's class %q is missing (E2-T)", id)
		}
	}
	for _, c := range out.Classes {
		if c.Deadly != "" && c.Deadly != Cavalry && !ids[c.Deadly] {
			return Table{}, fmt.Errorf("class %q: deadly strike at no class %q", c.ID, c.Deadly)
		}
	}
	if t.Command <= 0 || t.CavalryMove <= 0 || t.BearerCost < 0 || t.GateDefence < 1 {
		return Table{}, fmt.Errorf("command distance and cavalry move above 0, bearer cost 0 or more, gate defence 1 or more")
	}
	return out, nil
}

// Class is the class by ID.
func (t Table) Class(id string) (Class, bool) {
	for _, c := range t.Classes {
		if c.ID == id {
			return c, true
		}
	}
	return Class{}, false
}

// SeedDeadly is the seed's deadly strike of one of its three classes
// (E2-T), which no table changes.
func SeedDeadly(class string) (string, bool) {
	d, ok := seedDeadly[class]
	return d, ok
}
