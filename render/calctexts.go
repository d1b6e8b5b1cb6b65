package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/campaign"
)

// Texts of the campaign calculators (issue 15, F-E1-2..F-E1-4): /retreat
// (E1-R4, E1-R5, the E1-R3 checklist), /control (E1-C), /suppress (E1-S)
// and /secession (E1-K). Each roll is shown with what it is for, its die,
// its target and its outcome, never its key. The arithmetic (numbers and
// signs) is built here; the words are the catalogue's, keys "calc.*".

var calcTexts = texts{
	// /retreat
	"cmd.retreat.name":                       {"отступление", "retreat"},
	"cmd.retreat.desc":                       {"Срочное отступление армии: потери к3, риск персонажей, сдача (E1-R4, E1-R5)", "An army's emergency retreat: d3 losses, character risk, surrender (E1-R4, E1-R5)"},
	"cmd.retreat.opt.army.name":              {"армия", "army"},
	"cmd.retreat.opt.army.desc":              {"Армия или сэндан из состава", "The roster army or sendan"},
	"cmd.retreat.opt.apply.name":             {"применить", "apply"},
	"cmd.retreat.opt.apply.desc":             {"Записать итог в состав (без этого — только показать те же кости)", "Write the result to the roster (otherwise only show the same dice)"},
	"cmd.retreat.opt.cut_off.name":           {"отрезана", "cut_off"},
	"cmd.retreat.opt.cut_off.desc":           {"Отрезана в конце кампании (отметка армии тоже учитывается)", "Cut off at the end of the campaign (the army's flag counts too)"},
	"cmd.retreat.opt.hostile_borders.name":   {"границы", "hostile_borders"},
	"cmd.retreat.opt.hostile_borders.desc":   {"Сколько границ с вражеской армией пересекает", "Borders crossed with an enemy army on them"},
	"cmd.retreat.opt.crossings.name":         {"переправы", "crossings"},
	"cmd.retreat.opt.crossings.desc":         {"По переправе: число защищённых берегов 0–2, «+» — эскадра; например «2 1+»", "Per crossing: defended shores 0–2, “+” for a squadron; e.g. “2 1+”"},
	"cmd.retreat.opt.hostile_provinces.name": {"провинции", "hostile_provinces"},
	"cmd.retreat.opt.hostile_provinces.desc": {"Сколько провинций с врагом, его укреплениями или враждебным малым кланом", "Provinces passed with enemy troops, fortifications or a hostile minor clan"},
	"cmd.retreat.opt.marches.name":           {"с_отрядом", "marches"},
	"cmd.retreat.opt.marches.desc":           {"С каким отрядом идёт персонаж: «персонаж:отряд, …»", "Which unit each character marches with: “character:unit, …”"},
	"cmd.retreat.opt.nowhere.name":           {"некуда", "nowhere"},
	"cmd.retreat.opt.nowhere.desc":           {"Отступать некуда: замок, по домам или сдача (E1-R5)", "Nowhere to retreat: castle, home or surrender (E1-R5)"},
	"cmd.retreat.opt.province.name":          {"провинция", "province"},
	"cmd.retreat.opt.province.desc":          {"Где армия заперта (по умолчанию — её провинция)", "Where the army is trapped (default: its province)"},
	"cmd.retreat.opt.home_units.name":        {"по_домам", "home_units"},
	"cmd.retreat.opt.home_units.desc":        {"Отряды, набранные в этой провинции: расходятся по домам", "Units raised in this province: they go home"},
	"cmd.retreat.opt.castle_units.name":      {"в_замок", "castle_units"},
	"cmd.retreat.opt.castle_units.desc":      {"Отряды самураев, запирающиеся в замках", "Samurai units shutting themselves in castles"},
	"cmd.retreat.opt.winner.name":            {"победитель", "winner"},
	"cmd.retreat.opt.winner.desc":            {"Клан, которому сдаются отряды", "The clan the units surrender to"},

	// /control
	"cmd.control.name":                          {"контроль", "control"},
	"cmd.control.desc":                          {"Установление контроля над провинцией (E1-C)", "Establishing control over a province (E1-C)"},
	"cmd.control.opt.province.name":             {"провинция", "province"},
	"cmd.control.opt.province.desc":             {"Провинция", "The province"},
	"cmd.control.opt.method.name":               {"способ", "method"},
	"cmd.control.opt.method.desc":               {"Мягкая сила (8+) или карательные меры (5+)", "Soft power (8+) or punitive measures (5+)"},
	"cmd.control.opt.method.choice.soft":        {"мягкая сила", "soft power"},
	"cmd.control.opt.method.choice.punitive":    {"карательные меры", "punitive measures"},
	"cmd.control.opt.al.name":                   {"уз", "al"},
	"cmd.control.opt.al.desc":                   {"Уровень земледелия провинции", "The province's Agriculture Level"},
	"cmd.control.opt.oc.name":                   {"пик", "oc"},
	"cmd.control.opt.oc.desc":                   {"Порядок и культура провинции до попытки", "The province's Order & Culture before the attempt"},
	"cmd.control.opt.armies.name":               {"армии", "armies"},
	"cmd.control.opt.armies.desc":               {"Армии и сэнданы захватчика в провинции, через запятую", "The capturer's armies and sendans in the province, comma-separated"},
	"cmd.control.opt.besieging.name":            {"осаждают", "besieging"},
	"cmd.control.opt.besieging.desc":            {"Какие из них осаждают замок (не считаются)", "Which of them besiege a castle (not counted)"},
	"cmd.control.opt.cut_al.name":               {"снизить_уз", "cut_al"},
	"cmd.control.opt.cut_al.desc":               {"Карательные меры: снизить УЗ на 1–3 ради +1…+3", "Punitive measures: cut AL by 1–3 for +1…+3"},
	"cmd.control.opt.others_province.name":      {"чужая", "others_province"},
	"cmd.control.opt.others_province.desc":      {"Провинция принадлежала другому клану: её ПиК запоминается", "The province was another clan's: its O&C is remembered"},
	"cmd.control.opt.summer_autumn.name":        {"лето_осень", "summer_autumn"},
	"cmd.control.opt.summer_autumn.desc":        {"Подфаза летне-осенней кампании: неудача не заставляет отступать", "Summer–autumn subphase: a failure forces no retreat"},
	"cmd.control.opt.levy_samurai.name":         {"самураи_ополчения", "levy_samurai"},
	"cmd.control.opt.levy_samurai.desc":         {"Самураев дал бы полный сбор ополчения в провинции", "Samurai a full levy would raise in the province"},
	"cmd.control.opt.fort.name":                 {"укрепление", "fort"},
	"cmd.control.opt.fort.desc":                 {"Вражеское укрепление в провинции", "A hostile fortification in the province"},
	"cmd.control.opt.fort.choice.fort":          {"форт", "fort"},
	"cmd.control.opt.fort.choice.castle":        {"замок", "castle"},
	"cmd.control.opt.fort.choice.citadel":       {"цитадель", "citadel"},
	"cmd.control.opt.garrison.name":             {"гарнизон", "garrison"},
	"cmd.control.opt.garrison.desc":             {"Фигурки гарнизона по типам: «samurai:5, ashigaru:10, sohei:2»", "Garrison figures by type: “samurai:5, ashigaru:10, sohei:2”"},
	"cmd.control.opt.fort_besieged.name":        {"укрепление_осаждено", "fort_besieged"},
	"cmd.control.opt.fort_besieged.desc":        {"Укрепление осаждено: гарнизон ×1, не ×2/×3 (E1-Q21); взятое штурмом не указывайте", "Besieged: its garrison counts ×1, not ×2/×3 (E1-Q21); leave out one taken by storm"},
	"cmd.control.opt.minor_house.name":          {"малый_дом", "minor_house"},
	"cmd.control.opt.minor_house.desc":          {"Враждебный малый дом: фигурки его 3 отрядов", "A hostile minor house: its 3 units' figures"},
	"cmd.control.opt.sohei.name":                {"сохэи", "sohei"},
	"cmd.control.opt.sohei.desc":                {"Сохэи монастыря, если захватчик нападал на него", "The monastery's sohei, if the capturer attacked it"},
	"cmd.control.opt.owners_uprising.name":      {"восстание_за_нас", "owners_uprising"},
	"cmd.control.opt.owners_uprising.desc":      {"Неподавленное восстание за прежнего владельца, и это захватчик", "An unsuppressed uprising for the original owner, who is the capturer"},
	"cmd.control.opt.former_oc.name":            {"прежний_пик", "former_oc"},
	"cmd.control.opt.former_oc.desc":            {"ПиК до захвата врагом (возвращается при восстании за нас)", "O&C before the enemy took it (restored by the owner's uprising)"},
	"cmd.control.opt.holds_castle.name":         {"наш_замок", "holds_castle"},
	"cmd.control.opt.holds_castle.desc":         {"Захватчик держит замок или цитадель провинции", "The capturer holds a castle or citadel of the province"},
	"cmd.control.opt.former_owners_castle.name": {"их_замок", "former_owners_castle"},
	"cmd.control.opt.former_owners_castle.desc": {"Прежние владельцы тоже держат замок или цитадель", "The former owners hold a castle or citadel too"},
	"cmd.control.opt.riot.name":                 {"бунт", "riot"},
	"cmd.control.opt.riot.desc":                 {"Стихийный бунт, не подавленный с прошлого хода", "A spontaneous riot unsuppressed since last turn"},

	// /suppress
	"cmd.suppress.name":                         {"подавление", "suppress"},
	"cmd.suppress.desc":                         {"Подавление бунта или восстания (E1-S)", "Suppressing a riot or an uprising (E1-S)"},
	"cmd.suppress.opt.province.name":            {"провинция", "province"},
	"cmd.suppress.opt.province.desc":            {"Провинция", "The province"},
	"cmd.suppress.opt.army.name":                {"армия", "army"},
	"cmd.suppress.opt.army.desc":                {"Армия или сэндан из состава", "The roster army or sendan"},
	"cmd.suppress.opt.kind.name":                {"что", "kind"},
	"cmd.suppress.opt.kind.desc":                {"Бунт или восстание", "A riot or an uprising"},
	"cmd.suppress.opt.kind.choice.riot":         {"стихийный бунт", "spontaneous riot"},
	"cmd.suppress.opt.kind.choice.uprising":     {"организованное восстание", "organised uprising"},
	"cmd.suppress.opt.method.name":              {"способ", "method"},
	"cmd.suppress.opt.method.desc":              {"Мягкая сила (8+) или карательные меры (5+)", "Soft power (8+) or punitive measures (5+)"},
	"cmd.suppress.opt.method.choice.soft":       {"мягкая сила", "soft power"},
	"cmd.suppress.opt.method.choice.punitive":   {"карательные меры", "punitive measures"},
	"cmd.suppress.opt.al.name":                  {"уз", "al"},
	"cmd.suppress.opt.al.desc":                  {"Уровень земледелия провинции", "The province's Agriculture Level"},
	"cmd.suppress.opt.terrain.name":             {"местность", "terrain"},
	"cmd.suppress.opt.terrain.desc":             {"Бунт: равнина 3к6 самураев, горы или болото 4к6", "Riot: plains 3d6 samurai, mountains or swamp 4d6"},
	"cmd.suppress.opt.terrain.choice.plains":    {"равнина", "plains"},
	"cmd.suppress.opt.terrain.choice.mountains": {"горы", "mountains"},
	"cmd.suppress.opt.terrain.choice.swamp":     {"болото", "swamp"},
	"cmd.suppress.opt.levy_samurai.name":        {"самураи_ополчения", "levy_samurai"},
	"cmd.suppress.opt.levy_samurai.desc":        {"Восстание: самураев дал бы сбор при ПиК прежних владельцев", "Uprising: samurai a levy would raise at the former owners' O&C"},
	"cmd.suppress.opt.minor_house.name":         {"малый_дом", "minor_house"},
	"cmd.suppress.opt.minor_house.desc":         {"Малый дом на стороне мятежников: фигурки его 3 отрядов", "The minor house sides with the rebels: its 3 units' figures"},
	"cmd.suppress.opt.cut_al.name":              {"снизить_уз", "cut_al"},
	"cmd.suppress.opt.cut_al.desc":              {"Карательные меры: снизить УЗ на 1–3 ради +1…+3", "Punitive measures: cut AL by 1–3 for +1…+3"},
	"cmd.suppress.opt.units.name":               {"отряды", "units"},
	"cmd.suppress.opt.units.desc":               {"Выделенный контингент: только эти отряды, через запятую", "A detached contingent: only these units, comma-separated"},
	"cmd.suppress.opt.order.name":               {"порядок", "order"},
	"cmd.suppress.opt.order.desc":               {"Порядок потерь по отрядам, через запятую (остальные — следом)", "The order of losses by unit, comma-separated (the rest follow)"},
	"cmd.suppress.opt.apply.name":               {"применить", "apply"},
	"cmd.suppress.opt.apply.desc":               {"Записать потери в состав (без этого — только показать те же кости)", "Write the losses to the roster (otherwise only show the same dice)"},

	// /secession
	"cmd.secession.name":          {"отделение", "secession"},
	"cmd.secession.desc":          {"Наследование клана: отпадение провинций и регенты (E1-K)", "A clan's succession: provinces breaking away and regents (E1-K)"},
	"cmd.secession.opt.clan.name": {"клан", "clan"},
	"cmd.secession.opt.clan.desc": {"Клан из состава", "The roster clan"},

	// Refusals.
	"err.calc.no_army":            {"В составе нет армии «%s».", "The roster has no army “%s”."},
	"err.calc.no_clan":            {"В составе нет клана «%s».", "The roster has no clan “%s”."},
	"err.calc.retreated":          {"%s уже отступила в ходу %d: второй раз нельзя.", "%s already retreated in turn %d: not twice."},
	"err.calc.count":              {"Число границ и провинций — от 0 до 99.", "Borders and provinces count from 0 to 99."},
	"err.calc.not_in_army":        {"«%s» не входит в армию «%s».", "“%s” is not in army “%s”."},
	"err.calc.no_province":        {"У армии «%s» не указана провинция: назовите, где она заперта.", "Army “%s” has no province: name where it is trapped."},
	"err.calc.own_winner":         {"Победитель — другой клан, не клан самой армии.", "The winner is another clan, not the army's own."},
	"err.calc.castle_not_samurai": {"В замках могут запереться только самураи (E1-R5), а «%s» — не самураи.", "Only samurai may shut themselves in castles (E1-R5); “%s” are not samurai."},
	"err.calc.home_and_castle":    {"Отряд не может и разойтись по домам, и запереться в замке: %s.", "A unit cannot both go home and shut itself in a castle: %s."},
	"err.calc.no_province_given":  {"Назовите провинцию.", "Name the province."},
	"err.calc.no_strength":        {"Войск для подсчёта нет (сила 0): попытка невозможна (E1-Q7).", "No troops to count (strength 0): no attempt possible (E1-Q7)."},
	"err.calc.two_clans":          {"Армия «%s» другого клана: считаются войска одного захватчика.", "Army “%s” is another clan's: only one capturer's forces count."},
	"err.calc.fought":             {"%s сражалась в этой кампании: подавлять может лишь выделенный контингент (E1-S1) — назовите его отряды.", "%s fought in this campaign: only a detached contingent may suppress (E1-S1) — name its units."},
	"err.calc.no_shrine":          {"У клана «%s» не указана провинция святилища среди его провинций.", "Clan “%s” has no shrine province among its provinces."},
	"err.calc.list":               {"Не понял «%s» в «%s».", "Cannot read “%s” in “%s”."},

	// Completions.
	"calc.crossing_offer":    {"переправа: защищённых берегов %d", "crossing: %d defended shores"},
	"calc.crossing_squadron": {", эскадра", ", a squadron"},
	"calc.garrison.samurai":  {"самураи", "samurai"},
	"calc.garrison.ashigaru": {"асигару", "ashigaru"},
	"calc.garrison.sohei":    {"сохэи", "sohei"},

	// Shared words.
	"calc.preview": {"_Предварительно: ничего не записано. С применить:True будут те же кости._", "_Preview: nothing written. With apply:True the same dice apply._"},
	"calc.applied": {"_Записано в состав._", "_Written to the roster._"},
	"calc.success": {"успех", "success"},
	"calc.failure": {"неудача", "failure"},
	"calc.figs":    {"%d {1:фигурка|фигурки|фигурок}", "%d {1:figure|figures}"},

	// /retreat
	"calc.retreat.head":         {"**Срочное отступление: %s** (ход %d)", "**Emergency retreat: %s** (turn %d)"},
	"calc.retreat.no_items":     {"Пунктов потерь нет: отступление без потерь (E1-R4).", "No loss items: the retreat costs nothing (E1-R4)."},
	"calc.retreat.items":        {"Потери (E1-R4, E1-Q4): к3 на каждый отряд за каждый пункт — %s.", "Losses (E1-R4, E1-Q4): a d3 per unit per item — %s."},
	"calc.retreat.d3":           {"к6 %d → к3 %d", "d6 %d → d3 %d"},
	"calc.retreat.unit":         {"• %s: %s = −%d → %s", "• %s: %s = −%d → %s"},
	"calc.retreat.destroyed":    {"уничтожен", "destroyed"},
	"calc.retreat.beyond":       {"уничтожен, сверх фигурок %d", "destroyed, %d beyond its figures"},
	"calc.retreat.forced_off":   {"Форсированный марш после отступления снимается (E1-R4).", "The forced march is cleared after the retreat (E1-R4)."},
	"calc.retreat.risk_head":    {"Риск персонажей — один раз за всё отступление (E1-Q5, бросает мастер по §III.3):", "Character risk — once for the whole retreat (E1-Q5, the GM rolls by §III.3):"},
	"calc.retreat.risk":         {"• %s (с отрядом «%s»): %s", "• %s (with “%s”): %s"},
	"calc.retreat.risk_nounit":  {"• %s: %s", "• %s: %s"},
	"calc.retreat.risk_none":    {"без броска: отряд потерял не больше 1 фигурки", "no roll: the unit lost at most 1 figure"},
	"calc.retreat.risk_more":    {"бросок «потеря больше 1 фигурки»: к6, 1 — ранен", "the “lost more than 1 figure” roll: d6, 1 wounded"},
	"calc.retreat.risk_dest0":   {"таблица уничтоженного отряда: к6: 1 — в плену, 2 — убит, 3–4 — ранен", "the destroyed-unit table: a d6: 1 captured, 2 killed, 3–4 wounded"},
	"calc.retreat.risk_dest":    {"таблица уничтоженного отряда: к6 и ещё %d за урон сверх фигурок, худший: 1 — в плену, 2 — убит, 3–4 — ранен", "the destroyed-unit table: a d6 and %d more for damage beyond, the lowest: 1 captured, 2 killed, 3–4 wounded"},
	"calc.retreat.risk_unknown": {"отряд не выбран: бросок по тому отряду, с которым он шёл (см. таблицу)", "unit not chosen: the roll of the unit he marched with (see the table)"},
	"calc.retreat.brawler":      {" (Рубака перебрасывает, как в бою)", " (Brawler rerolls as in battle)"},
	"calc.retreat.nowhere":      {"Отступать некуда (E1-R5), провинция %s:", "Nowhere to retreat (E1-R5), province %s:"},
	"calc.retreat.castle":       {"• %s: запирается в замке", "• %s: shuts itself in a castle"},
	"calc.retreat.home":         {"• %s: расходится по домам и выходит из армии; провинцию меняет мастер (E1-Q6)", "• %s: goes home and leaves the army; the GM changes the province (E1-Q6)"},
	"calc.retreat.surrender":    {"• %s: к6 потерь = %d → сдаются %s", "• %s: d6 losses = %d → %s surrender"},
	"calc.retreat.wiped":        {"• %s: к6 потерь = %d → уничтожен, сдаваться некому", "• %s: d6 losses = %d → destroyed, no one left to surrender"},
	"calc.retreat.captives":     {"Сдавшиеся переданы клану %s группой «%s»: принять (−1 Натиск, −1 Стойкость), казнить или отпустить — правкой состава.", "The surrendered go to clan %s as group “%s”: join (−1 Impetus, −1 Steadiness), execute or release — by roster edits."},
	"calc.retreat.no_winner":    {"Сдавшиеся выходят из армии; победитель решает: принять (−1 Натиск, −1 Стойкость), казнить или отпустить.", "The surrendered leave the army; the winner chooses: join (−1 Impetus, −1 Steadiness), execute or release."},
	"calc.retreat.chars":        {"Персонажи возглавляют оборону замков или попадают в плен; командующие могут совершить самоубийство (мастер).", "Characters lead the castles' defence or are captured; commanders may commit suicide (the GM)."},
	"calc.retreat.check_every":  {"На любом из этих путей (E1-R3):", "On every one of these routes (E1-R3):"},
	"calc.retreat.check_head":   {"Куда можно отступить (E1-R3, решает мастер):", "Where a retreat may go (E1-R3, the GM decides):"},
	"calc.item.forced_march":    {"форс. марш", "forced march"},
	"calc.item.cut_off":         {"отрезана", "cut off"},
	"calc.item.border":          {"граница %d", "border %d"},
	"calc.item.shore":           {"переправа %d, берег %d", "crossing %d, shore %d"},
	"calc.item.squadron":        {"переправа %d, эскадра", "crossing %d, squadron"},
	"calc.item.province":        {"провинция %d", "province %d"},

	// /control and /suppress
	"calc.control.head":        {"**Контроль над провинцией %s** (%s, цель %d+)", "**Control over province %s** (%s, target %d+)"},
	"calc.control.auto":        {"**Контроль над провинцией %s**: установлен автоматически (%s): %s.", "**Control over province %s**: established automatically (%s): %s."},
	"calc.auto.E1-C2a":         {"неподавленное восстание за прежнего владельца, и он её возвращает", "an unsuppressed uprising for the original owner, who retakes it"},
	"calc.auto.E1-C2b":         {"захватчик держит замок или цитадель, прежние владельцы — ни одного", "the capturer holds a castle or citadel, the former owners none"},
	"calc.auto.E1-C2c":         {"стихийный бунт, не подавленный с прошлого хода", "a spontaneous riot unsuppressed since last turn"},
	"calc.own":                 {"Сила захватчика (E1-C5, E1-Q3): %d экв. асигару.", "Capturer's strength (E1-C5, E1-Q3): %d ash-eq."},
	"calc.resist":              {"Сопротивление (E1-C4): %s = %d экв. асигару.", "Resistance (E1-C4): %s = %d ash-eq."},
	"calc.no_resist":           {"Сопротивления нет: успех без броска (E1-Q7).", "No resistance: success without a roll (E1-Q7)."},
	"calc.dice":                {"Кости 2к6: %s.", "Dice 2d6: %s."},
	"calc.check":               {"(2к6 = %s) × %d / %d = %s: %s", "(2d6 = %s) × %d / %d = %s: %s"},
	"calc.control.oc":          {"ПиК теперь %d, УЗ %d.", "O&C is now %d, AL %d."},
	"calc.control.former":      {"Запомнить прежний ПиК провинции: %d (E1-C7).", "Remember the province's former O&C: %d (E1-C7)."},
	"calc.control.kept":        {"ПиК без изменений (%d), УЗ %d.", "O&C unchanged (%d), AL %d."},
	"calc.control.retreat":     {"Войска должны отступить или эвакуироваться, как армия в беспорядке (E1-C8, E1-R3…R6).", "The forces must retreat or evacuate as if in disorder (E1-C8, E1-R3…R6)."},
	"calc.control.no_retreat":  {"Подфаза летне-осенней кампании: отступать не нужно, ещё попытка в конце хода (E1-C8).", "Summer–autumn subphase: no retreat, another try at the end of the turn (E1-C8)."},
	"calc.part.levy":           {"ополчение %d × 4", "levy %d × 4"},
	"calc.part.fort":           {"гарнизон %s %d × %d", "%s garrison %d × %d"},
	"calc.part.minor":          {"малый дом %d × 4", "minor house %d × 4"},
	"calc.part.sohei":          {"сохэи %d × 6", "sohei %d × 6"},
	"calc.part.rebel_ashigaru": {"асигару мятежников %d", "rebel ashigaru %d"},
	"calc.part.rebel_samurai":  {"самураи мятежников %d × 4", "rebel samurai %d × 4"},
	"calc.fort.fort":           {"форта", "fort"},
	"calc.fort.castle":         {"замка", "castle"},
	"calc.fort.citadel":        {"цитадели", "citadel"},
	"calc.method.soft":         {"мягкая сила", "soft power"},
	"calc.method.punitive":     {"карательные меры", "punitive measures"},
	"calc.suppress.head":       {"**Подавление: %s в провинции %s** (%s, цель %d+)", "**Suppression: %s in province %s** (%s, target %d+)"},
	"calc.kind.riot":           {"стихийный бунт", "spontaneous riot"},
	"calc.kind.uprising":       {"восстание", "uprising"},
	"calc.suppress.rebels":     {"Самураи бунта (E1-S2): %dк6 = %s = %d.", "Riot samurai (E1-S2): %dd6 = %s = %d."},
	"calc.suppress.cost_win":   {"Цена успеха (E1-S3): к6 = %d — столько отрядов теряют по фигурке.", "The cost of success (E1-S3): d6 = %d units lose a figure each."},
	"calc.suppress.cost_fail":  {"Цена неудачи (E1-S3): 2к6 = %s = %d — столько отрядов теряют по фигурке.", "The cost of failure (E1-S3): 2d6 = %s = %d units lose a figure each."},
	"calc.suppress.hit":        {"• %s: −%d → %d", "• %s: −%d → %d"},
	"calc.suppress.al":         {"УЗ теперь %d; ПиК не меняется (E1-Q9).", "AL is now %d; O&C does not change (E1-Q9)."},

	// /secession
	"calc.secession.head":    {"**Наследование клана %s** (E1-K)", "**Succession of clan %s** (E1-K)"},
	"calc.secession.heir":    {"В доме есть живой взрослый мужчина: провинции не отпадают; наследование решает мастер (E1-K3).", "A living adult man remains in the house: no province breaks away; inheritance is the GM's (E1-K3)."},
	"calc.secession.extinct": {"Все члены дома мертвы (E1-K1): земли клана становятся нейтральными (вассальный дом — его 1 провинция), войска и флоты распускаются.", "Every member of the house is dead (E1-K1): the clan's lands become neutral (a vassal house: its 1 province), its troops and fleets disband."},
	"calc.secession.minors":  {"Остались только несовершеннолетние (E1-K2): каждая провинция, кроме провинции святилища %s, отпадает на 1 на к6.", "Only minors remain (E1-K2): every province but the shrine's, %s, breaks away on a 1 on d6."},
	"calc.secession.women":   {"Остались только женщины (E1-K2, E1-Q18): каждая провинция, кроме провинции святилища %s, отпадает на 1–2 на к6.", "Only women remain (E1-K2, E1-Q18): every province but the shrine's, %s, breaks away on 1–2 on d6."},
	"calc.secession.roll":    {"• %s: к6 = %d, отпадает на ≤%d: %s", "• %s: d6 = %d, breaks away on ≤%d: %s"},
	"calc.secession.breaks":  {"отпадает", "breaks away"},
	"calc.secession.loyal":   {"остаётся верной", "stays loyal"},
	"calc.secession.none":    {"Других провинций нет: бросать нечего.", "No other province: nothing to roll."},
	"calc.secession.regents": {"Регентом может стать: %s.", "Possible regents: %s."},
	"calc.secession.recruit": {"Генералов в верных провинциях нет: регента нужно набрать в следующем ходу.", "No general in a loyal province: a regent must be recruited next turn."},
	"calc.secession.once":    {"Бросок делается один раз, в фазе, когда условие возникло (E1-Q18); эти кости — кости хода.", "Rolled once, in the phase the condition first arises (E1-Q18); these are the turn's dice."},
}

// RetreatRisk is one character's risk roll owed after a retreat (E1-Q5).
type RetreatRisk struct {
	Character string
	Unit      string
	Kind      campaign.RiskKind
	Beyond    int
	Brawler   bool
	Unknown   bool
}

// RetreatReport is a retreat shown or applied (campaigns.RetreatOutcome).
type RetreatReport struct {
	Roster    campaign.Roster
	Army      campaign.Army // before the retreat
	Items     []string
	Losses    []campaign.RetreatLoss
	Risks     []RetreatRisk
	Nowhere   bool
	Surrender []campaign.SurrenderResult
	Province  string
	Winner    string
	Captives  string
	Applied   bool
}

// RetreatText is the answer to /retreat: the table of d3s per unit and
// item (E1-R4), the risk roll each character owes (E1-Q5), or, with nowhere
// to go, each unit's fate (E1-R5); then the E1-R3 checklist.
func RetreatText(lang Lang, rep RetreatReport) string {
	a := &rep.Army
	lines := []string{T(lang, "calc.retreat.head", calcArmyName(a), rep.Roster.Turn)}
	if rep.Nowhere {
		lines = append(lines, T(lang, "calc.retreat.nowhere", calcOr(rep.Province, "—")))
		for _, f := range rep.Surrender {
			name := calcUnitName(a, f.UnitID)
			switch f.Fate {
			case campaign.ShutInCastle:
				lines = append(lines, T(lang, "calc.retreat.castle", name))
			case campaign.DispersedHome:
				lines = append(lines, T(lang, "calc.retreat.home", name))
			case campaign.Surrendered:
				if f.Destroyed {
					lines = append(lines, T(lang, "calc.retreat.wiped", name, f.Roll.Die))
				} else {
					lines = append(lines, T(lang, "calc.retreat.surrender", name, f.Roll.Die, T(lang, "calc.figs", f.Figures)))
				}
			}
		}
		if rep.Captives != "" {
			lines = append(lines, T(lang, "calc.retreat.captives", calcClanName(&rep.Roster, rep.Winner), rep.Captives))
		} else if calcAnySurrendered(rep.Surrender) {
			lines = append(lines, T(lang, "calc.retreat.no_winner"))
		}
		lines = append(lines, T(lang, "calc.retreat.chars"))
	} else {
		if len(rep.Items) == 0 {
			lines = append(lines, T(lang, "calc.retreat.no_items"))
		} else {
			var names []string
			for i, it := range rep.Items {
				names = append(names, strconv.Itoa(i+1)+") "+RetreatItemName(lang, it))
			}
			lines = append(lines, T(lang, "calc.retreat.items", strings.Join(names, "; ")))
			for _, l := range rep.Losses {
				var dice []string
				for _, r := range l.Rolls {
					dice = append(dice, T(lang, "calc.retreat.d3", r.Die, r.Result))
				}
				after := T(lang, "calc.figs", l.Figures)
				switch {
				case l.Beyond > 0:
					after = T(lang, "calc.retreat.beyond", l.Beyond)
				case l.Destroyed:
					after = T(lang, "calc.retreat.destroyed")
				}
				lines = append(lines, T(lang, "calc.retreat.unit",
					calcUnitName(a, l.UnitID)+" ("+strconv.Itoa(l.Before)+")", strings.Join(dice, ", "), l.Losses, after))
			}
		}
		if len(rep.Risks) > 0 {
			lines = append(lines, T(lang, "calc.retreat.risk_head"))
			for _, rk := range rep.Risks {
				var what string
				switch {
				case rk.Unknown:
					what = T(lang, "calc.retreat.risk_unknown")
				case rk.Kind == campaign.RiskDestroyed && rk.Beyond == 0:
					what = T(lang, "calc.retreat.risk_dest0")
				case rk.Kind == campaign.RiskDestroyed:
					what = T(lang, "calc.retreat.risk_dest", rk.Beyond)
				case rk.Kind == campaign.RiskLostMoreThan:
					what = T(lang, "calc.retreat.risk_more")
				default:
					what = T(lang, "calc.retreat.risk_none")
				}
				if rk.Brawler && (rk.Unknown || rk.Kind != campaign.NoRisk) {
					what += T(lang, "calc.retreat.brawler")
				}
				who := calcPersonName(&rep.Roster, rk.Character)
				if rk.Unit == "" {
					lines = append(lines, T(lang, "calc.retreat.risk_nounit", who, what))
				} else {
					lines = append(lines, T(lang, "calc.retreat.risk", who, calcUnitName(a, rk.Unit), what))
				}
			}
		}
		if a.ForcedMarch {
			lines = append(lines, T(lang, "calc.retreat.forced_off"))
		}
	}
	if rep.Applied {
		lines = append(lines, T(lang, "calc.applied"))
	} else {
		lines = append(lines, T(lang, "calc.preview"))
	}
	return strings.Join(lines, "\n") + "\n\n" + RetreatChecklistText(lang)
}

// RetreatChecklistText is the E1-R3 checklist for the GM: the seed's words
// in Russian, EXTRAS' in English.
// The destinations come first; the narrow pass, a condition on every route,
// and the rules follow under their own heading (E1-R3).
func RetreatChecklistText(lang Lang) string {
	lines := []string{T(lang, "calc.retreat.check_head")}
	headed := false
	for _, c := range campaign.RetreatChecklist {
		if c.Kind != "destination" && !headed {
			lines, headed = append(lines, T(lang, "calc.retreat.check_every")), true
		}
		text := c.Label
		if lang == EN {
			text = c.Text
		}
		lines = append(lines, "• "+text+" ("+c.ID+")")
	}
	return strings.Join(lines, "\n")
}

// RetreatItemName names a loss instance of campaign.RetreatItems.
func RetreatItemName(lang Lang, item string) string {
	p := strings.Split(item, ".")
	n := func(i int) int {
		if i < len(p) {
			v, _ := strconv.Atoi(p[i])
			return v
		}
		return 0
	}
	switch {
	case item == "forced_march" || item == "cut_off":
		return T(lang, "calc.item."+item)
	case p[0] == "border":
		return T(lang, "calc.item.border", n(1))
	case p[0] == "province":
		return T(lang, "calc.item.province", n(1))
	case p[0] == "crossing" && len(p) == 4:
		return T(lang, "calc.item.shore", n(1), n(3))
	case p[0] == "crossing":
		return T(lang, "calc.item.squadron", n(1))
	}
	return item
}

// ControlText is the answer to /control: the automatic case, or both
// sides' ash-eq, the scaled 2d6 against its target (E1-C3..C6, E1-Q7) and
// the new O&C and AL (E1-C7, E1-Q8), the former O&C to remember and the
// forced retreat (E1-C8).
func ControlText(lang Lang, province string, method campaign.Method, r campaign.ControlResult) string {
	if r.Automatic != "" {
		s := T(lang, "calc.control.auto", province, r.Automatic, T(lang, "calc.auto."+r.Automatic))
		return s + "\n" + T(lang, "calc.control.oc", r.OC, r.AL)
	}
	lines := []string{T(lang, "calc.control.head", province, T(lang, "calc.method."+string(method)), r.Check.Target)}
	lines = append(lines, calcCheckLines(lang, r.Parts, r.Check)...)
	if r.Success {
		lines = append(lines, T(lang, "calc.control.oc", r.OC, r.AL))
		if r.FormerOC != nil {
			lines = append(lines, T(lang, "calc.control.former", *r.FormerOC))
		}
	} else {
		lines = append(lines, T(lang, "calc.control.kept", r.OC, r.AL))
		if r.MustRetreat {
			lines = append(lines, T(lang, "calc.control.retreat"))
		} else {
			lines = append(lines, T(lang, "calc.control.no_retreat"))
		}
	}
	return strings.Join(lines, "\n")
}

// SuppressReport is a suppression shown or applied (E1-S).
type SuppressReport struct {
	Province string
	Kind     campaign.RevoltKind
	Method   campaign.Method
	Army     campaign.Army // before the losses
	Result   campaign.SuppressResult
	Applied  bool
}

// SuppressText is the answer to /suppress: the rebels (E1-S2), the same
// check as control (E1-Q9), and the units that lose a figure (E1-S3).
func SuppressText(lang Lang, rep SuppressReport) string {
	r := rep.Result
	lines := []string{T(lang, "calc.suppress.head", T(lang, "calc.kind."+string(rep.Kind)), rep.Province,
		T(lang, "calc.method."+string(rep.Method)), r.Check.Target)}
	if len(r.RebelRolls) > 0 {
		lines = append(lines, T(lang, "calc.suppress.rebels", len(r.RebelRolls), calcDice(r.RebelRolls), r.RebelSamurai))
	}
	lines = append(lines, calcCheckLines(lang, r.Parts, r.Check)...)
	if r.Success {
		lines = append(lines, T(lang, "calc.suppress.cost_win", r.UnitsToHit))
	} else {
		lines = append(lines, T(lang, "calc.suppress.cost_fail", calcDice(r.CostRolls), r.UnitsToHit))
	}
	for _, h := range r.Hits {
		lines = append(lines, T(lang, "calc.suppress.hit", calcUnitName(&rep.Army, h.UnitID), h.Figures, h.Left))
	}
	lines = append(lines, T(lang, "calc.suppress.al", r.AL))
	if rep.Applied {
		lines = append(lines, T(lang, "calc.applied"))
	} else {
		lines = append(lines, T(lang, "calc.preview"))
	}
	return strings.Join(lines, "\n")
}

// calcCheckLines are the strength of both sides and the scaled roll.
func calcCheckLines(lang Lang, parts []campaign.AshEqPart, c campaign.Check) []string {
	var out []string
	out = append(out, T(lang, "calc.own", c.Own))
	if c.Automatic {
		return append(out, T(lang, "calc.no_resist"))
	}
	var ps []string
	for _, p := range parts {
		ps = append(ps, calcPartName(lang, p))
	}
	out = append(out, T(lang, "calc.resist", strings.Join(ps, " + "), c.Resist))
	out = append(out, T(lang, "calc.dice", calcDice(c.Rolls)))
	return append(out, CheckFormula(lang, c))
}

// CheckFormula is the scaled 2d6 as arithmetic (E1-Q7):
// "(2к6 = 6 + 2) × 120 / 140 = 6,86 → 7 ≥ 5: успех".
func CheckFormula(lang Lang, c campaign.Check) string {
	sum := strconv.Itoa(c.Dice)
	if c.Bonus > 0 {
		sum += " + " + strconv.Itoa(c.Bonus)
	}
	exact := float64((c.Dice+c.Bonus)*c.Own) / float64(c.Resist)
	val := strconv.Itoa(c.Value)
	if (c.Dice+c.Bonus)*c.Own%c.Resist != 0 {
		frac := fmt.Sprintf("%.2f", exact)
		if lang != EN {
			frac = strings.Replace(frac, ".", ",", 1)
		}
		val = frac + " → " + val
	}
	cmpSign, outcome := " ≥ ", T(lang, "calc.success")
	if !c.Success {
		cmpSign, outcome = " < ", T(lang, "calc.failure")
	}
	return T(lang, "calc.check", sum, c.Own, c.Resist, val+cmpSign+strconv.Itoa(c.Target), outcome)
}

// calcPartName names a line of a strength breakdown (campaign's labels).
func calcPartName(lang Lang, p campaign.AshEqPart) string {
	var kind string
	var g, k int
	switch {
	case p.Label == "levy samurai":
		return T(lang, "calc.part.levy", p.AshEq/campaign.SamuraiAshEq)
	case p.Label == "minor house":
		return T(lang, "calc.part.minor", p.AshEq/campaign.SamuraiAshEq)
	case p.Label == "sohei":
		return T(lang, "calc.part.sohei", p.AshEq/campaign.SoheiAshEq)
	case p.Label == "rebel ashigaru":
		return T(lang, "calc.part.rebel_ashigaru", p.AshEq)
	case p.Label == "rebel samurai":
		return T(lang, "calc.part.rebel_samurai", p.AshEq/campaign.SamuraiAshEq)
	}
	if n, _ := fmt.Sscanf(p.Label, "%s garrison %d ×%d", &kind, &g, &k); n == 3 {
		return T(lang, "calc.part.fort", T(lang, "calc.fort."+kind), g, k)
	}
	return p.Label + " " + strconv.Itoa(p.AshEq)
}

// SecessionText is the answer to /secession: the house state (E1-K1,
// E1-K2, E1-Q18), each province's d6 against its chance, and the possible
// regents or the recruit to make.
func SecessionText(lang Lang, r campaign.Roster, clan string, state campaign.Succession, res campaign.SecessionResult) string {
	lines := []string{T(lang, "calc.secession.head", calcClanName(&r, clan))}
	shrine := ""
	if c, ok := r.Clan(clan); ok {
		shrine = c.Shrine
	}
	switch state {
	case campaign.Extinct:
		return strings.Join(append(lines, T(lang, "calc.secession.extinct")), "\n")
	case campaign.HouseHasHeir:
		return strings.Join(append(lines, T(lang, "calc.secession.heir")), "\n")
	case campaign.OnlyWomen:
		lines = append(lines, T(lang, "calc.secession.women", shrine))
	default:
		lines = append(lines, T(lang, "calc.secession.minors", shrine))
	}
	if len(res.Rolls) == 0 {
		lines = append(lines, T(lang, "calc.secession.none"))
	}
	for _, roll := range res.Rolls {
		p := strings.TrimPrefix(roll.Key, "secession.")
		what := T(lang, "calc.secession.loyal")
		if roll.Success {
			what = "**" + T(lang, "calc.secession.breaks") + "**"
		}
		lines = append(lines, T(lang, "calc.secession.roll", p, roll.Die, roll.Target, what))
	}
	if res.Recruit {
		lines = append(lines, T(lang, "calc.secession.recruit"))
	} else {
		var names []string
		for _, id := range res.Regents {
			names = append(names, calcPersonName(&r, id))
		}
		lines = append(lines, T(lang, "calc.secession.regents", strings.Join(names, ", ")))
	}
	lines = append(lines, T(lang, "calc.secession.once"))
	return strings.Join(lines, "\n")
}

// calcDice lists pool dice: "4 + 2".
func calcDice(rolls []campaign.Roll) string {
	var out []string
	for _, r := range rolls {
		out = append(out, strconv.Itoa(r.Die))
	}
	return strings.Join(out, " + ")
}

func calcAnySurrendered(fs []campaign.SurrenderResult) bool {
	for _, f := range fs {
		if f.Fate == campaign.Surrendered && !f.Destroyed {
			return true
		}
	}
	return false
}

func calcOr(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

func calcArmyName(a *campaign.Army) string { return calcOr(a.Name, a.ID) }

func calcUnitName(a *campaign.Army, id string) string {
	if i := a.UnitIndex(id); i >= 0 {
		return calcOr(a.Units[i].Name, id)
	}
	return id
}

func calcPersonName(r *campaign.Roster, id string) string {
	if p, ok := r.Person(id); ok {
		return calcOr(p.Name, id)
	}
	return id
}

func calcClanName(r *campaign.Roster, id string) string {
	if c, ok := r.Clan(id); ok {
		return calcOr(c.Name, id)
	}
	return id
}
