// Client for the shop's HTTP API.

export interface Balance {
  balance: number;
  credit_limit: number;
}

const BASE_URL = "/api/v1";

export async function fetchBalance(account: string): Promise<Balance> {
  const res = await fetch(`${BASE_URL}/balance?account=${encodeURIComponent(account)}`);
  if (!res.ok) {
    throw new Error(`balance request failed: ${res.status}`);
  }
  return (await res.json()) as Balance;
}

export function formatBalance(b: Balance): string {
  const units = b.balance / 100;
  return units.toFixed(2);
}
