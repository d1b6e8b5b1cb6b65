package engine

import "testing"

// A player is told at once whether his target is in the fire zone: the
// front and corner cells (R-VI.2.2); a hidden target is not known (D-67).
func TestInFireZone_R_VI_2_2(t *testing.T) {
	b := Battle{ID: "fz", Settings: DefaultSettings(), Units: []Unit{
		{ID: "ar", Side: North, Type: SamuraiArcher, Figures: 6, Cell: Cell{X: 5, Y: 2}, Facing: S, Status: StatusOK},
		{ID: "near", Side: South, Type: AshigaruSpear, Figures: 6, Cell: Cell{X: 5, Y: 2}.Add(S.Vec()), Facing: N, Status: StatusOK},
		{ID: "far", Side: South, Type: AshigaruSpear, Figures: 6, Cell: Cell{X: 5, Y: 2}.Add(S.Vec()).Add(S.Vec()).Add(S.Vec()), Facing: N, Status: StatusOK},
	}}
	if in, known := InFireZone(b, North, "ar", "near"); !in || !known {
		t.Errorf("the unit in front: in=%v known=%v, want in the fire zone", in, known)
	}
	if in, known := InFireZone(b, North, "ar", "far"); in || !known {
		t.Errorf("a unit three cells ahead: in=%v known=%v, want out of the fire zone", in, known)
	}
	if _, known := InFireZone(b, North, "ar", "nobody"); known {
		t.Error("an unknown target is known")
	}
}
