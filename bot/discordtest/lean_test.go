package discordtest_test

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
)

// TestLean: a Lean server keeps no request bodies and only the head of an
// uploaded file, yet answers with the attachment's real size, width and
// height, as it does when it keeps everything.
func TestLean(t *testing.T) {
	var pic bytes.Buffer
	if err := png.Encode(&pic, image.NewRGBA(image.Rect(0, 0, 300, 200))); err != nil {
		t.Fatal(err)
	}
	for _, lean := range []bool{false, true} {
		srv := discordtest.New(t)
		if lean {
			srv.Lean()
		}
		sess := open(t, srv, func(*discordgo.Session) {})
		m, err := sess.ChannelMessageSendComplex(srv.ChannelID(), &discordgo.MessageSend{
			Content: "board",
			Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(pic.Bytes())}},
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Attachments) != 1 || m.Attachments[0].Size != pic.Len() || m.Attachments[0].Width != 300 || m.Attachments[0].Height != 200 {
			t.Errorf("lean %v: attachment %+v, want size %d, 300x200", lean, m.Attachments[0], pic.Len())
		}
		kept := 0
		for _, c := range srv.Calls() {
			kept += len(c.Body) + len(c.JSON) + len(c.Response)
			for _, f := range c.Files {
				kept += len(f.Data)
			}
		}
		for _, msg := range srv.Messages().In(srv.ChannelID()) {
			for _, f := range msg.Files {
				kept += len(f.Data)
			}
		}
		if lean && kept > 64 {
			t.Errorf("lean: %d bytes of bodies and files kept", kept)
		}
		if !lean && kept < 2*pic.Len() {
			t.Errorf("not lean: only %d bytes kept of a %d-byte picture", kept, pic.Len())
		}
	}
}
