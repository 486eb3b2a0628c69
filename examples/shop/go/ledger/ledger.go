// Package ledger keeps the running balance of a customer account.
package ledger

import (
	"errors"
	"sync"
)

// ErrOverdraft is returned when a posting would take the balance below the credit limit.
var ErrOverdraft = errors.New("posting exceeds the credit limit")

// Entry is one posting on the ledger.
type Entry struct {
	Amount int64
	Memo   string
}

// Ledger holds the postings of one account.
type Ledger struct {
	mu          sync.Mutex
	Balance     int64 `json:"balance"`
	CreditLimit int64 `json:"credit_limit"`
	entries     []Entry
}

// Post adds an entry and updates the balance.
func (l *Ledger) Post(e Entry) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.Balance+e.Amount < -l.CreditLimit {
		return ErrOverdraft
	}
	l.Balance += e.Amount
	l.entries = append(l.entries, e)
	return nil
}

// Entries returns a copy of the postings.
func (l *Ledger) Entries() []Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]Entry, len(l.entries))
	copy(out, l.entries)
	return out
}
