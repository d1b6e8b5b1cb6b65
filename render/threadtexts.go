package render

// threadTexts are the texts of a battle's own thread (issue 28, item 4):
// its name, the status message's link, and what the GM is told when the
// bot may not open or archive one.
var threadTexts = texts{
	"thread.name":          {"Битва «%s»", "Battle “%s”"},
	"bstatus.thread":       {"Посты битвы — в её ветке %s", "The battle's posts are in its thread %s"},
	"setting.post.threads": {"ветка битвы в каждом её канале: посты битвы идут в неё (on/off)", "the battle's own thread in each of its channels, where its posts go (on/off)"},
	"bot.thread_refused.create": {
		"Битва «%s»: в канале %s бот не может открыть ветку битвы — у него нет права «Создавать публичные ветки» (Create Public Threads). Посты битвы идут прямо в канал; ничего не потеряно. Дайте это право роли бота, и следующая битва получит ветку.",
		"Battle “%s”: the bot cannot open the battle's thread in %s: it lacks the Create Public Threads permission. The battle's posts go to the channel itself; nothing is lost. Grant the bot's role that permission and the next battle gets its thread."},
	"bot.thread_refused.send": {
		"Битва «%s»: в канале %s бот не может писать в ветку битвы — у него нет права «Отправлять сообщения в ветках» (Send Messages in Threads). Посты битвы идут прямо в канал; ничего не потеряно. Дайте это право роли бота, и следующая битва получит ветку.",
		"Battle “%s”: the bot cannot post in the battle's thread in %s: it lacks the Send Messages in Threads permission. The battle's posts go to the channel itself; nothing is lost. Grant the bot's role that permission and the next battle gets its thread."},
	"bot.thread_refused.code": {
		"Битва «%s»: Discord отказал боту в ветке битвы в канале %s (код Discord %d). Посты битвы идут прямо в канал; ничего не потеряно. Проверьте права бота в этом канале.",
		"Battle “%s”: Discord refused the bot the battle's thread in %s (Discord code %d). The battle's posts go to the channel itself; nothing is lost. Check the bot's permissions in that channel."},
	"bot.thread_archive_refused": {
		"Битва «%s» окончена, но бот не может архивировать её ветку %s — у него нет права «Управлять ветками» (Manage Threads). Архивируйте её сами или дайте это право роли бота.",
		"Battle “%s” is over, but the bot cannot archive its thread %s: it lacks the Manage Threads permission. Archive it yourself, or grant the bot's role that permission."},
}
