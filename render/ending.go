package render

import (
	"strings"

	"github.com/gunbai/gunbai/engine"
)

// The end of a battle in words (issue 24, item 3). Every text that tells
// of a finished battle (its status, the end's announcement, the reveal,
// /battle list, gunbai verify) words it with these, from one game.Ending,
// so that none says "over after turn 6: the battle goes on".

var endingTexts = texts{
	"end.by_rules":       {"окончена после хода %d: %s [%s]", "over after turn %d: %s [%s]"},
	"end.by_rules_bare":  {"окончена после хода %d: %s", "over after turn %d: %s"},
	"end.by_gm":          {"окончена мастером после хода %d, без исхода по правилам", "ended by the GM after turn %d, with no outcome by the rules"},
	"end.by_gm_none":     {"окончена мастером до первого хода", "ended by the GM before its first turn"},
	"end.title":          {"Битва «%s» %s.", "Battle “%s” %s."},
	"end.losses":         {"Потери: %s.", "Losses: %s."},
	"end.side_losses":    {"%s — %d из %d {3:фигуры|фигур|фигур} (осталось %d)", "%s %d of %d {3:figure|figures} (%d left)"},
	"end.leaders":        {"Полководцы: %s.", "Leaders: %s."},
	"end.leaders_none":   {"Полководцы: ни один не ранен, не убит и не взят в плен.", "Leaders: none wounded, killed or captured."},
	"end.leader.killed":  {"%s %s убит", "%s %s killed"},
	"end.leader.taken":   {"%s %s взят в плен", "%s %s captured"},
	"end.leader.wounded": {"%s %s ранен (%d {3:рана|раны|ран})", "%s %s wounded (%d {3:wound|wounds})"},
	"end.role.commander": {"командующий", "commander"},
	"end.role.general":   {"генерал", "general"},
}

// EndHead is how a battle ended, in a few words: "over after turn 6:
// victory of the North [R-I.4.9]" or "ended by the GM after turn 5, with
// no outcome by the rules". byGM: the GM ended it; turn: the last turn
// resolved; rule: the rule of the outcome.
func EndHead(l Lang, byGM bool, turn int, o engine.Outcome, rule string) string {
	switch {
	case byGM && turn == 0:
		return T(l, "end.by_gm_none")
	case byGM:
		return T(l, "end.by_gm", turn)
	case rule == "":
		return T(l, "end.by_rules_bare", turn, OutcomeName(l, o))
	}
	return T(l, "end.by_rules", turn, OutcomeName(l, o), RuleRef(l, rule))
}

// EndLines are the end of a battle told whole: how it ended, each side's
// losses, its leaders' fates. names names a unit or leader by ID for the
// reader (nil: the IDs).
func EndLines(l Lang, name string, byGM bool, turn int, o engine.Outcome, rule string, sides [2]engine.SideRecord, leaders []engine.LeaderRecord) []string {
	out := []string{T(l, "end.title", name, EndHead(l, byGM, turn, o, rule))}
	if turn == 0 {
		return out
	}
	var losses []string
	for _, s := range sides {
		losses = append(losses, T(l, "end.side_losses", SideName(l, s.Side), s.StartFigures-s.EndFigures, s.StartFigures, s.EndFigures))
	}
	out = append(out, T(l, "end.losses", strings.Join(losses, ", ")))
	if len(leaders) == 0 {
		return append(out, T(l, "end.leaders_none"))
	}
	var fates []string
	for _, ld := range leaders {
		role := T(l, "end.role."+ld.Role.String())
		who := SideName(l, ld.Side) + ": " + role
		switch {
		case ld.Killed:
			fates = append(fates, T(l, "end.leader.killed", who, ld.ID))
		case ld.Captured:
			fates = append(fates, T(l, "end.leader.taken", who, ld.ID))
		default:
			fates = append(fates, T(l, "end.leader.wounded", who, ld.ID, ld.Wounds))
		}
	}
	return append(out, T(l, "end.leaders", strings.Join(fates, "; ")))
}
