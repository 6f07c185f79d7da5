package ui

// The debug log (okey --debug-log) is ui/debuglog's to write; here the
// screens are named for it.

// screenNames name the screens in the debug log.
var screenNames = [...]string{
	scrNotice: "notice", scrResume: "resume", scrPlay: "play", scrHandOver: "hand over",
	scrMatchOver: "match over", scrSettings: "settings", scrScores: "scores", scrLocked: "locked",
	scrStats: "statistics",
}

// screenName is s's name in the debug log.
func screenName(s screen) string {
	if int(s) < len(screenNames) && screenNames[s] != "" {
		return screenNames[s]
	}
	return "none"
}
