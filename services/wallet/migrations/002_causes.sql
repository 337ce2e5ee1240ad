-- The full list of causes a ledger transaction may record.
ALTER TABLE {{schema}}.transactions DROP CONSTRAINT transactions_cause_check;
ALTER TABLE {{schema}}.transactions ADD CONSTRAINT transactions_cause_check CHECK (cause IN (
  'deposit', 'withdrawal', 'withdrawal_hold', 'withdrawal_release', 'bet', 'win', 'rollback', 'tip', 'void', 'resettle',
  'transfer', 'bonus', 'commission', 'adjustment', 'demo_deposit', 'jackpot'
));
ALTER TABLE {{schema}}.accounts DROP CONSTRAINT accounts_owner_type_check;
ALTER TABLE {{schema}}.accounts ADD CONSTRAINT accounts_owner_type_check CHECK (owner_type IN ('member', 'house', 'clearing', 'agent', 'funding', 'vendor'));
