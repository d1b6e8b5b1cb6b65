package main

import (
	_ "embed"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/game/skirmishes"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/cards"
	"github.com/gunbai/gunbai/skirmish"
)

// The demo's skirmish (issue 27, seed 002): after the campaign, a short
// game at a bridge played through game/skirmishes as the bot plays it
// (/skirmish open, two warband files, a fighter recruited, the players'
// actions): a shield wall, attacks, a capture, a wound test, a morale test,
// and the end when the attackers' last officer dies (E2-F). Its whole log
// is written in Russian and English, the seed revealed, and each side's
// record cards as pictures.

//go:embed demo_skirmish_oda.toml
var demoSkirmishDefenders []byte

//go:embed demo_skirmish_asai.toml
var demoSkirmishAttackers []byte

const (
	demoSkirmishName = "Мост через Сай (демо)"
	// demoSkirmishSeeds is where in the demo's seed stream the skirmish's
	// seed is drawn: the first place whose dice play the script through
	// (TestDemoSkirmish reads that they did).
	demoSkirmishSeeds = 2<<20 + 14
)

// demoSkirmishRoles are the skirmish's sides' roles: the defenders (who
// move first, E2-TS1) and the attackers.
var demoSkirmishRoles = [2]string{"oda", "asai"}

// demoSkirmishScript is the game, action by action, each by the side whose
// turn it is.
func demoSkirmishScript() []skirmish.Action {
	end := skirmish.Action{Kind: skirmish.KindEndTurn}
	return []skirmish.Action{
		{Kind: skirmish.KindWallForm, Fighters: []string{"ds", "d2", "d3", "d4"}}, end,
		{Kind: skirmish.KindAttack, Fighter: "ac", Target: "d5", Inches: 1},
		{Kind: skirmish.KindCapture, Fighter: "a3", Target: "d5", Inches: 1, Enemy: 5},
		{Kind: skirmish.KindAttack, Fighter: "aa", Target: "da", Inches: 15}, end,
		{Kind: skirmish.KindWoundTest, Fighter: "da", Officer: "dk", Inches: 6},
		{Kind: skirmish.KindAttack, Fighter: "dk", Target: "as", Inches: 1},
		{Kind: skirmish.KindAttack, Fighter: "d2", Target: "o9", Inches: 1}, end,
		{Kind: skirmish.KindMoraleTest, Unit: "a1", Enemy: 20, Fighter: "a2"},
		{Kind: skirmish.KindMoraleTest, Unit: "a9", Enemy: 20},
		{Kind: skirmish.KindPrisoner, Target: "d5", Mode: "send"}, end,
		{Kind: skirmish.KindAttack, Fighter: "dk", Target: "as", Inches: 1},
		{Kind: skirmish.KindAttack, Fighter: "d2", Target: "o9", Inches: 1},
	}
}

// playSkirmish opens the demo's skirmish, gives its warbands, plays its
// script and writes its log and cards.
func playSkirmish(svc *game.Service, dir string, stdout io.Writer) error {
	svc.Rand = &demoSeeds{n: demoSkirmishSeeds}
	sk := svc.Skirmishes()
	rec, err := sk.Open(demoGuild, skirmishes.OpenRequest{Name: demoSkirmishName, Channel: "demo-skirmish", GM: "demo-gm",
		Lang: string(render.RU), Roles: demoSkirmishRoles})
	if err != nil {
		return err
	}
	for side, file := range [][]byte{demoSkirmishDefenders, demoSkirmishAttackers} {
		if _, err := sk.Warband(demoGuild, rec.ID, side, fmt.Sprintf("side-%d.toml", side+1), file); err != nil {
			return err
		}
	}
	if _, err := sk.Recruit(demoGuild, rec.ID, 1, skirmish.Unit{ID: "a9", Name: "Засада", Symbol: "▲"},
		skirmish.Fighter{ID: "o9", Class: "swordsman", Rank: skirmish.Sergeant}); err != nil {
		return err
	}
	for i, a := range demoSkirmishScript() {
		r, err := sk.Get(demoGuild, rec.ID)
		if err != nil {
			return err
		}
		active := 0
		if r.Started {
			active = r.Game.Active
		}
		if rec, _, err = sk.Act(demoGuild, skirmishes.ActRequest{Skirmish: rec.ID, User: "demo-" + demoSkirmishRoles[active],
			Roles: []string{demoSkirmishRoles[active]}, Action: a}); err != nil {
			return fmt.Errorf("skirmish action %d (%s): %w", i+1, a.Kind, err)
		}
	}
	if rec.Game.Phase != skirmish.PhaseOver {
		return fmt.Errorf("the skirmish did not end: its dice did not play the script")
	}
	return writeSkirmish(dir, rec, stdout)
}

// writeSkirmish writes the game's whole log in each language with the seed
// revealed (skirmish.{ru,en}.txt), and each side's record cards as the bot
// draws them at «Ход», at most cards.PerPicture to a picture:
// skirmish-cards-<side>.png, then -<side>-2.png and on.
func writeSkirmish(dir string, rec skirmishes.Record, stdout io.Writer) error {
	g := rec.Game
	var written []string
	for _, l := range []render.Lang{render.RU, render.EN} {
		lines := append([]string{render.T(l, "skirmish.log_head", rec.Name)}, render.SkirmishEntries(l, g, g.Record)...)
		state := strings.ReplaceAll(strings.Join(render.SkirmishState(l, g), "\n"), "**", "") // Discord's bold
		lines = append(lines, "", state, "",
			render.T(l, "skirmish.seed", hex.EncodeToString(rec.Seed), rec.SeedHash()))
		p := filepath.Join(dir, "skirmish."+string(l)+".txt")
		if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			return err
		}
		written = append(written, p)
	}
	for s := range g.Sides {
		cs := g.Cards(s)
		for i := 0; i < len(cs); i += cards.PerPicture {
			png, err := cards.PNG(cs[i:min(i+cards.PerPicture, len(cs))], render.Lang(rec.Lang))
			if err != nil {
				return err
			}
			name := fmt.Sprintf("skirmish-cards-%d.png", s+1)
			if n := i/cards.PerPicture + 1; n > 1 {
				name = fmt.Sprintf("skirmish-cards-%d-%d.png", s+1, n)
			}
			p := filepath.Join(dir, name)
			if err := os.WriteFile(p, png, 0o644); err != nil {
				return err
			}
			written = append(written, p)
		}
	}
	fmt.Fprintf(stdout, "skirmish %q: %d actions, %s -> %v\n", rec.Name, len(g.Record),
		render.T(render.EN, "skirmish.state_over", render.SkirmishSide(render.EN, g, g.Winner)), written)
	return nil
}
