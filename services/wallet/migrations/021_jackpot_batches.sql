-- Contributions are posted to the pool once per batch of settled bets: each bet names the ledger transaction that
-- carried its share.
ALTER TABLE {{schema}}.jackpot_bets ADD COLUMN contribution_transaction_id uuid;
