package render

import (
	"fmt"
	"strings"

	"github.com/gunbai/gunbai/campaign"
)

// An army's end-of-turn aftermath as a card (AftermathCard, AftermathCards):
// the recovery and its distribution, the healing rolls, the deaths, the
// skill grants and the promotions, each a field.

// The English reasons of campaign, mapped to their texts here by the inputs
// that give them: a reason campaign rewords still finds its text.
var (
	whyKeys    = whyKeysOf()
	xreasonKey = xreasonKeysOf()
)

// whyKeysOf asks campaign.RecoveryEligibility for the reason of each
// refusal and keys it to its text.
func whyKeysOf() map[string]string {
	keys := map[string]string{}
	castle := campaign.Province{Fortification: campaign.Castle}
	for _, c := range []struct {
		a   campaign.ArmyState
		p   campaign.Province
		key string
	}{
		{campaign.ArmyState{Scattered: true}, castle, "camp.why.scattered"},
		{campaign.ArmyState{RecoveredThisTurn: true}, castle, "camp.why.recovered"},
		{campaign.ArmyState{Retreated: true}, castle, "camp.why.retreated"},
		{campaign.ArmyState{}, campaign.Province{Fortification: campaign.Fort}, "camp.why.fort"},
		{campaign.ArmyState{}, campaign.Province{}, "camp.why.no_castle"},
		{campaign.ArmyState{}, campaign.Province{Fortification: campaign.Castle, CapturedThisTurn: true}, "camp.why.captured"},
	} {
		if ok, why := campaign.RecoveryEligibility(c.a, c.p); !ok {
			keys[why] = c.key
		}
	}
	return keys
}

// xreasonKeysOf asks campaign.Experience for the reason of each gain that
// has its own text and keys it to that text.
func xreasonKeysOf() map[string]string {
	keys := map[string]string{}
	for _, c := range []struct {
		age  campaign.Age
		b    campaign.Battle
		rule string
		key  string
	}{
		{campaign.Mature, campaign.Battle{Result: campaign.OrdinaryVictory, OwnFigures: 10, EnemyFigures: 10}, "E1-X1", "camp.xreason.x1_win"},
		{campaign.Mature, campaign.Battle{Result: campaign.OrdinaryDefeat, OwnFigures: 30, EnemyFigures: 10, CastleCaptured: true}, "E1-X1", "camp.xreason.x1_castle"},
		{campaign.Young, campaign.Battle{Result: campaign.OrdinaryDefeat, OwnFigures: 10, EnemyFigures: 10}, "E1-X2", "camp.xreason.x2"},
		{campaign.Mature, campaign.Battle{Result: campaign.OrdinaryVictory, OwnFigures: 10, EnemyFigures: 20}, "E1-X3", "camp.xreason.x3_victory"},
		{campaign.Mature, campaign.Battle{Result: campaign.Rout, OwnFigures: 10, EnemyFigures: 5}, "E1-X3", "camp.xreason.x3_rout"},
	} {
		for _, g := range campaign.Experience(c.age, []campaign.Battle{c.b}) {
			if g.Rule == c.rule {
				keys[g.Reason] = c.key
			}
		}
	}
	return keys
}

func whyText(lang Lang, why string) string {
	if k, ok := whyKeys[why]; ok {
		return T(lang, k)
	}
	return why
}

func grantReason(lang Lang, g campaign.Grant) string {
	if k, ok := xreasonKey[g.Reason]; ok {
		return T(lang, k)
	}
	return g.Reason
}

// AftermathCard is an army's end-of-turn aftermath as its clan and the GM
// see it: the recovery with each die and the distribution, the healing rolls,
// deaths and the house's state, the skill grants and the promotions, and who
// confirmed it. It is one card within the limits, clipped if it must be;
// AftermathCards splits it instead.
func AftermathCard(lang Lang, r campaign.Roster, am campaign.Aftermath) Card {
	return clipCard(aftermathCard(lang, r, am))
}

// AftermathCards is the aftermath within the card limits, split as needed.
func AftermathCards(lang Lang, r campaign.Roster, am campaign.Aftermath) []Card {
	return fitCards(lang, aftermathCard(lang, r, am))
}

func aftermathCard(lang Lang, r campaign.Roster, am campaign.Aftermath) Card {
	a, ok := r.Army(am.Army)
	if !ok {
		a = &campaign.Army{ID: am.Army, Kind: campaign.KindArmy}
	}
	c := Card{Title: T(lang, "camp.am.title", forceName(lang, a), am.Turn)}
	desc := []string{}
	if a.Clan != "" {
		desc = append(desc, T(lang, "camp.am.clan", clanName(&r, a.Clan)))
	}
	switch {
	case am.Done && am.By != "":
		desc = append(desc, T(lang, "camp.am.done", "<@"+am.By+">"))
	case am.Done:
		desc = append(desc, T(lang, "camp.am.done_anon"))
	default:
		desc = append(desc, T(lang, "camp.am.open"))
	}
	c.Description = strings.Join(desc, "\n")
	c.Fields = append(c.Fields, CardField{Name: T(lang, "camp.am.recovery"), Value: recoveryText(lang, am)})
	if am.Recovery.Eligible {
		c.Fields = append(c.Fields, CardField{Name: T(lang, "camp.am.alloc"), Value: allocText(lang, a, am)})
	}
	c.Fields = append(c.Fields, CardField{Name: T(lang, "camp.am.healing"), Value: healingText(lang, &r, a, am)})
	if len(am.Deaths) > 0 {
		c.Fields = append(c.Fields, CardField{Name: T(lang, "camp.am.deaths"), Value: deathsText(lang, &r, am)})
	}
	c.Fields = append(c.Fields, CardField{Name: T(lang, "camp.am.grants"), Value: grantsText(lang, &r, am)})
	c.Fields = append(c.Fields, CardField{Name: T(lang, "camp.am.promo"), Value: promoText(lang, a, am)})
	return c
}

func factsText(lang Lang, p campaign.Province) string {
	var f []string
	if k := "camp.fort." + string(p.Fortification); p.Fortification != "" && has(k) {
		f = append(f, T(lang, k))
	} else {
		f = append(f, T(lang, "camp.fort.none"))
	}
	if p.CapturedThisTurn {
		f = append(f, T(lang, "camp.fort.captured"))
	}
	if p.HorseMarket {
		f = append(f, T(lang, "camp.fort.market"))
	} else if p.HorseBreeding {
		f = append(f, T(lang, "camp.fort.breeding"))
	}
	return T(lang, "camp.am.facts", strings.Join(f, ", "))
}

// poolText is "3к6 = 4+2+6 (+2 цитадель) = 14".
func poolText(lang Lang, p campaign.Pool, citadel bool) string {
	dice := make([]string, 0, len(p.Rolls))
	for _, d := range p.Rolls {
		dice = append(dice, fmt.Sprint(d.Die))
	}
	s := T(lang, "camp.pool.dice", len(p.Rolls)) + " = " + strings.Join(dice, "+")
	if p.Bonus != 0 {
		bonus := T(lang, "camp.pool.bonus", p.Bonus)
		if citadel {
			bonus = T(lang, "camp.pool.bonus.citadel", p.Bonus)
		}
		s += " (" + bonus + ")"
	}
	return s + fmt.Sprintf(" = %d", p.Total)
}

func recoveryText(lang Lang, am campaign.Aftermath) string {
	lines := []string{factsText(lang, am.Facts)}
	rec := am.Recovery
	if !rec.Eligible {
		return strings.Join(append(lines, T(lang, "camp.am.not_eligible", whyText(lang, rec.Reason))), "\n")
	}
	citadel := am.Facts.Fortification == campaign.Citadel
	lines = append(lines, T(lang, "camp.pool.line", T(lang, "camp.pool.infantry"), poolText(lang, rec.Infantry, citadel))+" ("+T(lang, "camp.pool.foot")+")")
	if rec.Cavalry == nil {
		lines = append(lines, T(lang, "camp.pool.no_cavalry"))
	} else {
		which := T(lang, "camp.pool.light")
		if rec.HeavyToo {
			which = T(lang, "camp.pool.heavy")
		}
		lines = append(lines, T(lang, "camp.pool.line", T(lang, "camp.pool.cavalry"), poolText(lang, *rec.Cavalry, citadel))+" ("+which+")")
	}
	return strings.Join(lines, "\n")
}

func allocText(lang Lang, a *campaign.Army, am campaign.Aftermath) string {
	given := map[string]int{}
	for _, al := range am.Alloc {
		given[al.UnitID] += al.Figures
	}
	var lines []string
	used := map[bool]int{} // foot samurai: the infantry pool
	for _, u := range a.Units {
		n := given[u.ID]
		cap := campaign.RecoveryCap(u, am.Recovery)
		if n > 0 {
			used[u.Type.FootSamurai()] += n
		}
		label := rosterUnitName(u) + " (" + UnitTypeName(lang, u.Type) + ")"
		switch {
		case am.Done && n > 0:
			lines = append(lines, T(lang, "camp.alloc.given", label, n))
		case !am.Done && cap > 0:
			lines = append(lines, T(lang, "camp.alloc.line", label, n, cap, u.LostThisTurn))
		}
	}
	for _, al := range am.Alloc { // a unit no longer in the army
		if a.UnitIndex(al.UnitID) < 0 && al.Figures > 0 {
			lines = append(lines, T(lang, "camp.alloc.given", al.UnitID, al.Figures))
		}
	}
	if len(lines) == 0 {
		return T(lang, "camp.alloc.nothing")
	}
	lines = append(lines, T(lang, "camp.alloc.used", T(lang, "camp.pool.infantry"), used[true], am.Recovery.Infantry.Total))
	if am.Recovery.Cavalry != nil {
		lines = append(lines, T(lang, "camp.alloc.used", T(lang, "camp.pool.cavalry"), used[false], am.Recovery.Cavalry.Total))
	}
	return strings.Join(lines, "\n")
}

func healingText(lang Lang, r *campaign.Roster, a *campaign.Army, am campaign.Aftermath) string {
	if len(am.Healings) == 0 {
		var elsewhere []string
		for _, o := range r.Aftermaths {
			if o.Army == am.Army || o.Turn != am.Turn || len(o.Healings) == 0 {
				continue
			}
			if oa, ok := r.Army(o.Army); ok && oa.Clan == a.Clan {
				elsewhere = append(elsewhere, forceName(lang, oa))
			}
		}
		if len(elsewhere) > 0 {
			return T(lang, "camp.heal.elsewhere", strings.Join(elsewhere, ", "))
		}
		return T(lang, "camp.heal.none")
	}
	var lines []string
	for _, h := range am.Healings {
		p, ok := r.Person(h.Character)
		if !ok {
			p = &campaign.Person{Character: campaign.Character{ID: h.Character}, Name: h.Character}
		}
		res := h.Result
		target, mod := 0, 0
		if len(res.Rolls) > 0 {
			target, mod = res.Rolls[0].Target, res.Rolls[0].Mod
		} else {
			target = campaign.HealTarget(p.Age)
		}
		before := res.Wounds + res.Healed - res.Complications
		line := T(lang, "camp.heal.head", personName(r, h.Character), ageName(lang, p), Count(lang, "wounds", before), target)
		if mod != 0 {
			var why []string
			if p.WeakHealth {
				why = append(why, T(lang, "camp.char.weak"))
			}
			if h.Busy {
				why = append(why, T(lang, "camp.heal.busy"))
			}
			line += "; " + T(lang, "camp.heal.mod", minus(fmt.Sprintf("%+d", mod)), joinList(lang, why))
		}
		lines = append(lines, line)
		for i, d := range res.Rolls {
			roll := fmt.Sprint(d.Die)
			if d.Mod != 0 {
				roll = fmt.Sprintf("%d%+d = %d", d.Die, d.Mod, d.Result)
			}
			outcome := "camp.heal.not_healed"
			switch {
			case d.Success:
				outcome = "camp.heal.healed"
			case d.Result <= 1:
				outcome = "camp.heal.complication"
			}
			lines = append(lines, "   "+T(lang, "camp.heal.roll", i+1, minus(roll), T(lang, outcome)))
		}
		end := T(lang, "camp.heal.result", Count(lang, "wounds", res.Wounds))
		if res.Wounds == 0 {
			end = T(lang, "camp.heal.result", T(lang, "camp.char.unhurt"))
		}
		if res.Dead {
			end += " — " + variant(lang, "camp.heal.died", sexSuffix(p))
		}
		lines = append(lines, "   "+end)
	}
	return strings.Join(lines, "\n")
}

// minus writes a negative number with a minus sign, not a hyphen.
func minus(s string) string { return strings.ReplaceAll(s, "-", "−") }

func deathsText(lang Lang, r *campaign.Roster, am campaign.Aftermath) string {
	lines := []string{T(lang, "camp.deaths.list", strings.Join(personNames(r, am.Deaths), ", "))}
	if k := "camp.house." + string(am.House); am.House != "" && has(k) {
		lines = append(lines, T(lang, k))
	}
	return strings.Join(lines, "\n")
}

func grantsText(lang Lang, r *campaign.Roster, am campaign.Aftermath) string {
	if len(am.Grants) == 0 {
		return T(lang, "camp.grants.none")
	}
	var lines []string
	for i, g := range am.Grants {
		lines = append(lines, T(lang, "camp.grant.line", i+1, g.Rule, grantReason(lang, g.Grant)))
		to := T(lang, "camp.grant.no_recipient")
		if g.Recipient != "" {
			to = T(lang, "camp.grant.to", personName(r, g.Recipient))
		}
		skill := T(lang, "camp.grant.unnamed")
		if g.Skill != "" {
			skill = T(lang, "camp.grant.skill", g.Skill)
		}
		line := "   " + to + "; " + skill
		if !am.Done && len(g.Candidates) > 1 {
			line += "; " + T(lang, "camp.grant.candidates", strings.Join(personNames(r, g.Candidates), ", "))
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

func promoText(lang Lang, a *campaign.Army, am campaign.Aftermath) string {
	if len(am.Promotable) == 0 {
		return T(lang, "camp.promo.none")
	}
	var lines []string
	if !am.Done {
		lines = append(lines, T(lang, "camp.promo.limit", campaign.PromotionsPerArmy))
	}
	for _, id := range am.Promotable {
		if am.Done {
			break // the chances not taken are gone (E1-U4)
		}
		i := a.UnitIndex(id)
		if i < 0 {
			lines = append(lines, T(lang, "camp.promo.open", id, "?"))
			continue
		}
		u := a.Units[i]
		opts := campaign.PromotionOptions(u)
		var names []string
		for _, o := range opts {
			names = append(names, promoName(lang, o))
		}
		what := T(lang, "camp.none")
		if len(names) > 0 {
			what = strings.Join(names, " "+T(lang, "camp.or")+" ")
		}
		lines = append(lines, T(lang, "camp.promo.open", rosterUnitName(u), what))
	}
	if len(am.Picks) == 0 {
		lines = append(lines, T(lang, "camp.promo.no_picks"))
	} else {
		var ps []string
		for _, p := range am.Picks {
			name := p.UnitID
			if i := a.UnitIndex(p.UnitID); i >= 0 {
				name = rosterUnitName(a.Units[i])
			}
			ps = append(ps, T(lang, "camp.promo.pick", name, promoName(lang, p.Kind)))
		}
		lines = append(lines, T(lang, "camp.promo.picked", strings.Join(ps, "; ")))
	}
	return strings.Join(lines, "\n")
}
