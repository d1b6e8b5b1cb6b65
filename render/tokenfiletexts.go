package render

// Texts of the token read from a file (issue 31, items 1 and 2): a
// container's secret (GUNBAI_TOKEN_FILE) or systemd's credential
// ($CREDENTIALS_DIRECTORY/token), in the language of the environment.
var tokenFileTexts = texts{
	"cli.token_file_missing": {"файла с токеном %s нет (его назвала переменная %s); создайте его или уберите переменную", "there is no token file %s (named by %s); create it or unset the variable"},
	"cli.token_file_bad":     {"файл с токеном %s (его назвала переменная %s) не прочесть: %v", "the token file %s (named by %s) cannot be read: %v"},
	"cli.token_file_empty":   {"файл с токеном %s (его назвала переменная %s) пуст; положите в него токен бота", "the token file %s (named by %s) is empty; put the bot token in it"},
}
