package render

// Texts of the gunbai command line (issue 24, item 9): the errors of
// gunbai why, verify, export, backup, reshard and rules, in the language
// of their -lang, as their reports are.
var cliTexts = texts{
	"cli.lang_bad":        {"-lang: язык — ru или en, а не %q", "-lang: the language is ru or en, not %q"},
	"cli.is_folder":       {"%s — это папка, а не файл; укажите путь к файлу в ней (например, gunbai.db)", "%s is a folder, not a file; give the path of the file in it (such as gunbai.db)"},
	"cli.no_file":         {"файла %s нет", "there is no file %s"},
	"cli.no_battle":       {"битвы %q нет в %s; битвы в нём: %s", "there is no battle %q in %s; its battles: %s"},
	"cli.no_battle_empty": {"битвы %q нет в %s: в нём нет ни одной битвы", "there is no battle %q in %s: it holds none"},
	"cli.battle_item":     {"%s («%s»)", "%s (“%s”)"},
	"cli.why_turn":        {"битва «%s»: ход %d не разыгран; разыгранные ходы: %s", "battle “%s”: turn %d is not resolved; the resolved turns: %s"},
	"cli.why_no_turns":    {"битва «%s»: ход %d не разыгран, разыгранных ходов нет", "battle “%s”: turn %d is not resolved, and no turn is"},
	"cli.why_turn_bad":    {"ХОД — номер хода, а не %q", "TURN is a turn number, not %q"},
	"cli.why_unit":        {"в битве «%s» нет отряда или предводителя %q; есть: %s", "battle “%s” has no unit or leader %q; it has: %s"},
	"cli.why_nothing":     {"В этот ход с ним ничего не случилось.", "Nothing happened to it in that turn."},
	"cli.rules_unknown":   {"нет правила или решения %q; номера выглядят так: VIII.4.4, реш. D-34 (весь справочник: gunbai rules)", "there is no rule or decision %q; IDs look like R-VIII.4.4 or D-34 (the whole rulebook: gunbai rules)"},
}
