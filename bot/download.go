package bot

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// downloadTimeout bounds fetching one attachment, whatever the client's own
// timeout.
const downloadTimeout = 10 * time.Second

// cdnHosts are where Discord serves attachments from.
var cdnHosts = []string{"cdn.discordapp.com", "media.discordapp.net"}

// download fetches a file a user attached to a command, at most limit
// bytes, with the session's HTTP client (so that a configured API base or a
// test's fake is used). Only http(s) URLs on Discord's CDN hosts or on the
// host of the configured API base are fetched: an attachment's URL comes
// from the interaction, and the bot must not be made to fetch anything
// else. The refusals: err.download.url (not such a URL), err.download.
// too_big (over limit by its size or while reading) and err.download.failed
// (the fetch did not succeed), each with the file name.
func (b *Bot) download(a *discordgo.MessageAttachment, limit int64) ([]byte, error) {
	if a == nil {
		return nil, refuse("err.download.failed", "")
	}
	u, err := url.Parse(a.URL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.User != nil || !b.downloadable(u) {
		return nil, refuse("err.download.url", a.Filename)
	}
	tooBig := refuse("err.download.too_big", a.Filename, (limit+1023)>>10)
	if int64(a.Size) > limit {
		return nil, tooBig
	}
	client := http.DefaultClient
	if b.s != nil && b.s.Client != nil {
		client = b.s.Client
	}
	ctx, cancel := context.WithTimeout(context.Background(), downloadTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, refuse("err.download.url", a.Filename)
	}
	if b.s != nil && b.s.UserAgent != "" {
		req.Header.Set("User-Agent", b.s.UserAgent)
	}
	resp, err := client.Do(req)
	if err != nil {
		b.opt.Log.Printf("download %s: %v", a.Filename, err)
		return nil, refuse("err.download.failed", a.Filename)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b.opt.Log.Printf("download %s: HTTP %s", a.Filename, resp.Status)
		return nil, refuse("err.download.failed", a.Filename)
	}
	if resp.ContentLength > limit {
		return nil, tooBig
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		b.opt.Log.Printf("download %s: %v", a.Filename, err)
		return nil, refuse("err.download.failed", a.Filename)
	}
	if int64(len(data)) > limit {
		return nil, tooBig
	}
	return data, nil
}

// downloadable reports whether attachments may be fetched from u: Discord's
// CDN over https, or the host (and port) of the API base the session is
// routed to (a proxy or a test's fake, see Conn.APIBase; else Discord's).
func (b *Bot) downloadable(u *url.URL) bool {
	if u.Scheme == "https" && (u.Port() == "" || u.Port() == "443") && slices.Contains(cdnHosts, strings.ToLower(u.Hostname())) {
		return true
	}
	base := DefaultAPIBase()
	if b.s != nil && b.s.Client != nil {
		if t, ok := b.s.Client.Transport.(*apiBaseTransport); ok {
			base = t.to.String()
		}
	}
	api, err := url.Parse(base)
	return err == nil && api.Host != "" && strings.EqualFold(u.Host, api.Host)
}
