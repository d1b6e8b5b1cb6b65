package campaign

import "testing"

// Every unit type has its grid-battle name, and the name leads back to it.
func TestTroopKeys(t *testing.T) {
	seen := map[string]bool{}
	for _, u := range UnitTypes {
		k := u.TroopKey()
		if k == "" || seen[k] {
			t.Errorf("%s: troop key %q empty or twice", u, k)
		}
		seen[k] = true
		if back, ok := UnitTypeOfTroop(k); !ok || back != u {
			t.Errorf("%s -> %q -> %s, %v", u, k, back, ok)
		}
	}
	if _, ok := UnitTypeOfTroop("dragon"); ok {
		t.Error("an unknown troop key gave a unit type")
	}
}
