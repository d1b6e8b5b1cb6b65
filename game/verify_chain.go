package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game/duels"
	"github.com/gunbai/gunbai/store"
)

// What verification checks beyond the dice (issue 25, item 5): each
// command roll's result from its dice and the rules (the allowance, the
// rerolls), each turn's starting position both against the seal the
// journal keeps of it and against the turn before resolved again with the
// GM's journaled fixes replayed, the battle's current position the same
// way, and the journal's end against the mark kept beside the battle (an
// entry deleted from it) and against a head a status message published.

// checkCommand recomputes a side's command roll of a turn from the seed,
// the stake and the rerolls taken, with what the side's leaders and
// messengers brought from the position before the turn: the stored result
// must be it, or (the enemy sent a shinobi to intercept, R-V.6.5, D-31)
// it with its last messenger's reroll voided.
func checkCommand(b *BattleExport, t *TurnExport, seed []byte, side engine.Side, c *store.CommandRoll) *Mismatch {
	used := 0
	for _, r := range c.Rerolls {
		if r == engine.RerollMessenger {
			used++
		}
	}
	intercepted := slices.ContainsFunc(*t.Orders.Of(side.Enemy()), func(o engine.Order) bool {
		return o.Kind == engine.OrderShinobi && o.Mission == engine.MissionInterception
	})
	// The messengers the side had when it rolled: those left before the
	// turn, those it spent, and one an interception may have taken since.
	in := commandInput(&t.Snapshot, side, c.Stake, c.Rerolls, used)
	if intercepted {
		in.Messengers++
	}
	bad := func(key string, args ...any) *Mismatch {
		return &Mismatch{Event: -1, Side: side.String(), Key: key, Args: args}
	}
	want, p := engine.CommandRoll(in, engine.NewSeededDice(seed, b.ID, t.Turn))
	if p != nil {
		return bad("verify.bad.command_rerolls", strings.Join(c.Rerolls, ", "), p.Rule)
	}
	if len(want.Rolls) != 1+len(c.Rerolls) { // a reroll listed after the roll succeeded
		return bad("verify.bad.command_rerolls", strings.Join(c.Rerolls, ", "), "R-V.3")
	}
	got := eventJSON(c.Result)
	if bytes.Equal(got, eventJSON(want)) {
		return nil
	}
	if intercepted {
		if voided, _, what := engine.Intercept(want, c.Stake, c.Rerolls, 0, true); what == "voided" && bytes.Equal(got, eventJSON(voided)) {
			return nil
		}
	}
	return bad("verify.bad.command_result", eventDiff(got, eventJSON(want)))
}

// checkSeal checks a turn's starting position against the seal its last
// resolution journaled (none in a battle resolved before seals were kept).
func checkSeal(t *TurnExport, revealed *store.Entry) *Mismatch {
	if revealed == nil || revealed.State == "" {
		return nil
	}
	if h := store.StateHash(t.Snapshot); h != revealed.State {
		return &Mismatch{Event: -1, Entry: revealed.N, Key: "verify.bad.snapshot_seal", Args: []any{h, revealed.N, revealed.State}}
	}
	return nil
}

// lastSeed is the index in the journal of the last revelation of turn's
// seed (its last resolution), -1 if none.
func lastSeed(es []store.Entry, turn int) int {
	for i, e := range slices.Backward(es) {
		if e.Kind == store.JournalSeed && e.Turn == turn {
			return i
		}
	}
	return -1
}

// replay is the position that follows after, the position turn-1 ended
// with, through the journal's entries es (those after turn-1's last
// resolution): each GM fix and setting applied again in order, a
// resolution of turn undone (JournalUndo back to it) taking back what was
// fixed since. skip: a duel was applied meanwhile (F-E4-1), which is not
// replayed (its own record holds its dice), so the position cannot be
// compared.
func replay(after engine.Battle, es []store.Entry, turn int) (state engine.Battle, skip bool, m *Mismatch) {
	state = after.Clone()
	checkpoint := state
	for _, e := range es {
		switch e.Kind {
		case duels.JournalDuel:
			skip = true
		case store.JournalSeed:
			if e.Turn == turn {
				checkpoint = state.Clone()
			}
		case store.JournalUndo:
			if e.Turn == turn {
				state = checkpoint.Clone()
			}
		case store.JournalSetting:
			key, value, _ := strings.Cut(e.Detail, " = ")
			next := state.Settings
			if err := next.Set(key, value); err == nil {
				state.Settings = next
			} else if !errors.Is(err, engine.ErrUnknownSetting) { // a battle's own setting: not the position's
				return state, skip, &Mismatch{Event: -1, Entry: e.N, Key: "verify.bad.fix", Args: []any{e.N, e.Detail, err.Error()}}
			}
		case store.JournalFix:
			who, field, value := parseFix(&state, e.Detail)
			next, p := engine.Fix(state, who, field, value)
			if p != nil {
				return state, skip, &Mismatch{Event: -1, Entry: e.N, Key: "verify.bad.fix", Args: []any{e.N, e.Detail, p.Code}}
			}
			state = next
		}
	}
	return state, skip, nil
}

// parseFix reads a fix's journal entry, "who field = value" (Service.Fix):
// who is the longest unit, leader or side its detail starts with, so that
// an ID with a space in it is read whole.
func parseFix(b *engine.Battle, detail string) (who, field, value string) {
	ids := []string{engine.North.String(), engine.South.String()}
	for _, u := range b.Units {
		ids = append(ids, u.ID)
	}
	for _, l := range b.Leaders {
		ids = append(ids, l.ID)
	}
	for _, id := range ids {
		if strings.HasPrefix(detail, id+" ") && len(id) > len(who) {
			who = id
		}
	}
	if who == "" {
		who, _, _ = strings.Cut(detail, " ")
	}
	field, value, _ = strings.Cut(strings.TrimPrefix(detail, who+" "), " = ")
	return who, field, value
}

// sameState compares a position replayed with the one stored, leaving
// out what the sides change in a command phase without a journal entry:
// their choice to spare (R-VIII.6.5), a shooter's Save ammo! (D-44), and
// messengers spent on rerolls or lost to an interception (never gained).
// It says what differs, "" if nothing.
func sameState(replayed, stored engine.Battle) string {
	want := replayed.Clone()
	want.Spare = stored.Spare
	for s, n := range stored.Messengers {
		if n <= want.Messengers[s] {
			want.Messengers[s] = n
		}
	}
	for i := range want.Units {
		if u := stored.Unit(want.Units[i].ID); u != nil {
			want.Units[i].SaveAmmo = u.SaveAmmo
		}
	}
	return stateDiff(stored, want)
}

// stateDiff says where two positions differ, unit by unit and leader by
// leader ("unit n-yari: figures: 9 / 7"), then field by field; "" if
// nothing does.
func stateDiff(stored, replayed engine.Battle) string {
	var out []string
	units := func(b engine.Battle) map[string]json.RawMessage {
		m := map[string]json.RawMessage{}
		for _, u := range b.Units {
			m["unit "+u.ID] = eventJSON(u)
		}
		for _, l := range b.Leaders {
			m["leader "+l.ID] = eventJSON(l)
		}
		return m
	}
	a, b := units(stored), units(replayed)
	var names []string
	for k := range a {
		names = append(names, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	for _, k := range names {
		if d := eventDiff(orNull(a[k]), orNull(b[k])); d != "" {
			out = append(out, k+": "+d)
		} else if !bytes.Equal(a[k], b[k]) {
			out = append(out, k)
		}
	}
	stored.Units, stored.Leaders, replayed.Units, replayed.Leaders = nil, nil, nil, nil
	if d := eventDiff(eventJSON(stored), eventJSON(replayed)); d != "" {
		out = append(out, d)
	}
	return strings.Join(out, "; ")
}

func orNull(raw json.RawMessage) []byte {
	if raw == nil {
		return []byte("{}")
	}
	return raw
}

// checkChain checks each resolved turn's starting position against the
// one before resolved again (afters: the positions each turn ended with,
// by turn), and the battle's current position (b.current, from a store)
// against the last: what the GM fixed in between is replayed from the
// journal. A battle without a journal of its turns is not checked so.
func checkChain(b *BattleExport, afters map[int]engine.Battle, only int) *Mismatch {
	es := b.Journal
	for _, t := range b.Turns {
		after, ok := afters[t.Turn-1]
		from, to := lastSeed(es, t.Turn-1), lastSeed(es, t.Turn)
		if !ok || from < 0 || to < 0 || only != 0 && t.Turn != only {
			continue
		}
		state, skip, m := replay(after, es[from+1:to], t.Turn)
		if m != nil {
			m.Turn = t.Turn
			return m
		}
		if d := sameState(state, t.Snapshot); d != "" && !skip {
			return &Mismatch{Turn: t.Turn, Event: -1, Key: "verify.bad.snapshot_chain", Args: []any{t.Turn - 1, d}}
		}
	}
	if b.current == nil || len(b.Turns) == 0 || b.Cut {
		return nil
	}
	last := b.Turns[len(b.Turns)-1].Turn
	from := lastSeed(es, last)
	if from < 0 {
		return nil
	}
	state, skip, m := replay(afters[last], es[from+1:], last+1)
	if m != nil {
		m.Record = true
		return m
	}
	if d := sameState(state, *b.current); d != "" && !skip {
		return &Mismatch{Record: true, Event: -1, Key: "verify.bad.record", Args: []any{last, d}}
	}
	return nil
}

// checkMark checks the journal's end against the mark kept beside the
// battle and the journal's own sequence: an entry deleted from the end
// (or the journal whole) leaves them ahead of it.
func checkMark(b *BattleExport) *Mismatch {
	if b.mark == nil || b.Cut {
		return nil
	}
	var n uint64
	head := ""
	if len(b.Journal) > 0 {
		n, head = b.Journal[len(b.Journal)-1].N, store.EntryHash(b.Journal[len(b.Journal)-1])
	}
	bad := func(key string, args ...any) *Mismatch {
		return &Mismatch{Event: -1, Entry: n, Key: key, Args: args}
	}
	switch m := b.mark; {
	case b.markKept && (m.N != n || m.Head != head):
		return bad("verify.bad.journal_mark", n, m.N, short(m.Head))
	case m.Seq != n:
		return bad("verify.bad.journal_seq", n, m.Seq)
	}
	return nil
}

// short is the start of a hash, enough to compare by eye.
func short(h string) string {
	if len(h) > 16 {
		return h[:16]
	}
	return h
}

// HeadMatch is where a journal head a status message published was found:
// the battle, the entry it is the hash of, and how many the journal has.
type HeadMatch struct {
	Hash         string
	Battle, Name string
	Entry, Of    uint64
}

// MinHead is the fewest hex digits of a published head Find takes.
const MinHead = 8

// Find finds the journal entry whose hash is hash (or starts with it, of
// MinHead hex digits at least): the head a status message published, which
// a journal changed or cut back since no longer holds.
func (bc *BattleCheck) Find(hash string) (HeadMatch, bool) {
	hash = strings.ToLower(strings.TrimSpace(hash))
	if len(hash) < MinHead {
		return HeadMatch{}, false
	}
	for i, h := range bc.hashes {
		if strings.HasPrefix(h, hash) {
			return HeadMatch{Hash: h, Battle: bc.ID, Name: bc.Name, Entry: uint64(i + 1), Of: uint64(len(bc.hashes))}, true
		}
	}
	return HeadMatch{}, false
}

// CheckHead checks a journal head a status message published (gunbai
// verify -head): some battle's journal must hold it. Not found, it is the
// report's mismatch (unless it has one already).
func (r *Report) CheckHead(hash string) {
	for i := range r.Battles {
		if h, ok := r.Battles[i].Find(hash); ok {
			r.Head = &h
			return
		}
	}
	if r.Mismatch == nil {
		r.Mismatch = &Mismatch{Event: -1, Key: "verify.bad.head_published", Args: []any{hash}}
		if len(r.Battles) == 1 {
			r.Mismatch.Battle, r.Mismatch.Name = r.Battles[0].ID, r.Battles[0].Name
		}
	}
}
