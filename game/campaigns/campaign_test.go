package campaigns

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/game/kit"
)

// TestUploadRosterRefusesByKey: a roster file's mistake reaches the bot as
// the service's refusal (kit.Refusal, which it words in the clan's
// language), with the file format's key and place, and changes nothing.
func TestUploadRosterRefusesByKey(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "s.db"))
	_, err := svc.UploadRoster(guild, "bad.toml", []byte("[[clan]]\nid = \"takeda\"\nname = 3\n"))
	var r *kit.Refusal
	if !errors.As(err, &r) || !strings.HasPrefix(r.Key, "err.roster") {
		t.Fatalf("upload of a bad file: %v (%T), want a kit.Refusal with a roster key", err, err)
	}
	if got, err := svc.Roster(guild); err != nil || len(got.Clans) != 0 {
		t.Fatalf("roster after a refused upload: %+v, %v", got, err)
	}
}
