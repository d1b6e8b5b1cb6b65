package engine

import "testing"

// R-II.1.3: the troop table, row by row, as the original states it.
func TestTroopTable(t *testing.T) {
	type row struct {
		base, extra, armor, st, imp int
	}
	want := map[TroopType]row{
		HeavyCavalry:  {2, 5, 2, 2, 2}, // R-II.2.7
		LightCavalry:  {2, 5, 1, 2, 2}, // R-II.3.3
		SamuraiSpear:  {2, 5, 1, 2, 2}, // R-II.4.3
		SamuraiArcher: {1, 5, 1, 2, 2}, // R-II.5.3
		AshigaruSpear: {1, 6, 0, 1, 1}, // R-II.6.4
		AshigaruTeppo: {0, 6, 0, 1, 1}, // R-II.7.4 (melee)
		Yamabushi:     {2, 4, 1, 3, 3}, // R-II.8.2
	}
	for tt, w := range want {
		s := tt.Stats()
		got := row{s.BaseMelee, s.ExtraMelee, s.Armor, s.St, s.Imp}
		if got != w {
			t.Errorf("%s: got %+v, want %+v", tt, got, w)
		}
	}
	if s := AshigaruTeppo.Stats(); s.BaseShoot != 1 || s.ExtraShoot != 4 || s.AmmoPerFigure != 8 {
		t.Errorf("teppo shooting stats %+v", s)
	}
	if s := SamuraiArcher.Stats(); s.BaseShoot != 1 || s.ExtraShoot != 5 || s.AmmoPerFigure != 8 {
		t.Errorf("archer shooting stats %+v", s)
	}
	// D-08: no invented teppo cost.
	if AshigaruTeppo.Stats().CostFigures != 0 {
		t.Error("teppo cost must stay unset")
	}
	if s := AshigaruSpear.Stats(); s.CostPoints != 2 || s.CostFigures != 3 {
		t.Error("ashigaru spearmen cost 2 points per 3 figures")
	}
}

// R-II.1.4, D-09: the type classes.
func TestTypeClasses(t *testing.T) {
	check := func(name string, f func(Troop) bool, members ...TroopType) {
		in := map[TroopType]bool{}
		for _, m := range members {
			in[m] = true
		}
		for tt := TroopType(0); tt < numTroopTypes; tt++ {
			if f(tt.Stats()) != in[tt] {
				t.Errorf("%s: %s membership wrong", name, tt)
			}
		}
	}
	check("cavalry", func(s Troop) bool { return s.Cavalry }, HeavyCavalry, LightCavalry)
	check("shooters", func(s Troop) bool { return s.Shooter }, SamuraiArcher, AshigaruTeppo)
	check("spearmen", func(s Troop) bool { return s.Spearmen }, SamuraiSpear, AshigaruSpear)
	check("ashigaru", func(s Troop) bool { return s.Ashigaru }, AshigaruSpear, AshigaruTeppo)
	check("foot samurai", func(s Troop) bool { return s.FootSamurai }, SamuraiSpear, SamuraiArcher)
	if !Yamabushi.Infantry() || HeavyCavalry.Infantry() {
		t.Error("yamabushi are infantry, cavalry is not")
	}
	for _, s := range []string{"heavy_cavalry", "samurai_spear", "samurai_spearmen", "yamabushi"} {
		if _, err := ParseTroopType(s); err != nil {
			t.Error(err)
		}
	}
	if _, err := ParseTroopType("ninja"); err == nil {
		t.Error("unknown type accepted")
	}
}

// R-VIII.1.1, D-10: files and ranks.
func TestFormation(t *testing.T) {
	for n, want := range map[int][2]int{1: {1, 1}, 4: {4, 1}, 5: {4, 2}, 8: {4, 2}, 9: {4, 3}, 12: {4, 3}, 13: {4, 4}, 16: {4, 4}, 0: {0, 0}} {
		if Files(n) != want[0] || Ranks(n) != want[1] {
			t.Errorf("%d figures: %d files %d ranks, want %v", n, Files(n), Ranks(n), want)
		}
	}
}

// R-VIII.2.3-5, D-12, E-06: the armor table.
func TestArmorTable(t *testing.T) {
	want := [5][6]int{
		{1, 2, 3, 4, 5, 6},
		{1, 1, 2, 3, 4, 5},
		{1, 1, 1, 2, 3, 4},
		{1, 1, 1, 1, 2, 3},
		{1, 1, 1, 1, 1, 2},
	}
	for a := 0; a < 5; a++ {
		for d := 1; d <= 6; d++ {
			if got := reduce(d, a); got != want[a][d-1] {
				t.Errorf("armor %d damage %d: got %d, want %d", a, d, got, want[a][d-1])
			}
		}
		if reduce(0, a) != 0 {
			t.Errorf("E-06 (f): raw 0 must stay 0 under armor %d", a)
		}
	}
}
