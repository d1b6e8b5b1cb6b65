package discordtest

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// A fake made with NewServer, outside a test's reporting: the bot answers
// a command ephemerally and posts a picture; the subscriber hears of it,
// each user sees what he may see, and the picture is served on its CDN
// path.
func TestNewServerLive(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var logged []string
	srv, err := NewServer(Options{GuildID: "100000000000000001", GuildName: "Sandbox", Logf: func(f string, a ...any) {
		mu.Lock()
		logged = append(logged, fmt.Sprintf(f, a...))
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if srv.GuildID() != "100000000000000001" || !strings.HasPrefix(srv.URL(), "http://127.0.0.1:") {
		t.Fatalf("guild %s at %s", srv.GuildID(), srv.URL())
	}
	changes, cancel := srv.Subscribe()
	defer cancel()

	var pic bytes.Buffer
	if err := png.Encode(&pic, image.NewRGBA(image.Rect(0, 0, 3, 2))); err != nil {
		t.Fatal(err)
	}
	sess, err := srv.Session("live-token")
	if err != nil {
		t.Fatal(err)
	}
	sess.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if err := s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "only you", Flags: discordgo.MessageFlagsEphemeral},
		}); err != nil {
			t.Error(err)
		}
		if _, err := s.ChannelMessageSendComplex(ic.ChannelID, &discordgo.MessageSend{Content: "for all",
			Files: []*discordgo.File{{Name: "field.png", ContentType: "image/png", Reader: bytes.NewReader(pic.Bytes())}}}); err != nil {
			t.Error(err)
		}
	})
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	ch := srv.ChannelID()
	a, b := Member{UserID: "200000000000000001"}, Member{UserID: "200000000000000002"}
	id, err := srv.Interactions().Dispatch(srv.Interactions().SlashCommand(srv.GuildID(), ch, a, "roll"))
	if err != nil {
		t.Fatal(err)
	}
	if !srv.WaitFor(func() bool { return len(srv.Messages().In(ch)) == 1 }, 10*time.Second) {
		t.Fatal("no channel message")
	}
	select {
	case c := <-changes:
		if c.ChannelID != ch {
			t.Errorf("change %+v", c)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no change notified")
	}
	seenA, seenB := srv.Messages().VisibleTo(ch, a.UserID), srv.Messages().VisibleTo(ch, b.UserID)
	if len(seenA) != 2 || seenA[0].Content != "only you" || seenA[0].InteractionID != id || seenA[0].InteractionUserID != a.UserID || seenA[1].Content != "for all" {
		t.Fatalf("a sees %+v", seenA)
	}
	if len(seenB) != 1 || seenB[0].Content != "for all" {
		t.Fatalf("b sees %+v", seenB)
	}
	f := seenB[0].Files[0]
	resp, err := http.Get(srv.URL() + FilePath(ch, f))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Equal(got, pic.Bytes()) || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("GET %s: %d %q, %d bytes", FilePath(ch, f), resp.StatusCode, resp.Header.Get("Content-Type"), len(got))
	}
	if resp, err := http.Get(srv.URL() + "/attachments/" + ch + "/" + f.ID + "/other.png"); err != nil || resp.StatusCode != 404 {
		t.Fatalf("a wrong name is served: %v %v", resp, err)
	}
	srv.Close()
	if _, open := <-changes; open {
		for range changes {
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(logged) == 0 || !strings.Contains(logged[len(logged)-1], "0 violations") {
		t.Fatalf("logged %q", logged)
	}
}
