package render

// Texts of gunbai doctor (issue 31, item 3): its checklist, one line a
// check, and what to do about each failure, and its -h.
var doctorTexts = texts{
	"doctor.title":     {"gunbai doctor: настройки %s, Discord %s", "gunbai doctor: config %s, Discord %s"},
	"doctor.fix":       {"    → что сделать: %s", "    → to fix: %s"},
	"doctor.all_well":  {"Всё в порядке.", "All is well."},
	"doctor.summary":   {"Ошибок: %d, предупреждений: %d.", "Failures: %d, warnings: %d."},
	"doctor.only_warn": {"Ошибок нет, предупреждений: %d.", "No failures, warnings: %d."},

	// Discord: the token, the application, the intents, the clock.
	"doctor.token":             {"Токен: бот %s (%s)", "Token: bot %s (%s)"},
	"doctor.token_bad":         {"Токен: Discord его не принял (401)", "Token: Discord refused it (401)"},
	"doctor.fix.token_bad":     {"скопируйте токен бота заново (Developer Portal → Bot → Reset Token) в GUNBAI_TOKEN или token в [discord]", "copy the bot's token again (Developer Portal → Bot → Reset Token) into GUNBAI_TOKEN or token in [discord]"},
	"doctor.token_not_bot":     {"Токен: это учётная запись пользователя %s, не бота", "Token: it is the user account %s, not a bot"},
	"doctor.fix.token_not_bot": {"нужен токен бота приложения (Developer Portal → Bot), не пользователя", "use the token of the application's bot (Developer Portal → Bot), not a user's"},
	"doctor.unreachable":       {"Discord: %s не отвечает: %s", "Discord: %s does not answer: %s"},
	"doctor.fix.unreachable":   {"проверьте сеть и api_base в [discord] (по умолчанию не задавайте его)", "check the network and api_base in [discord] (leave it unset for Discord itself)"},
	"doctor.discord_error":     {"Discord: ошибка: %s", "Discord: error: %s"},
	"doctor.app":               {"Приложение: %s (%s)", "Application: %s (%s)"},
	"doctor.app_failed":        {"Приложение: не удалось прочесть (GET /applications/@me): %s", "Application: could not be read (GET /applications/@me): %s"},
	"doctor.app_mismatch":      {"Приложение: в настройках %s, а токен принадлежит %s (%s)", "Application: the config names %s, but the token is %s's (%s)"},
	"doctor.fix.app_mismatch":  {"задайте application_id = \"%s\" в [discord] или уберите его", "set application_id = \"%s\" in [discord], or remove it"},
	"doctor.intents_none":      {"Намерения (intents): привилегированные не нужны", "Intents: no privileged intent needed"},
	"doctor.intents":           {"Намерения (intents): %s включены", "Intents: %s granted"},
	"doctor.intents_missing":   {"Намерения (intents): не включены %s", "Intents: %s not granted"},
	"doctor.fix.intents":       {"включите их в Developer Portal → Bot → Privileged Gateway Intents (GUILD_MEMBERS — это Server Members: без него бот не разошлёт листы приказов ролям приказов битв)", "turn them on in Developer Portal → Bot → Privileged Gateway Intents (GUILD_MEMBERS is Server Members: without it the bot cannot send the order sheets to the battles' ordering roles)"},
	"doctor.clock":             {"Часы: расходятся с Discord на %d с", "Clock: %d s off Discord's"},
	"doctor.clock_skew":        {"Часы: расходятся с Discord на %d с: сроки ходов будут показаны неверно", "Clock: %d s off Discord's: turn deadlines will be shown wrong"},
	"doctor.clock_unknown":     {"Часы: Discord не прислал заголовок Date, сравнить не с чем", "Clock: Discord sent no Date header to compare with"},
	"doctor.fix.clock":         {"включите синхронизацию времени на машине бота (systemd-timesyncd, chrony: timedatectl set-ntp true)", "turn on time synchronisation on the bot's machine (systemd-timesyncd, chrony: timedatectl set-ntp true)"},

	// Each guild, its GM role, each battle's roles and channels.
	"doctor.no_guilds":           {"Серверы: бот не состоит ни в одном", "Guilds: the bot is in none"},
	"doctor.guild":               {"Сервер %s (%s): бот на нём", "Guild %s (%s): the bot is in it"},
	"doctor.guild_absent":        {"Сервер %s: бота на нём нет (или такого сервера нет)", "Guild %s: the bot is not in it (or there is no such guild)"},
	"doctor.fix.guild_absent":    {"пригласите бота: https://discord.com/oauth2/authorize?client_id=%s&scope=bot+applications.commands&permissions=%d — или исправьте guilds в [discord]", "invite the bot: https://discord.com/oauth2/authorize?client_id=%s&scope=bot+applications.commands&permissions=%d — or correct guilds in [discord]"},
	"doctor.gm_role":             {"Роль мастера: %s", "GM role: %s"},
	"doctor.gm_role_unset":       {"Роль мастера: не задана, мастера — те, у кого есть право «Управлять сервером»", "GM role: not set, the GMs are those with Manage Server"},
	"doctor.gm_role_missing":     {"Роль мастера %q: на сервере %s такой нет", "GM role %q: guild %s has none"},
	"doctor.fix.gm_role":         {"создайте роль %q на сервере или исправьте gm_role в [discord] (ID или имя роли)", "create the role %q in the guild, or correct gm_role in [discord] (a role's ID or name)"},
	"doctor.clan_roles":          {"Битва «%s»: роли кланов %s и %s на месте", "Battle “%s”: the roles of clans %s and %s exist"},
	"doctor.clan_role_missing":   {"Битва «%s»: роли клана %s (%s) больше нет", "Battle “%s”: clan %s's role (%s) no longer exists"},
	"doctor.fix.clan_role":       {"роль удалена: её не вернуть; завершите битву «%s» (/битва завершить) и создайте заново с новой ролью", "the role was deleted and cannot come back: finish “%s” (/battle finish) and create it again with a new role"},
	"doctor.channels":            {"Битва «%s»: каналы в порядке: %s", "Battle “%s”: channels fine: %s"},
	"doctor.channel_perms":       {"Битва «%s»: в канале %s боту не хватает прав: %s", "Battle “%s”: in channel %s the bot lacks: %s"},
	"doctor.fix.channel_perms":   {"в настройках канала дайте роли бота права: %s", "in the channel's settings, give the bot's role: %s"},
	"doctor.channel_refused":     {"Битва «%s»: %s", "Battle “%s”: %s"},
	"doctor.fix.channel_unknown": {"канал удалён или бот его не видит: дайте роли бота «Просмотр канала»; удалённый канал не вернуть — завершите битву «%s» (/битва завершить) и создайте заново", "the channel was deleted or the bot cannot see it: give the bot's role View Channel; a deleted channel cannot come back: finish “%s” (/battle finish) and create it again"},
	"doctor.fix.channels":        {"исправьте права каналов битвы «%s» в Discord, как сказано выше", "fix the permissions of the channels of “%s” in Discord as said above"},

	// The store and the backups.
	"doctor.store":               {"Хранилище %s: открыто только для чтения, схема v%d, битв: %d", "Store %s: opened read-only, schema v%d, battles: %d"},
	"doctor.store_new":           {"Хранилище %s: ещё не создано (gunbai run создаст его)", "Store %s: not created yet (gunbai run creates it)"},
	"doctor.fix.store_new":       {"если битвы уже были, исправьте path в [store]", "if there were battles already, correct path in [store]"},
	"doctor.store_locked":        {"Хранилище %s: занято другим процессом (работающим ботом?)", "Store %s: held by another process (the running bot?)"},
	"doctor.fix.store_locked":    {"остановите gunbai run на время проверки или проверьте копию: gunbai backup STORE COPY, затем path = COPY в копии настроек", "stop gunbai run for the check, or check a copy: gunbai backup STORE COPY, then path = COPY in a copy of the config"},
	"doctor.store_bad":           {"Хранилище %s: не открывается: %s", "Store %s: does not open: %s"},
	"doctor.store_battles":       {"Хранилище: битвы не читаются: %s", "Store: the battles cannot be read: %s"},
	"doctor.fix.store_bad":       {"исправьте path в [store] или восстановите хранилище из копии (docs/operations.md)", "correct path in [store], or restore the store from a backup (docs/operations.md)"},
	"doctor.backup":              {"Копии: папка %s есть, запись в неё возможна", "Backups: folder %s exists and is writable"},
	"doctor.backup_off":          {"Копии: backup_dir не задан, хранилище не копируется", "Backups: backup_dir is not set, the store is not copied"},
	"doctor.fix.backup_off":      {"задайте backup_dir в [store] (папка на другом диске — лучше)", "set backup_dir in [store] (a folder on another disk is best)"},
	"doctor.backup_missing":      {"Копии: папки %s нет", "Backups: folder %s does not exist"},
	"doctor.fix.backup_missing":  {"создайте её (mkdir -p %s) с правом записи для пользователя бота или исправьте backup_dir в [store]", "create it (mkdir -p %s), writable by the bot's user, or correct backup_dir in [store]"},
	"doctor.backup_readonly":     {"Копии: в папку %s нельзя писать: %s", "Backups: folder %s is not writable: %s"},
	"doctor.fix.backup_readonly": {"дайте пользователю бота право записи в %s (chown, chmod) или выберите другую папку", "let the bot's user write to %s (chown, chmod), or pick another folder"},

	// gunbai doctor's usage.
	"cli.list.doctor":        {"проверить настройку: токен, серверы, права каналов битв, хранилище, копии, часы", "check the setup: token, guilds, battle channels' permissions, store, backups, clock"},
	"cli.flag.doctor.config": {"`FILE` настроек (см. config.example.toml)", "the configuration `FILE` (see config.example.toml)"},
	"cli.flag.doctor.lang":   {"язык списка: ru или en (по умолчанию — язык окружения, LANG, иначе \"ru\")", "language of the checklist: ru or en (default: the environment's, LANG, else \"ru\")"},
	"cli.help.doctor": {`использование: gunbai doctor [-config FILE] [-lang ru|en]

Проверяет через API Discord (api_base настроек) всё, что нужно боту, до
того, как это подведёт битву: токен, приложение и его намерения (intents),
каждый сервер из guilds (или каждый, где есть бот), роль мастера, а для
каждой идущей битвы хранилища — роли кланов и каналы с теми же проверками
прав, что делает /битва создать. Затем хранилище (открывается только для
чтения), папку копий backup_dir и часы (против заголовка Date Discord).
Печатает список: ✓ в порядке, ⚠ предупреждение, ✗ ошибка — и что сделать.

Код выхода: 0 — ошибок нет (предупреждения допустимы), 1 — есть ошибки,
2 — неверные флаги или настройки не читаются. Хранилище, занятое
работающим ботом, — ошибка: проверьте копию (gunbai backup).

пример:
  GUNBAI_TOKEN=... gunbai doctor -config config.toml

флаги:
%s`, `usage: gunbai doctor [-config FILE] [-lang ru|en]

Checks through Discord's API (the config's api_base) all the bot needs,
before it fails a battle: the token, the application and its intents,
each guild of guilds (or every guild the bot is in), the GM role, and for
each battle of the store not finished its clans' roles and its channels,
with the same permission checks /battle create makes. Then the store
(opened read-only), the backup folder backup_dir and the clock (against
Discord's Date header). Prints a checklist: ✓ fine, ⚠ a warning, ✗ a
failure, with what to fix.

Exit code: 0 no failure (warnings allowed), 1 failures, 2 bad flags or a
config that does not load. A store held by the running bot is a failure:
check a copy (gunbai backup).

example:
  GUNBAI_TOKEN=... gunbai doctor -config config.toml

flags:
%s`},
}
