// Package trainer holds the machinery the two trainers of learned
// readings share, written once: lab/belief/train (the belief of the
// racks, classic's and 101's) and lab/wait/train (the next player's
// wait). Both play seeded self-play hands between normal and hard bots
// in chunks whose result depends on the seed alone, keep the data in a
// gob cache, fit a network of smallnet.Model's shape (a hidden layer of
// ReLU units, or linear) in float64 with AdamW on a cosine schedule,
// and write it as a smallnet.Model. What differs (the positions kept, the
// labels, the loss and how a batch is summed) stays in each trainer.
//
// Each hand is dealt from smallnet.HandSeed, the rule the weights'
// recipe names its hands by.
//
// Every sum here runs in a fixed order, so that the same seed gives the
// same weights bit for bit, whatever the workers.
//
// The files:
//
//	doc.go       this map
//	run.go       a run's commit, CPU time and log lines
//	selfplay.go  the hands: each hand's seed, the bots seated by level,
//	             a hand played out by them (generic over classic's and
//	             101's states), the hands played in chunks on workers
//	cache.go     the data's cache: a value saved and loaded as gob
//	knobs.go     Knobs, the flags both trainers take; the recipe a run
//	             records (Recipe); the product's directory (Product)
//	net.go       Net, the network being trained: its parameters' layout,
//	             its start, a row's forward and backward pass, the AdamW
//	             step, the epochs' order and step size, the Model it ships as
//	linear.go    SolveLinear, the ridge lines' normal equations solved
package trainer
