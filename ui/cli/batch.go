package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"sync"
)

// Answerer appends the answer to one input line (without its newline) to
// out, and reports whether the line was good. Each worker of a batch
// gets its own, so it may keep state between lines.
type Answerer func(out, line []byte) ([]byte, bool)

// appendError writes the answer to a bad line: the one an Answerer gives
// for a line it cannot read, and the batch for a line too long to read.
func appendError(out []byte, err error) []byte {
	out = append(out, `{"error":`...)
	out = strconv.AppendQuote(out, err.Error())
	return append(out, "}\n"...)
}

// maxLine is the longest input line a batch reads; a longer one is
// answered with an error and skipped, and the batch goes on.
const maxLine = 1 << 20

// ErrInterrupted is returned when the batch's context ends before the
// batch does; every answer computed by then has been written, and the
// result counts them.
var ErrInterrupted = errors.New("interrupted")

// errStopped is the reader's error when the context ends before the
// input does: the lines after it were never read.
var errStopped = errors.New("stopped before the end of the input")

// BatchResult counts what a batch did.
type BatchResult struct {
	Lines int // lines answered
	Bad   int // of them, lines answered with an error
}

// chunkLines is how many lines go to a worker at a time: enough to make
// the hand-off cheap, few enough to keep every core busy.
const chunkLines = 2048

type chunk struct {
	data  []byte // the lines' bytes, one after the other
	ends  []int  // where each line ends in data; -1 marks an over-long line
	out   []byte
	bad   int
	lines int
	done  chan struct{}
}

// Batch answers the lines of r on w, one answer a line, in input order,
// using workers goroutines (0: one per CPU). Lines are read in chunks,
// answered by the workers and written back in the order they came. It
// returns when the input ends, or when ctx ends (ErrInterrupted, after
// writing every answer already computed), or on a read or write error.
func Batch(ctx context.Context, r io.Reader, w io.Writer, newAnswerer func() Answerer, workers int) (BatchResult, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	jobs := make(chan *chunk, workers)
	order := make(chan *chunk, 4*workers)
	// Chunks go back to free once written, so their buffers are reused.
	free := make(chan *chunk, 4*workers+workers+2)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answer := newAnswerer()
			for c := range jobs {
				start := 0
				for _, end := range c.ends {
					var ok bool
					if end < 0 {
						c.out = appendError(c.out, lineErr("the line is longer than %d bytes", maxLine))
					} else {
						c.out, ok = answer(c.out, c.data[start:end])
						start = end
					}
					if !ok {
						c.bad++
					}
					c.lines++
				}
				close(c.done)
			}
		}()
	}
	readErr := make(chan error, 1)
	go func() {
		defer close(order)
		defer close(jobs)
		readErr <- readChunks(ctx, r, order, jobs, free)
	}()

	bw := bufio.NewWriterSize(w, 1<<16)
	var res BatchResult
	var writeErr error
	write := func(c *chunk) {
		<-c.done
		res.Lines += c.lines
		res.Bad += c.bad
		if writeErr == nil {
			_, writeErr = bw.Write(c.out)
		}
		select {
		case free <- c:
		default:
		}
	}
	interrupted := false
loop:
	for {
		select {
		case c, ok := <-order:
			if !ok {
				break loop
			}
			write(c)
			if len(order) == 0 && writeErr == nil {
				// Nothing more is ready: the answers so far go out
				// now, not when the buffer fills.
				writeErr = bw.Flush()
			}
		case <-ctx.Done():
			interrupted = true
			break loop
		}
	}
	if interrupted {
		// Every chunk handed out is answered; write those, without
		// waiting for the reader, which may be stuck in a read.
		for {
			select {
			case c, ok := <-order:
				if ok {
					write(c)
					continue
				}
			default:
			}
			break
		}
	} else {
		wg.Wait()
	}
	var readFail error
	if !interrupted {
		// The reader has returned (it closed order): its error is there.
		readFail = <-readErr
	}
	// A batch the context ended is said to be interrupted, whichever of
	// the two the writer saw first (the reader stops at the end of the
	// context and closes order too): only a batch that read its input to
	// the end before any cancel is whole.
	if errors.Is(readFail, errStopped) || ctx.Err() != nil {
		interrupted, readFail = true, nil
	}
	if writeErr == nil {
		writeErr = bw.Flush()
	}
	switch {
	case writeErr != nil:
		return res, fmt.Errorf("writing answers: %w", writeErr)
	case interrupted:
		return res, fmt.Errorf("%w after %d lines: %w", ErrInterrupted, res.Lines, context.Cause(ctx))
	case readFail != nil:
		return res, fmt.Errorf("reading lines: %w", readFail)
	}
	return res, nil
}

// readChunks cuts r into chunks of lines and hands each to the writer
// (order) and then to a worker (jobs). A chunk in order is always handed
// to a worker, so the writer may wait for any chunk it receives. When ctx
// ends first it stops at the next chunk and returns errStopped, so the
// end of order is never mistaken for the end of the input.
func readChunks(ctx context.Context, r io.Reader, order, jobs chan<- *chunk, free <-chan *chunk) error {
	br := bufio.NewReaderSize(r, 1<<16)
	fresh := func() *chunk {
		select {
		case c := <-free:
			*c = chunk{data: c.data[:0], ends: c.ends[:0], out: c.out[:0], done: make(chan struct{})}
			return c
		default:
			return &chunk{done: make(chan struct{})}
		}
	}
	c := fresh()
	send := func() bool {
		if ctx.Err() != nil {
			return false // not a coin toss with a free slot in order
		}
		select {
		case order <- c:
		case <-ctx.Done():
			return false
		}
		jobs <- c
		c = fresh()
		return true
	}
	for {
		line, err := readLine(br, c.data)
		if err != nil && !errors.Is(err, io.EOF) {
			if len(c.ends) > 0 {
				send()
			}
			return err
		}
		if line.n >= 0 || line.long {
			switch {
			case line.long:
				c.ends = append(c.ends, -1)
			default:
				c.data = line.data
				c.ends = append(c.ends, len(c.data))
			}
			// A chunk goes when it is full, or when the input pauses
			// (nothing more is buffered, so the next read may wait): a
			// program that writes a line and waits for its answer gets
			// it, and so does a person typing.
			if (len(c.ends) == chunkLines || br.Buffered() == 0) && !send() {
				return stopped(ctx)
			}
		}
		if err != nil { // io.EOF
			if len(c.ends) > 0 && !send() {
				return stopped(ctx)
			}
			return nil
		}
	}
}

// stopped is the reader's error when ctx ended before the input did.
func stopped(ctx context.Context) error {
	return fmt.Errorf("%w: %w", errStopped, context.Cause(ctx))
}

// readResult is one line read: data is the chunk's bytes with the line
// appended (n bytes), or long for a line over maxLine; n is -1 when
// there was no line (the end of the input).
type readResult struct {
	data []byte
	n    int
	long bool
}

// readLine appends the next line (without its end) to data. A final line
// without a newline counts; a line over maxLine is skipped to its end.
func readLine(br *bufio.Reader, data []byte) (readResult, error) {
	start := len(data)
	n := 0
	for {
		frag, err := br.ReadSlice('\n')
		n += len(frag)
		if n <= maxLine+1 {
			data = append(data, frag...)
		}
		switch {
		case err == nil:
			if n > maxLine+1 {
				return readResult{data: data[:start], long: true}, nil
			}
			data = data[:len(data)-1] // the newline
			if k := len(data); k > start && data[k-1] == '\r' {
				data = data[:k-1]
			}
			return readResult{data: data, n: len(data) - start}, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			switch {
			case n == 0:
				return readResult{data: data[:start], n: -1}, io.EOF
			case n > maxLine:
				return readResult{data: data[:start], long: true}, io.EOF
			}
			return readResult{data: data, n: len(data) - start}, io.EOF
		default:
			return readResult{data: data[:start], n: -1}, err
		}
	}
}
