package loadgen

import (
	"errors"
	"os"
	"strconv"
	"syscall"
)

// lowerPriority sets this process's niceness. On Linux a niceness is a
// thread's, so each of the runtime's threads is set; the threads made
// after take their maker's.
func lowerPriority(nice int) error {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return err
	}
	var errs []error
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		errs = append(errs, syscall.Setpriority(syscall.PRIO_PROCESS, tid, nice))
	}
	return errors.Join(errs...)
}
