package main

import (
	_ "embed"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/game/campaigns"
	"github.com/gunbai/gunbai/render"
)

// The demo's campaign (issue 15): the battle is fought by the armies of a
// roster (demo_roster.toml, the scenario's own units), written back to it
// when it ends; then the aftermath of both armies runs as the GM and the
// clans would run it, and the next campaign turn begins. Each step's text is
// written to out/ in Russian and English.

//go:embed demo_roster.toml
var demoRoster []byte

// demoArmies are the roster armies of North and South, and their clans.
var (
	demoArmies = [2]string{"uesugi-echigo", "takeda-kai"}
	demoClans  = [2]string{"uesugi", "takeda"}
)

// setUpCampaign uploads the demo's roster and binds its clans to the demo's
// roles and to channels of their own (the posts stay in the store's
// outbox: the demo sends nothing).
func setUpCampaign(svc *game.Service) error {
	if _, err := svc.Campaigns().UploadRoster(demoGuild, "demo_roster.toml", demoRoster); err != nil {
		return err
	}
	for side, clan := range demoClans {
		if _, err := svc.Campaigns().BindClan(demoGuild, clan, demoRoles[side], "demo-"+clan, ""); err != nil {
			return err
		}
	}
	return nil
}

// playAftermath ends the battle if the turns played did not (the GM's
// finish), then runs each army's aftermath: the province facts of
// Kawanakajima (a clan castle in Shinano, horse breeding), the clan's
// choices (the proposed recovery, the first promotion open, each skill to
// its commander, named), and the next turn; it writes what each step said.
func playAftermath(svc *game.Service, dir string, over bool, dbPath string, stdout io.Writer) error {
	if !over {
		if _, err := svc.Finish(demoGuild, demoBattle); err != nil {
			return err
		}
	}
	// How it ended, as every text of the battle tells it (game.Ending).
	e, _, err := svc.Ending(demoGuild, demoBattle)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "the end: %s (%s); store: %s\n",
		render.EndHead(render.RU, e.By == game.EndedByGM, e.Turn, e.Outcome, e.Rule),
		render.EndHead(render.EN, e.By == game.EndedByGM, e.Turn, e.Outcome, e.Rule), dbPath)
	r, err := svc.Campaigns().Roster(demoGuild)
	if err != nil {
		return err
	}
	texts := map[render.Lang][]string{}
	for _, l := range []render.Lang{render.RU, render.EN} {
		for _, rec := range r.Records {
			texts[l] = append(texts[l], render.RecordText(l, r, rec))
		}
	}
	facts := campaign.Province{Fortification: campaign.Castle, HorseBreeding: true}
	for side, army := range demoArmies {
		if _, err := svc.Campaigns().RunAftermath(demoGuild, campaigns.AftermathRequest{Army: army, Facts: facts, GMChannel: "demo-gm", Locale: string(render.RU)}); err != nil {
			return err
		}
		if err := demoChoices(svc, engine.Side(side), army); err != nil {
			return err
		}
		r, am, err := svc.Campaigns().Aftermath(demoGuild, army)
		if err != nil {
			return err
		}
		for l := range texts {
			texts[l] = append(texts[l], cardsText(render.AftermathCards(l, r, am)))
		}
	}
	r, err = svc.Campaigns().NextTurn(demoGuild)
	if err != nil {
		return err
	}
	for l := range texts {
		texts[l] = append(texts[l], cardsText(render.RosterCards(l, r, "")))
		p := filepath.Join(dir, "aftermath."+string(l)+".txt")
		if err := os.WriteFile(p, []byte(strings.Join(texts[l], "\n\n")), 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "aftermath of %s -> %s; campaign turn %d\n", strings.Join(demoArmies[:], " and "),
		filepath.Join(dir, "aftermath.{ru,en}.txt"), r.Turn)
	return nil
}

// demoChoices are a clan's clicks on its aftermath message, through the
// same service calls as the buttons and menus.
func demoChoices(svc *game.Service, side engine.Side, army string) error {
	r, am, err := svc.Campaigns().Aftermath(demoGuild, army)
	if err != nil {
		return err
	}
	click := func(action string, values []string, arg ...string) error {
		return svc.Campaigns().ActAftermath(campaigns.AftermathClick{Guild: demoGuild, User: "demo-" + demoClans[side], Roles: []string{demoRoles[side]},
			ID: campaigns.AftermathID(army, am.Turn, action, arg...), Values: values, Locale: string(render.RU)})
	}
	a, _ := r.Army(army)
	for _, id := range am.Promotable {
		if opts := campaign.PromotionOptions(a.Units[a.UnitIndex(id)]); len(opts) > 0 {
			if err := click(campaigns.AmPromote, []string{id + "|" + string(opts[0])}); err != nil {
				return err
			}
			break
		}
	}
	for i := range am.Grants {
		if err := click(campaigns.AmSkill, []string{fmt.Sprintf("Урок Каванакадзимы %d", i+1)}, fmt.Sprint(i)); err != nil {
			return err
		}
	}
	return click(campaigns.AmConfirm, nil)
}

// cardsText is cards as plain text: title, description, each field.
func cardsText(cards []render.Card) string {
	var b strings.Builder
	for _, c := range cards {
		fmt.Fprintf(&b, "== %s\n", c.Title)
		if c.Description != "" {
			b.WriteString(c.Description + "\n")
		}
		for _, f := range c.Fields {
			fmt.Fprintf(&b, "-- %s\n%s\n", f.Name, f.Value)
		}
		if c.Footer != "" {
			b.WriteString(c.Footer + "\n")
		}
	}
	return b.String()
}
