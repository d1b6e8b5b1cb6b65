package render

import (
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/quick"
)

// The cards of a dice-pool fight (issue 16, seed 003): each side's dice,
// each labelled with the unit, leader or bonus it belongs to, the hits and
// the winner; the casualties owed and chosen; once resolved, what each side
// lost, who was captured, the leaders' risk rolls, the results and a siege
// opened.

// FightCard is a fight as one clan (or the GM) sees it: both sides' dice are
// public (a quick battle is rolled in the open).
func FightCard(lang Lang, r campaign.Roster, rec quick.Record) Card {
	c := Card{Title: clip(T(lang, "qb.title."+string(rec.Kind), rec.Name), MaxCardTitle)}
	pools := rec.Pools()
	var desc []string
	for side := range 2 {
		f := rec.Force(quick.Side(side))
		desc = append(desc, T(lang, "qb.side", T(lang, fmt.Sprintf("qb.role.%d", side)), clanName(&r, f.Clan), len(pools[side].Dice), pools[side].Hits))
	}
	if rec.Fought != nil || rec.Storm != nil {
		winner := quick.Defender
		if rec.Fought != nil {
			winner = rec.Fought.Winner
		}
		if rec.Fought != nil {
			desc = append(desc, T(lang, "qb.winner", clanName(&r, rec.Force(winner).Clan)))
		}
	}
	desc = append(desc, T(lang, "qb.seed_hash", SeedHashText(rec.Seed)))
	if rec.Done {
		desc = append(desc, T(lang, "qb.seed", fmt.Sprintf("%x", rec.Seed)))
	}
	c.Description = clip(strings.Join(desc, "\n"), MaxCardDescription)
	for side := range 2 {
		c.Fields = append(c.Fields, CardField{Name: clip(T(lang, "qb.dice_of", clanName(&r, rec.Force(quick.Side(side)).Clan)), MaxCardFieldName),
			Value: clip(diceText(lang, pools[side]), MaxCardFieldValue)})
	}
	if !rec.Done {
		for side := range 2 {
			c.Fields = append(c.Fields, CardField{Name: clip(T(lang, "qb.losses_owed", clanName(&r, rec.Force(quick.Side(side)).Clan), rec.Losses(quick.Side(side))), MaxCardFieldName),
				Value: clip(choiceText(lang, rec, quick.Side(side)), MaxCardFieldValue)})
		}
		c.Footer = T(lang, "qb.deadline", rec.Deadline.UTC().Format("2006-01-02 15:04 UTC"))
		return c
	}
	if o := rec.Outcome; o != nil {
		for side := range 2 {
			c.Fields = append(c.Fields, CardField{Name: clip(clanName(&r, o.Sides[side].Clan)+" — "+resultName(lang, o.Sides[side].Result), MaxCardFieldName),
				Value: clip(fightOutcomeText(lang, r, rec, quick.Side(side)), MaxCardFieldValue)})
		}
		if o.SiegeCheck {
			value := T(lang, "qb.siege_no")
			if rec.OpenedSiege != "" {
				value = T(lang, "qb.siege_opened", rec.OpenedSiege)
			} else if rec.Withdraw != nil {
				value += "\n" + T(lang, "qb.withdraw") + "\n" + checklistText(lang, rec.Withdraw.Checklist)
			}
			c.Fields = append(c.Fields, CardField{Name: T(lang, "qb.siege"), Value: clip(value, MaxCardFieldValue)})
		}
		if o.Retreat != nil {
			c.Fields = append(c.Fields, CardField{Name: T(lang, "qb.retreat", clanName(&r, o.Retreat.Clan)), Value: clip(checklistText(lang, o.Retreat.Checklist), MaxCardFieldValue)})
		}
	}
	return c
}

// checklistText is a retreat's restrictions, one a line: the seed's words
// in Russian, EXTRAS' in English.
func checklistText(lang Lang, checks []quick.Check) string {
	var lines []string
	for _, ch := range checks {
		text := ch.Label
		if lang == EN || text == "" {
			text = ch.Text
		}
		lines = append(lines, "• "+text)
	}
	return strings.Join(lines, "\n")
}

// SeedHashText is the short form of a seed's SHA-256.
func SeedHashText(seed []byte) string {
	if len(seed) == 0 {
		return "—"
	}
	return fmt.Sprintf("%x", sha256.Sum256(seed))
}

// diceText is a pool's dice, one line each: the die, hit or not, whose.
func diceText(lang Lang, p quick.Pool) string {
	if len(p.Dice) == 0 {
		return T(lang, "qb.no_dice")
	}
	var lines []string
	for _, d := range p.Dice {
		mark := "·"
		if d.Success {
			mark = "✔"
		}
		lines = append(lines, fmt.Sprintf("%s %d — %s", mark, d.Die, dieLabel(lang, d)))
	}
	if p.Mod.N != 0 {
		lines = append(lines, T(lang, "qb.gm_mod", p.Mod.N, Literal(p.Mod.Reason)))
	}
	return strings.Join(lines, "\n")
}

func dieLabel(lang Lang, d quick.Die) string {
	switch d.Source {
	case quick.FromLeader:
		return T(lang, "qb.die.leader", d.Label)
	case quick.FromDefender:
		return T(lang, "qb.die.defender")
	case quick.FromGM:
		return T(lang, "qb.die.gm", d.Label)
	}
	return d.Label
}

// choiceText is a side's casualties as chosen so far (or the default).
func choiceText(lang Lang, rec quick.Record, side quick.Side) string {
	if rec.Losses(side) == 0 {
		return T(lang, "qb.no_losses")
	}
	var ids []string
	state := "qb.choice_default"
	if c := rec.Choices[side]; c != nil && c.Losses != nil {
		ids, state = c.Losses, "qb.choice_own"
	} else if rec.Fought != nil {
		ids = rec.Fought.Default(side).Losses
	}
	if rec.Confirmed[side] {
		state = "qb.choice_confirmed"
	}
	return T(lang, state) + "\n" + unitNames(rec.Force(side), ids)
}

func unitNames(f quick.Force, ids []string) string {
	var out []string
	for _, id := range ids {
		name := id
		for _, u := range f.Units {
			if u.ID == id && u.Name != "" {
				name = u.Name
			}
		}
		out = append(out, "• "+name)
	}
	return strings.Join(out, "\n")
}

// fightOutcomeText is what the fight did to a side.
func fightOutcomeText(lang Lang, r campaign.Roster, rec quick.Record, side quick.Side) string {
	s := rec.Outcome.Sides[side]
	f := rec.Force(side)
	var lines []string
	if len(s.Lost) > 0 {
		lines = append(lines, T(lang, "qb.lost"), unitNames(f, s.Lost))
	} else {
		lines = append(lines, T(lang, "qb.no_losses"))
	}
	if s.Eliminated {
		lines = append(lines, T(lang, "qb.eliminated"))
	}
	for _, id := range s.Captured {
		lines = append(lines, T(lang, "qb.captured", personName(&r, id)))
	}
	for _, res := range rec.Risks {
		if !slices.ContainsFunc(f.Leaders, func(l quick.Leader) bool { return l.ID == res.Leader }) {
			continue
		}
		var dice []string
		for _, d := range res.Rolls {
			dice = append(dice, fmt.Sprint(d.Die))
		}
		what := T(lang, "qb.risk_unhurt")
		switch {
		case res.Killed:
			what = T(lang, "qb.risk_killed")
		case res.Captured:
			what = T(lang, "qb.risk_captured")
		case res.Wounded:
			what = T(lang, "qb.risk_wounded")
		}
		lines = append(lines, T(lang, "qb.risk", personName(&r, res.Leader), T(lang, "qb.riskkind."+string(res.Risk)), strings.Join(dice, ", "), what))
	}
	return strings.Join(lines, "\n")
}

// SiegeCard is a siege as the GM and its clans see it (F-E3-2).
func SiegeCard(lang Lang, r campaign.Roster, s quick.Siege) Card {
	f := s.Fortress
	c := Card{Title: clip(T(lang, "qb.siege_title", f.Name, T(lang, "camp.fort."+string(f.Type))), MaxCardTitle)}
	c.Description = T(lang, "qb.siege_state."+string(s.Status), clanName(&r, s.Besiegers.Clan), clanName(&r, s.Besieged.Clan), s.StartedPhase)
	for _, side := range []struct {
		key string
		f   quick.Force
	}{{"qb.besiegers", s.Besiegers}, {"qb.besieged", s.Besieged}} {
		var lines []string
		for _, u := range quick.Present(side.f.Units) {
			lines = append(lines, fmt.Sprintf("• %s — %s, %s", unitLabelOf(u), UnitTypeName(lang, u.Type), T(lang, "qb.figures", u.Figures)))
		}
		for _, l := range side.f.Leaders {
			lines = append(lines, "• "+personName(&r, l.ID))
		}
		c.Fields = append(c.Fields, CardField{Name: T(lang, side.key, clanName(&r, side.f.Clan), quick.Count(side.f.Units)), Value: clip(strings.Join(lines, "\n"), MaxCardFieldValue)})
	}
	return c
}

func unitLabelOf(u campaign.Unit) string {
	if u.Name != "" {
		return u.Name
	}
	return u.ID
}

// NavalText is an interception's result (F-E3-4): each fleet's dice, the
// squadrons lost and left, and whether the evacuated army is lost (E1-R6).
func NavalText(lang Lang, i quick.Interception, o quick.NavalOutcome, seed []byte) string {
	fleets := [2]quick.Fleet{i.Interceptor, i.Evacuation}
	lines := []string{T(lang, "qb.naval_title")}
	for s := range 2 {
		lines = append(lines, T(lang, "qb.naval_side", fleets[s].Clan, len(o.Pools[s].Dice), o.Pools[s].Hits, o.Lost[s], o.Left[s]), diceText(lang, o.Pools[s]))
	}
	key := "qb.naval_through"
	if o.ArmyDestroyed {
		key = "qb.naval_lost"
	}
	return strings.Join(append(lines, T(lang, key), T(lang, "qb.seed", fmt.Sprintf("%x", seed))), "\n")
}

var quickTexts = texts{
	"qb.admiral":                        {"адмирал", "admiral"},
	"qb.naval_title":                    {"Перехват морской эвакуации (F-E3-4, E3-Q10): бой эскадр как полевая битва.", "Interception of a sea evacuation (F-E3-4, E3-Q10): the squadrons fight as a field battle."},
	"qb.naval_side":                     {"%s: %d {2:кубик|кубика|кубиков}, попаданий %d; потеряно эскадр %d, осталось %d", "%s: %d {2:die|dice}, %d hits; %d squadrons lost, %d left"},
	"qb.naval_through":                  {"Эвакуация прошла.", "The evacuation got through."},
	"qb.naval_lost":                     {"Флот эвакуации отброшен к берегу: армия погибает (E1-R6, как E1-R5).", "The evacuation fleet is pushed back to the coast: the army is lost (E1-R6, as E1-R5)."},
	"cmd.naval.name":                    {"перехват", "naval"},
	"cmd.naval.desc":                    {"Перехват флота, эвакуирующего армию (F-E3-4)", "Intercept a fleet evacuating an army (F-E3-4)"},
	"cmd.naval.opt.interceptor.name":    {"перехватчик", "interceptor"},
	"cmd.naval.opt.interceptor.desc":    {"Клан эскадры-перехватчика", "The intercepting squadron's clan"},
	"cmd.naval.opt.squadrons.name":      {"эскадры", "squadrons"},
	"cmd.naval.opt.squadrons.desc":      {"Эскадры перехватчика", "The interceptor's squadrons"},
	"cmd.naval.opt.evacuation.name":     {"эвакуация", "evacuation"},
	"cmd.naval.opt.evacuation.desc":     {"Клан эвакуирующегося флота", "The evacuating fleet's clan"},
	"cmd.naval.opt.evac_squadrons.name": {"эскадры-эвакуации", "evac_squadrons"},
	"cmd.naval.opt.evac_squadrons.desc": {"Эскадры флота эвакуации", "The evacuation fleet's squadrons"},
	"cmd.naval.opt.admiral.name":        {"адмирал", "admiral"},
	"cmd.naval.opt.admiral.desc":        {"Рейтинг адмирала перехватчика (0–3)", "The interceptor admiral's rating (0-3)"},
	"cmd.naval.opt.evac_admiral.name":   {"адмирал-эвакуации", "evac_admiral"},
	"cmd.naval.opt.evac_admiral.desc":   {"Рейтинг адмирала эвакуации (0–3)", "The evacuation admiral's rating (0-3)"},
	"qb.figures":                        {"%d {1:фигура|фигуры|фигур}", "%d {1:figure|figures}"},
	"qb.no_sieges":                      {"Осад нет.", "There are no sieges."},
	"qb.siege_title":                    {"Осада: %s (%s)", "Siege of %s (%s)"},
	"qb.siege_state.active":             {"%s осаждает %s с фазы %d.", "%s besieges %s since phase %d."},
	"qb.siege_state.lifted":             {"Осада снята: %s отошёл от %s (осада с фазы %d).", "Lifted: %s has withdrawn from %s (besieged since phase %d)."},
	"qb.siege_state.fallen":             {"Крепость пала: %s взял её у %s (осада с фазы %d).", "Fallen: %s took it from %s (besieged since phase %d)."},
	"qb.besiegers":                      {"Осаждающие: %s — %d {2:отряд|отряда|отрядов}", "Besiegers: %s — %d {2:unit|units}"},
	"qb.besieged":                       {"В крепости: %s — %d {2:отряд|отряда|отрядов}", "Inside: %s — %d {2:unit|units}"},
	"cmd.siege.name":                    {"осада", "siege"},
	"cmd.siege.desc":                    {"Осады кампании", "The campaign's sieges"},
	"cmd.siege.show.name":               {"показать", "show"},
	"cmd.siege.show.desc":               {"Осады вашего клана (мастеру — все)", "Your clan's sieges (the GM: all)"},
	"cmd.siege.assault.name":            {"штурм", "assault"},
	"cmd.siege.assault.desc":            {"Штурм осаждённой крепости (E3-A)", "Storm a besieged fortress (E3-A)"},
	"cmd.siege.relief.name":             {"деблокада", "relief"},
	"cmd.siege.relief.desc":             {"Деблокирующая битва: армия атакует осаждающих (E3-D)", "A relief battle: an army attacks the besiegers (E3-D)"},
	"cmd.siege.phase.name":              {"фаза", "phase"},
	"cmd.siege.phase.desc":              {"Следующая фаза кампании: штурм возможен в фазе после начала осады (E3-Q8)", "The campaign's next phase: an assault waits for a phase after its siege began (E3-Q8)"},
	"cmd.siege.opt.siege.name":          {"осада", "siege"},
	"cmd.siege.opt.siege.desc":          {"Осада", "The siege"},
	"cmd.siege.opt.loc.name":            {"снабжение", "loc"},
	"cmd.siege.opt.loc.desc":            {"Путь снабжения открыт (E3-A2)", "The line of communication is open (E3-A2)"},
	"cmd.siege.opt.blockade.name":       {"блокада", "blockade"},
	"cmd.siege.opt.blockade.desc":       {"Условие морской блокады выполнено (E3-A2)", "The naval blockade condition is met (E3-A2)"},
	"cmd.siege.opt.units.name":          {"отряды", "units"},
	"cmd.siege.opt.units.desc":          {"Штурмующие отряды (через пробел; пусто — все осаждающие)", "The storming units (space-separated; empty: every besieger)"},
	"cmd.siege.opt.atk_mod.name":        {"кубики-атакующему", "atk_mod"},
	"cmd.siege.opt.atk_mod.desc":        {"±кубики атакующему (E3-Q1), с причиной", "± dice to the attacker (E3-Q1), with a reason"},
	"cmd.siege.opt.def_mod.name":        {"кубики-обороне", "def_mod"},
	"cmd.siege.opt.def_mod.desc":        {"±кубики обороняющемуся (E3-Q1), с причиной", "± dice to the defender (E3-Q1), with a reason"},
	"cmd.siege.opt.reason.name":         {"причина", "reason"},
	"cmd.siege.opt.reason.desc":         {"Причина поправок в одну строку", "The modifiers' reason in one line"},
	"cmd.siege.opt.armies.name":         {"армии", "armies"},
	"cmd.siege.opt.armies.desc":         {"Армии деблокады (через пробел)", "The relieving armies (space-separated)"},
	"cmd.siege.opt.join.name":           {"вылазка", "join"},
	"cmd.siege.opt.join.desc":           {"Осаждённые отряды, что выходят в бой (через пробел)", "The besieged units that join the battle (space-separated)"},
	"qb.phase":                          {"Фаза кампании: %d.", "Campaign phase: %d."},
	"err.siege_none":                    {"Осады «%s» нет.", "There is no siege “%s”."},
	"err.siege_assault":                 {"Штурм невозможен: %s.", "No assault possible: %s."},
	"err.siege_relief":                  {"Деблокада невозможна: %s.", "No relief possible: %s."},
	"qb.title.quick":                    {"Быстрая битва «%s»", "Quick battle “%s”"},
	"qb.title.relief":                   {"Деблокирующая битва «%s»", "Relief battle “%s”"},
	"qb.title.assault":                  {"Штурм «%s»", "Assault “%s”"},
	"qb.role.0":                         {"Атакует", "Attacker"},
	"qb.role.1":                         {"Обороняется", "Defender"},
	"qb.side":                           {"%s: %s — %d {3:кубик|кубика|кубиков}, попаданий %d", "%s: %s — %d {3:die|dice}, %d hits"},
	"qb.winner":                         {"Победитель: %s (при равенстве — обороняющийся, E3-F8).", "Winner: %s (a tie goes to the defender, E3-F8)."},
	"qb.seed_hash":                      {"Хеш зерна кубиков (sha256): %s", "Dice seed hash (sha256): %s"},
	"qb.seed":                           {"Зерно: %s", "Seed: %s"},
	"qb.dice_of":                        {"Кубики: %s (попадание на 5–6)", "Dice of %s (5-6 hits)"},
	"qb.no_dice":                        {"нет кубиков", "no dice"},
	"qb.gm_mod":                         {"мастер: %+d {1:кубик|кубика|кубиков} — %s", "GM: %+d {1:die|dice} — %s"},
	"qb.die.leader":                     {"%s", "%s"},
	"qb.die.defender":                   {"обороняющийся (+1)", "defender (+1)"},
	"qb.die.gm":                         {"мастер: %s", "GM: %s"},
	"qb.losses_owed":                    {"%s теряет отрядов: %d", "%s loses %d {2:unit|units}"},
	"qb.no_losses":                      {"потерь нет", "no losses"},
	"qb.choice_default":                 {"по умолчанию (E3-Q4): сначала меньшие, асигару раньше самураев, конница последней", "the default (E3-Q4): the smallest first, ashigaru before samurai, cavalry last"},
	"qb.choice_own":                     {"выбор клана:", "the clan's choice:"},
	"qb.choice_confirmed":               {"подтверждено:", "confirmed:"},
	"qb.deadline":                       {"Кто не подтвердит выбор до %s, теряет отряды по умолчанию (E3-Q4).", "Whoever has not confirmed by %s loses the default units (E3-Q4)."},
	"qb.lost":                           {"Потеряны отряды:", "Units lost:"},
	"qb.eliminated":                     {"Армия уничтожена полностью.", "The army was wiped out."},
	"qb.captured":                       {"%s — в плену (E3-F10).", "%s is captured (E3-F10)."},
	"qb.risk":                           {"%s: бросок риска «%s» — %s: %s", "%s: risk roll “%s” — %s: %s"},
	"qb.riskkind.lost_more_than_1":      {"потери больше 1 фигуры", "lost more than 1 figure"},
	"qb.riskkind.put_to_flight":         {"отряд обращён в бегство", "unit put to flight"},
	"qb.riskkind.unit_destroyed":        {"отряд уничтожен", "unit destroyed"},
	"qb.risk_unhurt":                    {"невредим", "unhurt"},
	"qb.risk_wounded":                   {"ранен", "wounded"},
	"qb.risk_captured":                  {"взят в плен", "captured"},
	"qb.risk_killed":                    {"убит", "killed"},
	"qb.siege":                          {"Осада (E3-F12)", "Siege (E3-F12)"},
	"qb.siege_opened":                   {"Осада «%s» началась: /осада показать.", "The siege “%s” has begun: /siege show."},
	"qb.siege_no":                       {"Осаждающих не больше, чем укрывшихся: атакующий должен отойти.", "The besiegers do not outnumber those inside: the attacker must withdraw."},
	"qb.withdraw":                       {"Он отходит, как при снятии осады (E3-U2), в соседнюю провинцию; куда — решает мастер:", "It withdraws as on lifting a siege (E3-U2) to an adjacent province; the GM names where:"},
	"qb.retreat":                        {"Отступление: %s (куда — решает мастер, E3-R2)", "Retreat of %s (the GM names where, E3-R2)"},
	"qb.pick_losses":                    {"Какие отряды теряем…", "Which units we lose…"},
	"qb.pick_keep":                      {"Какой отряд остаётся…", "Which unit remains…"},
	"qb.default":                        {"По умолчанию", "The default"},
	"qb.confirm":                        {"Подтвердить потери", "Confirm the losses"},
	"qb.started":                        {"Быстрая битва «%s» брошена: выбор потерь — в каналах кланов.", "The quick battle “%s” is rolled: the clans choose their losses in their channels."},

	"cmd.quickbattle.name":                         {"быстрая-битва", "quickbattle"},
	"cmd.quickbattle.desc":                         {"Быстрая битва армий ростера на кубиках", "A quick battle of roster armies on dice pools"},
	"cmd.quickbattle.opt.name.name":                {"название", "name"},
	"cmd.quickbattle.opt.name.desc":                {"Название битвы", "The battle's name"},
	"cmd.quickbattle.opt.attacker.name":            {"атакующий", "attacker"},
	"cmd.quickbattle.opt.attacker.desc":            {"Армии атакующего (через пробел)", "The attacker's armies (space-separated)"},
	"cmd.quickbattle.opt.defender.name":            {"обороняющийся", "defender"},
	"cmd.quickbattle.opt.defender.desc":            {"Армии обороняющегося (через пробел)", "The defender's armies (space-separated)"},
	"cmd.quickbattle.opt.fortified.name":           {"укрепление", "fortified"},
	"cmd.quickbattle.opt.fortified.desc":           {"Бой в укреплении обороняющегося", "A fight at the defender's fortification"},
	"cmd.quickbattle.opt.fortified.choice.none":    {"нет", "none"},
	"cmd.quickbattle.opt.fortified.choice.fort":    {"форт", "fort"},
	"cmd.quickbattle.opt.fortified.choice.castle":  {"замок", "castle"},
	"cmd.quickbattle.opt.fortified.choice.citadel": {"цитадель", "citadel"},
	"cmd.quickbattle.opt.atk_mod.name":             {"кубики-атакующему", "atk_mod"},
	"cmd.quickbattle.opt.atk_mod.desc":             {"±кубики атакующему (E3-Q1), с причиной", "± dice to the attacker (E3-Q1), with a reason"},
	"cmd.quickbattle.opt.def_mod.name":             {"кубики-обороне", "def_mod"},
	"cmd.quickbattle.opt.def_mod.desc":             {"±кубики обороняющемуся (E3-Q1), с причиной", "± dice to the defender (E3-Q1), with a reason"},
	"cmd.quickbattle.opt.reason.name":              {"причина", "reason"},
	"cmd.quickbattle.opt.reason.desc":              {"Причина поправок в одну строку (погода, внезапность...)", "The modifiers' reason in one line (weather, surprise...)"},

	"err.quick_no_army":   {"Укажите армии каждой стороны.", "Name each side's armies."},
	"err.quick_one_clan":  {"Армии одной стороны должны быть одного клана («%s» — другого).", "One side's armies belong to one clan (“%s” does not)."},
	"err.quick_none":      {"Быстрой битвы «%s» нет.", "There is no quick battle “%s”."},
	"err.quick_stale":     {"Эта кнопка больше ни к чему не относится.", "That button belongs to nothing any more."},
	"err.quick_done":      {"Эта битва уже разрешена.", "That battle is already resolved."},
	"err.quick_not_yours": {"Потери выбирают игроки клана этой стороны.", "The players of that side's clan choose its losses."},
	"err.quick_losses":    {"Выберите ровно столько отрядов, сколько требуется: %d.", "Choose exactly the units owed: %d."},
	"err.quick_reason":    {"Поправке к кубикам нужна причина (E3-Q1).", "A dice modifier needs its reason (E3-Q1)."},
}
