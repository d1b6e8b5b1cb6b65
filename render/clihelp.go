package render

// The usage texts of the gunbai command line (issue 25): gunbai's list of
// commands and each command's -h, in the language of its -lang or of the
// environment (LANG). A text whose flags are printed from the command's
// flag set has a place for them, and each of those flags a text of its
// own, "cli.flag.<command>.<flag>".
var cliHelpTexts = texts{
	"cli.usage":          {"использование:", "usage:"},
	"cli.example":        {"пример:", "example:"},
	"cli.help_for":       {"(gunbai %s -h — справка)", "(gunbai %s -h for help)"},
	"cli.unexpected_arg": {"gunbai %s: лишний аргумент %q", "gunbai %s: unexpected argument %q"},
	"cli.unknown_cmd":    {"gunbai: неизвестная команда %q", "gunbai: unknown command %q"},
	"cli.unknown_help":   {"gunbai help: неизвестная команда %q", "gunbai help: unknown command %q"},
	"cli.flag_default":   {"(по умолчанию ", "(default "},
	"cli.examples": {`  gunbai sandbox     # игра в браузере на http://127.0.0.1:8080/, Discord не нужен
  gunbai demo        # встроенная битва без сети, в папку out/
  gunbai rules       # правила, все правила и решения (-lang en: по-английски)
  gunbai run -h      # как запустить бота
`, `  gunbai sandbox     # play in a browser at http://127.0.0.1:8080/, no Discord needed
  gunbai demo        # play the built-in battle offline into out/
  gunbai rules       # the rules, every rule and decision (-lang en: in English)
  gunbai run -h      # how to start the bot
`},

	"cli.list.run":               {"запустить бота Discord (токен в настройках или GUNBAI_TOKEN)", "run the Discord bot (token in the config or GUNBAI_TOKEN)"},
	"cli.list.sandbox":           {"игра в браузере: настоящий бот на встроенном Discord", "play in a browser: the real bot on an embedded Discord"},
	"cli.list.demo":              {"встроенная битва без сети; пишет DIR/turn-N.png и журналы", "play a built-in battle offline; writes DIR/turn-N.png and logs"},
	"cli.list.case":              {"прогнать файлы случаев движка (см. engine/testdata/cases/README.md)", "run engine case files (see engine/testdata/cases/README.md)"},
	"cli.list.commands":          {"показать слэш-команды так, как их получает Discord", "print the slash commands as they are sent to Discord"},
	"cli.list.commands_register": {"зарегистрировать их на серверах из настроек, не запуская бота", "register them in the configured guilds, without running the bot"},
	"cli.list.why":               {"что случилось с отрядом за ход, с правилами (для мастера)", "what happened to a unit in a turn, with the rules (for the GM)"},
	"cli.list.verify":            {"пересчитать все кости хранилища, копии или выгрузки; проверить журнал", "recompute every die of a store, backup or export; check its journal"},
	"cli.list.export":            {"выгрузить битвы в JSON для gunbai verify (без идущего хода)", "write battles as JSON for gunbai verify (the turn under way left out)"},
	"cli.list.backup":            {"копия хранилища, безопасная при работающем боте", "copy a store, safe while the bot runs"},
	"cli.list.reshard":           {"собрать хранилище процесса под новое число шардов из старых, по серверам", "build a process's store for a new shard count from the old stores, by server"},
	"cli.list.rules":             {"правила: все правила и решения или одно из них", "print the rulebook, every rule and decision, or one of them"},
	"cli.list.version":           {"версия и ревизия VCS этой сборки", "print the version and VCS revision of this build"},
	"cli.list.help":              {"этот список или справка по команде с примером", "this list, or a command's usage with an example"},

	"cli.flag.run.config":        {"`FILE` настроек (см. config.example.toml)", "the configuration `FILE` (see config.example.toml)"},
	"cli.flag.commands.json":     {"вывести JSON-тело массовой перезаписи, с отступами, как его шлёт бот", "print the JSON body of the bulk overwrite, indented, as the bot sends it"},
	"cli.flag.commands.register": {"зарегистрировать команды на серверах из [discord] guilds, не запуская бота", "register the commands in the guilds of [discord] guilds of the config, without starting the bot"},
	"cli.flag.commands.config":   {"`FILE` настроек для -register: token, application_id, guilds", "the configuration `FILE`, for -register: token, application_id, guilds"},
	"cli.flag.sandbox.addr":      {"`ADDRESS` страницы (только loopback без -public)", "the `ADDRESS` of the page (loopback unless -public)"},
	"cli.flag.sandbox.store":     {"`FILE` хранилища бота (по умолчанию временный файл, удаляемый в конце)", "the bot's store `FILE` (default: a temporary file, removed at the end)"},
	"cli.flag.sandbox.public":    {"разрешить адрес вне loopback (у страницы нет входа по паролю)", "allow an address beyond loopback (the page has no login)"},
	"cli.flag.sandbox.vs-ai":     {"за Юг битвы играет генерал (ИИ): играйте за Север против него", "the general (the AI) plays the South of the battle: play the North against it"},

	"cli.help.run": {`использование: gunbai run [-config FILE]

Запускает бота Discord до SIGINT (Ctrl-C) или SIGTERM, затем доделывает
начатое и закрывает хранилище. Токен бота — переменная окружения
GUNBAI_TOKEN, или файл, который называет GUNBAI_TOKEN_FILE (секрет
контейнера), или $CREDENTIALS_DIRECTORY/token (учётные данные systemd),
или token в [discord] настроек. Каждый ключ настроек описан в
config.example.toml.

пример:
  cp config.example.toml config.toml   # затем задайте gm_role, guilds, путь хранилища
  GUNBAI_TOKEN=... gunbai run -config config.toml

флаги:
%s`, `usage: gunbai run [-config FILE]

Runs the Discord bot until SIGINT (Ctrl-C) or SIGTERM, then finishes what
it is doing and closes the store. The bot token is the GUNBAI_TOKEN
environment variable, or the file GUNBAI_TOKEN_FILE names (a container's
secret), or $CREDENTIALS_DIRECTORY/token (systemd's credential), or token
in [discord] of the config. Every key of the config is described in
config.example.toml.

example:
  cp config.example.toml config.toml   # then set gm_role, guilds, store path
  GUNBAI_TOKEN=... gunbai run -config config.toml

flags:
%s`},

	"cli.help.sandbox": {`использование: gunbai sandbox [-addr 127.0.0.1:8080] [-store FILE] [-public] [-vs-ai]

Игра в Gunbai на этой машине без учётной записи Discord: настоящий бот (тот
же код, что запускает gunbai run) против встроенного Discord, с уже
настроенным сервером (мастер, игрок Севера с русским клиентом, игрок Юга с
английским, их роли, каналы #gm, #север и #юг) и битвой из встроенного
сценария kawanakajima. Откройте напечатанный адрес в браузере: страница
вроде клиента Discord, с переключателем между тремя людьми, их каналами и
личными сообщениями и полем ввода, которое принимает слэш-команды
(/битва начать битва:каванакадзима, /бросок порог:low, ...). Работает до
SIGINT (Ctrl-C) или SIGTERM.

У страницы нет входа: она доступна только через loopback, если не задан
-public (тогда любой, кто дойдёт до адреса, играет за кого угодно). Без
-store битва живёт во временном файле и пропадает с остановкой песочницы;
существующий -store FILE сохраняет свои битвы (новая не создаётся).
С -vs-ai за Юг этой битвы играет генерал (ИИ): один человек играет за
Север целую битву против него; переключатель «Играть против ИИ» на
странице отдаёт Юг генералу или его игроку.

пример:
  gunbai sandbox                       # затем откройте http://127.0.0.1:8080/
  gunbai sandbox -addr 127.0.0.1:9000 -store sandbox.db
  gunbai sandbox -vs-ai                # Север против ИИ

флаги:
%s`, `usage: gunbai sandbox [-addr 127.0.0.1:8080] [-store FILE] [-public] [-vs-ai]

Plays Gunbai on this machine without a Discord account: the real bot (the
code gunbai run runs) against an embedded Discord, with a server already
set up (a GM, a North player on a Russian client, a South player on an
English one, their roles, the channels #gm, #север and #юг) and a battle
created from the built-in scenario kawanakajima. Open the address it prints
in a browser: a page like a Discord client, with a switch between the three
people, their channels and DMs, and a message box that takes the slash
commands (/battle start battle:каванакадзима, /roll stake:low, ...). Runs
until SIGINT (Ctrl-C) or SIGTERM.

The page has no login: it is served on loopback only, unless -public (then
anyone who reaches the address plays as anyone). Without -store the battle
lives in a temporary file, gone when the sandbox stops; a -store FILE that
exists keeps its battles (and no new one is created). With -vs-ai the
general (the AI) plays the battle's South: one person plays a whole battle
as the North against it; the page's switch "Play against the AI" gives the
South to the general or back to its player.

example:
  gunbai sandbox                       # then open http://127.0.0.1:8080/
  gunbai sandbox -addr 127.0.0.1:9000 -store sandbox.db
  gunbai sandbox -vs-ai                # the North against the AI

flags:
%s`},

	"cli.help.demo": {`использование: gunbai demo [-out DIR] [-turns N] [-ai north|south]

Играет встроенную битву при Каванакадзиме (река с мостом, холмы, леса,
отряд, скрытый в одном из них, генералы, синоби, знамёна) без сети, с
заданными приказами и посеянными костями, через движок, хранилище и
рисовальщик бота: стрельба, удар во фланг, бегство, сбор. Не нужны ни
токен, ни сеть. Для каждого хода N и каждого вида V (gm, north, south)
пишет DIR/turn-N.V.png (поле с тем, что случилось за ход), turn-N.V.gif
(ход по шагам), turn-N.V.ru.txt и turn-N.V.en.txt (журналы этого вида);
turn-0.V.png — расстановка, demo.db — хранилище со всеми ходами.

С -ai north или -ai south эту сторону играет ИИ-генерал вместо заданных
приказов (его ставка, перебросы и приказы, через тот же жизненный цикл), а
DIR/ai.ru.txt и DIR/ai.en.txt говорят, что он намеревался сделать в каждый
ход и с какими шансами.

примеры:
  gunbai demo
  gunbai demo -out /tmp/kawanakajima -turns 2
  gunbai demo -ai south

флаги:
  -out DIR
    	папка для PNG, журналов и файла хранилища (по умолчанию "out")
  -turns N
    	сколько ходов сыграть, не меньше 1 (по умолчанию %d)
  -ai north|south
    	сторона, которую играет ИИ-генерал вместо заданных приказов
`, `usage: gunbai demo [-out DIR] [-turns N] [-ai north|south]

Plays the built-in battle of Kawanakajima (a river and its bridge, hills,
forests, a unit hidden in one, generals, shinobi, banners) offline with
scripted orders and seeded dice, through the engine, the store and the
renderer the bot uses: shooting, a flank attack, a rout, a rally. Needs no
token and no network. For every turn N and each view V (gm, north, south)
it writes DIR/turn-N.V.png (the field with what happened that turn),
turn-N.V.gif (the turn step by step), turn-N.V.ru.txt and turn-N.V.en.txt
(the logs that view reads); turn-0.V.png is the deployment, and demo.db
the store with every turn.

With -ai north or -ai south the AI general plays that side instead of the
scripted orders (its stake, rerolls and orders, through the same
lifecycle), and DIR/ai.ru.txt and DIR/ai.en.txt say what it intended each
turn and the odds it expected.

examples:
  gunbai demo
  gunbai demo -out /tmp/kawanakajima -turns 2
  gunbai demo -ai south

flags:
  -out DIR
    	folder for the PNGs, logs and the demo's store file (default "out")
  -turns N
    	battle turns to play, at least 1 (default %d)
  -ai north|south
    	the side the AI general plays instead of the scripted orders
`},

	"cli.help.case": {`использование: gunbai case [--json] FILE...

Прогоняет файлы случаев движка (формат — engine/testdata/cases/README.md):
битву, приказы и заданные кости каждого случая через движок и сверяет с
тем, чего ждёт случай. Строка на случай и итог; код выхода 1, если хоть
один случай не прошёл.

примеры:
  gunbai case engine/testdata/cases/*.toml
  gunbai case --json engine/testdata/cases/melee.toml

флаги:
  --json
    	печатать по объекту JSON на случай вместо строк и итога
`, `usage: gunbai case [--json] FILE...

Runs engine case files (the format is engine/testdata/cases/README.md): each
case's battle, orders and scripted dice through the engine, compared with
what the case expects. One line per case and a summary; exit status 1 if
any case fails.

examples:
  gunbai case engine/testdata/cases/*.toml
  gunbai case --json engine/testdata/cases/melee.toml

flags:
  --json
    	print one JSON object per case instead of the lines and summary
`},

	"cli.help.commands": {`использование: gunbai commands [-json] | gunbai commands -register [-config FILE]

Печатает слэш-команды в точности так, как бот отправляет их в массовую
перезапись Discord (PUT /applications/{app}/guilds/{guild}/commands):
деревом, где каждая команда, подкоманда, параметр и вариант даны
по-английски и по-русски, или с -json — JSON-телом запроса. С -register
отправляет их (только через REST) на каждый сервер из [discord] guilds,
для приложения [discord] application_id (пусто — приложения пользователя
бота), не запуская бота; работающий бот делает то же при каждом
подключении.

примеры:
  gunbai commands
  gunbai commands -json > commands.json
  GUNBAI_TOKEN=... gunbai commands -register -config config.toml

флаги:
%s`, `usage: gunbai commands [-json] | gunbai commands -register [-config FILE]

Prints the slash commands exactly as the bot sends them to Discord's bulk
overwrite (PUT /applications/{app}/guilds/{guild}/commands): as a tree with
every command, subcommand, option and choice in English and Russian, or
with -json as the JSON body. With -register it sends them, over REST only,
to each guild of [discord] guilds, for the application of [discord]
application_id (empty: the bot user's), without starting the bot; the
running bot does the same whenever it connects.

examples:
  gunbai commands
  gunbai commands -json > commands.json
  GUNBAI_TOKEN=... gunbai commands -register -config config.toml

flags:
%s`},

	"cli.help.why": {`использование: gunbai why [-lang ru|en] STORE BATTLE TURN UNIT

Рассказывает мастеру, что случилось с отрядом (или предводителем) за
разыгранный ход, шаг за шагом с правилами, по всей битве: события этого
отряда под заголовками фаз и шагов, в словах журнала хода. STORE — файл
хранилища бота (открывается только для чтения; сначала остановите бота или
скопируйте файл), BATTLE — ключ или название битвы. Игроки спрашивают бота
через /почему и видят только то, что видела их сторона. Битва, ход или отряд,
которых нет, — ошибка (код выхода 1), называющая те, что есть.

примеры:
  gunbai why gunbai.db anegawa 3 n-yari
  gunbai why -lang en gunbai.db "Анэгава 1570" 3 s-teppo

флаги:
  -lang ru|en
    	язык ответа и ошибок (по умолчанию — язык окружения, LANG, иначе "ru")
`, `usage: gunbai why [-lang ru|en] STORE BATTLE TURN UNIT

Tells the GM what happened to a unit (or a leader) in a resolved turn, step
by step with the rules, from the whole battle: the events of that unit
under their phase and step headings, as the turn's log words them. STORE is
the bot's store file (opened read-only; stop the bot first, or copy the
file), BATTLE the battle's key or name. Players ask the bot with /why, and
see only what their side saw. A battle, turn or unit that is not there is
an error (exit status 1) that names the ones that are.

examples:
  gunbai why gunbai.db anegawa 3 n-yari
  gunbai why -lang en gunbai.db "Анэгава 1570" 3 s-teppo

flags:
  -lang ru|en
    	language of the answer and of the errors (default: the environment's, LANG, else "ru")
`},

	"cli.help.verify": {`использование: gunbai verify [-lang ru|en] [-head HASH] FILE

Проверяет каждый разыгранный ход каждой битвы в FILE — файле хранилища
(бота, копии gunbai backup или [store] backup_dir) или выгрузке (gunbai
export, /битва выгрузка). Раскрытое зерно каждого хода должно давать хеш,
опубликованный при открытии хода, как его хранит журнал битвы; приказы
каждой стороны — хеш, запечатанный, когда сторона сказала, что готова; ход,
разыгранный заново из позиции перед ним, его приказов, бросков командования
и зерна, должен дать каждую кость и каждое событие такими, как они были
опубликованы; результат каждого броска командования должен быть тем, что
дают его кости по правилам (ставка, перебросы); начальная позиция каждого
хода — той, что запечатана в журнале при его розыгрыше, и предыдущим ходом,
разыгранным заново с исправлениями мастера из журнала; текущая позиция
хранилища — его последним ходом, разыгранным заново с исправлениями после
него; цепочка хешей каждого журнала должна сходиться, а её конец — совпадать
с отметкой рядом с битвой (удалённая с конца запись видна). С -head хеш
журнала, опубликованный в сообщении о состоянии («хеш последней записи»),
должен быть в журнале: журнал, переписанный или укороченный после этого
(вместе с отметкой), его уже не содержит. Печатает, что
проверено, и выходит с кодом 0, или называет первое расхождение (битву,
ход, сторону, событие, запись журнала и что не сходится) и выходит с
кодом 1. Хранилище открывается только для чтения; при работающем боте —
из согласованной копии, снятой рядом с ним.

FILE может быть и выгрузкой законченной игры-стычки (gunbai export): её
семя должно давать хеш, опубликованный при открытии, а каждый бросок
журнала — пересчитываться из семени; иначе называется запись и бросок.

примеры:
  gunbai verify gunbai.db
  gunbai verify -lang en gunbai-anegawa-1570-turn-7.json
  gunbai verify -head 3f9a1c2e gunbai.db

флаги:
  -head HASH
    	голова журнала из сообщения о состоянии (не меньше 8 шестнадцатеричных цифр)
  -lang ru|en
    	язык отчёта и ошибок (по умолчанию — язык окружения, LANG, иначе "ru")
`, `usage: gunbai verify [-lang ru|en] [-head HASH] FILE

Checks every resolved turn of every battle in FILE, which is a store file
(the bot's, a backup made by gunbai backup or [store] backup_dir) or an
export (gunbai export, /battle export). Each turn's revealed seed must
hash to the hash published when the turn opened, as the battle's journal
keeps it; each side's orders must hash to what was sealed when the side
said it was ready; the turn resolved again from the position before it,
its orders, command rolls and seed must give every die and every event as
they were posted; each command roll's result must be what its dice give
by the rules (the stake, the rerolls); each turn's starting position must
be the one its resolution sealed in the journal, and the turn before
resolved again with the GM's journaled fixes replayed; a store's current
position must be its last turn resolved again with the fixes since; and
each journal's chain of hashes must hold, its end matching the mark kept
beside the battle (an entry deleted from the end shows). With -head, the
journal hash a status message published (its "hash of its last entry")
must be in the journal: a journal rewritten or cut back since, its mark
with it, no longer holds it. Prints
what it checked and exits 0, or names the first mismatch (the battle, the
turn, the side, the event, the journal entry, and what differs) and exits
1. A store is opened read-only; while the bot runs, from a consistent copy
taken beside it.

FILE may also be a finished skirmish game's export (gunbai export): its
seed must give the hash published at its opening, and every die of its
journal recompute from the seed; else the entry and the die are named.

examples:
  gunbai verify gunbai.db
  gunbai verify -lang en gunbai-anegawa-1570-turn-7.json
  gunbai verify -head 3f9a1c2e gunbai.db

flags:
  -head HASH
    	a journal head published in a status message (8 hex digits at least)
  -lang ru|en
    	language of the report and of the errors (default: the environment's, LANG, else "ru")
`},

	"cli.help.export": {`использование: gunbai export [-lang ru|en] STORE [BATTLE]

Пишет битвы хранилища (или одну, BATTLE, по ключу или названию) в JSON на
stdout для gunbai verify: каждый разыгранный ход с раскрытым зерном (ключ
"seed", в hex), хешем, опубликованным перед ним, позицией перед ним,
приказами и броском командования каждой стороны, его событиями, и журнал
битвы. У идущей битвы текущий ход не выгружается, кроме хеша его зерна, и
журнал обрывается перед его тайнами. Хранилище открывается только для
чтения; при работающем боте — из согласованной копии, снятой рядом с ним.
Что выгружено, сказано на stderr.

BATTLE, которой нет в хранилище, — ошибка, перечисляющая битвы, что в нём
есть. BATTLE может назвать и законченную игру-стычку (/стычка): тогда
пишется она — отряды, таблица классов, раскрытое семя, хеш, опубликованный
при открытии, и журнал с каждым броском. Идущая игра не выгружается: её
семя тайна.

примеры:
  gunbai export gunbai.db > all.json
  gunbai export -lang en gunbai.db anegawa-1570 > anegawa.json

флаги:
  -lang ru|en
    	язык сказанного на stderr, ошибок тоже (по умолчанию — язык окружения, LANG, иначе "ru")
`, `usage: gunbai export [-lang ru|en] STORE [BATTLE]

Writes the battles of a store (or the one named BATTLE, by its key or
name) as JSON to stdout, for gunbai verify: every resolved turn with its
revealed seed (the key "seed", in hex), the hash published before it, the
position before it, each side's orders and command roll, its events, and
the battle's journal. Of a battle still being fought, the turn under way
is left out but for its seed's hash, and the journal stops before its
secrets. The store is opened read-only; while the bot runs, from a
consistent copy taken beside it. What was exported is said on stderr.

A BATTLE the store does not hold is an error that lists the battles it
holds. BATTLE may also name a finished skirmish game (/skirmish): it is
written then — its warbands, class table, revealed seed, the hash
published at its opening, and its journal with every die. A game still on
is not exported: its seed is secret.

examples:
  gunbai export gunbai.db > all.json
  gunbai export -lang en gunbai.db anegawa-1570 > anegawa.json

flags:
  -lang ru|en
    	language of what is said on stderr, errors included (default: the environment's, LANG, else "ru")
`},

	"cli.help.backup": {`использование: gunbai backup [-force] [-lang ru|en] STORE COPY

Копирует файл хранилища STORE в новый файл COPY, согласованный на один
момент, пока бот может продолжать работу: через транзакцию чтения bbolt
(Tx.WriteTo) — из самого хранилища, если его не держит бот, иначе из копии,
снятой рядом с работающим ботом без его блокировки. Копия пишется во
временный файл рядом с COPY, сбрасывается на диск, переименовывается на
место и открывается для проверки. Существующий COPY не перезаписывается
без -force. Копия — это хранилище: gunbai verify, export и why читают её, а
docs/operations.md говорит, как её восстановить.

примеры:
  gunbai backup gunbai.db backups/gunbai-2026-12-01.db
  gunbai backup -force gunbai.db /mnt/usb/gunbai.db

флаги:
  -force
    	заменить COPY, если он есть
  -lang string
    	язык отчёта: ru или en (по умолчанию — язык окружения, LANG, иначе "ru")
`, `usage: gunbai backup [-force] [-lang ru|en] STORE COPY

Copies the store file STORE to a new file COPY, consistent as of one
moment, while the bot may go on running: through a bbolt read transaction
(Tx.WriteTo), from the store itself when no bot holds it, else from a copy
taken beside the running bot without its lock. The copy is written to a
temporary file beside COPY, synced, renamed into place and opened to check
it. An existing COPY is refused unless -force. The copy is a store: gunbai
verify, export and why read it, and docs/operations.md says how to restore it.

examples:
  gunbai backup gunbai.db backups/gunbai-2026-12-01.db
  gunbai backup -force gunbai.db /mnt/usb/gunbai.db

flags:
  -force
    	replace COPY if it exists
  -lang string
    	language of the report: ru or en (default: the environment's, LANG, else "ru")
`},

	"cli.help.reshard": {`использование: gunbai reshard -shards N [-ids RANGE] [-lang ru|en] NEW OLD...

Собирает NEW — хранилище процесса, который будет вести шарды RANGE из N
(shard_ids, как их пишут настройки: "2", "0-3"; "" — все), из хранилищ
OLD... процессов, работавших до него (сначала их остановите: gunbai reshard
сам открывает каждое хранилище OLD). Копирует каждый сервер этих шардов
целиком (битвы, ходы, тайны, журналы, кампанию, поединки), с его
неотправленными сообщениями, живыми сообщениями и листами приказов, из
хранилища того процесса, что его вёл (каждое хранилище помнит свои шарды,
их записывает gunbai run); копии, которые процесс не вёл (скажем, старая
резервная копия), остаются в стороне. Два хранилища, оба ведшие один
сервер, отвергаются. NEW не должно существовать; оно пишется рядом и
переименовывается на место, только когда собрано и проверено, так что сбой
ничего не оставляет.

примеры:
  gunbai reshard -shards 4 -ids 0-1 new-a.db old-0.db old-1.db old-2.db
  gunbai reshard -shards 4 -ids 2-3 new-b.db old-0.db old-1.db old-2.db

флаги:
  -ids string
    	шарды нового процесса ("" — все)
  -lang string
    	язык отчёта: ru или en (по умолчанию — язык окружения, LANG, иначе "ru")
  -shards int
    	новое число шардов
`, `usage: gunbai reshard -shards N [-ids RANGE] [-lang ru|en] NEW OLD...

Builds NEW, the store of a process that will run the shards RANGE of N
(shard_ids as the config writes it: "2", "0-3"; "" for all), from the
stores OLD... of the processes that ran before (stopped first: gunbai
reshard opens every OLD store itself). It copies every server of those
shards whole (battles, turns, secrets, journals, campaign, duels), with
its owed posts, live messages and order sheets, from the store whose
process served it (each store remembers its shards, written by gunbai
run); copies a process did not serve (an old backup copy, say) are left
behind. Two stores that both served a server are refused. NEW must not
exist; it is written beside itself and renamed into place only when
whole and checked, so a failure leaves nothing behind.

examples:
  gunbai reshard -shards 4 -ids 0-1 new-a.db old-0.db old-1.db old-2.db
  gunbai reshard -shards 4 -ids 2-3 new-b.db old-0.db old-1.db old-2.db

flags:
  -ids string
    	the shards the new process runs ("" for all)
  -lang string
    	language of the report: ru or en (default: the environment's, LANG, else "ru")
  -shards int
    	the new shard count
`},

	"cli.help.rules": {`использование: gunbai rules [-lang ru|en] [ID]

Печатает правила, по которым играет Gunbai, из встроенного в него свода:
каждое правило по разделам и каждое решение, целиком, каждое правило — с
его местом в русском оригинале, в Markdown; с ID (VIII.4.4, реш. D-34) —
только это правило или решение. Тот же текст — в docs/rules.ru.md и docs/rules.en.md;
в Discord одно правило даёт /правило. ID, которого нет, — ошибка (код
выхода 1).

примеры:
  gunbai rules | less
  gunbai rules -lang en VIII.4.4
  gunbai rules "реш. D-34"

флаги:
  -lang ru|en
    	язык правил и ошибок (по умолчанию — язык окружения, LANG, иначе "ru")
`, `usage: gunbai rules [-lang ru|en] [ID]

Prints the rules Gunbai plays by, from the rulebook built into it: every
rule (R-) by section and every decision (D-), whole, each rule with its
place in the Russian original, as Markdown; with an ID, that rule or
decision alone. The same text is docs/rules.ru.md and docs/rules.en.md;
in Discord, /rule gives one rule. An ID that is not there is an error
(exit status 1).

examples:
  gunbai rules | less
  gunbai rules -lang en R-VIII.4.4
  gunbai rules D-34

flags:
  -lang ru|en
    	language of the rules and of the errors (default: the environment's, LANG, else "ru")
`},

	"cli.help.version": {`использование: gunbai version

Печатает версию модуля и ревизию VCS, из которых собран этот gunbai (из
сведений о сборке, которые встраивает Go), и версию Go. Бинарник, собранный
без них, так и говорит; код выхода в любом случае 0.

пример:
  gunbai version
`, `usage: gunbai version

Prints the module version and the VCS revision this gunbai was built from
(from the build information the Go toolchain embeds), and the Go version.
A binary built without it says so; the exit status is 0 either way.

example:
  gunbai version
`},
}
