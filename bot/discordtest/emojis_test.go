package discordtest_test

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
)

// The fake's application emojis refuse what Discord refuses: a name out
// of its pattern or taken, an image that is no data URI or over 256 KiB,
// an emoji past the 2,000th; the list is {items: [...]}, an emoji's
// picture is served at the CDN's /emojis/{id}.png, and deleting one of
// the application's emojis leaves the others.
func TestEmojiFakeRefusesAsDiscord(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.AllowViolations() // the names of 1 and 33 characters break the description too, on purpose
	sess, err := srv.Session(token)
	if err != nil {
		t.Fatal(err)
	}
	app := srv.AppID()
	png := []byte("\x89PNG\r\n\x1a\n" + strings.Repeat("x", 100))
	uri := func(b []byte) string { return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b) }
	code := func(err error) string {
		var re *discordgo.RESTError
		if errors.As(err, &re) {
			return string(re.ResponseBody)
		}
		return ""
	}
	e, err := sess.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "gunbai_move", Image: uri(png)})
	if err != nil || e.ID == "" || e.Name != "gunbai_move" {
		t.Fatalf("create: %+v %v", e, err)
	}
	for _, c := range []struct {
		name, image, want string
	}{
		{"x", uri(png), "STRING_TYPE_REGEX"},
		{"has-dash", uri(png), "STRING_TYPE_REGEX"},
		{strings.Repeat("a", 33), uri(png), "STRING_TYPE_REGEX"},
		{"gunbai_move", uri(png), "APPLICATION_EMOJI_NAME_ALREADY_TAKEN"},
		{"raw_base64", base64.StdEncoding.EncodeToString(png), "IMAGE_INVALID"},
		{"not_a_png", uri([]byte("GIF89a")), "IMAGE_INVALID"},
		{"too_big", uri(append(png, make([]byte, 256*1024)...)), "BINARY_TYPE_MAX_SIZE"},
	} {
		_, err := sess.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: c.name, Image: c.image})
		if !strings.Contains(code(err), c.want) {
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
	list, err := sess.ApplicationEmojis(app)
	if err != nil || len(list) != 1 || list[0].ID != e.ID {
		t.Fatalf("list: %+v %v", list, err)
	}
	resp, err := http.Get(srv.Emojis().URL(e.ID))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Equal(body, png) || resp.Header.Get("Content-Type") != "image/png" {
		t.Errorf("CDN: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for i := len(srv.Emojis().List()); i < 2000; i++ {
		srv.Emojis().Add("seeded_"+strings.Repeat("x", 1)+itoa(i), png)
	}
	if _, err := sess.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "one_more", Image: uri(png)}); !strings.Contains(code(err), "30008") {
		t.Errorf("the 2,001st emoji: %v", err)
	}
	if err := sess.ApplicationEmojiDelete(app, e.ID); err != nil {
		t.Fatal(err)
	}
	if n := len(srv.Emojis().List()); n != 1999 {
		t.Errorf("%d emojis after deleting one of 2000", n)
	}
	if _, err := sess.ApplicationEmojiCreate("123456789012345678", &discordgo.EmojiParams{Name: "other_app", Image: uri(png)}); err == nil {
		t.Error("created an emoji of another application")
	}
}

func itoa(i int) string {
	const d = "0123456789"
	if i < 10 {
		return d[i : i+1]
	}
	return itoa(i/10) + d[i%10:i%10+1]
}
