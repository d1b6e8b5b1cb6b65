package discordfake

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
)

// Application emojis (/applications/{id}/emojis): listed, created,
// renamed and deleted as Discord does, with its refusals: a name of 2 to
// 32 letters, digits and underscores, taken at most once per application;
// an image given as a data URI of PNG, JPEG, GIF, WebP or AVIF of at most
// 256 KiB; at most 2,000 per application. Their pictures are served where
// Discord's CDN serves them, /emojis/{id}.png.

// maxAppEmojis is Discord's limit of emojis per application.
const maxAppEmojis = 2000

// maxEmojiBytes is Discord's limit of an emoji's image.
const maxEmojiBytes = 256 * 1024

var (
	emojiName    = regexp.MustCompile(`^[A-Za-z0-9_]{2,32}$`)
	emojiDataURI = regexp.MustCompile(`^data:image/(png|jpeg|gif|webp|avif);base64,`)
)

// AppEmoji is an application emoji the fake holds.
type AppEmoji struct {
	ID, Name string
	Image    []byte // the decoded picture
	Mime     string // image/png...
}

// emojiStore holds the application's emojis in their order of creation.
type emojiStore struct {
	list []*AppEmoji
}

func (s *Server) emojiStoreLocked() *emojiStore {
	if s.emojis == nil {
		s.emojis = &emojiStore{}
	}
	return s.emojis
}

func (e *emojiStore) find(id string) int {
	for i, m := range e.list {
		if m.ID == id {
			return i
		}
	}
	return -1
}

func (e *emojiStore) named(name string) *AppEmoji {
	for _, m := range e.list {
		if m.Name == name {
			return m
		}
	}
	return nil
}

func (s *Server) emojiJSONLocked(m *AppEmoji) map[string]any {
	return map[string]any{"id": m.ID, "name": m.Name, "roles": []string{}, "require_colons": true,
		"managed": false, "animated": false, "available": true, "user": s.userJSON(s.botUser)}
}

// appEmojisLocked serves /applications/{app}/emojis and
// /applications/{app}/emojis/{id} (id "" for the first).
func (s *Server) appEmojisLocked(c *Call, app, id string) (int, any, *apiError) {
	if app != s.appID {
		return 0, nil, errMissingAccess()
	}
	e := s.emojiStoreLocked()
	if id == "" {
		switch c.Method {
		case http.MethodGet:
			items := make([]any, 0, len(e.list))
			for _, m := range e.list {
				items = append(items, s.emojiJSONLocked(m))
			}
			return 200, map[string]any{"items": items}, nil
		case http.MethodPost:
			return s.createEmojiLocked(c, e)
		}
		return 0, nil, &apiError{http.StatusMethodNotAllowed, 0, "405: Method Not Allowed", nil}
	}
	i := e.find(id)
	if i < 0 {
		return 0, nil, &apiError{http.StatusNotFound, 10014, "Unknown Emoji", nil}
	}
	switch c.Method {
	case http.MethodGet:
		return 200, s.emojiJSONLocked(e.list[i]), nil
	case http.MethodDelete:
		e.list = append(e.list[:i], e.list[i+1:]...)
		return http.StatusNoContent, nil, nil
	case http.MethodPatch:
		var body struct {
			Name *string `json:"name"`
		}
		if err := json.Unmarshal(c.JSON, &body); err != nil || body.Name == nil {
			return 0, nil, invalidBody("name", "BASE_TYPE_REQUIRED", "This field is required")
		}
		if aerr := checkEmojiName(e, *body.Name, id); aerr != nil {
			return 0, nil, aerr
		}
		e.list[i].Name = *body.Name
		return 200, s.emojiJSONLocked(e.list[i]), nil
	}
	return 0, nil, &apiError{http.StatusMethodNotAllowed, 0, "405: Method Not Allowed", nil}
}

func (s *Server) createEmojiLocked(c *Call, e *emojiStore) (int, any, *apiError) {
	var body struct {
		Name  string `json:"name"`
		Image string `json:"image"`
	}
	if err := json.Unmarshal(c.JSON, &body); err != nil {
		return 0, nil, invalidBody("", "MODEL_TYPE_CONVERT", err.Error())
	}
	if aerr := checkEmojiName(e, body.Name, ""); aerr != nil {
		return 0, nil, aerr
	}
	m := emojiDataURI.FindStringSubmatch(body.Image)
	if m == nil {
		return 0, nil, invalidBody("image", "IMAGE_INVALID", "Invalid image data")
	}
	data, err := base64.StdEncoding.DecodeString(body.Image[len(m[0]):])
	if err != nil || len(data) == 0 || !imageMagicMatches(m[1], data) {
		return 0, nil, invalidBody("image", "IMAGE_INVALID", "Invalid image data")
	}
	if len(data) > maxEmojiBytes {
		return 0, nil, invalidBody("image", "BINARY_TYPE_MAX_SIZE", "File cannot be larger than 256.0 kb.")
	}
	if len(e.list) >= maxAppEmojis {
		return 0, nil, &apiError{http.StatusBadRequest, 30008, "Maximum number of emojis reached (2000)", nil}
	}
	em := &AppEmoji{ID: s.NewID(), Name: body.Name, Image: data, Mime: "image/" + m[1]}
	e.list = append(e.list, em)
	return http.StatusCreated, s.emojiJSONLocked(em), nil
}

// checkEmojiName refuses a name Discord refuses: its pattern, or taken by
// another of the application's emojis than self.
func checkEmojiName(e *emojiStore, name, self string) *apiError {
	if !emojiName.MatchString(name) {
		return invalidBody("name", "STRING_TYPE_REGEX", "String value did not match validation regex.")
	}
	if o := e.named(name); o != nil && o.ID != self {
		return invalidBody("name", "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "Emoji name already taken")
	}
	return nil
}

// imageMagicMatches: the bytes are the picture the data URI says.
func imageMagicMatches(kind string, data []byte) bool {
	switch kind {
	case "png":
		return bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n"))
	case "jpeg":
		return bytes.HasPrefix(data, []byte{0xff, 0xd8, 0xff})
	case "gif":
		return bytes.HasPrefix(data, []byte("GIF8"))
	case "webp":
		return len(data) > 12 && string(data[8:12]) == "WEBP"
	}
	return true
}

// Emojis is the application's emojis, for tests: what the bot uploaded.
type Emojis struct{ s *Server }

// Emojis inspects and seeds the application's emojis.
func (s *Server) Emojis() Emojis { return Emojis{s} }

// List is the application's emojis, in their order of creation.
func (em Emojis) List() []AppEmoji {
	em.s.mu.Lock()
	defer em.s.mu.Unlock()
	var out []AppEmoji
	for _, m := range em.s.emojiStoreLocked().list {
		out = append(out, *m)
	}
	return out
}

// Add adds an emoji as if uploaded by someone else (another tool of the
// same application); it returns its id.
func (em Emojis) Add(name string, png []byte) string {
	em.s.mu.Lock()
	defer em.s.mu.Unlock()
	m := &AppEmoji{ID: em.s.NewID(), Name: name, Image: bytes.Clone(png), Mime: "image/png"}
	e := em.s.emojiStoreLocked()
	e.list = append(e.list, m)
	return m.ID
}

// URL is where the CDN serves an emoji's picture, as Discord's does.
func (em Emojis) URL(id string) string { return em.s.url + "/emojis/" + id + ".png" }

// serveEmoji answers GET /emojis/{id}.png (or .webp, .gif) with the
// emoji's picture, like Discord's CDN; an unknown one is a 404.
func (s *Server) serveEmoji(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/emojis/")
	id, _, _ := strings.Cut(name, ".")
	s.mu.Lock()
	var m *AppEmoji
	if e := s.emojiStoreLocked(); e.find(id) >= 0 {
		m = e.list[e.find(id)]
	}
	s.mu.Unlock()
	if m == nil || r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "404: Not Found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", m.Mime)
	w.Header().Set("Cache-Control", "public, max-age=31536000")
	_, _ = w.Write(m.Image)
}
