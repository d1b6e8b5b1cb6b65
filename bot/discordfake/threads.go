package discordfake

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Threads as Discord has them (issue 28): a thread is a channel of type 11
// (PUBLIC_THREAD) whose parent_id is the text channel it was opened in,
// owned by who opened it.
//
//	POST  /channels/{channel}/threads                  open one without a message (201);
//	                                                   the parent gets a THREAD_CREATED (18) message
//	POST  /channels/{channel}/messages/{message}/threads  open one from a message: its ID is the
//	                                                   message's; a second is 400 code 160004
//	GET   /guilds/{guild}/threads/active               the guild's unarchived threads
//	GET   /channels/{channel}/threads/archived/public  a channel's archived public threads, newest first
//	PATCH /channels/{thread}                           archived, locked, name, auto_archive_duration
//
// Opening a thread needs View Channel (else 403 50001) and Create Public
// Threads (50013) in the parent; posting in one, Send Messages in Threads
// (50013), and an archived thread takes no post (400 50083) until it is
// unarchived. Unarchiving an unlocked thread needs Send Messages; anything
// else (archiving, locking) Manage Threads, as Discord documents for
// Modify Channel. THREAD_CREATE and THREAD_UPDATE are dispatched (intent
// GUILDS). A thread's permissions are its parent's.

// threadArchiveDurations are the auto_archive_duration values Discord takes.
var threadArchiveDurations = []int{60, 1440, 4320, 10080}

func errThreadArchived() *apiError {
	return &apiError{http.StatusBadRequest, 50083, "Thread is archived", nil}
}

// isThread reports whether a channel type is a thread's.
func isThread(t discordgo.ChannelType) bool {
	return t == discordgo.ChannelTypeGuildPublicThread || t == discordgo.ChannelTypeGuildPrivateThread || t == discordgo.ChannelTypeGuildNewsThread
}

// threadLocked is a thread by its ID, nil if the channel is none.
func (s *Server) threadLocked(id string) *discordgo.Channel {
	if ch := s.channels[id]; ch != nil && isThread(ch.Type) {
		return ch
	}
	return nil
}

// permChannelLocked is the channel whose permissions apply in a channel:
// a thread's parent, or the channel itself.
func (s *Server) permChannelLocked(id string) string {
	if t := s.threadLocked(id); t != nil {
		return t.ParentID
	}
	return id
}

// threadBody is what the thread routes take.
type threadBody struct {
	Name                *string `json:"name"`
	Type                *int    `json:"type"`
	AutoArchiveDuration *int    `json:"auto_archive_duration"`
	Archived            *bool   `json:"archived"`
	Locked              *bool   `json:"locked"`
}

// checkThreadBody refuses what Discord refuses in a thread's body: a name
// not of 1 to 100 characters (required when opening), an archive
// duration Discord does not offer, a type that is no thread's.
func checkThreadBody(b threadBody, opening bool) *apiError {
	f := formErrors{}
	switch {
	case b.Name == nil && opening:
		f.add("name", "BASE_TYPE_REQUIRED", "This field is required")
	case b.Name != nil && (len([]rune(*b.Name)) < 1 || len([]rune(*b.Name)) > 100):
		f.add("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
	}
	if d := b.AutoArchiveDuration; d != nil && !slices.Contains(threadArchiveDurations, *d) {
		f.add("auto_archive_duration", "BASE_TYPE_CHOICES", "Value must be one of (60, 1440, 4320, 10080).")
	}
	if t := b.Type; t != nil && !isThread(discordgo.ChannelType(*t)) {
		f.add("type", "BASE_TYPE_CHOICES", "Value must be one of (10, 11, 12).")
	}
	return f.err()
}

// createThreadLocked is POST /channels/{channel}/threads and, with a
// message, POST /channels/{channel}/messages/{message}/threads.
func (s *Server) createThreadLocked(c *Call, parentID, messageID string) (int, any, *apiError) {
	var body threadBody
	if err := json.Unmarshal(c.JSON, &body); err != nil {
		return 0, nil, invalidBody("", "MODEL_TYPE_CONVERT", "Could not interpret the body")
	}
	if aerr := checkThreadBody(body, true); aerr != nil {
		return 0, nil, aerr
	}
	if _, dm := s.dmUser[parentID]; dm {
		return 0, nil, &apiError{http.StatusBadRequest, 50003, "Cannot execute action on a DM channel", nil}
	}
	if s.threadLocked(parentID) != nil {
		return 0, nil, &apiError{http.StatusBadRequest, 50024, "Cannot execute action on this channel type", nil}
	}
	perms := s.botPermsLocked(parentID)
	if perms&discordgo.PermissionViewChannel == 0 {
		return 0, nil, errMissingAccess()
	}
	if perms&discordgo.PermissionCreatePublicThreads == 0 {
		return 0, nil, errMissingPermissions()
	}
	id := s.NewID()
	if messageID != "" {
		msg := s.messages[messageID]
		if msg == nil || msg.ChannelID != parentID || msg.Deleted {
			return 0, nil, errUnknownMessage()
		}
		if msg.Thread != "" {
			return 0, nil, &apiError{http.StatusBadRequest, 160004, "A thread has already been created for this message", nil}
		}
		id, msg.Thread = messageID, messageID // a message's thread has its ID
	}
	guild := s.chanGuild[parentID]
	if guild == "" {
		guild = s.guildID
	}
	dur := 4320
	if body.AutoArchiveDuration != nil {
		dur = *body.AutoArchiveDuration
	}
	th := &discordgo.Channel{ID: id, GuildID: guild, ParentID: parentID, Type: discordgo.ChannelTypeGuildPublicThread,
		Name: *body.Name, OwnerID: s.appID, MemberCount: 1,
		ThreadMetadata: &discordgo.ThreadMetadata{AutoArchiveDuration: dur}}
	s.channels[id], s.chanGuild[id] = th, guild
	if messageID == "" {
		// Discord tells the parent: "<bot> started a thread: <name>".
		sys := &storedMessage{typ: int(discordgo.MessageTypeThreadCreated)}
		sys.ID, sys.ChannelID, sys.GuildID, sys.Time = s.NewID(), parentID, guild, time.Now()
		sys.Content, sys.Thread = th.Name, id
		s.messages[sys.ID] = sys
		s.chanMsgs[parentID] = append(s.chanMsgs[parentID], sys.ID)
	}
	out := s.channelObject(th)
	created := s.channelObject(th)
	created["newly_created"] = true
	s.dispatchLater("THREAD_CREATE", created)
	return http.StatusCreated, out, nil
}

// dispatchLater dispatches a gateway event once s.mu is released: the
// routes run with it held, and dispatchUpdate takes it.
func (s *Server) dispatchLater(event string, payload any) {
	go s.dispatchUpdate(event, discordgo.IntentsGuilds, payload)
}

// modifyThreadLocked is PATCH /channels/{thread}.
func (s *Server) modifyThreadLocked(c *Call, p []string) (int, any, *apiError) {
	th := s.threadLocked(p[0])
	if th == nil {
		return notFound(s, c, nil) // only threads are modified by the fake
	}
	var body threadBody
	if err := json.Unmarshal(c.JSON, &body); err != nil {
		return 0, nil, invalidBody("", "MODEL_TYPE_CONVERT", "Could not interpret the body")
	}
	if aerr := checkThreadBody(body, false); aerr != nil {
		return 0, nil, aerr
	}
	m := th.ThreadMetadata
	perms := s.botPermsLocked(th.ParentID)
	if perms&discordgo.PermissionViewChannel == 0 {
		return 0, nil, errMissingAccess()
	}
	onlyUnarchive := body.Archived != nil && !*body.Archived && (body.Locked == nil || !*body.Locked) && !m.Locked && body.Name == nil && body.AutoArchiveDuration == nil
	switch {
	case onlyUnarchive && perms&discordgo.PermissionSendMessages == 0:
		return 0, nil, errMissingPermissions()
	case !onlyUnarchive && perms&discordgo.PermissionManageThreads == 0:
		return 0, nil, errMissingPermissions()
	case m.Archived && (body.Archived == nil || *body.Archived):
		return 0, nil, errThreadArchived() // an archived thread changes only by being unarchived
	}
	if body.Name != nil {
		th.Name = *body.Name
	}
	if body.AutoArchiveDuration != nil {
		m.AutoArchiveDuration = *body.AutoArchiveDuration
	}
	if body.Locked != nil {
		m.Locked = *body.Locked
	}
	if body.Archived != nil && *body.Archived != m.Archived {
		m.Archived, m.ArchiveTimestamp = *body.Archived, time.Now()
	}
	s.dispatchLater("THREAD_UPDATE", s.channelObject(th))
	return 200, s.channelObject(th), nil
}

// threadPostLocked refuses a post into a thread as Discord does; "" for a
// channel that is no thread.
func (s *Server) threadPostLocked(channelID string) *apiError {
	th := s.threadLocked(channelID)
	if th == nil {
		return nil
	}
	perms := s.botPermsLocked(th.ParentID)
	switch {
	case perms&discordgo.PermissionViewChannel == 0:
		return errMissingAccess()
	case perms&discordgo.PermissionSendMessagesInThreads == 0:
		return errMissingPermissions()
	case th.ThreadMetadata.Archived:
		return errThreadArchived()
	}
	th.MessageCount++
	return nil
}

// threadMemberJSON is the bot's membership of a thread it opened.
func (s *Server) threadMemberJSON(th *discordgo.Channel) map[string]any {
	return map[string]any{"id": th.ID, "user_id": s.appID, "join_timestamp": timestamp(time.Now().Add(-time.Minute)), "flags": 1}
}

// threadsLocked are the threads matching keep, oldest first.
func (s *Server) threadsLocked(keep func(*discordgo.Channel) bool) []*discordgo.Channel {
	var out []*discordgo.Channel
	for _, id := range sortedKeys(s.channels) {
		if th := s.threadLocked(id); th != nil && keep(th) {
			out = append(out, th)
		}
	}
	slices.SortFunc(out, func(a, b *discordgo.Channel) int { return compareIDs(a.ID, b.ID) })
	return out
}

// compareIDs orders snowflakes numerically.
func compareIDs(a, b string) int {
	x, _ := strconv.ParseInt(a, 10, 64)
	y, _ := strconv.ParseInt(b, 10, 64)
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// threadsJSON is a ThreadsResponse of threads.
func (s *Server) threadsJSON(threads []*discordgo.Channel, more bool) map[string]any {
	list, members := []any{}, []any{}
	for _, th := range threads {
		list = append(list, s.channelObject(th))
		if th.OwnerID == s.appID {
			members = append(members, s.threadMemberJSON(th))
		}
	}
	return map[string]any{"threads": list, "members": members, "has_more": more}
}

// activeThreadsLocked is GET /guilds/{guild}/threads/active.
func (s *Server) activeThreadsLocked(_ *Call, p []string) (int, any, *apiError) {
	if s.guilds[p[0]] == nil && p[0] != s.guildID {
		return 0, nil, errUnknownGuild()
	}
	return 200, s.threadsJSON(s.threadsLocked(func(th *discordgo.Channel) bool {
		return th.GuildID == p[0] && !th.ThreadMetadata.Archived
	}), false), nil
}

// archivedThreadsLocked is GET /channels/{channel}/threads/archived/public:
// newest archived first, before the query's time, at most limit (50).
func (s *Server) archivedThreadsLocked(c *Call, p []string) (int, any, *apiError) {
	if s.botPermsLocked(p[0])&discordgo.PermissionViewChannel == 0 {
		return 0, nil, errMissingAccess()
	}
	limit := 50
	if l, err := strconv.Atoi(c.Query.Get("limit")); err == nil {
		limit = l
	}
	var before time.Time
	if b := c.Query.Get("before"); b != "" {
		before, _ = time.Parse(time.RFC3339, b)
	}
	list := s.threadsLocked(func(th *discordgo.Channel) bool {
		m := th.ThreadMetadata
		return th.ParentID == p[0] && th.Type == discordgo.ChannelTypeGuildPublicThread && m.Archived && (before.IsZero() || m.ArchiveTimestamp.Before(before))
	})
	slices.Reverse(list)
	more := len(list) > limit
	return 200, s.threadsJSON(list[:min(len(list), limit)], more), nil
}

// Thread is a thread as a test (or the sandbox) reads it.
type Thread struct {
	ID, ParentID, GuildID, Name, OwnerID string
	Archived, Locked                     bool
	AutoArchiveDuration                  int
	// Messages are how many were posted in it.
	Messages int
}

func threadOf(th *discordgo.Channel) Thread {
	m := th.ThreadMetadata
	return Thread{ID: th.ID, ParentID: th.ParentID, GuildID: th.GuildID, Name: th.Name, OwnerID: th.OwnerID,
		Archived: m.Archived, Locked: m.Locked, AutoArchiveDuration: m.AutoArchiveDuration, Messages: th.MessageCount}
}

// Threads returns the threads opened in a channel, oldest first.
func (ms Messages) Threads(parentID string) []Thread {
	s := ms.s
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Thread
	for _, th := range s.threadsLocked(func(th *discordgo.Channel) bool { return th.ParentID == parentID }) {
		out = append(out, threadOf(th))
	}
	return out
}

// Thread returns a thread by its ID.
func (ms Messages) Thread(id string) (Thread, bool) {
	s := ms.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if th := s.threadLocked(id); th != nil {
		return threadOf(th), true
	}
	return Thread{}, false
}

// Under returns the messages of a channel and of every thread opened in
// it, in the order they were posted: what a member reading the channel and
// its threads reads.
func (ms Messages) Under(channelID string) []Message {
	out := ms.In(channelID)
	for _, th := range ms.Threads(channelID) {
		out = append(out, ms.In(th.ID)...)
	}
	slices.SortStableFunc(out, func(a, b Message) int { return compareIDs(a.ID, b.ID) })
	return out
}

// SetThreadArchived archives or unarchives a thread as a moderator (or
// Discord, after its auto_archive_duration without a post) would.
func (gd Guilds) SetThreadArchived(id string, archived bool) {
	s := gd.s
	s.mu.Lock()
	th := s.threadLocked(id)
	if th == nil {
		s.mu.Unlock()
		return
	}
	th.ThreadMetadata.Archived, th.ThreadMetadata.ArchiveTimestamp = archived, time.Now()
	payload := s.channelObject(th)
	s.mu.Unlock()
	s.dispatchUpdate("THREAD_UPDATE", discordgo.IntentsGuilds, payload)
}

// threadOfMessageJSON adds to a message's JSON its thread: the channel
// reference of a THREAD_CREATED notice, the thread started from it.
func (s *Server) threadOfMessageJSON(m *storedMessage, out map[string]any) {
	th := s.threadLocked(m.Thread)
	switch {
	case th == nil:
	case m.typ == int(discordgo.MessageTypeThreadCreated):
		out["message_reference"] = map[string]any{"type": 0, "channel_id": th.ID, "guild_id": th.GuildID}
	default:
		out["thread"] = s.channelObject(th)
	}
}
