package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// A thread per battle in Discord (game/threads.go is its logic). The
// thread is opened by delivering a post (game.PostThread) like any other:
// the bot first looks for a thread it made before a crash (the guild's
// active threads, then the channel's archived public ones: its own, in
// that channel, with the battle's thread name), and only then creates
// one; the store learns its ID in one transaction (Posts.ThreadOpened), so
// however often the post is tried, on whichever process, the channel gets
// one thread. The battle's other posts to the channel then go into it.
//
// Where the bot lacks Create Public Threads or Send Messages in Threads,
// or Discord refuses it (403: 50001, 50013), the battle falls back to the
// channel itself and the GM is told once, in the GM channel. A post into
// the thread refused for good later (the thread deleted, the permission
// taken away) falls back the same way and goes to the channel at once;
// a post into a thread archived meanwhile (Discord's 50083: archived by
// Discord after a week without posts, or by a moderator) unarchives it
// first.
//
// When the battle ends, game.PostThreadEnd (queued after the end's posts)
// archives the thread. It is not locked: the players may still talk about
// the battle in it afterwards (any message of theirs unarchives it), and
// the battle's own record is in the store's journal, not in the thread.

// Discord's code for an operation on an archived thread.
const codeThreadArchived = 50083

// threadArchiveAfter is the threads' auto_archive_duration in minutes:
// a week, Discord's longest, so a battle's quiet days do not close it.
const threadArchiveAfter = 10080

// threadNeeds are the permissions the bot needs in a channel to give a
// battle its thread there, with the GM's notice of each missing.
var threadNeeds = []struct {
	bit    int64
	notice string
}{
	{discordgo.PermissionCreatePublicThreads, "bot.thread_refused.create"},
	{discordgo.PermissionSendMessagesInThreads, "bot.thread_refused.send"},
}

// threadName is a battle's thread's name in a channel's language, within
// Discord's 100 characters.
func threadName(lang, battle string) string {
	name := []rune(render.T(render.Lang(lang), "thread.name", battle))
	return string(name[:min(len(name), 100)])
}

// openThread delivers a game.PostThread post (an act of delivery,
// postActs): the battle's thread in the post's channel, found or made,
// recorded; or the fallback, told. An error is a failure to try again.
func (b *Bot) openThread(p store.Post) error {
	rec, err := b.svc.Store.Battle(p.Guild, p.Battle)
	if _, done := rec.Threads[p.Channel]; err != nil || done || rec.NoThreads || rec.Status == store.StatusFinished {
		return nil // gone, done, or no longer wanted: dropped
	}
	cp, err := b.channelPerms(p.Guild, p.Channel)
	if err != nil {
		return b.threadFailed(p, err)
	}
	for _, need := range threadNeeds {
		if cp.bot&need.bit == 0 {
			b.threadRefused(p, p.Channel, need.notice, 0, p.ID)
			return nil
		}
	}
	name := threadName(p.Lang, rec.Name)
	id, err := b.findThread(p.Guild, p.Channel, name)
	if err == nil && id == "" {
		id, err = b.createThread(p.Channel, name)
	}
	if err != nil {
		return b.threadFailed(p, err)
	}
	if err := b.svc.Posts().ThreadOpened(p.ID, id); err != nil {
		b.opt.Log.Printf("post %d: %v", p.ID, err)
	}
	b.kick() // the status messages, shown again with their link
	return nil
}

// threadFailed: a thread's post failed; refused for good, the battle falls
// back to the channel (nil), else it is tried again (the error).
func (b *Bot) threadFailed(p store.Post, err error) error {
	if code, forGood := refusedForGood(err); forGood {
		b.threadRefused(p, p.Channel, "bot.thread_refused.code", code, p.ID)
		return nil
	}
	return err
}

// threadRefused records the fallback of a battle's channel (parent) and
// the GM's notice; drop is the thread's post to drop with it (0: none).
func (b *Bot) threadRefused(p store.Post, parent, notice string, code int, drop uint64) {
	b.opt.Log.Printf("battle %s: no thread in %s (%s, code %d); posting to the channel", p.Battle, parent, notice, code)
	if err := b.svc.Posts().ThreadRefused(p.Guild, p.Battle, parent, notice, code, drop); err != nil {
		b.opt.Log.Printf("post %d: %v", p.ID, err)
	}
	b.kick() // the GM's notice
}

// findThread is the thread the bot made in a channel with that name, if it
// did (before a crash that kept the store from learning it): among the
// guild's active threads, then the channel's archived public ones.
func (b *Bot) findThread(guild, channel, name string) (string, error) {
	noWait := discordgo.WithRetryOnRatelimit(false)
	active, err := b.s.GuildThreadsActive(guild, noWait)
	if err != nil {
		return "", err
	}
	if id := ownThread(active, channel, name, b.botUser()); id != "" {
		return id, nil
	}
	archived, err := b.s.ThreadsArchived(channel, nil, 100, noWait)
	if err != nil {
		return "", err
	}
	return ownThread(archived, channel, name, b.botUser()), nil
}

// ownThread finds the bot's thread of that name in a channel in a list.
func ownThread(l *discordgo.ThreadsList, channel, name, bot string) string {
	if l == nil {
		return ""
	}
	for _, t := range l.Threads {
		if t != nil && t.ParentID == channel && t.Name == name && (bot == "" || t.OwnerID == bot) {
			return t.ID
		}
	}
	return ""
}

// createThread opens a public thread without a starter message. discordgo
// would send it again at once on a 502, when Discord may have made it
// (a thread has no nonce): the failure comes back instead, and the next
// try looks for the thread first.
func (b *Bot) createThread(channel, name string) (string, error) {
	ch, err := b.s.ThreadStartComplex(channel, &discordgo.ThreadStart{Name: name, Type: discordgo.ChannelTypeGuildPublicThread,
		AutoArchiveDuration: threadArchiveAfter}, discordgo.WithRetryOnRatelimit(false), discordgo.WithRestRetries(0))
	if err != nil {
		return "", err
	}
	return ch.ID, nil
}

// archiveThread archives (or unarchives) a thread; it is never locked.
func (b *Bot) archiveThread(thread string, archived bool) error {
	_, err := b.s.ChannelEditComplex(thread, &discordgo.ChannelEdit{Archived: &archived}, discordgo.WithRetryOnRatelimit(false))
	return err
}

// closeThread delivers a game.PostThreadEnd post (an act of delivery,
// postActs): the battle is over and its thread in the post's channel is
// archived, after the end's posts. An error is a failure to try again.
func (b *Bot) closeThread(p store.Post) error {
	rec, err := b.svc.Store.Battle(p.Guild, p.Battle)
	if err != nil || rec.Threads[p.Channel].ID == "" {
		return nil // no thread there: dropped
	}
	notice := ""
	if err := b.archiveThread(rec.Threads[p.Channel].ID, true); err != nil {
		code, forGood := refusedForGood(err)
		switch {
		case !forGood:
			return err
		case code == codeThreadArchived || code == codeUnknownChannel:
			// Archived already, or deleted: nothing left to do.
		default:
			notice = "bot.thread_archive_refused"
		}
	}
	if err := b.svc.Posts().ThreadArchived(p.ID, notice); err != nil {
		b.opt.Log.Printf("post %d: %v", p.ID, err)
	}
	if notice != "" {
		b.kick()
	}
	return nil
}

// inThread is the post as it goes: to the battle's thread in its channel,
// if the battle has one there. The status message stays in the channel,
// and so does what is not a battle's.
func (b *Bot) inThread(p store.Post) store.Post {
	if p.Battle == "" || p.Channel == "" || p.Kind == game.PostStatus {
		return p
	}
	rec, err := b.svc.Store.Battle(p.Guild, p.Battle)
	if err != nil {
		return p
	}
	if t := rec.ThreadIn(p.Channel); t != "" {
		p.Channel = t
	}
	return p
}

// threadLost handles a post into the battle's thread (thread) that Discord
// refused for good with code: an archived thread is unarchived, and the
// post tried there again; otherwise the battle falls back to the channel
// (the GM told once). It returns where to try the post now.
func (b *Bot) threadLost(p store.Post, thread string, code int) string {
	if code == codeThreadArchived {
		err := b.archiveThread(thread, false)
		if err == nil {
			return thread
		}
		code, _ = refusedForGood(err)
	}
	if code == codeMissingPermission {
		b.threadRefused(p, p.Channel, "bot.thread_refused.send", 0, 0)
	} else {
		b.threadRefused(p, p.Channel, "bot.thread_refused.code", code, 0)
	}
	return p.Channel
}

// threadLine is the status message's line linking the battle's thread in
// its channel ("" without one).
func (b *Bot) threadLine(p store.Post) string {
	rec, err := b.svc.Store.Battle(p.Guild, p.Battle)
	if err != nil {
		return ""
	}
	t := rec.ThreadIn(p.Channel)
	if t == "" {
		return ""
	}
	return render.T(render.Lang(p.Lang), "bstatus.thread", "<#"+t+">")
}
