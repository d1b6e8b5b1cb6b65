package bot

import (
	"slices"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/game/campaigns"
	"github.com/gunbai/gunbai/render"
)

// The GM's campaign calculators (issue 15, F-E1-2..F-E1-4): /retreat,
// /control, /suppress and /secession. The mechanics are game's and
// campaign's, the words render's (calctexts.go); the army and clan options
// are completed from the guild's roster.

// calcSpecs are the calculators' rows of the command table.
func calcSpecs() []cmdSpec {
	method := optSpec{name: "method", typ: str, required: true, choices: []string{string(campaign.SoftPower), string(campaign.Punitive)}}
	cutAL := optSpec{name: "cut_al", typ: num, minVal: 0, maxVal: campaign.MaxALCut}
	al := optSpec{name: "al", typ: num, required: true, minVal: 0, maxVal: 99}
	return []cmdSpec{
		{name: "retreat", gm: true, handle: (*Bot).calcRetreat, opts: []optSpec{
			{name: "army", typ: str, required: true, complete: completeRosterArmy},
			{name: "apply", typ: flag},
			{name: "cut_off", typ: flag},
			{name: "hostile_borders", typ: num, minVal: 0, maxVal: 99},
			{name: "crossings", typ: str, complete: completeCrossings},
			{name: "hostile_provinces", typ: num, minVal: 0, maxVal: 99},
			{name: "marches", typ: str, complete: completeMarches},
			{name: "nowhere", typ: flag},
			{name: "province", typ: str, complete: completeProvince},
			{name: "home_units", typ: str, complete: completeArmyUnits("army", nil)},
			{name: "castle_units", typ: str, complete: completeArmyUnits("army", campaign.Unit.Samurai)}, // E1-R5
			{name: "winner", typ: str, complete: completeRosterClan},
		}},
		{name: "control", gm: true, handle: (*Bot).calcControl, opts: []optSpec{
			{name: "province", typ: str, required: true, complete: completeProvince},
			method,
			al,
			{name: "oc", typ: num, required: true, minVal: 0, maxVal: 99},
			{name: "armies", typ: str, required: true, complete: completeRosterArmy},
			{name: "besieging", typ: str, complete: completeRosterArmy},
			cutAL,
			{name: "others_province", typ: flag},
			{name: "summer_autumn", typ: flag},
			{name: "levy_samurai", typ: num, minVal: 0, maxVal: 999},
			{name: "fort", typ: str, choices: []string{string(campaign.Fort), string(campaign.Castle), string(campaign.Citadel)}},
			{name: "garrison", typ: str, complete: completeGarrison},
			{name: "fort_besieged", typ: flag},
			{name: "minor_house", typ: num, minVal: 0, maxVal: 999},
			{name: "sohei", typ: num, minVal: 0, maxVal: 999},
			{name: "owners_uprising", typ: flag},
			{name: "former_oc", typ: num, minVal: 0, maxVal: 99},
			{name: "holds_castle", typ: flag},
			{name: "former_owners_castle", typ: flag},
			{name: "riot", typ: flag},
		}},
		{name: "suppress", gm: true, handle: (*Bot).calcSuppress, once: retryCampaign, opts: []optSpec{
			{name: "province", typ: str, required: true, complete: completeProvince},
			{name: "army", typ: str, required: true, complete: completeRosterArmy},
			{name: "kind", typ: str, required: true, choices: []string{string(campaign.Riot), string(campaign.Uprising)}},
			method,
			al,
			{name: "terrain", typ: str, choices: []string{string(campaign.Plains), string(campaign.Mountains), string(campaign.Swamp)}},
			{name: "levy_samurai", typ: num, minVal: 0, maxVal: 999},
			{name: "minor_house", typ: num, minVal: 0, maxVal: 999},
			cutAL,
			{name: "units", typ: str, complete: completeArmyUnits("army", nil)},
			{name: "order", typ: str, complete: completeArmyUnits("army", nil)},
			{name: "apply", typ: flag},
		}},
		{name: "secession", gm: true, handle: (*Bot).calcSecession, opts: []optSpec{
			{name: "clan", typ: str, required: true, complete: completeRosterClan},
		}},
	}
}

// completeProvince offers the provinces the roster knows: the army's
// first (for /retreat), then the clans' and the armies', each once.
func completeProvince(b *Bot, c *call, typed string) ([]offer, error) {
	r, err := b.svc.Campaigns().Roster(c.i.GuildID)
	if err != nil {
		return nil, err
	}
	var all []offer
	if a, ok := r.Army(c.str("army")); ok && a.Province != "" {
		all = append(all, offer{a.Province, a.Province})
	}
	for _, cl := range r.Clans {
		for _, p := range cl.Provinces {
			all = append(all, offer{p, p + " — " + cl.Name})
		}
	}
	for _, a := range r.Armies {
		if a.Province != "" {
			all = append(all, offer{a.Province, a.Province})
		}
	}
	if t := strings.TrimSpace(typed); t != "" && len(match(all, t)) == 0 {
		all = append(all, offer{t, t}) // a province the roster does not know: as typed
	}
	return match(all, typed), nil
}

// completeCrossings offers the next crossing of the list: 0 to 2 defended
// shores, with or without a squadron.
func completeCrossings(_ *Bot, c *call, typed string) ([]offer, error) {
	var all []offer
	for _, v := range []string{"0+", "1", "1+", "2", "2+"} {
		n, _ := strconv.Atoi(strings.TrimSuffix(v, "+"))
		name := render.T(c.lang, "calc.crossing_offer", n)
		if strings.HasSuffix(v, "+") {
			name += render.T(c.lang, "calc.crossing_squadron")
		}
		all = append(all, offer{v, name})
	}
	head, last := listHead(typed)
	var out []offer
	for _, o := range all {
		if last == "" || strings.HasPrefix(o.value.(string), last) {
			out = append(out, offer{head + o.value.(string), strings.TrimSpace(head+" ") + " " + o.name})
		}
	}
	return out, nil
}

// completeGarrison offers the next "type:figures" of the list: the type
// being typed, with the figures typed so far (1 if none).
func completeGarrison(_ *Bot, c *call, typed string) ([]offer, error) {
	head, last := listHead(typed)
	name, n, _ := strings.Cut(last, ":")
	if _, err := strconv.Atoi(n); err != nil {
		n = "1"
	}
	var out []offer
	for _, t := range []string{"samurai", "ashigaru", "sohei"} {
		if strings.HasPrefix(t, strings.ToLower(name)) || strings.HasPrefix(render.T(c.lang, "calc.garrison."+t), strings.ToLower(name)) {
			v := t + ":" + n
			out = append(out, offer{head + v, strings.TrimSpace(head + " " + render.T(c.lang, "calc.garrison."+t) + ": " + n)})
		}
	}
	return out, nil
}

// calcList splits a list option: commas or spaces.
func calcList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == ' ' })
}

// listHead is what a list option holds before the item being typed, with
// its separator, and the item typed so far.
func listHead(typed string) (head, last string) {
	i := strings.LastIndexAny(typed, ", ")
	return typed[:i+1], typed[i+1:]
}

// listOffers are the offers of a list option: each value not yet in the
// list, appended to what is typed before it.
func listOffers(typed string, all []offer) []offer {
	head, last := listHead(typed)
	have := calcList(head)
	var out []offer
	for _, o := range match(all, last) {
		v := o.value.(string)
		if slices.Contains(have, v) {
			continue
		}
		sep := head
		if sep != "" && !strings.HasSuffix(sep, " ") {
			sep += " "
		}
		name := o.name
		if head != "" {
			name = strings.TrimSpace(head) + " " + o.name
		}
		out = append(out, offer{sep + v, name})
	}
	return out
}

// completeRosterArmy offers the roster's armies (a list for /control).
func completeRosterArmy(b *Bot, c *call, typed string) ([]offer, error) {
	r, err := b.svc.Campaigns().Roster(c.i.GuildID)
	if err != nil {
		return nil, err
	}
	var all []offer
	for _, a := range r.Armies {
		name := a.ID
		if a.Name != "" {
			name = a.Name + " (" + a.ID + ")"
		}
		if cl, ok := r.Clan(a.Clan); ok && cl.Name != "" {
			name += " — " + cl.Name
		}
		all = append(all, offer{a.ID, name})
	}
	if strings.HasPrefix(c.path, "control") {
		return listOffers(typed, all), nil
	}
	return match(all, typed), nil
}

// completeRosterClan offers the roster's clans.
func completeRosterClan(b *Bot, c *call, typed string) ([]offer, error) {
	r, err := b.svc.Campaigns().Roster(c.i.GuildID)
	if err != nil {
		return nil, err
	}
	var all []offer
	for _, cl := range r.Clans {
		all = append(all, offer{cl.ID, cl.Name + " (" + cl.ID + ")"})
	}
	return match(all, typed), nil
}

// completeArmyUnits offers the units of the army named by option opt, as
// a list.
func completeArmyUnits(opt string, keep func(campaign.Unit) bool) completer {
	return func(b *Bot, c *call, typed string) ([]offer, error) {
		r, err := b.svc.Campaigns().Roster(c.i.GuildID)
		if err != nil {
			return nil, err
		}
		a, ok := r.Army(c.str(opt))
		if !ok {
			return nil, nil
		}
		var all []offer
		for _, u := range a.Units {
			if keep == nil || keep(u) {
				all = append(all, offer{u.ID, calcUnitLabel(u)})
			}
		}
		return listOffers(typed, all), nil
	}
}

// completeMarches offers "character:unit" pairs of the army.
func completeMarches(b *Bot, c *call, typed string) ([]offer, error) {
	r, err := b.svc.Campaigns().Roster(c.i.GuildID)
	if err != nil {
		return nil, err
	}
	a, ok := r.Army(c.str("army"))
	if !ok {
		return nil, nil
	}
	head, _ := listHead(typed)
	taken := map[string]bool{}
	for _, p := range calcList(head) {
		ch, _, _ := strings.Cut(p, ":")
		taken[ch] = true
	}
	var all []offer
	for _, ch := range append([]string{a.Commander}, a.Generals...) {
		p, ok := r.Person(ch)
		if ch == "" || !ok || taken[ch] {
			continue
		}
		for _, u := range a.Units {
			all = append(all, offer{ch + ":" + u.ID, p.Name + " → " + calcUnitLabel(u)})
		}
	}
	return listOffers(typed, all), nil
}

func calcUnitLabel(u campaign.Unit) string {
	if u.Name != "" {
		return u.Name + " (" + u.ID + ", " + strconv.Itoa(u.Figures) + ")"
	}
	return u.ID + " (" + strconv.Itoa(u.Figures) + ")"
}

// parseCrossings reads "2 1+ 0+": per crossing, the defended shores and
// "+" (or "s", "э") for a squadron.
func parseCrossings(s string) ([]campaign.Crossing, error) {
	var out []campaign.Crossing
	for _, f := range calcList(s) {
		c := campaign.Crossing{}
		num := strings.TrimRight(f, "+sSэЭ")
		c.Squadron = num != f
		n, err := strconv.Atoi(num)
		if err != nil || n < 0 || n > 2 {
			return nil, refuse("err.calc.list", f, s)
		}
		c.DefendedShores = n
		out = append(out, c)
	}
	return out, nil
}

// parseMarches reads "character:unit, …".
func parseMarches(s string) (map[string]string, error) {
	out := map[string]string{}
	for _, f := range calcList(s) {
		ch, unit, ok := strings.Cut(f, ":")
		if !ok || ch == "" || unit == "" {
			return nil, refuse("err.calc.list", f, s)
		}
		out[ch] = unit
	}
	return out, nil
}

// garrisonTypes are the short names a garrison may be given by, with the
// unit types: a type's ash-eq is all E1-C4 reads of it.
var garrisonTypes = map[string]campaign.UnitType{
	"samurai": campaign.FootSamuraiSpear, "самураи": campaign.FootSamuraiSpear, "самураев": campaign.FootSamuraiSpear,
	"ashigaru": campaign.AshigaruSpear, "асигару": campaign.AshigaruSpear,
	"sohei": campaign.Yamabushi, "сохэи": campaign.Yamabushi, "сохэев": campaign.Yamabushi,
}

// parseGarrison reads "samurai:5, ashigaru:10" (or any unit type).
func parseGarrison(s string) (map[campaign.UnitType]int, error) {
	out := map[campaign.UnitType]int{}
	for _, f := range calcList(s) {
		name, n, ok := strings.Cut(f, ":")
		v, err := strconv.Atoi(n)
		t, known := garrisonTypes[strings.ToLower(name)]
		if !known && slices.Contains(campaign.UnitTypes, campaign.UnitType(name)) {
			t, known = campaign.UnitType(name), true
		}
		if !ok || err != nil || v < 0 || !known {
			return nil, refuse("err.calc.list", f, s)
		}
		out[t] += v
	}
	return out, nil
}

// calcRetreat handles /retreat (F-E1-2).
func (b *Bot) calcRetreat(c *call) error {
	cross, err := parseCrossings(c.str("crossings"))
	if err != nil {
		return err
	}
	marches, err := parseMarches(c.str("marches"))
	if err != nil {
		return err
	}
	req := campaigns.RetreatRequest{Army: c.str("army"), Crossings: cross, Marches: marches,
		Province: c.str("province"), Home: calcList(c.str("home_units")), Castle: calcList(c.str("castle_units")),
		Winner: c.str("winner")}
	req.CutOff, _ = c.flag("cut_off")
	req.Nowhere, _ = c.flag("nowhere")
	req.Apply, _ = c.flag("apply")
	req.HostileBorders, _ = c.num("hostile_borders")
	req.HostileProvinces, _ = c.num("hostile_provinces")
	out, err := b.life(c).Campaigns().Retreat(c.i.GuildID, req)
	if err != nil {
		return err
	}
	b.reply(c, render.RetreatText(c.lang, retreatReport(out)), nil)
	return nil
}

// retreatReport is game's outcome as render shows it.
func retreatReport(o campaigns.RetreatOutcome) render.RetreatReport {
	rep := render.RetreatReport{Roster: o.Roster, Army: o.Army, Items: o.Items, Losses: o.Losses, Nowhere: o.Nowhere,
		Surrender: o.Surrender, Province: o.Province, Winner: o.Winner, Captives: o.Captives, Applied: o.Applied}
	for _, r := range o.Risks {
		rep.Risks = append(rep.Risks, render.RetreatRisk(r))
	}
	return rep
}

// calcControl handles /control (F-E1-3, E1-C).
func (b *Bot) calcControl(c *call) error {
	req := campaigns.ControlRequest{Province: c.str("province"), Method: campaign.Method(c.str("method")),
		Armies: calcList(c.str("armies")), Besieging: calcList(c.str("besieging"))}
	req.AL, _ = c.num("al")
	req.OC, _ = c.num("oc")
	req.CutAL, _ = c.num("cut_al")
	req.OthersProvince, _ = c.flag("others_province")
	req.SummerAutumn, _ = c.flag("summer_autumn")
	req.LevySamurai, _ = c.num("levy_samurai")
	req.MinorHouseFigures, _ = c.num("minor_house")
	req.Sohei, _ = c.num("sohei")
	up, _ := c.flag("owners_uprising")
	req.Auto.OwnersUprising, req.Auto.CapturerIsOriginalOwner = up, up
	req.Auto.PreCaptureOC, _ = c.num("former_oc")
	req.Auto.CapturerHoldsCastle, _ = c.flag("holds_castle")
	req.Auto.FormerOwnersHoldCastle, _ = c.flag("former_owners_castle")
	req.Auto.UnsuppressedRiot, _ = c.flag("riot")
	if kind := c.str("fort"); kind != "" {
		figs, err := parseGarrison(c.str("garrison"))
		if err != nil {
			return err
		}
		besieged, _ := c.flag("fort_besieged")
		req.Fortifications = []campaigns.Garrison{{Kind: campaign.Fortification(kind), Besieged: besieged, Figures: figs}}
	}
	res, err := b.life(c).Campaigns().Control(c.i.GuildID, req)
	if err != nil {
		return err
	}
	b.reply(c, render.ControlText(c.lang, req.Province, req.Method, res), nil)
	return nil
}

// calcSuppress handles /suppress (F-E1-3, E1-S).
func (b *Bot) calcSuppress(c *call) error {
	req := campaigns.SuppressRequest{Province: c.str("province"), Army: c.str("army"),
		Kind: campaign.RevoltKind(c.str("kind")), Terrain: campaign.Terrain(c.str("terrain")),
		Method: campaign.Method(c.str("method")), Units: calcList(c.str("units")), Order: calcList(c.str("order"))}
	req.AL, _ = c.num("al")
	req.CutAL, _ = c.num("cut_al")
	req.LevySamurai, _ = c.num("levy_samurai")
	req.MinorHouseFigures, _ = c.num("minor_house")
	req.Apply, _ = c.flag("apply")
	before, err := b.svc.Campaigns().Roster(c.i.GuildID)
	if err != nil {
		return err
	}
	res, err := b.life(c).Campaigns().Suppress(c.i.GuildID, req)
	if err != nil {
		return err
	}
	rep := render.SuppressReport{Province: req.Province, Kind: req.Kind, Method: req.Method, Result: res, Applied: req.Apply}
	if a, ok := before.Army(req.Army); ok {
		rep.Army = *a
	}
	b.reply(c, render.SuppressText(c.lang, rep), nil)
	return nil
}

// calcSecession handles /secession (F-E1-4, E1-K).
func (b *Bot) calcSecession(c *call) error {
	clan := c.str("clan")
	res, state, err := b.life(c).Campaigns().Secession(c.i.GuildID, clan)
	if err != nil {
		return err
	}
	r, err := b.svc.Campaigns().Roster(c.i.GuildID)
	if err != nil {
		return err
	}
	b.reply(c, render.SecessionText(c.lang, r, clan, state, res), nil)
	return nil
}
