package main

import (
	"encoding/json"
	"log"
	"net/http"
	"os"

	"example.com/shop/go/ledger"
)

var accounts = map[string]*ledger.Ledger{}

func balanceHandler(w http.ResponseWriter, r *http.Request) {
	acct, ok := accounts[r.URL.Query().Get("account")]
	if !ok {
		http.Error(w, "unknown account", http.StatusNotFound)
		return
	}
	json.NewEncoder(w).Encode(acct)
}

func main() {
	addr := os.Getenv("SHOP_LISTEN_ADDR")
	if addr == "" {
		addr = ":8080"
	}
	http.HandleFunc("/api/v1/balance", balanceHandler)
	log.Fatal(http.ListenAndServe(addr, nil))
}
