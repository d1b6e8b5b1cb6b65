// Package discordtest is a fake Discord for end-to-end tests of the bot.
//
// A Server speaks the real Discord protocols on 127.0.0.1: the REST API under
// /api/v9/... and the gateway websocket under /gateway. A *discordgo.Session
// (the real github.com/bwmarrin/discordgo client) is pointed at it with
// Server.Session or Server.Wire: its http.Client gets a RoundTripper that
// rewrites every https://discord.com/... request to the fake server (path and
// query kept; any other host is refused, so tests never reach the network),
// and GET /api/v9/gateway returns ws://127.0.0.1:port/gateway, so Open dials
// the fake gateway. discordgo's package-level Endpoint* variables are never
// touched, so tests using the fake can run in parallel.
//
// The gateway sends HELLO, answers IDENTIFY with READY (then one GUILD_CREATE
// per known guild), HEARTBEAT with HEARTBEAT_ACK and RESUME with RESUMED.
// Tests dispatch events with Interact (interactions built with SlashCommand,
// Button, Select, ...) or DispatchRaw (any payload, e.g. a fixture file).
//
// Every REST call is recorded (Calls, UnexpectedCalls). Messages, DM
// channels, interaction responses, application commands and roles are kept
// and can be inspected with Messages, DMs, Responses, Original, Commands.
// Responses are Discord-shaped objects with snowflake string ids; errors are
// Discord-shaped {"message": ..., "code": ...} bodies with Discord's codes.
//
// Non-goals (documented limits): no zlib transport compression (frames are
// always uncompressed text; discordgo only inflates binary frames, so it
// decodes them even though it identifies with compress=true), no rate
// limiting (generous X-RateLimit headers are sent so discordgo never
// sleeps), no MESSAGE_CREATE echo of the bot's own messages, and no CDN:
// attachment URLs point at cdn.discordapp.com, which the transport refuses.
package discordtest
