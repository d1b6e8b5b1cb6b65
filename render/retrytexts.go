package render

// Texts of a command re-sent after its answer was lost (issue 25, item 3):
// the change is not made twice, its author is told what was done.
var retryTexts = texts{
	"retry.done":          {"Битва «%s»: эта команда уже выполнена в %s (%s); повтор второй раз не применяется.", "Battle “%s”: this command was already done at %s (%s); the repeat is not applied a second time."},
	"retry.recorded":      {"Битва «%s»: этот приказ уже записан в %s (%s); второй квитанции не будет.", "Battle “%s”: this order was already recorded at %s (%s); no second receipt is sent."},
	"retry.campaign":      {"Эта команда уже выполнена в %s (%s); повтор второй раз не применяется.", "This command was already done at %s (%s); the repeat is not applied a second time."},
	"retry.answer":        {"Тогда вы получили ответ:", "Its answer was:"},
	"retry.no_answer":     {"Ответ тогда не был отправлен: бот прервался сразу после изменения.", "Its answer was not sent then: the bot stopped right after the change."},
	"retry.again_offer":   {"Если нужно сделать это ещё раз, нажмите кнопку.", "To apply it once more, press the button."},
	"retry.again":         {"Применить ещё раз", "Apply once more"},
	"bot.roll_moved":      {"Эта кнопка нажата на броске, который с тех пор изменился (нажата второй раз?); ничего не изменено. Бросок сейчас:", "That button was pressed on the roll as it stood before (pressed twice?); nothing was changed. The roll as it stands:"},
	"err.roll_moved":      {"Эта кнопка нажата на броске, который с тех пор изменился (нажата второй раз?); ничего не изменено: лист показывает бросок как он есть.", "That button was pressed on the roll as it stood before (pressed twice?); nothing was changed: the sheet shows the roll as it stands."},
	"err.aftermath_moved": {"Распределение изменилось с тех пор, как было показано это меню (нажато второй раз?); ничего не изменено. Сообщение показывает его как есть.", "The distribution has changed since this menu was shown (pressed twice?); nothing was changed. The message shows it as it stands."},
	"err.duel_moved":      {"Эта кнопка была для прошлого обмена (нажата второй раз?); ничего не изменено.", "That button was for an earlier exchange (pressed twice?); nothing was changed."},
	"err.confirm_stale":   {"Эта кнопка устарела: с тех пор вы дали битве другую команду или начался другой ход. Если команда ещё нужна, отправьте её заново.", "This button is out of date: you have given the battle another command since, or another turn has begun. Send the command again if it is still wanted."},
}
