package ledger

import "testing"

func TestPostUpdatesBalance(t *testing.T) {
	l := &Ledger{CreditLimit: 100}
	if err := l.Post(Entry{Amount: 50}); err != nil {
		t.Fatal(err)
	}
	if l.Balance != 50 {
		t.Fatalf("Balance = %d, want 50", l.Balance)
	}
}

func TestPostRefusesOverdraft(t *testing.T) {
	l := &Ledger{CreditLimit: 10}
	if err := l.Post(Entry{Amount: -20}); err != ErrOverdraft {
		t.Fatalf("err = %v, want ErrOverdraft", err)
	}
}
