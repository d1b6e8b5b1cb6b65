package bot

import (
	"errors"
	"io"
	"log"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
)

// download fetches an attachment of a slash command from the fake's CDN (on
// the host of the configured API base) and refuses other hosts, schemes and
// files over the limit, before or while reading.
func TestDownload(t *testing.T) {
	srv := discordtest.New(t)
	b, err := Dial(Conn{Token: "dl-token", APIBase: srv.URL() + "/api/v9", Wire: srv.Wire}, &game.Service{}, Options{Log: log.New(io.Discard, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	data := []byte("army;id;type;figures\na1;u1;yamabushi;3\n")
	i := srv.Interactions().SlashCommand(srv.GuildID(), srv.ChannelID(), discordtest.Member{}, "roster", discordtest.AttachmentOpt("file", "войска.csv", data))
	var ic discordgo.InteractionCreate
	if err := ic.UnmarshalJSON(i.Payload); err != nil {
		t.Fatal(err)
	}
	d := ic.ApplicationCommandData()
	a := d.Resolved.Attachments[d.Options[0].Value.(string)]
	got, err := b.download(a, 1024)
	if err != nil || string(got) != string(data) {
		t.Fatalf("download: %q, %v", got, err)
	}

	refused := func(what string, a *discordgo.MessageAttachment, limit int64, key string) {
		t.Helper()
		_, err := b.download(a, limit)
		var r *game.Refusal
		if !errors.As(err, &r) || r.Key != key {
			t.Errorf("%s: got %v, want %s", what, err, key)
			return
		}
		for _, l := range []render.Lang{render.RU, render.EN} {
			if s := render.Refusal(l, r.Key, r.Args, nil); strings.HasPrefix(s, r.Key) || strings.Contains(s, "%!") || !strings.Contains(s, a.Filename) {
				t.Errorf("%s: worded %q", what, s)
			}
		}
	}
	// Over the limit by its size, or by what it turns out to be.
	refused("size", a, int64(len(data)-1), "err.download.too_big")
	lying := *a
	lying.Size = 1
	refused("read", &lying, int64(len(data)-1), "err.download.too_big")
	for _, link := range []string{
		"https://evil.example/attachments/1/2/f.csv",
		"https://cdn.discordapp.com.evil.example/attachments/1/2/f.csv",
		"https://cdn.discordapp.com:8443/attachments/1/2/f.csv",
		"ftp://cdn.discordapp.com/attachments/1/2/f.csv",
		"http://user@" + strings.TrimPrefix(srv.URL(), "http://") + "/attachments/1/2/f.csv",
		"file:///etc/passwd",
		"::not a url",
	} {
		other := *a
		other.URL = link
		refused(link, &other, 1024, "err.download.url")
	}
	// Discord's CDN is allowed (the fake serves it through its transport);
	// a file it does not have is a failed download.
	cdn := *a
	cdn.URL = "https://cdn.discordapp.com/attachments/1/2/f.csv"
	refused("cdn", &cdn, 1024, "err.download.failed")
	gone := *a
	gone.URL = srv.URL() + "/attachments/1/2/gone.csv"
	refused("404", &gone, 1024, "err.download.failed")

	// Without an API base, the fake's host is not Discord's.
	plain, err := Dial(Conn{Token: "dl-token-2", Wire: srv.Wire}, &game.Service{}, Options{Log: log.New(io.Discard, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	// ... but Discord's CDN is, as for a bot on Discord itself.
	if got, err := plain.download(a, 1024); err != nil || string(got) != string(data) {
		t.Errorf("a bot on Discord's API, from the CDN: %q, %v", got, err)
	}
	onFake := *a
	onFake.URL = strings.Replace(a.URL, "https://cdn.discordapp.com", srv.URL(), 1)
	if _, err := plain.download(&onFake, 1024); err == nil {
		t.Error("a bot on Discord's API fetched from the fake's host")
	}
}
