package kit

// PostText is the outbox's plain post: Key and Args, a catalogue text.
const PostText = "text"
