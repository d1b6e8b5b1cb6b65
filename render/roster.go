package render

import (
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

// UnitTypeName is the troop name of a campaign unit type ("асигару-тэппо").
func UnitTypeName(lang Lang, t campaign.UnitType) string {
	if tt, err := engine.ParseTroopType(t.TroopKey()); err == nil {
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

// PromotionName is the name of a unit's upgrade (E1-U3).
func PromotionName(lang Lang, p campaign.Promotion) string { return promoName(lang, p) }

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
	parts = append(parts, houseText(lang, r, p))
	name := p.Name
	if name == "" {
		name = p.ID
	}
	return T(lang, "camp.char.line", name, strings.Join(parts, "; "))
}

// houseText says whether the character is of his clan's house or a general
// serving it (E1-K0), and whether the roster gives it or its default does.
func houseText(lang Lang, r *campaign.Roster, p *campaign.Person) string {
	key := "camp.char.general"
	if r.InHouse(*p) {
		key = "camp.char.house"
	}
	out := variant(lang, key, sexSuffix(p))
	if p.House == nil {
		out += " " + T(lang, "camp.char.by_default")
	}
	return out
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
