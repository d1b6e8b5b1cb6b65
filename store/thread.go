package store

// Thread is a battle's own thread in one of its channels (issue 28, item
// 4), as the bot found or made it: where the battle's posts to that
// channel go. A thread refused (the bot lacks a permission there, or
// Discord answered 403) has no ID: the battle falls back to the channel
// itself, and the GM was told once why.
type Thread struct {
	// ID is the thread's channel ID; "" when refused.
	ID string `json:"id,omitempty"`
	// Refused says why the battle has no thread there: the catalogue key
	// of the permission missing, or "code:<n>" for Discord's error code.
	Refused string `json:"refused,omitempty"`
	// Archived: the battle is over and its thread archived.
	Archived bool `json:"archived,omitempty"`
}

// ThreadIn is the thread the battle's posts to a channel go into: "" if
// they go to the channel itself (no thread there, refused, or the setting
// off).
func (r *BattleRecord) ThreadIn(channel string) string {
	if r.NoThreads || channel == "" {
		return ""
	}
	return r.Threads[channel].ID
}

// ParentOf is the battle's channel a channel is or is the thread of: the
// channel itself when it is none of the battle's threads.
func (r *BattleRecord) ParentOf(channel string) string {
	for parent, t := range r.Threads {
		if t.ID != "" && t.ID == channel {
			return parent
		}
	}
	return channel
}
