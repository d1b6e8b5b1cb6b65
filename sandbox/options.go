package sandbox

// How a typed slash command becomes a real interaction: the command and
// its options found by their English or Russian names in what the bot
// registered, each value typed as its option wants.

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordfake"
)

func decode(r *http.Request, v any) error {
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(v); err != nil {
		return badRequest("bad request body: %v", err)
	}
	return nil
}

// place finds where p acts in channel (a name: gm, север, юг, dm; or an id):
// the guild ("" in his DMs) and the channel id ("" for a DM channel not
// yet open, which the fake opens).
func (sb *Sandbox) place(p *person, name string) (guild, ch string, err error) {
	for _, c := range sb.visible(p) {
		if c.Name == name || (c.ID != "" && c.ID == name) || (c.DM && name == "") {
			if c.DM {
				return "", c.ID, nil
			}
			return guildID, c.ID, nil
		}
	}
	return "", "", badRequest("%s does not see channel %q", p.Name, name)
}

func localizedIs(typed, name string, locs *map[discordgo.Locale]string) bool {
	if strings.EqualFold(typed, name) {
		return true
	}
	if locs != nil {
		for _, l := range *locs {
			if strings.EqualFold(typed, l) {
				return true
			}
		}
	}
	return false
}

func findOpt(defs []*discordgo.ApplicationCommandOption, name string) *discordgo.ApplicationCommandOption {
	for _, d := range defs {
		if localizedIs(name, d.Name, &d.NameLocalizations) {
			return d
		}
	}
	return nil
}

// options turns the page's options into the fake's, typed by the command's
// definition. lenient (autocomplete) drops what does not convert.
func (sb *Sandbox) options(p *person, defs []*discordgo.ApplicationCommandOption, in []optIn, focused string, lenient bool) ([]discordfake.Option, []string, error) {
	var out []discordfake.Option
	var label []string
	given := map[string]bool{}
	for _, o := range in {
		d := findOpt(defs, o.Name)
		if d == nil {
			if lenient {
				continue
			}
			return nil, nil, badRequest("unknown option %q", o.Name)
		}
		given[d.Name] = true
		switch d.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			sub, subLabel, err := sb.options(p, d.Options, o.Options, focused, lenient)
			if err != nil {
				return nil, nil, err
			}
			out = append(out, discordfake.Option{Name: d.Name, Type: d.Type, Options: sub})
			label = append(append(label, d.Name), subLabel...)
			continue
		}
		raw := valueString(o.Value)
		if o.Focused || (focused != "" && localizedIs(focused, d.Name, &d.NameLocalizations)) {
			out = append(out, discordfake.Option{Name: d.Name, Type: d.Type, Value: raw, Focused: true})
			continue
		}
		opt, err := sb.typed(p, d, o.Value)
		if err != nil {
			if lenient {
				continue
			}
			return nil, nil, err
		}
		out = append(out, opt)
		label = append(label, d.Name+":"+quote(raw))
	}
	if !lenient {
		for _, d := range defs {
			if d.Required && !given[d.Name] {
				return nil, nil, badRequest("option %s is required", d.Name)
			}
		}
	}
	return out, label, nil
}

func quote(s string) string {
	if strings.ContainsAny(s, " \t\"") {
		return strconv.Quote(s)
	}
	return s
}

func valueString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return strconv.FormatInt(int64(x), 10)
		}
		return strconv.FormatFloat(x, 'f', -1, 64)
	default:
		return fmt.Sprint(x)
	}
}

// typed converts one value by its definition: choices by value or by
// (localized) name, numbers, booleans, and roles, channels and users by
// name or mention.
func (sb *Sandbox) typed(p *person, d *discordgo.ApplicationCommandOption, v any) (discordfake.Option, error) {
	s := strings.TrimSpace(valueString(v))
	for _, c := range d.Choices {
		cv := valueString(c.Value)
		if s == cv || localizedIs(s, c.Name, &c.NameLocalizations) {
			s = cv
			break
		}
	}
	bad := func(what string) (discordfake.Option, error) {
		return discordfake.Option{}, badRequest("option %s: %q is not %s", d.Name, s, what)
	}
	switch d.Type {
	case discordgo.ApplicationCommandOptionString:
		return discordfake.StringOpt(d.Name, s), nil
	case discordgo.ApplicationCommandOptionInteger:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return bad("a whole number")
		}
		return discordfake.IntOpt(d.Name, n), nil
	case discordgo.ApplicationCommandOptionNumber:
		f, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
		if err != nil {
			return bad("a number")
		}
		return discordfake.NumberOpt(d.Name, f), nil
	case discordgo.ApplicationCommandOptionBoolean:
		switch strings.ToLower(s) {
		case "true", "yes", "да", "1", "on":
			return discordfake.BoolOpt(d.Name, true), nil
		case "false", "no", "нет", "0", "off":
			return discordfake.BoolOpt(d.Name, false), nil
		}
		return bad("true or false")
	case discordgo.ApplicationCommandOptionRole:
		name := strings.TrimPrefix(s, "@")
		for _, r := range []struct{ id, name string }{{roleGM, "Мастер"}, {roleN, "Уэсуги"}, {roleS, "Такэда"}, {roleBot, "Gunbai"}, {guildID, "everyone"}} {
			if strings.EqualFold(name, r.name) || name == r.id || s == "<@&"+r.id+">" {
				return discordfake.RoleOpt(d.Name, r.id), nil
			}
		}
		return bad("a role (@Мастер, @Уэсуги, @Такэда)")
	case discordgo.ApplicationCommandOptionChannel:
		name := strings.TrimPrefix(s, "#")
		for _, c := range channels {
			if strings.EqualFold(name, c.Name) || name == c.ID || s == "<#"+c.ID+">" {
				return discordfake.ChannelOpt(d.Name, c.ID), nil
			}
		}
		return bad("a channel (#gm, #север, #юг, #стычка)")
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable:
		name := strings.TrimPrefix(s, "@")
		for _, q := range sb.people {
			if strings.EqualFold(name, q.Key) || strings.EqualFold(name, q.member.Username) || strings.EqualFold(name, q.Name) ||
				name == q.UserID || s == "<@"+q.UserID+">" {
				return discordfake.MemberOpt(d.Name, q.member), nil
			}
		}
		return bad("a member (@gm, @north, @south)")
	}
	return discordfake.Option{}, badRequest("option %s: options of type %d cannot be given here", d.Name, d.Type)
}

// commandResult is what POST command and component answer: the
// interaction, and the form the bot opened, if it answered with one.
type commandResult struct {
	ID       string          `json:"id"`
	Answered bool            `json:"answered"`
	Modal    json.RawMessage `json:"modal,omitempty"`
}

func (sb *Sandbox) result(id string) commandResult {
	res := commandResult{ID: id}
	r, ok := sb.waitAnswer(id, 5*time.Second)
	res.Answered = ok
	if ok && r.Type == discordgo.InteractionResponseModal {
		res.Modal = r.Data
	}
	return res
}
