// Package discordtest is the fake Discord of bot/discordfake made for the
// bot's end-to-end tests.
//
// New(t) starts a discordfake.Server (embedded in discordtest's Server, so
// every method of the fake is at hand: srv.Interactions().SlashCommand,
// srv.Messages().In, srv.Gateway().Reconnect, ...), reports on t what goes
// wrong (a broken text, a message that could ping, a failed dispatch, a
// violation of Discord's OpenAPI description: each fails the test), wires
// discordgo sessions' Close to t.Cleanup, and closes the fake at the end
// of the test. NewServer does the same outside a test's reporting
// (Options.Logf). The fake's vocabulary (Member, Option, StringOpt, Fault,
// RateLimited, Message, Response, ...) is re-exported here (vocab.go), so a
// test imports one package.
//
// # Discord's OpenAPI description
//
// Every request and every response is validated against Discord's own
// OpenAPI 3.1 description (testdata/openapi, from discord/discord-api-spec):
// path template, method, path and query parameters, the JSON body (or the
// payload_json and file parts of a multipart body), the status and the body
// of the answer, and its rate-limit headers. A violation is reported with
// t.Errorf on the Server's testing.TB (or Options.Logf) and recorded (Violations,
// Call.SpecErrors); AllowViolations keeps the record but not the error, for
// tests that send bad requests on purpose. Validated counts what was
// checked; SkipSpec turns the checks off for benchmarks. Known
// disagreements between the description and Discord's real behaviour are
// listed at patchSpec in openapi.go. The validation stays here, in the
// tests: the production binary, which links the fake through the sandbox,
// carries neither the validator nor the 1.1 MB description.
package discordtest
