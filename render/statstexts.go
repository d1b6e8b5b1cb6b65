package render

// Texts of /stats (issue 14, item 8).
var statsTexts = texts{
	"cmd.stats.name": {"статистика", "stats"},
	"cmd.stats.desc": {"Итоги кланов в законченных битвах этого сервера", "The clans' record in this server's finished battles"},
	"stats.none":     {"На этом сервере ещё нет законченных битв.", "No battle of this server has finished yet."},
	"stats.header":   {"Итоги кланов в законченных битвах:", "The clans' record in finished battles:"},
	"stats.line": {"• %s: %d {2:битва|битвы|битв} — побед %d, поражений %d, ничьих %d; потеряно фигур %d, уничтожено у врага %d; пропущено ходов %d",
		"• %s: %d {2:battle|battles} — %d won, %d lost, %d drawn; %d figures lost, %d inflicted; %d turns missed"},
	"stats.unfinished": {" (и ещё %d {1:битва закончена|битвы закончены|битв закончено} мастером без исхода)", " (and %d ended by the GM without an outcome)"},
}
