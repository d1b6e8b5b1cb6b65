package render

// Texts of verification (issue 14, items 5 and 6): /verify turn:, the
// GM's /battle export, and the reports of gunbai verify, export and
// backup, which word a game.Report line by line.
var verifyTexts = map[string]msg{
	// /verify.
	"cmd.verify.name":             {"проверка", "verify"},
	"cmd.verify.desc":             {"Проверить разыгранный ход: зерно костей, его опубликованный хэш, каждую кость", "Check a resolved turn: its dice seed, the hash published, every die"},
	"cmd.verify.opt.turn.name":    {"ход", "turn"},
	"cmd.verify.opt.turn.desc":    {"Разыгранный ход", "A resolved turn"},
	"cmd.verify.opt.battle.name":  {"битва", "battle"},
	"cmd.verify.opt.battle.desc":  {"Битва (если вы не в клане идущей битвы; мастер называет её)", "The battle (if you are in no clan of a battle being fought; the GM names it)"},
	"cmd.battle.export.name":      {"выгрузка", "export"},
	"cmd.battle.export.desc":      {"Битва файлом JSON для gunbai verify: ходы, зёрна, приказы, журнал", "The battle as a JSON file for gunbai verify: turns, seeds, orders, journal"},
	"err.verify_which":            {"Какую битву проверить? Назовите её: /проверка битва:", "Which battle? Name it: /verify battle:"},
	"err.verify_not_yours":        {"Ходы битвы «%s» проверяют её кланы и мастер.", "The turns of “%s” are verified by its clans and the GM."},
	"complete.verify_turn":        {"ход %d — %s", "turn %d — %s"},
	"verify.answer_title":         {"Проверка хода %d битвы «%s»", "Verification of turn %d of “%s”"},
	"verify.answer_seed":          {"Зерно костей хода: `%s`", "The turn's dice seed: `%s`"},
	"verify.answer_hash":          {"Хэш, опубликованный при открытии хода: `%s`", "The hash published when the turn opened: `%s`"},
	"verify.answer_hash_ok":       {"Верно: SHA-256 зерна и есть этот хэш, и он записан в журнал до первой кости хода.", "Right: the seed's SHA-256 is that hash, and it was journaled before the turn's first die."},
	"verify.answer_hash_old":      {"Верно: SHA-256 зерна и есть этот хэш (журнала у хода нет: битва старше журнала).", "Right: the seed's SHA-256 is that hash (the turn has no journal: the battle is older than it)."},
	"verify.answer_orders_ok":     {"Верно: приказы вскрыты такими, какими были запечатаны, — Север `%s`, Юг `%s`.", "Right: the orders were opened as they were sealed — North `%s`, South `%s`."},
	"verify.answer_dice_ok":       {"Верно: каждая кость хода пересчитывается из зерна — %d {1:кость|кости|костей} командных бросков и %d {2:событие|события|событий} хода, в них %d {3:кость|кости|костей}.", "Right: every die of the turn recomputes from the seed — %d command-roll {1:die|dice} and %d {2:event|events}, with %d {3:die|dice} in them."},
	"verify.answer_chain_ok":      {"Верно: цепочка журнала цела, %d {1:запись|записи|записей}, вершина `%s`.", "Right: the journal's chain holds, %d {1:entry|entries}, head `%s`."},
	"verify.answer_bad":           {"НЕ СХОДИТСЯ: %s", "MISMATCH: %s"},
	"verify.answer_how":           {"Проверить самому: `gunbai verify` на выгрузке битвы (её даёт мастеру /битва выгрузка).", "Check it yourself: `gunbai verify` on the battle's export (the GM gets it with /battle export)."},
	"bot.exported":                {"Выгрузка битвы «%s»: %d {2:разыгранный ход|разыгранных хода|разыгранных ходов} с раскрытыми зёрнами, приказами, бросками и событиями, и журнал. Проверка: `gunbai verify %s`.", "Export of “%s”: %d resolved {2:turn|turns} with their revealed seeds, orders, rolls and events, and the journal. To check it: `gunbai verify %s`."},
	"bot.exported_open":           {"Ход %d идёт: из него выгружен только хэш зерна, журнал — до его тайн (%d из %d записей).", "Turn %d is under way: only its seed's hash is exported, and the journal up to its secrets (%d of %d entries)."},
	"bot.exported_alt":            {"Выгрузка битвы «%s» в JSON", "Export of “%s” as JSON"},
	"verify.where.turn":           {"ход %d", "turn %d"},
	"verify.where.event":          {"событие №%d", "event #%d"},
	"verify.where.entry":          {"запись журнала %d", "journal entry %d"},
	"verify.where.journal":        {"журнал", "the journal"},
	"verify.mismatch":             {"НЕ СХОДИТСЯ — битва «%s» (%s), %s: %s", "MISMATCH — battle “%s” (%s), %s: %s"},
	"verify.bad.chain_number":     {"запись на %d-м месте журнала стоит под номером %d: запись вставлена или удалена", "the journal's entry at place %d is numbered %d: an entry was inserted or removed"},
	"verify.bad.chain":            {"запись %d не продолжает цепочку: в ней хэш предыдущей записи %s, а предыдущая запись даёт %s — она изменена", "entry %d does not go on from the one before: it holds the hash %s, the one before hashes to %s — that one was changed"},
	"verify.bad.head":             {"файл называет вершиной журнала %s, а его записи дают %s", "the file gives the journal's head as %s, its entries give %s"},
	"verify.bad.seed_hex":         {"зерно %q не записано шестнадцатеричными цифрами", "the seed %q is not written in hex"},
	"verify.bad.seed":             {"зерно %s даёт хэш %s, а опубликован был %s", "the seed %s hashes to %s, but %s was published"},
	"verify.bad.seed_unpublished": {"в журнале нет хэша зерна хода (%s): он не был опубликован до костей", "the journal has no hash of the turn's seed (%s): it was not published before the dice"},
	"verify.bad.seed_journal":     {"журнал (запись %d) опубликовал хэш %s, а у хода хэш %s: зерно подменено", "the journal (entry %d) published the hash %s, the turn has %s: the seed was replaced"},
	"verify.bad.seed_unrevealed":  {"журнал не раскрывает зерно хода", "the journal does not reveal the turn's seed"},
	"verify.bad.seed_revealed":    {"журнал (запись %d) раскрыл зерно %s, а у хода зерно %s", "the journal (entry %d) revealed the seed %s, the turn has %s"},
	"verify.bad.orders_unsealed":  {"в журнале нет печати и вскрытия приказов стороны", "the journal has no seal and opening of the side's orders"},
	"verify.bad.orders_open":      {"приказы вскрыты (запись %d) с хэшем %s, а запечатаны (запись %d) с хэшем %s", "the orders were opened (entry %d) as %s, but sealed (entry %d) as %s"},
	"verify.bad.orders":           {"приказы дают хэш %s, а запечатаны были с хэшем %s (запись журнала %d): их изменили после печати", "the orders hash to %s, but were sealed as %s (journal entry %d): they were changed after the seal"},
	"verify.bad.command":          {"командный бросок, бросок %d: записано %s, а зерно даёт %s", "the command roll, roll %d: %s stored, the seed gives %s"},
	"verify.bad.resolve":          {"ход не рассчитывается заново: %s", "the turn cannot be resolved again: %s"},
	"verify.bad.event":            {"событие №%d (%s) не совпадает; записано / пересчитано: %s", "event #%d (%s) differs; stored / recomputed: %s"},
	"verify.bad.events":           {"записано %d {1:событие|события|событий}, а пересчёт даёт %d", "%d {1:event|events} stored, resolving again gives %d"},

	// gunbai verify, export, backup.
	"verify.source_store":  {"Проверено хранилище %s: %d {2:битва|битвы|битв}.", "Checked the store %s: %d {2:battle|battles}."},
	"verify.source_live":   {"Проверено хранилище %s (копия, снятая на ходу: бот работает): %d {2:битва|битвы|битв}.", "Checked the store %s (a copy taken while the bot runs): %d {2:battle|battles}."},
	"verify.source_export": {"Проверена выгрузка %s: %d {2:битва|битвы|битв}.", "Checked the export %s: %d {2:battle|battles}."},
	"verify.battle":        {"Битва «%s» (%s): %s, ход %d.", "Battle “%s” (%s): %s, turn %d."},
	"verify.battle_over":   {"Битва «%s» (%s): %s.", "Battle “%s” (%s): %s."},
	"verify.journal":       {"  журнал: %d {1:запись|записи|записей}, цепочка цела, вершина %s", "  journal: %d {1:entry|entries}, the chain holds, head %s"},
	"verify.journal_cut":   {"  журнал: %d из %d записей (дальше тайны идущего хода), цепочка цела, последняя %s", "  journal: %d of %d entries (the rest are the secrets of the turn under way), the chain holds, the last %s"},
	"verify.journal_none":  {"  журнала нет (битва старше журнала): ходы проверены только пересчётом", "  no journal (the battle is older than the journal): its turns are checked by resolving them again only"},
	"verify.journal_late":  {"  (журнал ведётся не с начала битвы: ходы до него проверены только пересчётом)", "  (the journal was not kept from the battle's start: the turns before it are checked by resolving them again only)"},
	"verify.turn":          {"  ход %d: зерно %s даёт опубликованный хэш %s; приказы Севера (%d) и Юга (%d) вскрыты как запечатаны; %d {6:кость|кости|костей} командных бросков и %d {7:событие|события|событий} хода с %d {8:костью|костями|костями} пересчитаны из зерна", "  turn %d: the seed %s hashes to the hash published, %s; the orders of North (%d) and South (%d) opened as sealed; %d command-roll {6:die|dice} and %d {7:event|events} with %d {8:die|dice} recomputed from the seed"},
	"verify.turn_old":      {"  ход %d: зерно %s даёт хэш хода %s (журнала у хода нет); приказы Севера (%d) и Юга (%d); %d {6:кость|кости|костей} командных бросков и %d {7:событие|события|событий} хода с %d {8:костью|костями|костями} пересчитаны из зерна", "  turn %d: the seed %s hashes to the turn's hash %s (the turn has no journal); the orders of North (%d) and South (%d); %d command-roll {6:die|dice} and %d {7:event|events} with %d {8:die|dice} recomputed from the seed"},
	"verify.open":          {"  ход %d идёт: опубликован только хэш его зерна %s", "  turn %d under way: only its seed's hash %s is published"},
	"verify.ok":            {"Всё сходится: %d {1:ход|хода|ходов}, %d {2:кость|кости|костей}, %d {3:печать|печати|печатей} приказов, %d {4:запись|записи|записей} журнала.", "Everything matches: %d {1:turn|turns}, %d {2:die|dice}, %d orders {3:seal|seals}, %d journal {4:entry|entries}."},
	"export.written":       {"Выгружено битв: %d, разыгранных ходов в них: %d.", "Exported %d {1:battle|battles}, %d resolved {2:turn|turns}."},
	"backup.written":       {"Копия %s → %s: %d байт; проверена, битв в ней: %d.", "Copied %s to %s: %d bytes; checked, battles in it: %d."},
	"reshard.source":       {"%s (обслуживал: %s): взято %d {3:сервер|сервера|серверов}, %d {4:пост|поста|постов} к отправке, %d {5:живое сообщение|живых сообщения|живых сообщений}, %d {6:лист приказов|листа приказов|листов приказов}.", "%s (it served %s): %d {3:server|servers} taken, %d owed {4:post|posts}, %d live {5:message|messages}, %d order {6:sheet|sheets}."},
	"reshard.served_all":   {"все серверы, без шардов", "every server, unsharded"},
	"reshard.served":       {"шарды %s из %d", "shards %s of %d"},
	"reshard.skipped":      {"  оставлены копии серверов, которые обслуживал другой процесс: %s", "  left behind, copies of servers another process served: %s"},
	"reshard.dropped":      {"  %d {1:лист приказов не перенесён|листа приказов не перенесены|листов приказов не перенесены} (номер уже занят): игроки откроют новые командой /приказы", "  %d order {1:sheet|sheets} not moved (the ID was taken): the players open new ones with /orders"},
	"reshard.written":      {"Новое хранилище %s для %s: %d {3:сервер|сервера|серверов}, битв: %d. Запустите его процесс с этими шардами.", "New store %s for %s: %d {3:server|servers}, %d battles. Start its process with these shards."},
	"backup.written_live":  {"Копия %s → %s (снята на ходу: бот работает): %d байт; проверена, битв в ней: %d.", "Copied %s to %s (taken while the bot runs): %d bytes; checked, battles in it: %d."},
}

func init() {
	for k, v := range verifyTexts {
		catalogue[k] = v
	}
}
