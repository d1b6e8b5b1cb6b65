package game

import (
	"encoding/hex"
	"errors"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// An export (issue 14, item 5): a battle as anyone may check it, every
// resolved turn with its revealed seed, the position before it, the
// orders and command rolls it was resolved with and its events, and the
// journal. What is still secret stays out: of the turn being fought only
// the hash of its seed, published when it opened, is given (not its seed,
// orders, command rolls or anything of its position as it stands, which
// would tell the orders given so far), and while the battle goes on the
// journal stops before the first entry of that turn's sealed orders or a
// GM fix made in it. The resolved turns are given as the GM saw them,
// hidden units included: they are needed to resolve the turns again.

// ExportFormat names the JSON of an export; ExportVersion is its version.
const (
	ExportFormat  = "gunbai-export"
	ExportVersion = 1
)

// Export is what gunbai export writes and gunbai verify reads.
type Export struct {
	Format     string         `json:"format"`
	Version    int            `json:"version"`
	ExportedAt time.Time      `json:"exported_at"`
	Battles    []BattleExport `json:"battles"`
}

// BySide is one thing of each side, by the sides' names.
type BySide[T any] struct {
	North T `json:"north"`
	South T `json:"south"`
}

// Of is the side's.
func (b *BySide[T]) Of(s engine.Side) *T {
	if s == engine.South {
		return &b.South
	}
	return &b.North
}

// BattleExport is one battle.
type BattleExport struct {
	Guild  string       `json:"guild"`
	ID     string       `json:"id"`
	Name   string       `json:"name"`
	Status store.Status `json:"status"`
	// Turn is the turn the battle is at.
	Turn  int            `json:"turn"`
	Clans BySide[string] `json:"clans"`
	// Outcome, once the battle is over, and End how it ended (by the
	// rules or the GM, after which turn, the losses and the leaders' fates).
	Outcome string       `json:"outcome,omitempty"`
	End     *Ending      `json:"end,omitempty"`
	Turns   []TurnExport `json:"turns"`
	// Open is the turn opened and not resolved, if one is.
	Open *OpenTurn `json:"open,omitempty"`
	// Journal is the battle's journal (with Cut, up to what is still
	// secret); Entries how many entries it has in all, Head the hash of
	// its last one.
	Journal []store.Entry `json:"journal"`
	Entries int           `json:"journal_entries"`
	Head    string        `json:"journal_head"`
	Cut     bool          `json:"journal_cut,omitempty"`

	// Of a store only (never exported): the battle's current position,
	// once a turn was resolved, and the mark of its journal's end
	// (markKept: the battle's bucket has one).
	current  *engine.Battle
	mark     *store.JournalMark
	markKept bool
}

// TurnExport is one resolved turn.
type TurnExport struct {
	Turn     int    `json:"turn"`
	Seed     string `json:"seed"`      // hex, revealed at the resolution
	SeedHash string `json:"seed_hash"` // as published when the turn opened
	// Snapshot is the battle before the turn.
	Snapshot engine.Battle `json:"snapshot"`
	// Orders are each side's orders as stored (null: none given);
	// Commands each side's command roll (null: none made).
	Orders   BySide[[]engine.Order]     `json:"orders"`
	Commands BySide[*store.CommandRoll] `json:"commands"`
	Events   []engine.Event             `json:"events"`
}

// OpenTurn is the turn being fought: only the hash of its seed.
type OpenTurn struct {
	Turn     int    `json:"turn"`
	SeedHash string `json:"seed_hash"`
}

// ErrNoBattle is matched by ExportStore's error when no battle of the
// store has the name or key asked for.
var ErrNoBattle = errors.New("no such battle")

// ExportStore exports the battles of a store, every guild's, or with ref
// the one whose key or name it is.
func ExportStore(st *store.Store, ref string, now time.Time) (Export, error) {
	x := Export{Format: ExportFormat, Version: ExportVersion, ExportedAt: now.UTC().Round(0)}
	id := BattleID(ref)
	err := st.View(func(tx *store.Tx) error {
		want := func(h store.Header) bool { return ref == "" || h.ID == id }
		return eachBattle(tx, want, func(rec store.BattleRecord) error {
			b, err := exportBattle(tx, &rec, false)
			x.Battles = append(x.Battles, b)
			return err
		})
	})
	if err == nil && ref != "" && len(x.Battles) == 0 {
		err = ErrNoBattle
	}
	return x, err
}

// Export exports one battle of a guild, as the GM gets it.
func (g Audit) Export(guild, ref string) (Export, error) {
	s := g.s
	x := Export{Format: ExportFormat, Version: ExportVersion, ExportedAt: s.now().UTC().Round(0)}
	err := s.Store.View(func(tx *store.Tx) error {
		rec, err := find(tx, guild, ref)
		if err != nil {
			return err
		}
		b, err := exportBattle(tx, &rec, false)
		x.Battles = []BattleExport{b}
		return err
	})
	return x, err
}

// exportBattle reads one battle for an export; with whole, its journal is
// given whole even while the battle goes on (to check its chain, never to
// be shown).
func exportBattle(tx *store.Tx, rec *store.BattleRecord, whole bool) (BattleExport, error) {
	b := BattleExport{Guild: rec.GuildID, ID: rec.ID, Name: rec.Name, Status: rec.Status, Turn: rec.Turn,
		Clans: BySide[string]{rec.Sides[engine.North].Name, rec.Sides[engine.South].Name}, Turns: []TurnExport{}}
	if rec.Status == store.StatusFinished {
		b.Outcome = rec.State.Outcome.String()
		e, err := endingOf(tx, rec)
		if err != nil {
			return b, err
		}
		b.End = &e
	}
	turns, err := tx.Turns(rec.GuildID, rec.ID)
	if err != nil {
		return b, err
	}
	for _, turn := range turns {
		t, resolved, err := exportTurn(tx, rec, turn)
		if err != nil {
			return b, err
		}
		if resolved {
			b.Turns = append(b.Turns, t)
		} else if t.SeedHash != "" && turn >= rec.Turn && b.Open == nil && rec.Status != store.StatusFinished {
			// A finished battle has no turn under way: the one the GM
			// ended it in was never resolved, and its seed stays secret.
			b.Open = &OpenTurn{Turn: turn, SeedHash: t.SeedHash}
		}
	}
	es, err := tx.Journal(rec.GuildID, rec.ID).Entries()
	if err != nil {
		return b, err
	}
	b.Entries = len(es)
	if len(es) > 0 {
		b.Head = store.EntryHash(es[len(es)-1])
	}
	b.Journal = es
	if whole {
		mark, kept, err := tx.Journal(rec.GuildID, rec.ID).Mark()
		if err != nil {
			return b, err
		}
		b.mark, b.markKept = &mark, kept
		if rec.Status != store.StatusDraft && rec.Status != store.StatusDeployment {
			state := rec.State
			b.current = &state
		}
	}
	if !whole && rec.Status != store.StatusFinished {
		for i, e := range es {
			if (e.Kind == store.JournalOrders || e.Kind == store.JournalFix) && e.Turn >= rec.Turn {
				b.Journal, b.Cut = es[:i], true
				break
			}
		}
	}
	if b.Journal == nil {
		b.Journal = []store.Entry{}
	}
	return b, nil
}

// exportTurn reads one turn; resolved is whether it was (its snapshot,
// events and seed are stored). Of a turn not resolved only the seed's
// hash is read.
func exportTurn(tx *store.Tx, rec *store.BattleRecord, turn int) (TurnExport, bool, error) {
	g, id := rec.GuildID, rec.ID
	t := TurnExport{Turn: turn}
	seed, err := tx.BattleTurn(g, id, turn).RawSeed()
	switch {
	case errors.Is(err, store.ErrNotFound):
		return t, false, nil
	case err != nil:
		return t, false, err
	}
	t.SeedHash = seed.Hash
	events, err := tx.BattleTurn(g, id, turn).Events()
	if errors.Is(err, store.ErrNotFound) {
		return t, false, nil
	} else if err != nil {
		return t, false, err
	}
	snap, err := tx.BattleTurn(g, id, turn).Snapshot()
	if errors.Is(err, store.ErrNotFound) {
		return t, false, nil
	} else if err != nil {
		return t, false, err
	}
	t.Seed, t.Snapshot, t.Events = hex.EncodeToString(seed.Value), snap, events
	for _, side := range sides {
		o, err := tx.BattleTurn(g, id, turn).Orders(side)
		switch {
		case err == nil:
			*t.Orders.Of(side) = o
		case !errors.Is(err, store.ErrNotFound):
			return t, false, err
		}
		c, err := tx.BattleTurn(g, id, turn).Command(side)
		switch {
		case err == nil:
			*t.Commands.Of(side) = &c
		case !errors.Is(err, store.ErrNotFound):
			return t, false, err
		}
	}
	return t, true, nil
}
