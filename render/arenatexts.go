package render

// gunbai arena (issue 30 item 2): its usage, flags, progress, errors and
// the table it prints, in both languages; and the demo's -ai (item 5).
var arenaTexts = texts{
	"cli.list.arena": {"сыграть политики друг против друга (ИИ, sim): победы, рейтинг, время решения", "play policies against each other (the AI, sim): wins, rating, decision time"},

	"cli.flag.arena.a":         {"`ПОЛИТИКА` A: ai (генерал с бюджетом по умолчанию), ai:N (N симулированных ходов на решение) или sim (политика engine/sim)", "`POLICY` A: ai (the general at its default budget), ai:N (N simulated turns a decision) or sim (engine/sim's policy)"},
	"cli.flag.arena.b":         {"`ПОЛИТИКА` B, как у -a", "`POLICY` B, as for -a"},
	"cli.flag.arena.battles":   {"`N` расстановок engine/sim; каждая играется с обеих сторон", "`N` engine/sim deployments; each is played from both sides"},
	"cli.flag.arena.scenarios": {"играть и встроенные сценарии, каждый с обеих сторон", "play the built-in scenarios too, each from both sides"},
	"cli.flag.arena.seed":      {"`ЗЕРНО` арены: расстановки (с него), кости и зёрна решений каждой битвы", "the arena's `SEED`: the deployments (from it on), each battle's dice and decisions' seeds"},
	"cli.flag.arena.workers":   {"`N` битв одновременно (0 — по числу ядер, GOMAXPROCS)", "`N` battles at once (0: one per core, GOMAXPROCS)"},
	"cli.flag.arena.full":      {"полный замер задачи: ai с бюджетом по умолчанию против sim, 200 расстановок (≥ 400 битв); так же GUNBAI_FULL=1; явные флаги главнее", "the issue's full measurement: ai at its default budget against sim, 200 deployments (≥ 400 battles); GUNBAI_FULL=1 likewise; flags given win"},
	"cli.flag.arena.json":      {"напечатать итог и каждую битву в JSON вместо таблицы", "print the summary and every battle as JSON instead of the table"},
	"cli.flag.arena.lang":      {"язык таблицы и ошибок (`ru|en`)", "the language of the table and of the errors (`ru|en`)"},

	"cli.help.arena": {`использование: gunbai arena [-a ПОЛИТИКА] [-b ПОЛИТИКА] [-battles N] [-scenarios] [-seed ЗЕРНО] [-workers N] [-full] [-json] [-lang ru|en]

Играет политику A против политики B во многих битвах, как бот играет ход
(командный бросок, приказы в его пределах, каждая сторона видит только своё),
на всех ядрах машины, и печатает таблицу: битвы, победы, ничьи и поражения,
долю побед среди решённых битв с 95-процентным интервалом Уилсона, разницу
рейтинга (Эло, ничья — пол-очка) с 95-процентным интервалом, среднее время
решения, симулированные ходы на решение и в секунду. Каждое начало — расстановка
engine/sim или встроенный сценарий — играется дважды: A за Север, затем A за
Юг. Битвы посеяны зерном арены и своим номером: то же зерно — те же исходы
(кроме времени). Ход игры пишется в stderr.

Без флагов — короткая форма для CI: ai:200 против sim, 2 расстановки и 2
сценария с обеих сторон (8 битв). -full — полный замер задачи (≥ 400 битв,
ai с бюджетом по умолчанию против sim): минуты на многоядерной машине.
Код выхода 2 — неверные флаги или политика, 1 — битва не доиграна.

примеры:
  gunbai arena
  gunbai arena -a ai:2000 -b ai:500 -battles 50
  gunbai arena -full -json > arena.json

флаги:
%s`, `usage: gunbai arena [-a POLICY] [-b POLICY] [-battles N] [-scenarios] [-seed SEED] [-workers N] [-full] [-json] [-lang ru|en]

Plays policy A against policy B over many battles, as the bot plays a turn
(the command roll, orders held to it, each side seeing only its own view),
on every core of the machine, and prints a table: battles, wins, draws and
losses, the win rate of the decided battles with its 95 per cent Wilson
interval, the rating difference (Elo, a draw half a point) with its 95 per
cent interval,
the average decision time, and simulated turns a decision and a second.
Every start, an engine/sim deployment or a built-in scenario, is played
twice: A as the North, then A as the South. The battles are seeded by the
arena's seed and their index: the same seed gives the same outcomes (the
timings aside). The progress goes to stderr.

Without flags it is CI's short form: ai:200 against sim, 2 deployments and
the 2 scenarios from both sides (8 battles). -full is the issue's full
measurement (≥ 400 battles, ai at its default budget against sim): minutes
on a many-core machine. Exit status 2 for bad flags or a bad policy, 1 if a
battle could not be played out.

examples:
  gunbai arena
  gunbai arena -a ai:2000 -b ai:500 -battles 50
  gunbai arena -full -json > arena.json

flags:
%s`},

	"cli.demo_ai_bad":       {"-ai: сторона — north или south (север или юг), а не %q", "-ai: the side is north or south, not %q"},
	"cli.arena.bad_policy":  {"-%s: нет политики %q; есть ai, ai:N (N ≥ 1) и sim", "-%s: there is no policy %q; there are ai, ai:N (N ≥ 1) and sim"},
	"cli.arena.bad_count":   {"-%s: нужно число не меньше 0, а не %d", "-%s: want a number of 0 or more, not %d"},
	"cli.arena.no_starts":   {"нечего играть: -battles 0 и -scenarios=false", "nothing to play: -battles 0 and -scenarios=false"},
	"cli.arena.starting":    {"арена: %s против %s, %d {3:битва|битвы|битв} (%d × 2 стороны), зерно %d, %d {6:поток|потока|потоков}", "arena: %s against %s, %d {3:battle|battles} (%d × 2 sides), seed %d, %d {6:worker|workers}"},
	"cli.arena.progress":    {"арена: %s (%d из %d)", "arena: %s (%d of %d)"},
	"cli.arena.left":        {"осталось ≈ %s", "≈ %s left"},
	"cli.arena.failed":      {"%d {1:битва не доиграна|битвы не доиграны|битв не доиграно}, первая: %s", "%d {1:battle was|battles were} not played out, the first: %s"},
	"cli.arena.title":       {"%s (A) против %s (B), зерно %d", "%s (A) against %s (B), seed %d"},
	"cli.arena.col.policy":  {"политика", "policy"},
	"cli.arena.col.battles": {"битв", "battles"},
	"cli.arena.col.wins":    {"побед", "wins"},
	"cli.arena.col.draws":   {"ничьих", "draws"},
	"cli.arena.col.losses":  {"поражений", "losses"},
	"cli.arena.col.winrate": {"доля побед [%s]", "win rate [%s]"},
	"cli.arena.col.rating":  {"рейтинг [%s]", "rating [%s]"},
	"cli.arena.col.time":    {"время решения", "decision time"},
	"cli.arena.col.sims":    {"сим. ходов/решение", "sim. turns/decision"},
	"cli.arena.col.speed":   {"сим. ходов/с", "sim. turns/s"},
	"cli.arena.ms":          {"%s мс", "%s ms"},
	"cli.arena.legend": {`доля побед — среди решённых битв (без ничьих), интервал Уилсона; рейтинг — разница
Эло к сопернику по очкам (ничья — пол-очка), интервал по стандартной ошибке очков;
время решения — командный бросок и приказы одного хода; сим. ходов — ходов битвы,
разыгранных поиском`, `win rate: of the decided battles (draws left out), Wilson interval; rating: the
Elo difference to the opponent from the score (a draw half a point), interval from
the score's standard error; decision time: a turn's command roll and orders; sim.
turns: battle turns the search played out`},
}
