package cmd

import (
	"github.com/spf13/cobra"

	"okey/game/daily"
)

// dailyFlags are okey daily's flags.
type dailyFlags struct {
	game                          choice
	date                          string
	fingerprint, par, json, share bool
	// play are the flags of the table okey daily plays at.
	play playFlags
}

// dailyDate is the day --date names, zero when none is given; a date
// that is not one is a usage error.
func dailyDate(c *cobra.Command, f *dailyFlags) (daily.Date, error) {
	if f.date == "" {
		return daily.Date{}, nil
	}
	d, err := daily.ParseDate(f.date)
	if err != nil {
		return d, &usageError{cmd: c, key: "cmd.daily.date", args: []any{f.date}}
	}
	return d, nil
}
