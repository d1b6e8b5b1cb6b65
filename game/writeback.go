package game

import (
	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// PostRecord is what a battle wrote back to the roster (Data:
// campaign.BattleRecord).
const PostRecord = "record"

// writeBack writes a finished battle fought with roster armies back to the
// roster, in the transaction that finishes it (issue 15 item 2): the
// engine's record of the battle (engine.Record over every resolved turn) is
// turned into the roster's words and applied (campaign.ApplyRecord), and
// what it wrote is owed to both clans and the GM. A battle from a scenario
// has nothing to write back.
func writeBack(tx *store.Tx, rec *store.BattleRecord, last int) error {
	armies := [2]string{rec.Sides[0].Army, rec.Sides[1].Army}
	if armies == [2]string{} || rec.WrittenBack {
		return nil
	}
	rec.WrittenBack = true
	er, _, err := battleRecord(tx, rec, last)
	if err != nil {
		return err
	}
	rr, err := tx.Roster(rec.GuildID)
	if err != nil {
		return err
	}
	cr := campaignRecord(&rr.Roster, rec, armies, er)
	var dead []string
	rr.Roster, dead = rr.Roster.ApplyRecord(cr)
	if err := tx.PutRoster(rec.GuildID, rr); err != nil {
		return err
	}
	posts := make([]store.Post, 0, 3)
	for _, a := range audiences {
		posts = append(posts, post(rec, a, PostRecord, cr))
	}
	for clan, st := range rr.Roster.HouseAfter(dead) {
		c, _ := rr.Roster.Clan(clan)
		posts = append(posts, text(rec, audiences, "campaign.house_notice."+string(st), c.Name)...)
	}
	_, err = owe(tx, posts...)
	return err
}

// campaignRecord is the engine's record in the roster's words: units by
// their roster army, leaders by their roster character, results as E1-Q12
// names them (the two vocabularies are the same words).
func campaignRecord(r *campaign.Roster, rec *store.BattleRecord, armies [2]string, er engine.BattleRecord) campaign.BattleRecord {
	out := campaign.BattleRecord{Battle: rec.ID, Name: rec.Name, Kind: "grid"}
	for k := range out.Sides {
		s := &out.Sides[k]
		a, _ := r.Army(armies[k])
		if a != nil {
			s.Clan, s.Commander = a.Clan, a.Commander
		}
		s.Armies = []string{armies[k]}
		s.Result = campaign.Result(er.Sides[k].Result)
		s.StartFigures, s.EndFigures = er.Sides[k].StartFigures, er.Sides[k].EndFigures
	}
	for _, u := range er.Units {
		out.Sides[u.Side].Units = append(out.Sides[u.Side].Units, campaign.RecordedUnit{
			Unit: u.ID, Army: armies[u.Side], Start: u.Start, End: u.End, Lost: u.Lost, LostShot: u.LostShot, LostMelee: u.LostMelee,
			Inflicted: u.Inflicted, Destroyed: u.Destroyed, PutToFlight: u.PutToFlight, Held: u.Held,
			Fled: u.Fled, Scattered: u.Scattered, Eliminated: u.Eliminated,
		})
	}
	for _, l := range er.Leaders {
		s := &out.Sides[l.Side]
		s.Characters = append(s.Characters, campaign.RecordedChar{Character: l.ID, Wounds: l.Wounds, Captured: l.Captured, Killed: l.Killed, Duels: l.Duels})
		if l.Role == engine.General {
			s.Generals = append(s.Generals, l.ID)
		}
	}
	return out
}
