// Package followtest is what the two tables' hint followers
// (playclassic's TestFollowingThePlanClassic, play101's
// TestFollowingThePlan101: issue 93, "How well") share: the study's
// settings read from the environment, the process's CPU time, and each
// followed hand's record kept for okey review --hints.
package followtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// Study is a follower run's settings.
type Study struct {
	// Hands is how many hands to play; From the first seed's offset
	// from the test's own first seed.
	Hands, From int
	// Budget is the judge's time a hint: a minute, so that a plan is
	// weighed whole and the test comes out the same at any load; the
	// game's HintBudget plays as the table does, where a busy machine
	// cuts hints short.
	Budget time.Duration
	// Work, when set, bounds each hint by that many playouts instead
	// (coach.Options.Playouts), which load cannot cut short.
	Work int
	// WorkLog asks for a line a hint: its playouts, CPU and wall time.
	WorkLog bool
	// Records is the folder each hand played by the hint is written to
	// ("": none).
	Records string
}

// Read is the study asked for by the environment: handsVar (the test's
// own) for the hands, else hands (1 under -short); OKEY_FOLLOW_FROM,
// OKEY_FOLLOW_BUDGET (a duration), OKEY_FOLLOW_WORK (playouts),
// OKEY_FOLLOW_WORKLOG and OKEY_FOLLOW_RECORDS (a folder) for the rest.
// A value that does not read fails the test.
func Read(t testing.TB, handsVar string, hands int) Study {
	t.Helper()
	s := Study{Hands: hands, Budget: time.Minute, WorkLog: os.Getenv("OKEY_FOLLOW_WORKLOG") != "", Records: os.Getenv("OKEY_FOLLOW_RECORDS")}
	if testing.Short() {
		s.Hands = 1
	}
	count := func(name string, least int, to *int) {
		if v := os.Getenv(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < least {
				t.Fatalf("%s=%q: want a number from %d", name, v, least)
			}
			*to = n
		}
	}
	count(handsVar, 1, &s.Hands)
	count("OKEY_FOLLOW_FROM", 0, &s.From)
	count("OKEY_FOLLOW_WORK", 1, &s.Work)
	if v := os.Getenv("OKEY_FOLLOW_BUDGET"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			t.Fatalf("OKEY_FOLLOW_BUDGET=%q: want a duration such as 1.2s", v)
		}
		s.Budget = d
	}
	return s
}

// Keep writes rec, the record of the hand the hint played from seed,
// to the study's folder as NAME-SEED.okey, if it has one.
func (s Study) Keep(t testing.TB, name string, seed uint64, rec []byte) {
	t.Helper()
	if s.Records == "" {
		return
	}
	if err := os.MkdirAll(s.Records, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.Records, fmt.Sprintf("%s-%d.okey", name, seed)), rec, 0o644); err != nil {
		t.Fatal(err)
	}
}
