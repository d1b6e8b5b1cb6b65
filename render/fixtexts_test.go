package render

import (
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
)

// Every field engine.Fix changes is told as a sentence in both languages,
// never as "who.field = value".
func TestFixNoticeEveryField(t *testing.T) {
	sample := map[string]struct{ kind, who, value, ru, en string }{
		"cell":       {"unit", "s-yari", "a21", "отряд s-yari теперь стоит в клетке A21", "unit s-yari now stands in cell A21"},
		"facing":     {"unit", "s-yari", "N", "отряд s-yari теперь обращён фронтом на север", "unit s-yari now faces north"},
		"figures":    {"unit", "s-hatamoto", "6", "у отряда s-hatamoto теперь 6 фигур", "unit s-hatamoto now has 6 figures"},
		"status":     {"unit", "s-yari", "routing", "отряд s-yari теперь бежит", "unit s-yari is now routing"},
		"ammo":       {"unit", "s-teppo", "2", "у отряда s-teppo теперь 2 единицы боеприпасов", "unit s-teppo now has 2 units of ammo"},
		"fatigued":   {"unit", "s-uma", "true", "отряд s-uma теперь утомлён", "unit s-uma is now fatigued"},
		"hold":       {"unit", "s-yari", "false", "отряд s-yari больше не стоит насмерть", "unit s-yari no longer holds at all costs"},
		"save_ammo":  {"unit", "s-teppo", "true", "отряд s-teppo теперь бережёт боеприпасы", "unit s-teppo now saves its ammo"},
		"at":         {"leader", "s-daimyo", "s-yari", "предводитель s-daimyo теперь в отряде s-yari", "leader s-daimyo is now with s-yari"},
		"wounds":     {"leader", "s-daimyo", "1", "у предводителя s-daimyo теперь 1 ранение", "leader s-daimyo now has 1 wound"},
		"health":     {"leader", "s-daimyo", "captured", "предводитель s-daimyo теперь в плену", "leader s-daimyo is now captured"},
		"hq":         {"side", "north", "none", "у Севера теперь нет ставки", "North now has no HQ"},
		"messengers": {"side", "south", "3", "у Юга теперь 3 гонца", "South now has 3 messengers"},
		"shinobi":    {"side", "north", "1", "у Севера теперь 1 синоби", "North now has 1 shinobi"},
	}
	for kind, fields := range engine.FixFields {
		for _, f := range fields {
			s, ok := sample[f]
			if !ok || s.kind != kind {
				t.Errorf("no sample for %s.%s", kind, f)
				continue
			}
			ru := FixNotice(RU, "Анэгава", s.kind, s.who, f, s.value)
			en := FixNotice(EN, "Anegawa", s.kind, s.who, f, s.value)
			if want := "Мастер исправил битву «Анэгава»: " + s.ru + "."; ru != want {
				t.Errorf("%s in Russian:\n got %q\nwant %q", f, ru, want)
			}
			if want := "The GM corrected battle “Anegawa”: " + s.en + "."; en != want {
				t.Errorf("%s in English:\n got %q\nwant %q", f, en, want)
			}
			if strings.Contains(ru+en, " = ") {
				t.Errorf("%s is told as an assignment", f)
			}
		}
	}
	if got := FixNotice(EN, "Anegawa", "side", "south", "hq", "d12"); got != "The GM corrected battle “Anegawa”: South's HQ is now in cell D12." {
		t.Errorf("an HQ: %q", got)
	}
	if got := FixNotice(RU, "Анэгава", "side", "south", "hq", "d12"); got != "Мастер исправил битву «Анэгава»: ставка Юга теперь в клетке D12." {
		t.Errorf("an HQ: %q", got)
	}
}
