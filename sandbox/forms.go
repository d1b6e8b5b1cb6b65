package sandbox

import (
	"encoding/base64"
	"encoding/json"
	"net/http"

	"github.com/gunbai/gunbai/bot/discordfake"
)

// The page's share of the modals of labels (a select of roles or
// channels, a file upload) and of the application's emojis: a form of
// labels is submitted as Discord submits it (discordfake's SubmitModal),
// and an emoji's markup <:name:id> is drawn as its picture, served here
// as Discord's CDN serves it.

// formIn is a form of labels filled in on the page: the modal as the bot
// sent it, the values by input and the files uploaded.
type formIn struct {
	As      string              `json:"as"`
	Channel string              `json:"channel"`
	Modal   json.RawMessage     `json:"modal"`
	Values  map[string][]string `json:"values"`
	Files   map[string][]struct {
		Name string `json:"name"`
		Data string `json:"data"` // base64
	} `json:"files"`
}

func (sb *Sandbox) serveForm(w http.ResponseWriter, r *http.Request) {
	var in formIn
	if err := decode(r, &in); err != nil {
		writeErr(w, err)
		return
	}
	p, guild, ch, err := sb.locate(in.As, in.Channel)
	if err != nil {
		writeErr(w, err)
		return
	}
	input := discordfake.ModalInput{Values: map[string][]string{}, Files: map[string][]discordfake.UploadFile{}}
	for id, vs := range in.Values {
		if len(vs) > 0 {
			input.Values[id] = vs
		}
	}
	for id, fs := range in.Files {
		for _, f := range fs {
			data, err := base64.StdEncoding.DecodeString(f.Data)
			if err != nil {
				writeErr(w, badRequest("file %q: %v", f.Name, err))
				return
			}
			input.Files[id] = append(input.Files[id], discordfake.UploadFile{Name: f.Name, Data: data})
		}
	}
	i, err := sb.srv.Interactions().SubmitModal(guild, ch, p.member, in.Modal, input)
	if err != nil {
		writeErr(w, badRequest("%v", err))
		return
	}
	id, err := sb.dispatch(p, "[form]", i)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, sb.result(id))
}

// serveEmoji serves an application emoji's picture by its id.
func (sb *Sandbox) serveEmoji(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	for _, e := range sb.srv.Emojis().List() {
		if e.ID == id {
			w.Header().Set("Content-Type", e.Mime)
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			_, _ = w.Write(e.Image)
			return
		}
	}
	http.NotFound(w, r)
}
