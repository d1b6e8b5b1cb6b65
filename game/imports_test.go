package game

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The lifecycle imports the store, the engine, the sub-games' mechanics
// and services, the kit it shares with them, and the standard library only
// (ARCHITECTURE: game -> {store, engine, campaign}): never Discord, never
// the words of render, so that the bot, the demo and offline tools share it.
func TestGameImportsStoreAndEngineOnly(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{
		"github.com/gunbai/gunbai/store":           true,
		"github.com/gunbai/gunbai/engine":          true,
		"github.com/gunbai/gunbai/engine/scenario": true,
		// The AI general: a side it plays, and the autopilot of an absent
		// seat (issue 30).
		"github.com/gunbai/gunbai/ai":              true,
		"github.com/gunbai/gunbai/campaign":        true,
		"github.com/pelletier/go-toml/v2":          true,
		"github.com/pelletier/go-toml/v2/unstable": true,
		"github.com/gunbai/gunbai/quick":           true,
		"github.com/gunbai/gunbai/duel":            true,
		// The sub-games' services it builds, and the kit they share.
		"github.com/gunbai/gunbai/game/kit":          true,
		"github.com/gunbai/gunbai/game/campaigns":    true,
		"github.com/gunbai/gunbai/game/quickbattles": true,
		"github.com/gunbai/gunbai/game/duels":        true,
		"github.com/gunbai/gunbai/game/skirmishes":   true,
		// The formats of the components' custom IDs, strings only: the
		// lifecycle reads the clicks' (AftermathClick.ID...) by them.
		"github.com/gunbai/gunbai/internal/customid": true,
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.Contains(path, ".") && !allowed[path] {
				t.Errorf("%s imports %s", f, path)
			}
		}
	}
}

// The kit and the sub-games' services never import package game (which
// builds them) nor one another: nothing runs back up. The kit imports no
// service at all; campaigns may read the roster file's format.
func TestSubGamesImportNothingAbove(t *testing.T) {
	const game = "github.com/gunbai/gunbai/game"
	for dir, own := range map[string][]string{
		"kit":          nil,
		"campaigns":    {game + "/kit"},
		"quickbattles": {game + "/kit"},
		"duels":        {game + "/kit"},
		"skirmishes":   {game + "/kit"},
	} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: %v", dir, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range parsed.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if (path == game || strings.HasPrefix(path, game+"/")) && !slices.Contains(own, path) {
					t.Errorf("%s imports %s", f, path)
				}
			}
		}
	}
}
