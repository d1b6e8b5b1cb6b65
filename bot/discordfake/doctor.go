package discordfake

import (
	"net/http"
	"strconv"
	"time"
)

// What gunbai doctor asks Discord beside the bot's usual calls: the
// application (its flags say which privileged intents it was granted),
// the guilds the bot is in, and the Date header it compares its clock
// with.

// SetApplicationFlags sets the flags of GET /applications/@me, e.g.
// 1<<14 (GATEWAY_GUILD_MEMBERS) for the Server Members intent granted.
func (gd Guilds) SetApplicationFlags(flags int) {
	gd.s.mu.Lock()
	defer gd.s.mu.Unlock()
	gd.s.appFlags = flags
}

// SkewClock makes every REST answer's Date header off by d from this
// machine's clock, as a host whose clock drifted would see Discord's.
func (fl Faults) SkewClock(d time.Duration) { fl.s.dateSkew.Store(int64(d)) }

// setDate sets the Date header (net/http would set it unskewed).
func (s *Server) setDate(h http.Header) {
	h.Set("Date", time.Now().Add(time.Duration(s.dateSkew.Load())).UTC().Format(http.TimeFormat))
}

// applicationLocked is GET /applications/@me: the bot's application.
func (s *Server) applicationLocked(_ *Call, _ []string) (int, any, *apiError) {
	owner := s.userJSON(discordUser{ID: "100000000000000001", Username: "owner"})
	return 200, map[string]any{
		"id": s.appID, "name": "Gunbai", "icon": nil, "description": "", "type": nil,
		"verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
		"flags":      s.appFlags, "flags_new": strconv.Itoa(s.appFlags), "redirect_uris": []any{},
		"interactions_endpoint_url": nil, "role_connections_verification_url": nil, "owner": owner,
		"approximate_guild_count": len(s.guildOrder), "approximate_user_install_count": 0,
		"approximate_user_authorization_count": 0, "explicit_content_filter": 0, "team": nil,
		"eligible_oauth2_scopes": []any{"bot", "applications.commands"},
		"bot_public":             false, "bot_require_code_grant": false,
	}, nil
}

// myGuildsLocked is GET /users/@me/guilds: the guilds the bot is in.
func (s *Server) myGuildsLocked(_ *Call, _ []string) (int, any, *apiError) {
	out := []any{}
	for _, id := range s.guildOrder {
		g := s.guilds[id]
		if g == nil {
			continue
		}
		out = append(out, map[string]any{"id": id, "name": g.name, "icon": nil, "banner": nil,
			"owner": false, "permissions": "0", "features": []any{}})
	}
	return 200, out, nil
}
