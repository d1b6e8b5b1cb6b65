package render

import "strings"

// Texts of issue 25's trust checks: the spectators' channel, kept from the
// clans while the battle goes on, and the bounds of a player's free text.
var trustTexts = texts{
	"bot.spectators_reveal_only": {"Канал зрителей %s виден роли %s, поэтому туда пойдёт только раскрытие битвы в конце. Чтобы зрители видели ходы по ходу битвы (spectators.delay), закройте этот канал для ролей обоих кланов и для @everyone (право «Просмотр канала»).",
		"The spectators' channel %s is visible to %s, so it gets only the reveal at the end of the battle. For the spectators to see turns while the battle goes on (spectators.delay), deny View Channel there to both clans' roles and to @everyone."},
	"err.spectators_visible": {"Канал зрителей %s виден роли %s: с spectators.delay больше 0 она читала бы там приказы обеих сторон и всё поле по ходу битвы. Закройте канал для ролей обоих кланов и для @everyone (право «Просмотр канала») или оставьте spectators.delay 0 — тогда туда пойдёт только раскрытие в конце. Ничего не изменено.",
		"The spectators' channel %s is visible to %s: with spectators.delay above 0 it would read both sides' orders and the whole field there while the battle goes on. Deny View Channel there to both clans' roles and to @everyone, or keep spectators.delay 0 and the channel gets only the reveal at the end. Nothing was changed."},
	"bot.spectators_withheld": {"Битва «%s»: ход %d не отправлен зрителям — канал %s теперь виден роли %s. Закройте его для ролей обоих кланов и для @everyone (право «Просмотр канала»), и следующие ходы пойдут туда снова, или дайте /битва настройка ключ:spectators.delay значение:0. Раскрытие в конце придёт туда в любом случае.",
		"Battle “%s”: turn %d was not posted to the spectators — channel %s is now visible to %s. Deny View Channel there to both clans' roles and to @everyone and the next turns go there again, or give /battle set key:spectators.delay value:0. The reveal at the end goes there in any case."},
	"err.text_long": {"Параметр «%s» слишком длинный: не больше %d символов, а в нём %d. Ничего не изменено.",
		"Option “%s” is too long: at most %d characters, and it has %d. Nothing was changed."},
}

// literalMarks are the characters Discord reads as markdown or as the start
// of a mention (<@&1>, <#1>, <t:1>, @everyone, @here).
const literalMarks = "\\*_~`|<>@#[]"

// Literal is text a person typed (an order's words, his name, a note) as
// it is to be shown in a message: each character Discord would read as
// markdown or a mention escaped with a backslash, so `@everyone`,
// `<@&123>` and `**x**` appear as typed and ping nobody.
func Literal(s string) string {
	if !strings.ContainsAny(s, literalMarks) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(literalMarks, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
