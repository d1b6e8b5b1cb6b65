package discordtest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// A slash command with an uploaded file: the real discordgo client decodes
// the ATTACHMENT option and data.resolved.attachments, the attachment object
// is Discord's (AttachmentResponse in the OpenAPI description), and GET on
// its URL, through a wired session's client, returns the bytes.
func TestAttachmentOption(t *testing.T) {
	t.Parallel()
	srv := New(t)
	data := []byte("army;id;type;figures\nтакэда;u1;yamabushi;3\n")
	type seen struct {
		value string
		att   *discordgo.MessageAttachment
	}
	got := make(chan seen, 1)
	sess, err := srv.Session("attach-token")
	if err != nil {
		t.Fatal(err)
	}
	sess.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
		d := ic.ApplicationCommandData()
		sub := d.Options[0]
		o := sub.Options[0]
		if o.Type != discordgo.ApplicationCommandOptionAttachment || o.Name != "file" {
			t.Errorf("option %+v", o)
		}
		id, _ := o.Value.(string)
		got <- seen{id, d.Resolved.Attachments[id]}
	})
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	if !srv.Gateway().WaitReady(10 * time.Second) {
		t.Fatal("gateway never became ready")
	}
	i := srv.Interactions().SlashCommand(srv.GuildID(), srv.ChannelID(), Member{}, "roster",
		Subcommand("upload", AttachmentOpt("file", "войска.csv", data)))
	if _, err := srv.Interactions().Dispatch(i); err != nil {
		t.Fatal(err)
	}
	var s seen
	select {
	case s = <-got:
	case <-time.After(10 * time.Second):
		t.Fatal("no interaction")
	}
	a := s.att
	if a == nil || a.ID != s.value || a.Filename != "войска.csv" || a.Size != len(data) || a.ContentType != "text/csv; charset=utf-8" || a.ProxyURL == "" {
		t.Fatalf("value %q, attachment %+v", s.value, a)
	}
	if a.URL != srv.Interactions().AttachmentURL(a.ID) && !strings.HasPrefix(a.URL, "https://cdn.discordapp.com/attachments/"+srv.ChannelID()+"/"+a.ID+"/") {
		t.Errorf("url %q", a.URL)
	}
	u, err := url.Parse(a.URL)
	if err != nil || u.Query().Get("ex") == "" || u.Query().Get("hm") == "" {
		t.Errorf("url %q: %v", a.URL, err)
	}

	// The attachment object is Discord's.
	var p struct {
		Data struct {
			Resolved struct {
				Attachments map[string]json.RawMessage `json:"attachments"`
			} `json:"resolved"`
		} `json:"data"`
	}
	if err := json.Unmarshal(i.Payload, &p); err != nil {
		t.Fatal(err)
	}
	sp, err := spec()
	if err != nil {
		t.Fatal(err)
	}
	var sc specCheck
	sp.validateJSON(&sc, "resolved attachment", p.Data.Resolved.Attachments[a.ID], "/components/schemas/AttachmentResponse")
	if len(sc.errs) > 0 {
		t.Errorf("not an attachment object: %v", sc.errs)
	}
	var fields map[string]any
	_ = json.Unmarshal(p.Data.Resolved.Attachments[a.ID], &fields)
	for _, k := range []string{"id", "filename", "size", "url", "proxy_url", "content_type"} {
		if _, ok := fields[k]; !ok {
			t.Errorf("the attachment has no %s: %v", k, fields)
		}
	}

	for _, link := range []string{a.URL, a.ProxyURL} {
		resp, err := sess.Client.Get(link)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !bytes.Equal(body, data) || resp.Header.Get("Content-Type") != a.ContentType {
			t.Errorf("GET %s: %d %q %q", link, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
	}
	// Another id or name is not there, and the CDN is no REST call.
	for _, bad := range []string{"/attachments/" + srv.ChannelID() + "/1/войска.csv", "/attachments/" + srv.ChannelID() + "/" + a.ID + "/other.csv"} {
		resp, err := sess.Client.Get(srv.URL() + bad)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %d", bad, resp.StatusCode)
		}
	}
	for _, c := range srv.Calls() {
		if strings.HasPrefix(c.Path, "/attachments/") {
			t.Errorf("a download recorded as a REST call: %+v", c.Path)
		}
	}
}
