package game

import (
	"strings"

	"github.com/gunbai/gunbai/store"
)

// PostedMessage is a turn's results as posted in one channel: the battle,
// the turn and whose view the post shows (its channel's audience).
type PostedMessage struct {
	Battle   store.BattleRecord
	Turn     int
	Audience store.Audience
}

// MessageTurn finds the turn whose results were posted as message in
// channel of guild (Posts.Posted records each turn's first message), and
// the view that post shows: the audience whose channel it is. A message
// that is no turn's post, or one an undo took back, is refused with
// err.not_turn_post, the same words whatever it is.
func (g Posts) MessageTurn(guild, channel, message string) (PostedMessage, error) {
	s := g.s
	var out PostedMessage
	found := false
	where := channel + "/" + message
	err := s.Store.View(func(tx *store.Tx) error {
		hs, err := tx.Headers(guild)
		if err != nil {
			return err
		}
		for _, h := range hs {
			if h.Unreadable != "" || h.Resolved < 1 {
				continue // no turn resolved: no turn posted
			}
			rec, err := tx.Battle(guild, h.ID)
			if err != nil {
				return err
			}
			for turn, posts := range rec.TurnPosts {
				for _, p := range posts {
					if p != where {
						continue
					}
					if aud, ok := audienceOf(&rec, rec.ParentOf(channel)); ok { // a thread shows its channel's view
						out, found = PostedMessage{Battle: rec, Turn: turn, Audience: aud}, true
						return nil
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	if !found {
		return out, refuse("err.not_turn_post")
	}
	return out, nil
}

// audienceOf is whose view the posts in a battle's channel show: a clan's
// in its channel, the GM's in his, the spectators' in theirs. A channel
// that is two of them (a GM channel that is also a clan's) shows the
// narrower view: a clan's before the spectators' before the GM's.
func audienceOf(rec *store.BattleRecord, channel string) (store.Audience, bool) {
	for _, a := range []store.Audience{store.AudienceNorth, store.AudienceSouth, store.AudienceSpectator, store.AudienceGM} {
		if ch := rec.ChannelOf(a); ch != "" && strings.EqualFold(ch, channel) {
			return a, true
		}
	}
	return "", false
}
