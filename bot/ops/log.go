package ops

import (
	"io"
	"log/slog"
)

// Logger is the bot's structured log on w: format "json" writes a JSON
// object a line, anything else slog's key=value text.
func Logger(w io.Writer, format string) *slog.Logger {
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, nil))
	}
	return slog.New(slog.NewTextHandler(w, nil))
}
