package render

import (
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/engine"
)

// Card is a block of text with a title and named fields, as the bot shows it
// (a Discord embed, which render knows nothing of). The functions here return
// cards within the embed limits below: a longer text is split over several
// cards, and only a single line longer than a field is clipped.
type Card struct {
	Title       string
	Description string
	Fields      []CardField
	Footer      string
}

// CardField is a named field of a card.
type CardField struct {
	Name, Value string
	Inline      bool
}

// The limits of a card, in characters (Discord's embed limits; a character
// outside the BMP counts twice, as Discord counts UTF-16 units).
const (
	MaxCardTitle       = 256
	MaxCardDescription = 4096
	MaxCardFields      = 25
	MaxCardFieldName   = 256
	MaxCardFieldValue  = 1024
	MaxCardFooter      = 2048
	MaxCardTotal       = 6000
)

// CardLen is the length of s as the card limits count it.
func CardLen(s string) int {
	n := 0
	for _, r := range s {
		n += max(utf16.RuneLen(r), 1)
	}
	return n
}

// Size is the card's length toward MaxCardTotal.
func (c Card) Size() int {
	n := CardLen(c.Title) + CardLen(c.Description) + CardLen(c.Footer)
	for _, f := range c.Fields {
		n += CardLen(f.Name) + CardLen(f.Value)
	}
	return n
}

// clip cuts s to at most n characters, ending it with "…" if cut.
func clip(s string, n int) string {
	if CardLen(s) <= n {
		return s
	}
	out, l := make([]rune, 0, n), 0
	for _, r := range s {
		w := max(utf16.RuneLen(r), 1)
		if l+w > n-1 {
			break
		}
		out = append(out, r)
		l += w
	}
	return strings.TrimRight(string(out), " ") + "…"
}

// chunks splits a field's text at line ends into pieces of at most
// MaxCardFieldValue characters; a line longer than that is clipped.
func chunks(s string) []string {
	var out []string
	cur := ""
	for _, line := range strings.Split(s, "\n") {
		line = clip(line, MaxCardFieldValue)
		switch {
		case cur == "":
			cur = line
		case CardLen(cur)+1+CardLen(line) <= MaxCardFieldValue:
			cur += "\n" + line
		default:
			out = append(out, cur)
			cur = line
		}
	}
	if strings.TrimSpace(cur) != "" || len(out) == 0 {
		out = append(out, cur)
	}
	return out
}

// fitCards turns a card of any size into cards within the limits: the title,
// description and footer clipped, a long field split at line ends into
// continued fields, and the fields spread over as many cards as they need,
// each later card titled as the first one's continuation.
func fitCards(lang Lang, c Card) []Card {
	title := clip(c.Title, MaxCardTitle)
	footer := clip(c.Footer, MaxCardFooter)
	desc := clip(c.Description, min(MaxCardDescription, MaxCardTotal-CardLen(title)-CardLen(footer)))
	var fields []CardField
	for _, f := range c.Fields {
		name := clip(f.Name, MaxCardFieldName)
		if strings.TrimSpace(name) == "" {
			name = "—"
		}
		for i, v := range chunks(f.Value) {
			if strings.TrimSpace(v) == "" {
				v = "—"
			}
			n := name
			if i > 0 {
				n = clip(T(lang, "camp.card.more", name), MaxCardFieldName)
			}
			fields = append(fields, CardField{Name: n, Value: v, Inline: f.Inline})
		}
	}
	cards := []Card{{Title: title, Description: desc, Footer: footer}}
	for _, f := range fields {
		cur := &cards[len(cards)-1]
		if len(cur.Fields) >= MaxCardFields || cur.Size()+CardLen(f.Name)+CardLen(f.Value) > MaxCardTotal {
			cards = append(cards, Card{Title: clip(T(lang, "camp.card.more", title), MaxCardTitle), Footer: footer})
			cur = &cards[len(cards)-1]
		}
		cur.Fields = append(cur.Fields, f)
	}
	return cards
}

// clipCard is the card within the limits as one card: what does not fit is
// cut, and a cut field ends with "…".
func clipCard(c Card) Card {
	out := Card{Title: clip(c.Title, MaxCardTitle), Footer: clip(c.Footer, MaxCardFooter)}
	out.Description = clip(c.Description, min(MaxCardDescription, MaxCardTotal-CardLen(out.Title)-CardLen(out.Footer)))
	for _, f := range c.Fields {
		left := MaxCardTotal - out.Size()
		if len(out.Fields) == MaxCardFields || left < 2 {
			break
		}
		name := clip(f.Name, min(MaxCardFieldName, left-1))
		if strings.TrimSpace(name) == "" {
			name = "—"
		}
		budget := min(MaxCardFieldValue, left-CardLen(name))
		value := f.Value
		if strings.TrimSpace(value) == "" {
			value = "—"
		}
		if CardLen(value) > budget {
			// Whole lines while they fit, then "…".
			var kept []string
			n := 0
			for _, line := range strings.Split(value, "\n") {
				if n+CardLen(line)+1 > budget-2 {
					break
				}
				kept = append(kept, line)
				n += CardLen(line) + 1
			}
			if len(kept) == 0 {
				value = clip(value, budget)
			} else {
				value = strings.Join(kept, "\n") + "\n…"
			}
		}
		out.Fields = append(out.Fields, CardField{Name: name, Value: value, Inline: f.Inline})
	}
	return out
}

// variant is the text of key said of a force of this kind or of a woman:
// key.<suffix> when the catalogue has it, else key.
func variant(lang Lang, key, suffix string, args ...any) string {
	if suffix != "" && has(key+"."+suffix) {
		return T(lang, key+"."+suffix, args...)
	}
	return T(lang, key, args...)
}

func kindSuffix(k campaign.ArmyKind) string {
	if k == campaign.KindArmy {
		return ""
	}
	return string(k)
}

func sexSuffix(p *campaign.Person) string {
	if p != nil && p.Female {
		return "f"
	}
	return ""
}

func joinList(lang Lang, items []string) string {
	if len(items) == 0 {
		return T(lang, "camp.none")
	}
	return strings.Join(items, ", ")
}

func clanName(r *campaign.Roster, id string) string {
	if c, ok := r.Clan(id); ok && c.Name != "" {
		return c.Name
	}
	return id
}

func personName(r *campaign.Roster, id string) string {
	if p, ok := r.Person(id); ok && p.Name != "" {
		return p.Name
	}
	return id
}

func personNames(r *campaign.Roster, ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		out = append(out, personName(r, id))
	}
	return out
}

// forceName is "Армия «Северная»" of an army of the roster or its ID.
func forceName(lang Lang, a *campaign.Army) string {
	name := a.Name
	if name == "" {
		name = a.ID
	}
	switch a.Kind {
	case campaign.KindSendan:
		return T(lang, "camp.kind.sendan", name)
	case campaign.KindLeaderless:
		return T(lang, "camp.kind.leaderless", name)
	}
	return T(lang, "camp.kind.army", name)
}

func armyName(lang Lang, r *campaign.Roster, id string) string {
	if a, ok := r.Army(id); ok {
		return forceName(lang, a)
	}
	return id
}

func rosterUnitName(u campaign.Unit) string {
	if u.Name != "" {
		return u.Name
	}
	return u.ID
}

// unitByID finds a unit in an army, or in any army when army is "".
func unitByID(r *campaign.Roster, army, id string) (campaign.Unit, bool) {
	for _, a := range r.Armies {
		if army != "" && a.ID != army {
			continue
		}
		if i := a.UnitIndex(id); i >= 0 {
			return a.Units[i], true
		}
	}
	return campaign.Unit{}, false
}

func recUnitName(r *campaign.Roster, army, id string) string {
	if u, ok := unitByID(r, army, id); ok {
		return rosterUnitName(u)
	}
	return id
}

// campaignTroops maps the campaign's unit types to the engine's troop types,
// whose names the battle texts already use.
var campaignTroops = map[campaign.UnitType]engine.TroopType{
	campaign.HeavyCavalry:     engine.HeavyCavalry,
	campaign.LightCavalry:     engine.LightCavalry,
	campaign.FootSamuraiSpear: engine.SamuraiSpear,
	campaign.FootSamuraiBow:   engine.SamuraiArcher,
	campaign.AshigaruSpear:    engine.AshigaruSpear,
	campaign.AshigaruTeppo:    engine.AshigaruTeppo,
	campaign.Yamabushi:        engine.Yamabushi,
}

// UnitTypeName is the troop name of a campaign unit type ("асигару-тэппо").
func UnitTypeName(lang Lang, t campaign.UnitType) string {
	if tt, ok := campaignTroops[t]; ok {
		return TroopName(lang, tt)
	}
	return string(t)
}

func resultName(lang Lang, res campaign.Result) string {
	if res == "" {
		return T(lang, "camp.result.none") // ended by the GM without an outcome
	}
	key := "camp.result." + string(res)
	if has(key) {
		return T(lang, key)
	}
	return string(res)
}

func promoName(lang Lang, p campaign.Promotion) string {
	key := "camp.promo." + string(p)
	if has(key) {
		return T(lang, key)
	}
	return string(p)
}

func ageName(lang Lang, p *campaign.Person) string {
	key := "camp.age." + string(p.Age)
	if !has(key) {
		return string(p.Age)
	}
	return variant(lang, key, sexSuffix(p))
}

// RosterCards are the cards of one clan of the roster, or of every clan when
// clan is "": the campaign turn, each army or sendan with its state and
// units, the characters, and this turn's battles in short.
func RosterCards(lang Lang, r campaign.Roster, clan string) []Card {
	head := T(lang, "camp.roster.turn", r.Turn)
	if r.Subphase != "" {
		head += ", " + T(lang, "camp.roster.subphase", r.Subphase)
	}
	var clans []campaign.Clan
	if clan == "" {
		clans = r.Clans
		if len(clans) == 0 {
			return fitCards(lang, Card{Title: T(lang, "camp.roster.campaign"), Description: head + "\n" + T(lang, "camp.roster.no_clans")})
		}
	} else {
		c, ok := r.Clan(clan)
		if !ok {
			return fitCards(lang, Card{Title: T(lang, "camp.roster.campaign"), Description: head + "\n" + T(lang, "camp.roster.no_clan", clan)})
		}
		clans = []campaign.Clan{*c}
	}
	var out []Card
	for _, c := range clans {
		out = append(out, fitCards(lang, clanCard(lang, &r, c, head))...)
	}
	return out
}

func clanCard(lang Lang, r *campaign.Roster, c campaign.Clan, head string) Card {
	desc := []string{head}
	if len(c.Provinces) > 0 {
		line := T(lang, "camp.roster.provinces", strings.Join(c.Provinces, ", "))
		if c.Shrine != "" {
			line += "; " + T(lang, "camp.roster.shrine", c.Shrine)
		}
		desc = append(desc, line)
	}
	card := Card{Title: T(lang, "camp.roster.title", clanName(r, c.ID))}
	armies := r.ArmiesOf(c.ID)
	if len(armies) == 0 {
		desc = append(desc, T(lang, "camp.roster.no_armies"))
	}
	card.Description = strings.Join(desc, "\n")
	for i := range armies {
		a := &armies[i]
		card.Fields = append(card.Fields, CardField{
			Name:  T(lang, "camp.army.head", forceName(lang, a), Count(lang, "figures", a.Figures())),
			Value: armyText(lang, r, a),
		})
	}
	var chars []string
	for i := range r.Characters {
		if p := &r.Characters[i]; p.Clan == c.ID {
			chars = append(chars, personLine(lang, r, p))
		}
	}
	if len(chars) == 0 {
		chars = []string{T(lang, "camp.chars.none")}
	}
	card.Fields = append(card.Fields, CardField{Name: T(lang, "camp.chars.title"), Value: strings.Join(chars, "\n")})
	var recs []string
	for _, b := range r.Records {
		if b.Turn != r.Turn || (b.Sides[0].Clan != c.ID && b.Sides[1].Clan != c.ID) {
			continue
		}
		recs = append(recs, recordLine(lang, r, b))
	}
	if len(recs) > 0 {
		card.Fields = append(card.Fields, CardField{Name: T(lang, "camp.records.title"), Value: strings.Join(recs, "\n")})
	}
	return card
}

func armyText(lang Lang, r *campaign.Roster, a *campaign.Army) string {
	ks := kindSuffix(a.Kind)
	var lines []string
	lead := T(lang, "camp.army.no_commander")
	if a.Commander != "" {
		lead = T(lang, "camp.army.commander", personName(r, a.Commander))
	}
	if len(a.Generals) > 0 {
		lead += "; " + T(lang, "camp.army.generals", strings.Join(personNames(r, a.Generals), ", "))
	}
	lines = append(lines, lead)
	where := T(lang, "camp.army.no_province")
	if a.Province != "" {
		where = T(lang, "camp.army.province", a.Province)
	}
	state := []string{where}
	if s := "camp.state." + string(a.State); has(s) {
		state = append(state, variant(lang, s, ks))
	} else if a.State != "" {
		state = append(state, string(a.State))
	}
	if a.ForcedMarch {
		state = append(state, T(lang, "camp.army.forced_march"))
	}
	if a.CutOff {
		state = append(state, variant(lang, "camp.army.cut_off", ks))
	}
	lines = append(lines, strings.Join(state, " · "))
	var turn []string
	for _, f := range []struct {
		on  bool
		key string
	}{{a.Fought, "camp.army.fought"}, {a.Retreated, "camp.army.retreated"}, {a.Recovered, "camp.army.recovered"}} {
		if f.on {
			turn = append(turn, variant(lang, f.key, ks))
		}
	}
	if len(turn) > 0 {
		lines = append(lines, T(lang, "camp.army.this_turn", strings.Join(turn, ", ")))
	}
	if len(a.Units) == 0 {
		lines = append(lines, T(lang, "camp.army.no_units"))
	}
	for _, u := range a.Units {
		lines = append(lines, unitLine(lang, u))
	}
	return strings.Join(lines, "\n")
}

func unitLine(lang Lang, u campaign.Unit) string {
	figures := Count(lang, "figures", u.Figures)
	if u.Figures <= 0 {
		figures = T(lang, "camp.unit.destroyed")
	}
	parts := []string{T(lang, "camp.unit.line", rosterUnitName(u), UnitTypeName(lang, u.Type), figures)}
	if u.LostThisTurn > 0 {
		parts = append(parts, T(lang, "camp.unit.lost", u.LostThisTurn))
	}
	var mods []string
	if u.Mastery != 0 {
		mods = append(mods, minus(T(lang, "camp.unit.mastery", u.Mastery)))
	}
	if u.SteadinessMod != 0 {
		mods = append(mods, minus(T(lang, "camp.unit.steadiness", u.SteadinessMod)))
	}
	if u.ImpetusMod != 0 {
		mods = append(mods, minus(T(lang, "camp.unit.impetus", u.ImpetusMod)))
	}
	if len(mods) > 0 {
		parts = append(parts, strings.Join(mods, ", "))
	}
	if len(u.Promotions) > 0 {
		var ps []string
		for _, p := range u.Promotions {
			ps = append(ps, promoName(lang, p))
		}
		parts = append(parts, T(lang, "camp.unit.promotions", strings.Join(ps, "; ")))
	}
	if campaign.Distinguished(u) {
		parts = append(parts, T(lang, "camp.unit.distinguished"))
	}
	return strings.Join(parts, "; ")
}

func personLine(lang Lang, r *campaign.Roster, p *campaign.Person) string {
	sx := sexSuffix(p)
	parts := []string{ageName(lang, p)}
	switch p.Status {
	case campaign.Dead:
		parts = append(parts, variant(lang, "camp.char.dead", sx))
	case campaign.Captured:
		if p.Captor != "" {
			parts = append(parts, T(lang, "camp.char.captured", clanName(r, p.Captor)))
		} else {
			parts = append(parts, T(lang, "camp.char.captive"))
		}
	}
	if p.Status != campaign.Dead {
		if p.Wounds > 0 {
			parts = append(parts, Count(lang, "wounds", p.Wounds))
			if !campaign.MayLead(p.Wounds) {
				parts = append(parts, T(lang, "camp.char.no_lead"))
			}
		} else {
			parts = append(parts, T(lang, "camp.char.unhurt"))
		}
	}
	if p.WeakHealth {
		parts = append(parts, T(lang, "camp.char.weak"))
	}
	if len(p.Traits) > 0 {
		parts = append(parts, T(lang, "camp.char.traits", strings.Join(p.Traits, ", ")))
	}
	if len(p.Skills) > 0 {
		parts = append(parts, T(lang, "camp.char.skills", strings.Join(p.Skills, ", ")))
	}
	name := p.Name
	if name == "" {
		name = p.ID
	}
	return T(lang, "camp.char.line", name, strings.Join(parts, "; "))
}

func battleName(b campaign.BattleRecord) string {
	if b.Name != "" {
		return b.Name
	}
	return b.Battle
}

func recordLine(lang Lang, r *campaign.Roster, b campaign.BattleRecord) string {
	var sides []string
	for _, s := range b.Sides {
		sides = append(sides, T(lang, "camp.records.side", clanName(r, s.Clan), resultName(lang, s.Result), s.StartFigures, s.EndFigures))
	}
	return T(lang, "camp.records.line", battleName(b), strings.Join(sides, "; "))
}

// RecordText is what a battle wrote back to the roster, for the log: each
// side's result in E1's words (E1-Q12) and its figures, each unit's battle
// and each character's wounds, capture or death.
func RecordText(lang Lang, r campaign.Roster, rec campaign.BattleRecord) string {
	lines := []string{T(lang, "camp.rec.title", battleName(rec), rec.Turn)}
	for _, s := range rec.Sides {
		head := T(lang, "camp.rec.side", clanName(&r, s.Clan), resultName(lang, s.Result), s.StartFigures, s.EndFigures)
		var who []string
		if len(s.Armies) > 0 {
			var names []string
			for _, id := range s.Armies {
				names = append(names, armyName(lang, &r, id))
			}
			who = append(who, T(lang, "camp.rec.armies", strings.Join(names, ", ")))
		}
		if s.Commander != "" {
			who = append(who, T(lang, "camp.rec.commander", personName(&r, s.Commander)))
		}
		if len(s.Generals) > 0 {
			who = append(who, T(lang, "camp.rec.generals", strings.Join(personNames(&r, s.Generals), ", ")))
		}
		if s.CastleCaptured {
			who = append(who, T(lang, "camp.rec.castle"))
		}
		if len(who) > 0 {
			head += "; " + strings.Join(who, "; ")
		}
		lines = append(lines, head)
		for _, u := range s.Units {
			lines = append(lines, recordedUnit(lang, &r, u))
		}
		for _, c := range s.Characters {
			lines = append(lines, recordedChar(lang, &r, c))
		}
	}
	return strings.Join(lines, "\n")
}

func recordedUnit(lang Lang, r *campaign.Roster, u campaign.RecordedUnit) string {
	parts := []string{T(lang, "camp.rec.unit", recUnitName(r, u.Army, u.Unit), u.Start, u.End)}
	switch {
	case u.Lost > 0 && (u.LostShot > 0 || u.LostMelee > 0):
		parts = append(parts, T(lang, "camp.rec.lost_split", u.Lost, u.LostShot, u.LostMelee))
	case u.Lost > 0:
		parts = append(parts, T(lang, "camp.rec.lost", u.Lost))
	}
	if u.Inflicted > 0 {
		parts = append(parts, T(lang, "camp.rec.inflicted", u.Inflicted))
	}
	if u.Destroyed > 0 {
		parts = append(parts, T(lang, "camp.rec.destroyed", u.Destroyed))
	}
	if u.PutToFlight > 0 {
		parts = append(parts, T(lang, "camp.rec.put_to_flight", u.PutToFlight))
	}
	if u.Held > 0 {
		parts = append(parts, T(lang, "camp.rec.held", u.Held))
	}
	if u.Fled {
		parts = append(parts, T(lang, "camp.rec.fled"))
	}
	if u.Scattered {
		parts = append(parts, T(lang, "camp.rec.scattered"))
	}
	if u.Eliminated {
		parts = append(parts, T(lang, "camp.rec.eliminated"))
	}
	return strings.Join(parts, "; ")
}

func recordedChar(lang Lang, r *campaign.Roster, c campaign.RecordedChar) string {
	p, _ := r.Person(c.Character)
	sx := sexSuffix(p)
	var parts []string
	if c.Wounds > 0 {
		parts = append(parts, variant(lang, "camp.rec.wounded", sx, c.Wounds))
	}
	if c.Captured {
		parts = append(parts, variant(lang, "camp.rec.captured", sx))
	}
	if c.Killed {
		parts = append(parts, variant(lang, "camp.rec.killed", sx))
	}
	if len(parts) == 0 {
		parts = append(parts, variant(lang, "camp.rec.unhurt", sx))
	}
	if c.Duels > 0 {
		parts = append(parts, T(lang, "camp.rec.duels", c.Duels))
	}
	return T(lang, "camp.rec.char", personName(r, c.Character), strings.Join(parts, ", "))
}

// The English reasons of campaign, mapped to their texts here by the inputs
// that give them: a reason campaign rewords still finds its text.
var (
	whyKeys    map[string]string
	xreasonKey map[string]string
)

func init() {
	whyKeys = map[string]string{}
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
			whyKeys[why] = c.key
		}
	}
	xreasonKey = map[string]string{}
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
				xreasonKey[g.Reason] = c.key
			}
		}
	}
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
