package bot

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// A GM's answer (an undo's, a resolve's) says what became of its posts.
// Posts owed that Discord has not refused yet, not even tried (a delay,
// the deliverer busy), are a whole sentence: the undo's answer said
// "queued (Discord: )" (issue 25 item 8). One that failed says why.
func TestPostsQueuedUndoAnswerNoEmptyDiscordPart(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "g.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc := &game.Service{Store: st}
	rec, err := svc.Create("g", game.CreateRequest{Name: "Анэгава", North: store.Clan{RoleID: "a", ChannelID: "1"}, South: store.Clan{RoleID: "b", ChannelID: "2"}})
	if err != nil {
		t.Fatal(err)
	}
	op, err := svc.Start("g", rec.ID, false)
	if err != nil || len(op.Posts) < 2 {
		t.Fatalf("start: %d posts, %v", len(op.Posts), err)
	}
	s, _ := discordgo.New("Bot t")
	b := New(s, svc, Options{})
	n := len(op.Posts)
	for lang, want := range map[string]string{
		"ru": "В очереди %d сообщени",
		"en": "%d messages are queued; the bot posts them itself as soon as it can.",
	} {
		got := b.postStatus(lang, op.Posts)
		if !strings.HasPrefix(got, strings.Replace(want, "%d", strconv.Itoa(n), 1)) || strings.Contains(got, "Discord") || strings.Contains(got, "()") {
			t.Errorf("%s: %q", lang, got)
		}
	}
	if err := svc.Posts().Later(op.Posts[0], time.Now(), "429 Too Many Requests"); err != nil {
		t.Fatal(err)
	}
	if got := b.postStatus("en", op.Posts); !strings.Contains(got, "queued (Discord: 429 Too Many Requests)") {
		t.Errorf("after a failure: %q", got)
	}
}
