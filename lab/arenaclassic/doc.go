// Package arenaclassic holds the tune harness of bots/arenaclassic that
// moved to the lab: runs and matches of okey sim paired deal by deal,
// scored as the arena scores them (arenaclassic.NetOf, MatchShares),
// built only with the tune tag (go -C lab test -tags tune ./arenaclassic
// -run Paired), no part of the product's module or its suite.
package arenaclassic
