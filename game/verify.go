package game

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Audit is what the service tells of a battle after the fact: its journal,
// each turn verified again, its export and why a unit did what it did
// (Service.Audit).
type Audit struct{ s *Service }

// Audit is what s tells of a battle after the fact.
func (s *Service) Audit() Audit { return Audit{s} }

// Verification anyone can run (issue 14, item 5): from an export, or a
// store read as one, every resolved turn of every battle is checked
// against what was committed before it was played — its seed against the
// hash published when it opened, each side's orders against the hash
// sealed when the side was ready — and resolved again with those seed and
// orders to see that every die, and every event, comes out as it was
// posted; the journal's chain is checked link by link. The first thing
// that does not match is named: the battle, the turn, the event or the
// journal entry, and what differs (a catalogue key with its arguments,
// worded by the bot).

// Report is what a verification checked, and the first mismatch it met
// (nil when everything matched). The battles listed are those checked
// before the mismatch and the one it was met in; the turns, those that
// matched.
type Report struct {
	Battles  []BattleCheck
	Mismatch *Mismatch
	// Head is where the head a status message published was found
	// (CheckHead), nil if none was given or it was not found.
	Head *HeadMatch
}

// BattleCheck is what was checked of one battle.
type BattleCheck struct {
	Guild, ID, Name string
	Status          store.Status
	Turn            int
	// Entries is how many journal entries were checked, Head the hash of
	// the last; Cut: the journal stops before what is still secret, All
	// is how many it has in all.
	Entries, All int
	Head         string
	Cut          bool
	// Kept: the journal was kept from the battle's creation, so every
	// turn's commitments must be in it; a battle older than the journal
	// is checked by resolving its turns again only.
	Kept  bool
	Turns []TurnCheck
	Open  *OpenTurn
	// End is how the battle ended, if it did (the export's).
	End *Ending
	// Record: the battle's current position was checked (a store's).
	Record bool
	// hashes are the hashes of the journal's entries, in order (Find).
	hashes []string
}

// TurnCheck is what was checked of one resolved turn.
type TurnCheck struct {
	Turn           int
	Seed, SeedHash string
	// Published: the seed's hash is in the journal, from before the
	// turn's dice; Sealed: each side's orders hash, as sealed.
	Published bool
	Sealed    [2]string
	Orders    [2]int
	// Rolls are the dice of the command rolls recomputed; Events the
	// events resolved again, Dice the dice in them.
	Rolls, Events, Dice int
}

// Mismatch is the first thing that did not recompute or match.
type Mismatch struct {
	Battle, Name string
	Turn         int    // 0: of the journal, not of a turn
	Side         string // "north", "south" or ""
	Event        int    // index of the event, from 0; -1 if none
	Entry        uint64 // journal entry, 0 if none
	// Record: of the battle's current position (its record), not of a
	// turn.
	Record bool
	// Key is the catalogue text saying what differs ("verify.bad.*"),
	// with its Args.
	Key  string
	Args []any
}

func (m *Mismatch) Error() string {
	return fmt.Sprintf("battle %s, turn %d, side %q, event %d, entry %d: %s %v", m.Battle, m.Turn, m.Side, m.Event, m.Entry, m.Key, m.Args)
}

// Verify checks every battle of an export, in order, up to the first
// mismatch.
func Verify(x Export) Report {
	var r Report
	for _, b := range x.Battles {
		bc, m := verifyBattle(b, 0)
		r.Battles = append(r.Battles, bc)
		if m != nil {
			r.Mismatch = m
			break
		}
	}
	return r
}

// VerifyStore checks every battle of a store (a running bot's copy, a
// backup) as its export would be checked, with the journals whole.
func VerifyStore(st *store.Store) (Report, error) {
	var x Export
	err := st.View(func(tx *store.Tx) error {
		return eachBattle(tx, anyBattle, func(rec store.BattleRecord) error {
			b, err := exportBattle(tx, &rec, true)
			x.Battles = append(x.Battles, b)
			return err
		})
	})
	if err != nil {
		return Report{}, err
	}
	return Verify(x), nil
}

// TurnVerified is /verify turn: of a battle: the turn checked, and the
// journal's chain checked whole.
type TurnVerified struct {
	Battle   BattleCheck
	Turn     TurnCheck
	Mismatch *Mismatch
}

// VerifyTurn checks one resolved turn of a battle (and its journal's
// whole chain), for anyone of its clans.
func (g Audit) VerifyTurn(guild, battle string, turn int) (TurnVerified, error) {
	s := g.s
	var b BattleExport
	err := s.Store.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(guild, battle)
		if err != nil {
			return err
		}
		b, err = exportBattle(tx, &rec, true)
		return err
	})
	if err != nil {
		return TurnVerified{}, err
	}
	if !slices.ContainsFunc(b.Turns, func(t TurnExport) bool { return t.Turn == turn }) {
		return TurnVerified{}, refuse("err.turn_not_resolved", turn)
	}
	bc, m := verifyBattle(b, turn)
	out := TurnVerified{Battle: bc, Mismatch: m}
	for _, t := range b.Turns {
		if t.Turn == turn {
			out.Turn = TurnCheck{Turn: turn, Seed: t.Seed, SeedHash: t.SeedHash}
		}
	}
	for _, t := range bc.Turns {
		if t.Turn == turn {
			out.Turn = t
		}
	}
	return out, nil
}

// ResolvedTurns lists a battle's resolved turns, for completing /verify.
func (g Audit) ResolvedTurns(guild, battle string) ([]int, error) {
	s := g.s
	var out []int
	err := s.Store.View(func(tx *store.Tx) error {
		turns, err := tx.Turns(guild, battle)
		if err != nil {
			return err
		}
		for _, t := range turns {
			if _, err := tx.BattleTurn(guild, battle, t).Events(); err == nil {
				out = append(out, t)
			}
		}
		return nil
	})
	return out, err
}

// verifyBattle checks a battle: its journal's chain, then each resolved
// turn (only that turn if only is not 0).
func verifyBattle(b BattleExport, only int) (BattleCheck, *Mismatch) {
	bc := BattleCheck{Guild: b.Guild, ID: b.ID, Name: b.Name, Status: b.Status, Turn: b.Turn,
		Entries: len(b.Journal), All: b.Entries, Cut: b.Cut, Open: b.Open, End: b.End}
	bad := func(turn int, key string, args ...any) *Mismatch {
		return &Mismatch{Battle: b.ID, Name: b.Name, Turn: turn, Event: -1, Key: key, Args: args}
	}
	es := b.Journal
	if n := store.CheckChain(es); n != 0 {
		m := bad(0, "verify.bad.chain_number", n, es[n-1].N)
		if es[n-1].N == n {
			m = bad(0, "verify.bad.chain", n, es[n-1].Prev, store.EntryHash(es[n-2]))
		}
		m.Entry = n
		return bc, m
	}
	for _, e := range es {
		bc.hashes = append(bc.hashes, store.EntryHash(e))
	}
	if m := checkMark(&b); m != nil {
		m.Battle, m.Name = b.ID, b.Name
		return bc, m
	}
	if len(es) > 0 {
		bc.Head = store.EntryHash(es[len(es)-1])
		if !b.Cut && b.Head != "" && b.Head != bc.Head {
			m := bad(0, "verify.bad.head", b.Head, bc.Head)
			m.Entry = es[len(es)-1].N
			return bc, m
		}
	}
	bc.Kept = len(es) > 0 && es[0].Kind == store.JournalCreated
	// Each turn's end, resolved again: the next turn's start and the
	// current position are checked against it.
	afters := map[int]engine.Battle{}
	for _, t := range b.Turns {
		if only != 0 && t.Turn != only {
			if after, _, err := resolveAgain(b.ID, t); err == nil {
				afters[t.Turn] = after
			}
			continue
		}
		tc, after, m := verifyTurn(b, t, bc.Kept)
		if m != nil {
			m.Battle, m.Name, m.Turn = b.ID, b.Name, t.Turn
			return bc, m
		}
		afters[t.Turn] = after
		bc.Turns = append(bc.Turns, tc)
	}
	if m := checkChain(&b, afters, only); m != nil {
		m.Battle, m.Name = b.ID, b.Name
		return bc, m
	}
	bc.Record = b.current != nil && len(b.Turns) > 0
	return bc, nil
}

// verifyTurn checks one resolved turn: its seed, its orders, its command
// rolls' dice, and its events resolved again. kept: the journal must hold
// its commitments.
func verifyTurn(b BattleExport, t TurnExport, kept bool) (TurnCheck, engine.Battle, *Mismatch) {
	tc, m := verifyCommitments(b, t, kept)
	if m != nil {
		return tc, engine.Battle{}, m
	}
	after, m := verifyDice(b, t, &tc)
	return tc, after, m
}

// verifyCommitments checks a turn's seed, its orders and its starting
// position against what the journal committed.
func verifyCommitments(b BattleExport, t TurnExport, kept bool) (TurnCheck, *Mismatch) {
	tc := TurnCheck{Turn: t.Turn, Seed: t.Seed, SeedHash: t.SeedHash}
	bad := func(key string, args ...any) *Mismatch {
		return &Mismatch{Event: -1, Key: key, Args: args}
	}
	seed, err := hex.DecodeString(t.Seed)
	if err != nil || len(seed) == 0 {
		return tc, bad("verify.bad.seed_hex", t.Seed)
	}
	if h := store.SeedHash(seed); h != t.SeedHash {
		return tc, bad("verify.bad.seed", t.Seed, h, t.SeedHash)
	}
	// The journal: the hash published, the seed revealed, each side's
	// orders sealed and opened.
	var published, revealed *store.Entry
	var seal, sealed, opened [2]*store.Entry // seal: the last seen
	inJournal := false
	for i := range b.Journal {
		e := &b.Journal[i]
		if e.Turn != t.Turn {
			continue
		}
		sd, sideErr := engine.ParseSide(e.Side)
		switch e.Kind {
		case store.JournalSeedHash:
			inJournal = true
			if published == nil {
				published = e
			}
		case store.JournalSeed:
			revealed = e
		case store.JournalOrders:
			if sideErr == nil {
				seal[sd] = e
			}
		case store.JournalOrdersOpen:
			if sideErr == nil {
				// The last opening counts (a turn undone and resolved
				// again is opened again), with the last seal before it.
				opened[sd], sealed[sd] = e, seal[sd]
			}
		}
	}
	// A turn of a battle older than the journal has none of this.
	need := kept || inJournal
	switch {
	case published == nil && need:
		return tc, bad("verify.bad.seed_unpublished", t.SeedHash)
	case published != nil && published.Hash != t.SeedHash:
		m := bad("verify.bad.seed_journal", published.N, published.Hash, t.SeedHash)
		m.Entry = published.N
		return tc, m
	case revealed == nil && need:
		return tc, bad("verify.bad.seed_unrevealed")
	case revealed != nil && revealed.Hash != t.Seed:
		m := bad("verify.bad.seed_revealed", revealed.N, revealed.Hash, t.Seed)
		m.Entry = revealed.N
		return tc, m
	}
	tc.Published = published != nil
	for _, side := range sides {
		orders := *t.Orders.Of(side)
		tc.Orders[side] = len(orders)
		h := store.OrdersHash(orders)
		s, o := sealed[side], opened[side]
		sideBad := func(key string, args ...any) *Mismatch {
			m := bad(key, args...)
			m.Side = side.String()
			return m
		}
		switch {
		case (s == nil || o == nil) && need:
			return tc, sideBad("verify.bad.orders_unsealed")
		case s == nil || o == nil:
			continue
		case o.Hash != s.Hash:
			m := sideBad("verify.bad.orders_open", o.N, o.Hash, s.N, s.Hash)
			m.Entry = o.N
			return tc, m
		case h != s.Hash:
			m := sideBad("verify.bad.orders", h, s.Hash, s.N)
			m.Entry = s.N
			return tc, m
		}
		tc.Sealed[side] = s.Hash
	}
	return tc, checkSeal(&t, revealed)
}

// verifyDice checks a turn's command rolls and events against its seed,
// and returns the position it ended with, resolved again.
func verifyDice(b BattleExport, t TurnExport, tc *TurnCheck) (engine.Battle, *Mismatch) {
	bad := func(key string, args ...any) *Mismatch {
		return &Mismatch{Event: -1, Key: key, Args: args}
	}
	seed, _ := hex.DecodeString(t.Seed) // checked by verifyCommitments
	// The command rolls: each die from the seed, each result from the
	// dice and the rules.
	for _, side := range sides {
		c := *t.Commands.Of(side)
		if c == nil {
			continue
		}
		key := side.String() + ".command"
		for k, pair := range c.Result.Rolls {
			want := [2]int{engine.SeededRoll(seed, b.ID, t.Turn, key, 2*k+1), engine.SeededRoll(seed, b.ID, t.Turn, key, 2*k+2)}
			if pair != want {
				m := bad("verify.bad.command", k+1, fmt.Sprint(pair[:]), fmt.Sprint(want[:]))
				m.Side = side.String()
				return engine.Battle{}, m
			}
			tc.Rolls += 2
		}
		if m := checkCommand(&b, &t, seed, side, c); m != nil {
			return engine.Battle{}, m
		}
	}
	// The turn resolved again, with the orders admitted as they were.
	after, events, err := resolveAgain(b.ID, t)
	if err != nil {
		return after, bad("verify.bad.resolve", err.Error())
	}
	for i := range min(len(events), len(t.Events)) {
		got, want := eventJSON(t.Events[i]), eventJSON(events[i])
		if !bytes.Equal(got, want) {
			m := bad("verify.bad.event", i, string(t.Events[i].Kind), eventDiff(got, want))
			m.Event = i
			return after, m
		}
		tc.Events++
		tc.Dice += len(t.Events[i].Dice)
	}
	if len(events) != len(t.Events) {
		m := bad("verify.bad.events", len(t.Events), len(events))
		m.Event = min(len(events), len(t.Events))
		return after, m
	}
	return after, nil
}

// Recompute resolves a turn again from its export: the orders each side
// gave, admitted against the position before it and its command roll as
// at the resolution (engine.Admit), with the dice of its seed.
func Recompute(battle string, t TurnExport) ([]engine.Event, error) {
	_, events, err := resolveAgain(battle, t)
	return events, err
}

// resolveAgain resolves a turn again from its export (Recompute): the
// position it ends with and its events.
func resolveAgain(battle string, t TurnExport) (engine.Battle, []engine.Event, error) {
	seed, err := hex.DecodeString(t.Seed)
	if err != nil {
		return engine.Battle{}, nil, err
	}
	var orders []engine.Order
	for _, side := range sides {
		var granted *engine.CommandResult
		if c := *t.Commands.Of(side); c != nil {
			granted = &c.Result
		}
		orders = append(orders, engine.Admit(t.Snapshot, side, t.Turn, *t.Orders.Of(side), granted)...)
	}
	return engine.ResolveTurn(t.Snapshot, orders, engine.NewSeededDice(seed, battle, t.Turn))
}

// eventJSON is an event (or any value) as stored.
func eventJSON(e any) []byte {
	raw, _ := json.Marshal(e) // plain data: cannot fail
	return raw
}

// eventDiff says which fields of two events' JSON differ: "dice: [3 5]
// stored, [2 6] recomputed; value: 1 stored, 0 recomputed".
func eventDiff(stored, recomputed []byte) string {
	var a, b map[string]any
	json.Unmarshal(stored, &a)
	json.Unmarshal(recomputed, &b)
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	var names []string
	for k := range keys {
		names = append(names, k)
	}
	slices.Sort(names)
	var out []byte
	for _, k := range names {
		x, _ := json.Marshal(a[k])
		y, _ := json.Marshal(b[k])
		if bytes.Equal(x, y) {
			continue
		}
		if len(out) > 0 {
			out = append(out, "; "...)
		}
		out = fmt.Appendf(out, "%s: %s / %s", k, x, y)
	}
	return string(out)
}
