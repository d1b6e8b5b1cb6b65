package game

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The lifecycle imports the store, the engine, the campaign's mechanics,
// go-toml (for roster files), the custom IDs' formats and the standard
// library only (ARCHITECTURE:
// game -> {store, engine, campaign}): never Discord, never the words of
// render, so that the bot, the demo and offline tools share it.
func TestGameImportsStoreAndEngineOnly(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{
		"github.com/gunbai/gunbai/store":           true,
		"github.com/gunbai/gunbai/engine":          true,
		"github.com/gunbai/gunbai/engine/scenario": true,
		"github.com/gunbai/gunbai/campaign":        true,
		"github.com/pelletier/go-toml/v2":          true,
		"github.com/pelletier/go-toml/v2/unstable": true,
		"github.com/gunbai/gunbai/quick":           true,
		"github.com/gunbai/gunbai/duel":            true,
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
