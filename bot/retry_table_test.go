package bot

import (
	"sort"
	"strings"
	"testing"
)

// Every command and every component of the bot, as a command re-sent (or
// a button pressed again) after a lost answer meets it (issue 25, item
// 3). A command marked once in the table (commands.go) goes through the
// record (retry.go, game.Service.Once); every other one is classified here:
//
//	a  read-only: it changes nothing;
//	b  idempotent by nature: twice leaves the same state, and the second
//	   answer says truthfully what stands; no second receipt or post;
//	c  guarded by its own refusal (a unique name, a named turn, a state
//	   machine), which says what was done;
//	d  guarded by a token in its custom ID (the state it was drawn for):
//	   a press on an outdated message changes nothing and shows what stands.
//
// A new command that changes something must be marked once or listed here
// with its reason: TestRetryEveryCommandClassified fails otherwise.
var retryClasses = map[string]struct{ class, why string }{
	"battle create":    {"c", "the name is unique: err.battle_exists names the battle"},
	"battle start":     {"c", "deployment only: err.not_in_deployment / err.scouting_started say it has begun"},
	"battle resolve":   {"c", "names its turn: err.turn_resolved says it is resolved"},
	"battle finish":    {"c", "err.finished says it is finished"},
	"battle list":      {"a", ""},
	"battle show":      {"a", ""},
	"battle export":    {"a", "a file to the GM alone"},
	"battle nudges":    {"a", "reads the turns\x27 nudges, writes nothing"},
	"battle explain":   {"a", "reads the AI general's intentions kept with each turn, writes nothing"},
	"remind":           {"b", "sets the player\x27s lead to the value (or only tells it)"},
	"stats":            {"a", ""},
	"roll":             {"b", "the turn's roll is made once; again, it is shown as it stands (bot.rolled_before) with its buttons; kept as the roller's last change (a ready after it is the new turn's, TestRetryReadyThatEndedTheTurn)"},
	"odds":             {"a", ""},
	"field":            {"a", ""},
	"replay":           {"a", ""},
	"log":              {"a", ""},
	"verify":           {"a", ""},
	"rule":             {"a", ""},
	"why":              {"a", ""},
	"standing":         {"b", "sets one unit's standing order to a kind; alone, lists them"},
	"roster show":      {"a", ""},
	"roster upload":    {"b", "merged by IDs: the same file twice leaves the same roster (a new attachment each time: no fingerprint would match)"},
	"roster set":       {"b", "sets one field to a value"},
	"roster clan":      {"b", "binds a clan to a role and channel"},
	"siege show":       {"a", ""},
	"retreat":          {"c", "a preview writes nothing (the same dice each time); applied, err.calc.retreated says the army retreated this turn"},
	"control":          {"b", "writes nothing; its dice are the campaign turn's, the same each time"},
	"secession":        {"b", "writes nothing; its rolls are keyed by the turn: asking again rolls nothing new"},
	"skirmish open":    {"c", "the name is unique: err.skirmishes.exists names the game"},
	"skirmish warband": {"b", "sets a side's warband to the file"},
	"skirmish recruit": {"c", "a fighter's ID is unique: err.skirmishes.fighter_twice"},
	"skirmish classes": {"b", "sets the game's class table to the file"},
	"skirmish show":    {"a", ""},
	"skirmish verify":  {"a", ""},
	"skirmish move":    {"c", "a fighter moves once a turn: err.skirmish.moved"},
	"skirmish wall":    {"c", "err.skirmish.wall_already (forming), err.skirmish.wall_none (leaving)"},
	"skirmish capture": {"c", "the target is a prisoner now: err.skirmish.prisoner_target"},
	"skirmish test":    {"c", "err.skirmish.not_wounded (recovered), err.skirmish.morale_done, err.skirmish.dead"},
	"skirmish turn":    {"c", "the turn passed: err.skirmishes.not_your_turn"},
	"skirmish rejoin":  {"c", "the unit's morale result is over: err.skirmish.no_morale"},
	"skirmish free":    {"c", "he is free: err.skirmish.not_prisoner"},
	"skirmish engine":  {"c", "an engine moves once and shoots once a turn: err.skirmish.moved, err.skirmish.engine_shot"},
	"request":          {"c", "the side's request waits: err.request_pending names it"},
	"battle request":   {"c", "as /request: the side's request waits, err.request_pending names it"},
	"clan wings":       {"a", ""},
	"clan ready":       {"b", "the side ready already: said again, it changes nothing and tells nobody"},
}

// componentClasses are the heads of the custom IDs the bot routes
// (componentRoutes, routes.go), classified as above.
var componentClasses = map[string]struct{ class, why string }{
	"roll:":  {"d", "roll:<turn>:<rerolls taken>:<source> (game.RerollAsOf)"},
	"sheet:": {"d", "reroll: the rerolls taken; stake: the roll as it stands (b); back, subject, page (b); cancel, pick, phase, choice: the order given clears the draft, a second press is err.sheet_stale (c); ready: said twice changes nothing (b)"},
	"again:": {"c", "goes through the record with Again: pressed twice, applied once"},
	"read:":  {"a", ""},
	"qb:":    {"b", "a side's choice set, or confirmed; err.quick_done once fought"},
	"duel:":  {"d", "an exchange's buttons carry the exchanges done when drawn (duels.DuelAsOf): a second press is err.duel_moved; a split is the fighter's one choice (c)"},
	"bform:": {"c", "step 1 checks and offers a button (a): step 2 creates, the name is unique: err.battle_exists names the battle"},
	"rform:": {"b", "as /roster upload: merged by IDs, the same file twice leaves the same roster"},
	"am:":    {"d", "add carries the figures given when drawn (campaigns.AftermathAddID): a second press is err.aftermath_moved; clear, default, promote, grant, skill, confirm set a choice (b)"},
	"cmwhy:": {"a", "a Why… menu's pick reads the turn posted, writes nothing"},
	"req:":   {"c", "an answered request is err.request_approved / err.request_refused, a lapsed one err.request_lapsed"},
}

func TestRetryEveryCommandClassified(t *testing.T) {
	rs := routes()
	var paths []string
	for path := range rs {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		r := rs[path]
		c, listed := retryClasses[path]
		switch {
		case r.once != "" && listed:
			t.Errorf("/%s goes through the record and is listed as %q too", path, c.class)
		case r.once == "" && !listed:
			t.Errorf("/%s neither goes through the record (once) nor is classified in retryClasses", path)
		case listed && !strings.Contains("abc", c.class):
			t.Errorf("/%s: class %q", path, c.class)
		}
	}
	for path := range retryClasses {
		if _, ok := rs[path]; !ok {
			t.Errorf("retryClasses lists /%s, which is no command", path)
		}
	}
	// The components: every head dispatch routes by.
	found := map[string]bool{}
	for _, r := range componentRoutes {
		p := r.head()
		found[p] = true
		if _, ok := componentClasses[p]; !ok {
			t.Errorf("components %q… are routed but not classified in componentClasses", p)
		}
	}
	if len(found) < len(componentClasses) {
		t.Errorf("routes.go routes %d component prefixes, componentClasses lists %d: %v", len(found), len(componentClasses), found)
	}
}
