package campaign

import (
	"reflect"
	"testing"
)

func TestCommanderExperience_E1_X1_to_X3(t *testing.T) {
	cases := []struct {
		name    string
		age     Age
		battles []Battle
		rules   []string
	}{
		{"no battles", Mature, nil, nil},
		{"E1-X1 ordinary victory", Mature, []Battle{{Result: OrdinaryVictory, OwnFigures: 40, EnemyFigures: 30}}, []string{"E1-X1"}},
		{"E1-X1 draw at exactly 2 to 1", Mature, []Battle{{Result: Draw, OwnFigures: 60, EnemyFigures: 30}}, []string{"E1-X1"}},
		{"E1-X1 outnumbering more than 2 to 1", Mature, []Battle{{Result: OrdinaryVictory, OwnFigures: 61, EnemyFigures: 30}}, nil},
		{"E1-X1 castle captured", Mature, []Battle{{Result: OrdinaryVictory, OwnFigures: 90, EnemyFigures: 20, CastleCaptured: true}}, []string{"E1-X1"}},
		{"E1-X1 defeat gives nothing", Mature, []Battle{{Result: OrdinaryDefeat, OwnFigures: 30, EnemyFigures: 30}}, nil},
		{"E1-X2 young loses", Young, []Battle{{Result: TotalDefeat, OwnFigures: 30, EnemyFigures: 30}}, []string{"E1-X2"}},
		{"E1-X2 young draw is no loss", Young, []Battle{{Result: Draw, OwnFigures: 30, EnemyFigures: 30}}, []string{"E1-X1"}},
		{"E1-X3 victory against twice", Mature, []Battle{{Result: OrdinaryVictory, OwnFigures: 20, EnemyFigures: 40}}, []string{"E1-X1", "E1-X3"}},
		{"E1-X3 rout of half his numbers (E1-Q13d)", Mature, []Battle{{Result: Rout, OwnFigures: 40, EnemyFigures: 20}}, []string{"E1-X1", "E1-X3"}},
		{"E1-X3 rout of less than half: outnumbered too", Mature, []Battle{{Result: Rout, OwnFigures: 40, EnemyFigures: 19}}, nil},
		{"E1-Q13f each once, young max 3", Young, []Battle{
			{Result: OrdinaryVictory, OwnFigures: 20, EnemyFigures: 40},
			{Result: OrdinaryDefeat, OwnFigures: 20, EnemyFigures: 30},
			{Result: Rout, OwnFigures: 30, EnemyFigures: 30},
			{Result: TotalDefeat, OwnFigures: 20, EnemyFigures: 30},
		}, []string{"E1-X1", "E1-X2", "E1-X3"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var rules []string
			for _, g := range Experience(c.age, c.battles) {
				rules = append(rules, g.Rule)
			}
			if !reflect.DeepEqual(rules, c.rules) {
				t.Errorf("grants %v, want %v", rules, c.rules)
			}
		})
	}
}
