package kit

import (
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// PostText is the outbox's plain post: Key and Args, a catalogue text.
const PostText = "text"

// SideAudience is the audience of a side's channel.
func SideAudience(s engine.Side) string {
	return [2]string{store.AudienceNorth, store.AudienceSouth}[s]
}
