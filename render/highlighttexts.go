package render

import (
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/engine"
)

// Texts of the choice a sheet's preview points at (issue 28, item 2): the
// unit picked, where its order may take it, what it may attack or shoot
// with the odds; for a screen reader (the picture's alt text) and the
// sheet's text alike.
var highlightTexts = texts{
	"highlight.head":          {"На карте выделен %s (%s)", "Marked on the map: %s (%s)"},
	"highlight.head_order":    {"На карте выделен %s (%s), приказ «%s»", "Marked on the map: %s (%s), order “%s”"},
	"highlight.cells":         {"может пойти на %s", "may go to %s"},
	"highlight.targets":       {"цели: %s", "targets: %s"},
	"highlight.nothing":       {"ни клетки, ни цели: приказ на месте", "no cell, no target: an order where it stands"},
	"highlight.attack":        {"%s (%s) — атака", "%s (%s) — attack"},
	"highlight.attack_odds":   {"%s (%s) — атака, успех %s", "%s (%s) — attack, success %s"},
	"highlight.shot":          {"%s (%s) — обстрел", "%s (%s) — shot"},
	"highlight.shot_odds":     {"%s (%s) — обстрел, успех %s", "%s (%s) — shot, success %s"},
	"legend.highlight":        {"Выбор:", "Choice:"},
	"legend.highlight_unit":   {"отряд", "unit"},
	"legend.highlight_cell":   {"может пойти", "may go"},
	"legend.highlight_target": {"цель", "target"},
	"legend.highlight_aim":    {"цель, шанс успеха", "target, chance of success"},
	// What "success" means on a target, said once under the sheet's line.
	"highlight.success": {"Успех — противник оставляет клетку: уничтожен, бежит, отброшен или отступает.", "Success: the enemy leaves its cell — destroyed, routed, pushed back or retreating."},
}

// HighlightMark is an enemy unit a sheet's preview marks as a target: its
// name, its cell as the map names it, a shot or an attack, and the chance
// written on it in percent (-1: none, no order picked yet).
type HighlightMark struct {
	Unit    string
	Cell    string
	Shot    bool
	Percent int
}

// HighlightText is the sentence that says what a sheet's preview points
// at: the unit (its cell), the order picked if any (order: its menu
// label, "" none), the cells it may go to and the targets with their
// odds, and what the odds' success is. most > 0 lists at most that many cells and targets, then "N more".
func HighlightText(l Lang, unit string, at engine.Cell, order string, cells []engine.Cell, targets []HighlightMark, most int) string {
	head := T(l, "highlight.head", unit, at.Name())
	if order != "" {
		head = T(l, "highlight.head_order", unit, at.Name(), order)
	}
	var parts []string
	if len(cells) > 0 {
		names := make([]string, len(cells))
		for k, c := range cells {
			names[k] = c.Name()
		}
		parts = append(parts, T(l, "highlight.cells", listAtMost(l, names, most)))
	}
	odds := false
	if len(targets) > 0 {
		names := make([]string, len(targets))
		for k, t := range targets {
			key := "highlight.attack"
			if t.Shot {
				key = "highlight.shot"
			}
			if t.Percent >= 0 {
				odds = true
				names[k] = T(l, key+"_odds", t.Unit, t.Cell, strconv.Itoa(t.Percent)+" %")
			} else {
				names[k] = T(l, key, t.Unit, t.Cell)
			}
		}
		parts = append(parts, T(l, "highlight.targets", listAtMost(l, names, most)))
	}
	if len(parts) == 0 {
		parts = append(parts, T(l, "highlight.nothing"))
	}
	out := head + ": " + strings.Join(parts, "; ") + "."
	if odds {
		out += " " + T(l, "highlight.success")
	}
	return out
}

// listAtMost joins names, at most most of them and "N more" (most <= 0:
// all).
func listAtMost(l Lang, names []string, most int) string {
	if most > 0 && len(names) > most {
		rest := len(names) - most
		names = append(names[:most:most], T(l, "alt.more", rest))
	}
	return strings.Join(names, ", ")
}
