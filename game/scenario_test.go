package game

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The built-in scenarios pass the deployment and terrain checks (RULES IV).
func TestBuiltInScenariosAreLegal(t *testing.T) {
	for _, name := range ScenarioNames() {
		b, _ := Scenario(name)
		probs := engine.ValidateTerrain(b, b.Settings.TerrainTypes())
		for _, side := range []engine.Side{engine.North, engine.South} {
			probs = append(probs, engine.ValidateDeployment(b, side)...)
		}
		if len(probs) > 0 {
			t.Errorf("%s: %v", name, probs)
		}
	}
}

// A GM's scenario file is read in the case-file format, checked, and offered
// by /battle create.
func TestLoadScenarios(t *testing.T) {
	got, err := LoadScenarios([]string{"testdata/sekigahara.toml"})
	if err != nil {
		t.Fatal(err)
	}
	b, ok := got["sekigahara"]
	if !ok || len(b.Units) != 8 || len(b.Leaders) != 3 || b.Shinobi[engine.North] != 1 || len(b.Banners[engine.South]) != 1 {
		t.Fatalf("scenario %+v", b)
	}
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	svc.Scenarios = got
	rec, err := svc.Create(guild, CreateRequest{Name: "Сэкигахара 1600", North: store.Clan{RoleID: "a"}, South: store.Clan{RoleID: "b"}, Scenario: "sekigahara"})
	if err != nil || rec.State.Unit("s-hatamoto") == nil || rec.State.ID != rec.ID {
		t.Fatalf("create from a scenario: %v", err)
	}
	_, err = svc.Create(guild, CreateRequest{Name: "x", North: store.Clan{RoleID: "c"}, South: store.Clan{RoleID: "d"}, Scenario: "nope"})
	userErr(t, err, "err.scenario")
	if !strings.Contains(render.Refusal(render.EN, err.(*Refusal).Key, err.(*Refusal).Args, nil), "sekigahara") {
		t.Fatalf("the refusal lists the scenarios: %v", err)
	}
}

// A scenario that breaks the deployment rules is refused at start, with its
// file, line and reasons.
func TestLoadScenariosRefusesIllegalDeployments(t *testing.T) {
	_, err := LoadScenarios([]string{"testdata/bad_scenario.toml"})
	if err == nil {
		t.Fatal("an illegal deployment was accepted")
	}
	for _, want := range []string{"bad_scenario.toml:1", "broken", "R-IV.1.1", "R-II.10.1"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q lacks %q", err, want)
		}
	}
	if _, err := LoadScenarios([]string{"testdata/missing.toml"}); err == nil {
		t.Fatal("a missing file was accepted")
	}
}

// A scenario is a position: a file that gives orders, command rolls, dice
// or expectations is refused with its file, line and scenario.
func TestLoadScenariosRefusesCaseParts(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("testdata/sekigahara.toml")
	if err != nil {
		t.Fatal(err)
	}
	for i, extra := range []string{
		"[[case.order]]\nunit = \"n-yari\"\norder = \"move\"\n",
		"[[case.command]]\nside = \"north\"\nstake = \"high\"\n",
		"[case.dice]\n\"n-yari.melee\" = [6]\n",
		"[case.expect]\n\"n-yari.cell\" = \"A21\"\n",
	} {
		f := filepath.Join(dir, fmt.Sprintf("s%d.toml", i))
		if err := os.WriteFile(f, append(data, "\n"+extra...), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := LoadScenarios([]string{f})
		want := f + `:5: scenario "sekigahara": a scenario has no orders, commands, dice or expectations`
		if err == nil || err.Error() != want || len(got) != 0 {
			t.Errorf("%s-> %v, %d scenarios; want %q", extra, err, len(got), want)
		}
	}
}
