package bot_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every message the bot sends says whom it may ping because every send
// goes through mentions.go or bodyOf (attach.go): no other file calls
// discordgo's message senders (Mention).
func TestMentionOneSendPath(t *testing.T) {
	t.Parallel()
	senders := []string{"b.s.InteractionRespond(", "b.s.InteractionResponseEdit(", "b.s.FollowupMessage", "b.s.ChannelMessageSend",
		"b.s.ChannelMessageEdit", "b.s.Webhook", "b.s.RequestWithBucketID(http.MethodPost", "b.s.RequestWithBucketID(http.MethodPatch", "b.s.RequestRaw("}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "mentions.go" || f == "attach.go" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range senders {
			if strings.Contains(string(src), s) {
				t.Errorf("%s sends a message with %s, not through mentions.go", f, strings.TrimSuffix(s, "("))
			}
		}
	}
}
