package campaign

import (
	"reflect"
	"testing"
)

func TestRecipients_E1_X4(t *testing.T) {
	battles := []Battle{
		{Result: OrdinaryVictory, OwnFigures: 20, EnemyFigures: 40, Generals: []string{"nobu", "masa"}},
		{Result: Draw, OwnFigures: 30, EnemyFigures: 30, Generals: []string{"masa", "kage"}},
	}
	got := RecipientCandidates("lord", battles)
	if want := []string{"lord", "nobu", "masa", "kage"}; !reflect.DeepEqual(got, want) {
		t.Errorf("E1-X4 candidates %v, want %v", got, want)
	}
	for _, ok := range []string{"lord", "kage"} { // kage fought only the second battle: the seed's "in the battles"
		if err := CheckRecipient("lord", battles, ok); err != nil {
			t.Errorf("E1-X4 %s refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "stranger"} {
		if err := CheckRecipient("lord", battles, bad); err == nil {
			t.Errorf("E1-X4 %q accepted", bad)
		}
	}
	if got := RecipientCandidates("lord", nil); !reflect.DeepEqual(got, []string{"lord"}) {
		t.Errorf("E1-X4 no battles: %v, want the commander alone", got)
	}
}

func TestRecipients_E1_Q13h_PerGrant(t *testing.T) {
	battles := []Battle{{Result: OrdinaryVictory, OwnFigures: 20, EnemyFigures: 40, Generals: []string{"nobu"}}}
	grants := Experience(Mature, battles) // E1-X1 and E1-X3
	if len(grants) != 2 {
		t.Fatalf("grants %v", grants)
	}
	for _, who := range [][]string{{"lord", "nobu"}, {"nobu", "nobu"}, {"lord", "lord"}} {
		if err := CheckRecipients(grants, "lord", battles, who); err != nil {
			t.Errorf("E1-Q13h %v refused: %v", who, err)
		}
	}
	for _, who := range [][]string{{"lord"}, {"lord", "ghost"}} {
		if err := CheckRecipients(grants, "lord", battles, who); err == nil {
			t.Errorf("E1-Q13h %v accepted", who)
		}
	}
}
