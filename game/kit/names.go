package kit

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/store"
)

// Battles and quick fights share one key space in a guild: their names are
// checked and keyed alike.

// MaxNameLen is the longest battle name, in characters.
const MaxNameLen = 64

// BattleID turns a battle name into its key: lower case, words joined by
// '-'.
func BattleID(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.TrimSpace(name)) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.Trim(b.String(), "-")
}

// nameMarks are the characters Discord reads as markdown or as a mention
// (<@&1>, @everyone, **x**, [x](url)). A battle's name goes into some
// seventy texts in every channel; refusing these once at the door keeps
// it plain text everywhere, where escaping it would have to be remembered
// in each of them (issue 25 item 7).
const nameMarks = "\\*_~`|<>@[]"

// CheckName refuses a battle's or a fight's name that is too long or holds
// a character Discord would not show as typed.
func CheckName(name string) error {
	if utf8.RuneCountInString(strings.TrimSpace(name)) > MaxNameLen {
		// Every post names the battle: a long name must not push one past
		// Discord's 2,000 characters.
		return Refuse("err.battle_name_long", MaxNameLen)
	}
	if i := strings.IndexAny(name, nameMarks); i >= 0 {
		r, _ := utf8.DecodeRuneInString(name[i:])
		return Refuse("err.battle_name_marks", string(r))
	}
	return nil
}

// Active reports whether a battle is being fought.
func Active(s store.Status) bool {
	return s == store.StatusDeployment || s == store.StatusCommand || s == store.StatusResolving
}

// ArmyName is an army's name for a message, its ID if it has none.
func ArmyName(r *campaign.Roster, id string) string {
	if a, ok := r.Army(id); ok && a.Name != "" {
		return a.Name
	}
	return id
}
