package game

import (
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// SideView is what side may see of the battle as it stands now. Through
// the deployment turn, its plan-change phase included, that is none of the
// enemy's army but what the side's scouts reported (engine.DeploymentView,
// D-70); from turn 1's command phase on, the ordinary visibility of R-XI.3
// (engine.View). Battle.Turn is 0 in both: the record's status tells them
// apart. Every view of the battle shown to a side as it stands (a picture,
// a completion, an answer) is built from this one.
func SideView(rec *store.BattleRecord, side engine.Side) engine.Battle {
	if rec.Status == store.StatusDraft || rec.Status == store.StatusDeployment {
		var reports []engine.ScoutReport
		if r := rec.Scouted[side]; r != nil {
			reports = append(reports, *r)
		}
		return engine.DeploymentView(rec.State, side, reports)
	}
	return engine.View(rec.State, side)
}
