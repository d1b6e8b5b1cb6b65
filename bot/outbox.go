package bot

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// The delivery of the outbox (store.Post, queued by package game in the
// transaction of the change that makes a post owed). deliverDue sends every
// post that is due, in order per channel, and removes each when Discord has
// confirmed all its parts; each part carries a nonce with enforce_nonce, so
// a part sent again after a crash is not posted twice. Rate limits and
// Discord's 5xx wait and retry with backoff; refusals for good are
// reported once to the GM. The handlers run it after they have answered,
// the ticker after deadlines, and a worker goroutine when a retry is due
// or a turn was resolved. Passes run at once: each claims the targets no
// other pass is serving, so a player's receipt does not wait behind a
// storm of deadlines being drawn, and a target's posts still go one after
// the other; the pictures are drawn in the order the posts were owed, on
// the cores left after answering (drawgate.go).

// Discord's JSON error codes that no retry will cure.
const (
	codeUnknownChannel    = 10003
	codeMissingAccess     = 50001
	codeCannotDM          = 50007
	codeMissingPermission = 50013
	codeUnknownMessage    = 10008
	codeUnknownWebhook    = 10015
)

// maxFailed bounds the refused posts remembered for the GM's answers.
const maxFailed = 1000

// delivery is the outcome of a post that left the outbox other than by
// being delivered: refused for good, with Discord's code.
type delivery struct {
	channel string
	code    int
}

// message is one Discord message of a post.
type message struct {
	content    string
	file       *discordgo.File
	alt        string    // the file's alt text
	more       []picture // further pictures (a turn's replay GIF)
	components []discordgo.MessageComponent
	embeds     []*discordgo.MessageEmbed // cards (a roster, an aftermath)
	// v2: a Components V2 message (flag IS_COMPONENTS_V2): all it says is
	// in its components, it has no content nor embeds (the order sheet).
	v2 bool
	// mentions are whom the message may ping (allowed_mentions); nil:
	// nobody (mentions.go).
	mentions *discordgo.MessageAllowedMentions
}

// kick asks the worker for a pass, without waiting.
func (b *Bot) kick() {
	select {
	case b.kicks <- struct{}{}:
	default:
	}
}

// deliverer is the worker: a pass when kicked or when a retry is due.
func (b *Bot) deliverer(stop <-chan struct{}) {
	defer b.tick.Done()
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		next := b.deliverDue()
		wait := time.Hour
		if !next.IsZero() {
			wait = max(time.Until(next), 10*time.Millisecond)
		}
		timer.Reset(wait)
		select {
		case <-stop:
			return
		case <-b.kicks:
		case <-timer.C:
		}
	}
}

// deliverDue makes one pass over the outbox and returns when the earliest
// post left waiting may be tried again (zero: none waits).
func (b *Bot) deliverDue() (next time.Time) {
	next, _ = b.pass()
	return next
}

// pass serves the targets with posts owed that no other pass is serving;
// left reports that it left some to another pass.
func (b *Bot) pass() (next time.Time, left bool) {
	defer b.recovered("delivery")
	posts, err := b.svc.Posts().Owed()
	if err != nil {
		b.opt.Log.Printf("reading the outbox: %v", err)
		return time.Now().Add(time.Minute), false
	}
	// Each target (a channel, a user's DMs, a live message) gets its posts
	// in order, one after the other; different targets are independent, so
	// a few are served at once, their pictures drawn as the gate allows.
	now := time.Now()
	var targets []string
	byTarget := map[string][]store.Post{}
	for _, p := range posts {
		t := p.Target()
		if _, ok := byTarget[t]; !ok {
			targets = append(targets, t)
		}
		byTarget[t] = append(byTarget[t], p)
	}
	highest := map[string]uint64{}
	for t, ps := range byTarget {
		highest[t] = ps[len(ps)-1].ID
	}
	targets, left = b.claims.claim(targets, highest)
	var mu sync.Mutex
	work := make(chan string)
	var wg sync.WaitGroup
	for range min(deliveryWorkers(), len(targets)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer b.recovered("delivery")
			for t := range work {
				if retry := b.serveClaimed(t, byTarget[t], highest[t], now); !retry.IsZero() {
					mu.Lock()
					next = earliest(next, retry)
					mu.Unlock()
				}
			}
		}()
	}
	for _, t := range targets {
		work <- t
	}
	close(work)
	wg.Wait()
	if !next.IsZero() {
		b.kick() // the worker sets its timer for the post that waits
	}
	return next, left
}

// settle delivers what is due and waits until no pass is serving a
// target: what the tests and the ticker wait for.
func (b *Bot) settle() {
	for {
		if _, left := b.pass(); !left {
			return
		}
		b.claims.idle()
	}
}

// serveClaimed delivers the posts of a target the pass claimed (up to
// highest), as they stand now, and gives the target back, whatever
// happens.
func (b *Bot) serveClaimed(t string, posts []store.Post, highest uint64, now time.Time) time.Time {
	defer func() {
		if b.claims.unclaim(t, highest) {
			b.kick() // another pass left it newer posts
		}
	}()
	defer b.recovered("delivery")
	posts, err := b.svc.Posts().Still(posts)
	if err != nil {
		b.opt.Log.Printf("reading the outbox: %v", err)
		return time.Now().Add(time.Minute)
	}
	return b.deliverTarget(posts, now)
}

// claims are the targets the delivery passes are serving.
type claims struct {
	mu sync.Mutex
	// serving: for each target served, the highest post ID another pass
	// found owed there and left to it (0: none).
	serving map[string]uint64
	none    *sync.Cond // signalled when no target is served
}

// claim takes the targets nobody serves, in their order; left reports
// that some were served by another pass. highest is the last post the
// pass read for each target.
func (c *claims) claim(targets []string, highest map[string]uint64) (mine []string, left bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.serving == nil {
		c.serving = map[string]uint64{}
	}
	for _, t := range targets {
		if seen, ok := c.serving[t]; ok {
			c.serving[t], left = max(seen, highest[t]), true
			continue
		}
		c.serving[t] = 0
		mine = append(mine, t)
	}
	return mine, left
}

// unclaim gives back a target served up to post highest, and reports
// whether another pass left it a newer post meanwhile (it wants a pass;
// one the server had read is delivered, or waits for its retry).
func (c *claims) unclaim(t string, highest uint64) (newer bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	newer = c.serving[t] > highest
	delete(c.serving, t)
	if len(c.serving) == 0 && c.none != nil {
		c.none.Broadcast()
	}
	return newer
}

// idle waits until no target is served.
func (c *claims) idle() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.none == nil {
		c.none = sync.NewCond(&c.mu)
	}
	for len(c.serving) > 0 {
		c.none.Wait()
	}
}

// deliveryWorkers is how many targets are served at once: every core, and
// a few more for the time spent waiting on Discord.
func deliveryWorkers() int { return runtime.GOMAXPROCS(0) + 2 }

// deliverTarget delivers one target's posts in their order, stopping at the
// first that must wait (the rest wait behind it); it returns when to try
// again, zero if nothing waits.
func (b *Bot) deliverTarget(posts []store.Post, now time.Time) time.Time {
	for _, p := range posts {
		if p.NotBefore.After(now) {
			return p.NotBefore
		}
		b.unacked.wait(ackFirst) // the answers first
		if retry := b.deliver(p); !retry.IsZero() {
			return retry
		}
	}
	return time.Time{}
}

func earliest(a, b time.Time) time.Time {
	if a.IsZero() || b.Before(a) {
		return b
	}
	return a
}

// postActs are the kinds of post delivery carries out rather than posts:
// the undone turn's messages marked so, a clan's ordering role's sheets
// opened, a battle's threads opened and archived. Every other kind has its composer (composers, compose.go).
var postActs = map[string]func(b *Bot, p store.Post) error{
	game.PostReplaced: (*Bot).markReplaced,
	game.PostSheets:   (*Bot).openRoleSheets,
	// A battle's thread opened, and archived at its end (threads.go).
	game.PostThread:    (*Bot).openThread,
	game.PostThreadEnd: (*Bot).closeThread,
}

// deliver sends the parts of one post not yet confirmed. It returns when to
// try again if the post must wait.
func (b *Bot) deliver(p store.Post) time.Time {
	switch {
	case p.Live != "":
		return b.deliverLive(p)
	case p.UndoneTo > 0:
		return b.takeBack(b.inThread(p))
	case postActs[p.Kind] != nil:
		if err := postActs[p.Kind](b, p); err != nil {
			return b.later(p, err)
		}
		if err := b.svc.Posts().Delivered(p.ID); err != nil {
			b.logPost(p, "post %d: %v", p.ID, err)
		}
		return time.Time{}
	case p.Audience == store.AudienceSpectator && p.Kind == game.PostTurn:
		if retry, held := b.holdSpectators(p); held {
			return retry
		}
	}
	msgs, err := b.compose(p)
	if err != nil {
		// Nothing to say any more (its battle was deleted, say): drop it.
		b.logPost(p, "post %d (%s): %v; dropped", p.ID, p.Kind, err)
		if err := b.svc.Posts().Delivered(p.ID); err != nil {
			b.logPost(p, "post %d: %v", p.ID, err)
		}
		return time.Time{}
	}
	to := b.inThread(p) // the battle's thread in the channel, if it has one
	for part := p.Sent; part < len(msgs); part++ {
		id, err := b.sendPart(to, part, msgs[part])
		if code, forGood := refusedForGood(err); forGood && to.Channel != p.Channel {
			to.Channel = b.threadLost(p, to.Channel, code)
			id, err = b.sendPart(to, part, msgs[part])
		}
		if err == nil {
			if p.Kind == game.PostTurn && part == 0 && id != "" {
				// Where the turn's results are, should the GM undo it.
				if err := b.svc.Posts().Posted(to, id); err != nil {
					b.logPost(p, "post %d: %v", p.ID, err)
				}
			}
			if part+1 < len(msgs) {
				if err := b.svc.Posts().Sent(p.ID, part+1); err != nil {
					b.logPost(p, "post %d: %v", p.ID, err)
				}
			}
			continue
		}
		if code, forGood := refusedForGood(err); forGood {
			b.refused(p, code)
			return time.Time{}
		}
		return b.later(p, err)
	}
	if err := b.svc.Posts().Delivered(p.ID); err != nil {
		b.logPost(p, "post %d: %v", p.ID, err)
	}
	return time.Time{}
}

// later keeps a post that failed for now, to be tried again after a
// backoff, and returns when.
func (b *Bot) later(p store.Post, err error) time.Time {
	err = atBase(err)
	wait := retryAfter(err, p.Attempts, b.opt.RetryBase)
	b.logPost(p, "post %d to %s: %v; trying again in %v", p.ID, p.Target(), err, wait)
	if err := b.svc.Posts().Later(p.ID, time.Now().Add(wait), err.Error()); err != nil {
		b.logPost(p, "post %d: %v", p.ID, err)
	}
	return time.Now().Add(wait)
}

// deliverLive shows a live message as it now stands: posted the first
// time (with a nonce, so a retry after a crash does not post it twice),
// edited in place after that, through the interaction's webhook for an
// ephemeral answer. What it showed is recorded with the version read
// before composing, so a change committed meanwhile is shown next.
func (b *Bot) deliverLive(p store.Post) time.Time {
	live, err := b.svc.Sheets().Live(p.Live)
	if err != nil {
		b.logPost(p, "post %d (%s): %v; dropped", p.ID, p.Live, err)
		b.dropped(p)
		return time.Time{}
	}
	msgs, err := b.compose(p)
	if err != nil || len(msgs) == 0 {
		b.logPost(p, "post %d (%s): %v; dropped", p.ID, p.Kind, err)
		b.dropped(p)
		return time.Time{}
	}
	m := msgs[0]
	channel, id := live.Channel, live.Message
	noWait := discordgo.WithRetryOnRatelimit(false)
	switch {
	case live.Reply != nil:
		err = b.editAnswer(live.Reply.AppID, live.Reply.Token, live.Message, m, noWait)
	case live.Message != "":
		err = b.editMessage(live.Channel, live.Message, m, noWait)
	default:
		channel, id, err = b.createLive(p, m)
	}
	if err != nil {
		var re *discordgo.RESTError
		if errors.As(err, &re) && re.Message != nil && (re.Message.Code == codeUnknownMessage || re.Message.Code == codeUnknownWebhook) && live.Reply == nil {
			// Deleted: post it anew at once.
			if err := b.svc.Sheets().LiveLost(p.Live); err != nil {
				b.logPost(p, "post %d: %v", p.ID, err)
			}
			return time.Now()
		}
		if code, forGood := refusedForGood(err); forGood {
			b.logPost(p, "live message %s refused for good (code %d)", p.Live, code)
			if err := b.svc.Sheets().LiveDead(p.Live); err != nil {
				b.logPost(p, "post %d: %v", p.ID, err)
			}
			return time.Time{}
		}
		return b.later(p, err)
	}
	if live.Message != "" {
		id = "" // already recorded
	}
	if err := b.svc.Sheets().LiveShown(p.ID, live.Version, channel, id); err != nil {
		b.logPost(p, "post %d: %v", p.ID, err)
	}
	if id != "" && live.Reply == nil && p.Kind == game.PostStatus {
		b.pinStatus(p, channel, id) // posted now: pinned once
	}
	return time.Time{}
}

// dropped removes a post that has nothing to say any more.
func (b *Bot) dropped(p store.Post) {
	if err := b.svc.Posts().Delivered(p.ID); err != nil {
		b.logPost(p, "post %d: %v", p.ID, err)
	}
}

// createLive posts a live message the first time, with its nonce.
func (b *Bot) createLive(p store.Post, m message) (channel, id string, err error) {
	channel = b.inThread(p).Channel // a clan's summary goes into the battle's thread
	if channel == "" {
		ch, err := b.s.UserChannelCreate(p.User)
		if err != nil {
			return "", "", err
		}
		channel = ch.ID
	}
	raw, err := b.post(channel, p.Nonce(0), m)
	if err != nil {
		return "", "", err
	}
	var msg discordgo.Message
	if err := json.Unmarshal(raw, &msg); err != nil {
		return "", "", err
	}
	if !sameMessage(msg, m) {
		// Sent before a crash with what it said then: Discord answered
		// with that message (enforce_nonce); it says what it says now.
		if err := b.editMessage(channel, msg.ID, m, discordgo.WithRetryOnRatelimit(false)); err != nil {
			return "", "", err
		}
	}
	return channel, msg.ID, nil
}

// refused drops a post Discord refuses for good and tells whoever should
// know: the GM (once per channel, by a post of its own) or, for a DM, the
// player in his interaction's answer.
func (b *Bot) refused(p store.Post, code int) {
	b.logPost(p, "post %d to %s refused for good (code %d)", p.ID, p.Target(), code)
	if _, err := b.svc.Posts().Undeliverable(p.ID, code); err != nil {
		b.logPost(p, "post %d: %v", p.ID, err)
	}
	b.mu.Lock()
	if len(b.failed) >= maxFailed {
		// Only the answers of the last few changes need these: forget
		// the oldest half (IDs grow with time).
		for id := range b.failed {
			if id < p.ID-maxFailed/2 {
				delete(b.failed, id)
			}
		}
	}
	b.failed[p.ID] = delivery{channel: p.Channel, code: code}
	b.mu.Unlock()
	if p.User != "" && p.Reply != nil {
		i := &discordgo.Interaction{AppID: p.Reply.AppID, Token: p.Reply.Token}
		text := tr(p.Lang, "bot.dm_closed")
		if err := b.followup(i, &discordgo.WebhookParams{Content: text, Flags: discordgo.MessageFlagsEphemeral}); err != nil {
			b.logPost(p, "telling %s the DM failed: %v", p.User, err)
		}
	}
}

// sendPart posts one message of a post with its nonce.
func (b *Bot) sendPart(p store.Post, part int, m message) (id string, err error) {
	channel := p.Channel
	if channel == "" {
		ch, err := b.s.UserChannelCreate(p.User)
		if err != nil {
			return "", err
		}
		channel = ch.ID
	}
	raw, err := b.post(channel, p.Nonce(part), m)
	if err != nil {
		return "", err
	}
	var msg struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(raw, &msg) // only to remember where a turn was posted
	return msg.ID, nil
}

// post creates one message in a channel with a nonce Discord enforces,
// and returns Discord's answer (the message).
func (b *Bot) post(channel, nonce string, m message) ([]byte, error) {
	body, files := bodyOf(m, false)
	body.Nonce, body.EnforceNonce = nonce, true
	// Rate limits come back to us, so one slow channel does not hold the
	// others: the post waits, the pass goes on.
	return b.send(http.MethodPost, discordgo.EndpointChannelMessages(channel), body, files, discordgo.WithRetryOnRatelimit(false))
}

// refusedForGood tells Discord's refusals that no retry will cure.
func refusedForGood(err error) (int, bool) {
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response == nil {
		return 0, false
	}
	code := 0
	if re.Message != nil {
		code = re.Message.Code
	}
	switch code {
	case codeUnknownChannel, codeMissingAccess, codeCannotDM, codeMissingPermission:
		return code, true
	}
	st := re.Response.StatusCode
	// Any other 4xx but 429 is a request Discord will never take.
	return code, st >= 400 && st < 500 && st != http.StatusTooManyRequests
}

// retryAfter is how long a post waits after a failure: what a rate limit
// says, else a backoff doubling from base (2 s) to 5 minutes.
func retryAfter(err error, attempts int, base time.Duration) time.Duration {
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) && rl.RateLimit != nil && rl.TooManyRequests != nil && rl.RetryAfter > 0 {
		return rl.RetryAfter
	}
	if base <= 0 {
		base = 2 * time.Second
	}
	return min(base<<min(attempts, 8), 5*time.Minute)
}

// postStatus says what became of a change's posts: all delivered, some
// still queued (why), or some refused for good (where and why).
func (b *Bot) postStatus(lang string, ids []uint64) string {
	owed, err := b.svc.Posts().Owed()
	if err != nil {
		return tr(lang, "bot.posts_unknown")
	}
	waiting := map[uint64]store.Post{}
	for _, p := range owed {
		waiting[p.ID] = p
	}
	queued, why := 0, ""
	var refused []string
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, id := range ids {
		if p, ok := waiting[id]; ok {
			queued++
			why = cmp.Or(why, p.LastError) // the first failure says why the rest wait
		} else if d, ok := b.failed[id]; ok {
			refused = append(refused, fmt.Sprintf("<#%s>: %s", d.channel, tr(lang, codeKey(d.code))))
		}
	}
	switch {
	case len(refused) > 0:
		return tr(lang, "bot.posts_refused", strings.Join(refused, "; "))
	case queued > 0 && why == "": // not tried yet (a delay), or tried in a moment
		return tr(lang, "bot.posts_waiting", queued)
	case queued > 0:
		return tr(lang, "bot.posts_queued", queued, why)
	}
	return tr(lang, "bot.posts_delivered")
}
