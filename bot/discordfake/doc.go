// Package discordfake is a fake Discord: the bot's end-to-end tests run
// against it (through bot/discordtest, which adds a test's checks) and so
// does the sandbox (`gunbai sandbox`), which is why it links neither
// testing, nor httptest, nor Discord's OpenAPI description.
//
// A Server speaks the real Discord protocols on 127.0.0.1: the REST API under
// /api/v9/... and the gateway websocket under /gateway. A *discordgo.Session
// (the real github.com/bwmarrin/discordgo client) is pointed at it with
// Server.Session or Server.Wire: its http.Client gets a RoundTripper that
// rewrites every https://discord.com/... request to the fake server (path and
// query kept; any other host is refused, so tests never reach the network),
// and GET /api/v9/gateway returns ws://127.0.0.1:port/gateway, so Open dials
// the fake gateway. discordgo's package-level Endpoint* variables are never
// touched, so tests using the fake can run in parallel. A bot that reaches
// the fake by URL (bot.Conn's APIBase) is admitted with AddToken.
//
// The Server's methods are grouped by concern (views.go): Guilds()
// configures guilds, channels, roles, members and users; Messages() and
// Interactions() show what the bot posted and answered, and build and
// dispatch what users do (SlashCommand, Button, Select, ModalSubmit,
// Autocomplete, ComponentOn, then Dispatch); Gateway() drives and shows
// the websocket side; Faults() injects errors; Checks() holds what the
// scans of the bot's texts found. Every REST call is recorded (Calls,
// UnexpectedCalls); Subscribe tells of every change the bot made.
//
// The gateway sends HELLO, answers IDENTIFY with READY (then one GUILD_CREATE
// per known guild), HEARTBEAT with HEARTBEAT_ACK and RESUME with the
// dispatches the client missed, then RESUMED. As on Discord, a client that
// closes with 1000 or 1001 invalidates its session (a later RESUME gets
// INVALID_SESSION false); other closes and dropped connections keep it
// resumable. Gateway().Dispatch sends any payload (e.g. a fixture file).
//
// Sharding is served as Discord does it (shards.go): an IDENTIFY with
// "shard": [id, count] gets READY and GUILD_CREATE for the guilds of that
// shard only (ShardOf: (guild_id >> 22) % count), a guild's dispatches go
// out on its shard's session only (InteractionInfo.Sessions records
// which), a disagreeing shard count is closed with 4010 and too many
// guilds on a shard with 4011; GET /gateway/bot recommends Gateway().SetBot's
// count and max_concurrency; DropShard and HoldShard take one shard away.
//
// Responses are Discord-shaped objects with snowflake string ids; errors are
// Discord-shaped {"message": ..., "code": ...} bodies with Discord's codes.
// A Checker (Options.Check) may see every call before and after it is
// served: bot/discordtest's validates them against Discord's OpenAPI
// description.
//
// # Faults
//
// Faults().Fail makes matching REST calls (method, route pattern, channel,
// user, a count) answer with a Fault instead: 429 per route or global
// (RateLimited, GlobalRateLimited, with Retry-After and X-RateLimit-*
// headers that discordgo obeys), 500, 502, or a JSON error code
// (CannotSendToUser 50007, MissingPermissions 50013, MissingAccess 50001,
// UnknownChannel 10003, UnknownInteraction 10062). ExpireInteraction and
// SetAckDeadline refuse late interaction callbacks with 10062.
// SkewClock sets every answer's Date header off by a duration (a host
// whose clock drifted, for gunbai doctor). On the gateway: Reconnect (op 7), InvalidSession (op 9, resumable or not),
// DropConnection and Disconnect.
//
// # Channels and permissions
//
// GET /channels/{id} (with permission_overwrites), /guilds/{id},
// /guilds/{id}/roles and /guilds/{id}/members/{user} serve what the
// Guilds() setters configure (SetChannel, SetChannelOverwrites, SetRoles,
// SetEveryonePermissions, SetMemberRoles, SetOwner), so discordgo's
// Session.UserChannelPermissions works over REST and, after Open, from the
// state (GUILD_CREATE, then CHANNEL_UPDATE, GUILD_ROLE_UPDATE and
// GUILD_MEMBER_UPDATE on changes).
//
// # The bot's texts
//
// Every text the bot sends is scanned for what a player must never read
// (textscan.go), and every message it creates or edits (channel posts,
// DMs, interaction answers, their edits and followups) must say whom it
// may ping: allowed_mentions with parse an array of only what is expected
// (Checks().ExpectMentions; nothing by default). What fails either is
// recorded (Checks().TextProblems, MentionProblems) and reported at Close.
//
// POST /channels/{id}/messages honours nonce with enforce_nonce: a second
// message with the same nonce from the bot within five minutes returns the
// first one instead of creating another.
//
// Threads (threads.go): POST /channels/{id}/threads and
// /channels/{id}/messages/{message}/threads open a public thread (a
// channel of type 11 with parent_id, owned by the bot; THREAD_CREATE),
// GET /guilds/{id}/threads/active and
// /channels/{id}/threads/archived/public list them, PATCH
// /channels/{thread} archives, unarchives and locks them (THREAD_UPDATE),
// with Discord's permission checks and its refusal of a post into an
// archived thread (50083). Messages().Threads, Thread and Under read them.
//
// Non-goals (documented limits): no zlib transport compression (frames are
// always uncompressed text; discordgo only inflates binary frames, so it
// decodes them even though it identifies with compress=true); no rate
// limiting of its own (generous X-RateLimit headers are sent so discordgo
// never sleeps; 429s happen only when a test injects them with Fail); the
// 3 s interaction window is not enforced unless SetAckDeadline asks; no
// MESSAGE_CREATE echo of the bot's own messages. The fake is its own CDN:
// the files of the bot's messages and the files uploaded with a command
// (AttachmentOpt) are served from /attachments/<channel>/<id>/<name> on its
// listener (FilePath), where a wired session's transport sends
// cdn.discordapp.com and media.discordapp.net.
package discordfake
