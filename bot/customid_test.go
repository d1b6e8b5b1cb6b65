package bot_test

import (
	"encoding/json"
	"testing"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/internal/customid"
)

// sentCustomIDs are the custom IDs of the components in the bodies the bot
// sent Discord: a form's own (modal true), every button's and menu's; a
// form's text inputs (type 4) are not routed and are left out.
func sentCustomIDs(calls []discordtest.Call) (ids []string, modal []bool) {
	var walk func(v any, inModal bool)
	walk = func(v any, inModal bool) {
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				walk(e, inModal)
			}
		case map[string]any:
			if id, ok := x["custom_id"].(string); ok {
				// A form's inputs (typed, in the modal's data) are read
				// by their form's handler, not routed.
				if typ, typed := x["type"].(float64); !typed || typ != 4 && !inModal {
					ids, modal = append(ids, id), append(modal, !typed && inModal)
				}
			}
			for k, e := range x {
				walk(e, inModal || k == "data" && x["type"] == float64(9)) // 9: a modal response
			}
		}
	}
	for _, c := range calls {
		var body any
		if len(c.JSON) > 0 && json.Unmarshal(c.JSON, &body) == nil {
			walk(body, false)
		}
	}
	return ids, modal
}

// checkCustomIDs: every custom ID the bot sent in a world (the fake
// Discord records every body) is within Discord's limit and routes to its
// handler with its values parsed: what the bot builds, it can read.
func checkCustomIDs(t testing.TB, calls []discordtest.Call) {
	t.Helper()
	ids, modal := sentCustomIDs(calls)
	seen := map[string]bool{}
	for i, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		if !customid.Fits(id) {
			t.Errorf("custom ID %q: %d characters, Discord takes %d", id, len(id), customid.MaxLen)
		}
		if !bot.ComponentRouted(id, modal[i]) {
			t.Errorf("custom ID %q (form %v) sent, but no pattern routes it", id, modal[i])
		}
	}
}

// The walk finds the IDs of messages, edits and forms, and the check
// catches one no pattern reads.
func TestSentCustomIDsAreFound(t *testing.T) {
	calls := []discordtest.Call{
		{JSON: json.RawMessage(`{"content":"x","components":[{"type":1,"components":[{"type":2,"custom_id":"roll:2:0:hq"},{"type":3,"custom_id":"sheet:1:2:pick"}]}]}`)},
		{JSON: json.RawMessage(`{"type":9,"data":{"custom_id":"am:a:1:skill:0","components":[{"type":1,"components":[{"type":4,"custom_id":"skill"}]}]}}`)},
	}
	ids, modal := sentCustomIDs(calls)
	if len(ids) != 3 || ids[2] != "am:a:1:skill:0" || !modal[2] || modal[0] {
		t.Fatalf("found %v %v", ids, modal)
	}
	for i, id := range ids {
		if !bot.ComponentRouted(id, modal[i]) {
			t.Errorf("%q does not route", id)
		}
	}
	for _, id := range []string{"roll:x:hq", "nope:1", "qb:f:1"} {
		if bot.ComponentRouted(id, false) {
			t.Errorf("%q routes", id)
		}
	}
	if bot.ComponentRouted("sheet:1:2:pick", true) {
		t.Error("a sheet's ID routes as a form")
	}
}
