package skirmishes

import (
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/skirmish"
	"github.com/gunbai/gunbai/store"
)

// ExportFormat and ExportVersion mark an export of a finished skirmish
// game (gunbai export STORE GAME; gunbai verify reads it, issue 27).
const (
	ExportFormat  = "gunbai-skirmish-export"
	ExportVersion = 1
)

// ErrNoSkirmish: no finished game of that name in the store (a game still
// on is not exported: its seed is secret).
var ErrNoSkirmish = errors.New("no finished skirmish game of that name")

// Export is a finished skirmish game, all that verifies it: its warbands
// and class table, the seed revealed and the hash published at its
// opening, and the journal with every die.
type Export struct {
	Format     string           `json:"format"`
	Version    int              `json:"version"`
	ExportedAt time.Time        `json:"exported_at"`
	Guild      string           `json:"guild"`
	ID         string           `json:"id"`
	Name       string           `json:"name"`
	Lang       string           `json:"lang,omitempty"`
	Hash       string           `json:"hash"`
	Seed       string           `json:"seed"` // hex
	Table      *skirmish.Table  `json:"table,omitempty"`
	Sides      [2]skirmish.Side `json:"sides"`
	Campaign   bool             `json:"campaign,omitempty"`
	Assault    bool             `json:"assault,omitempty"`
	Winner     int              `json:"winner"`
	Journal    []Entry          `json:"journal"`
}

// ExportStore exports the finished game ref (its name or ID) of any guild
// of a store.
func ExportStore(st *store.Store, ref string, now time.Time) (Export, error) {
	x := Export{Format: ExportFormat, Version: ExportVersion, ExportedAt: now.UTC().Round(0)}
	id := kit.BattleID(ref)
	found := false
	err := st.View(func(tx *store.Tx) error {
		guilds, err := tx.Guilds()
		for _, g := range guilds {
			var rec Record
			if err := tx.Campaign(g, Kind, id, &rec); errors.Is(err, store.ErrNotFound) {
				continue
			} else if err != nil {
				return err
			}
			if rec.Game.Phase != skirmish.PhaseOver {
				continue
			}
			x.Guild, x.ID, x.Name, x.Lang, x.Hash, x.Seed = g, rec.ID, rec.Name, rec.Lang, rec.PublishedHash(), hex.EncodeToString(rec.Seed)
			x.Table, x.Sides, x.Campaign, x.Assault = rec.Table, rec.Sides, rec.Campaign, rec.Assault
			x.Winner, x.Journal, found = rec.Game.Winner, rec.Journal, true
			return nil
		}
		return err
	})
	if err == nil && !found {
		err = ErrNoSkirmish
	}
	return x, err
}

// VerifyExport checks an export as /skirmish verify checks the stored
// game (Verify).
func VerifyExport(x Export) (Check, error) {
	seed, err := hex.DecodeString(x.Seed)
	if err != nil {
		return Check{}, fmt.Errorf("the export's seed %q is not hex: %w", x.Seed, err)
	}
	rec := Record{ID: x.ID, Name: x.Name, Lang: x.Lang, Seed: seed, Hash: x.Hash, Table: x.Table, Sides: x.Sides,
		Campaign: x.Campaign, Assault: x.Assault, Started: true, Journal: x.Journal}
	rec.Game.Phase = skirmish.PhaseOver
	if rec.Hash == "" {
		rec.Hash = "-" // none published: the seed cannot match it
	}
	return Verify(rec)
}
