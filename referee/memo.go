package referee

import "sync"

// Memo builds a value once per key and shares it read-only, for what a
// family derives from a variant (engine rules, a board picture) and every
// game of that variant uses. A build that fails is not kept, so its error
// is said again for the next game. The zero Memo is ready to use.
type Memo[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

// Get returns the value of key, building it first if needed.
func (c *Memo[K, V]) Get(key K, build func() (V, error)) (V, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m[key]; ok {
		return v, nil
	}
	v, err := build()
	if err != nil {
		return v, err
	}
	if c.m == nil {
		c.m = map[K]V{}
	}
	c.m[key] = v
	return v, nil
}
