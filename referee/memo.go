package referee

import "sync"

// Memo builds a value once per key and shares it read-only, for what a
// family derives from a variant (engine rules, a board picture) and every
// game of that variant uses. A build that fails is not kept, so its error
// is said again for the next game. The zero Memo is ready to use.
//
// A value built is read without a lock (sync.Map's Load of an old key
// writes nothing): a lock taken for every game by every worker moved its
// cache line between the cores with --jobs 2. mu serialises the builds.
type Memo[K comparable, V any] struct {
	mu sync.Mutex
	m  sync.Map // K to V
}

// Get returns the value of key, building it first if needed.
func (c *Memo[K, V]) Get(key K, build func() (V, error)) (V, error) {
	if v, ok := c.m.Load(key); ok {
		return v.(V), nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m.Load(key); ok {
		return v.(V), nil
	}
	v, err := build()
	if err != nil {
		return v, err
	}
	c.m.Store(key, v)
	return v, nil
}
