package game

import (
	"errors"

	"github.com/gunbai/gunbai/store"
)

// A thread per battle (issue 28, item 4). With the battle's post.threads
// setting on (the default), each of its channels (the clans', the GM's,
// the spectators') gets the battle's own thread, and the battle's posts to
// that channel go into it; its status message stays in the channel,
// pinned, and links the thread. Opening the thread is a post owed like any
// other (PostThread), queued before the battle's first post to the
// channel, so that the posts behind it wait for it in the channel's order;
// the bot finds or makes the thread and records it here (ThreadOpened) in
// one transaction. Where the bot may not make one, the battle falls back to
// the channel and the GM is told once (ThreadRefused). When the battle
// ends, PostThreadEnd, queued after the end's posts, archives the thread.

// Post kinds of a battle's threads.
const (
	PostThread    = "thread"     // open the battle's thread in the post's channel
	PostThreadEnd = "thread_end" // the battle is over: archive its thread there
)

// ThreadsKey is the battle's setting of its threads (on by default).
const ThreadsKey = "post.threads"

// threadAudiences are the channels a battle may have a thread in.
var threadAudiences = []store.Audience{store.AudienceNorth, store.AudienceSouth, store.AudienceGM, store.AudienceSpectator}

// threadPosts are the posts that open the battle's threads, for the
// channels that have none yet (none with the setting off).
func threadPosts(rec *store.BattleRecord) []store.Post {
	if rec.NoThreads {
		return nil
	}
	var out []store.Post
	for _, a := range threadAudiences {
		ch := rec.ChannelOf(a)
		if _, done := rec.Threads[ch]; ch == "" || done {
			continue
		}
		out = append(out, post(rec, a, PostThread, nil))
	}
	return out
}

// threadEnds are the posts that archive the battle's threads, owed after
// the end's posts: the bot archives those it finds recorded.
func threadEnds(rec *store.BattleRecord) []store.Post {
	var out []store.Post
	for _, a := range threadAudiences {
		out = append(out, post(rec, a, PostThreadEnd, nil))
	}
	return out
}

// ThreadOpened records the thread a PostThread post found or made in its
// channel and takes the post out of the outbox, in one transaction; the
// battle's status messages are shown again, with their link to it.
func (g Posts) ThreadOpened(id uint64, thread string) error {
	return g.s.Store.Update(func(tx *store.Tx) error {
		p, rec, ok, err := dropPost(tx, id)
		if !ok || err != nil {
			return err
		}
		if rec.Threads == nil {
			rec.Threads = map[string]store.Thread{}
		}
		rec.Threads[p.Channel] = store.Thread{ID: thread}
		if err := tx.PutBattle(rec); err != nil {
			return err
		}
		return refreshStatus(tx, &rec)
	})
}

// ThreadRefused records that the battle's posts to a channel go to the
// channel itself, the bot being refused its thread there, and tells the GM
// (once per channel) with the catalogue text notice (bot.thread_refused.*)
// of the battle's name, the channel and, if not 0, Discord's code. drop, if not 0, is the
// PostThread post to take out of the outbox in the same transaction.
func (g Posts) ThreadRefused(guild, battle, channel, notice string, code int, drop uint64) error {
	return g.s.Store.Update(func(tx *store.Tx) error {
		if drop != 0 {
			if err := tx.Delivered(drop); err != nil {
				return err
			}
		}
		rec, err := tx.Battle(guild, battle)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		t, had := rec.Threads[channel]
		if had && t.ID == "" {
			return nil // told already
		}
		if rec.Threads == nil {
			rec.Threads = map[string]store.Thread{}
		}
		rec.Threads[channel] = store.Thread{Refused: notice}
		if err := tx.PutBattle(rec); err != nil {
			return err
		}
		args := []any{rec.Name, "<#" + channel + ">"}
		if code != 0 {
			args = append(args, code)
		}
		return tellGM(tx, &rec, notice, args...)
	})
}

// ThreadArchived records that the battle's thread in the channel of a
// PostThreadEnd post is archived (or could not be: notice, if not "", is
// the catalogue text the GM is told, once per channel), and takes the
// post out of the outbox.
func (g Posts) ThreadArchived(id uint64, notice string) error {
	return g.s.Store.Update(func(tx *store.Tx) error {
		p, rec, ok, err := dropPost(tx, id)
		if !ok || err != nil {
			return err
		}
		t := rec.Threads[p.Channel]
		if t.ID == "" || t.Archived {
			return nil
		}
		t.Archived = true
		rec.Threads[p.Channel] = t
		if err := tx.PutBattle(rec); err != nil {
			return err
		}
		if notice == "" {
			return nil
		}
		return tellGM(tx, &rec, notice, rec.Name, "<#"+t.ID+">")
	})
}

// tellGM owes the GM a notice about the battle's threads, in the GM
// channel itself rather than the battle's thread there (a post of no
// battle): it is about the channels, and the thread may be what failed.
func tellGM(tx *store.Tx, rec *store.BattleRecord, key string, args ...any) error {
	p := text(rec, []store.Audience{store.AudienceGM}, key, args...)[0]
	p.Battle = ""
	_, err := owe(tx, p)
	return err
}
