-- One settlement per contract and period: the inputs it was computed from (team base, active members, tier, rate,
-- carry-over), what the agent earned (gross), what its direct downline agents earned and it paid them (downline),
-- what its payer owes it this period (amount), and what was paid and stays owed (debt). Written before any money
-- moves, in state 'due'; the payment then records 'paid', 'partly-paid' (the rest is a debt) or 'nothing-due'.
CREATE TABLE {{schema}}.settlements (
  id bigserial PRIMARY KEY,
  contract_id bigint NOT NULL REFERENCES {{schema}}.contracts (id),
  merchant_code text NOT NULL,
  kind text NOT NULL,
  agent_id bigint NOT NULL,
  -- the upline that pays; NULL when the platform pays a top agent
  payer_id bigint,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  currency text NOT NULL,
  -- the base the rate applied to, carry-over included (team net loss for dividends, team valid bet for salaries)
  base_minor bigint NOT NULL,
  active_members integer NOT NULL,
  tier_index integer,
  rate_bp integer NOT NULL,
  gross_minor bigint NOT NULL CHECK (gross_minor >= 0),
  downline_minor bigint NOT NULL DEFAULT 0 CHECK (downline_minor >= 0),
  carry_in_minor bigint NOT NULL DEFAULT 0 CHECK (carry_in_minor <= 0),
  carry_out_minor bigint NOT NULL DEFAULT 0 CHECK (carry_out_minor <= 0),
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  paid_minor bigint NOT NULL DEFAULT 0 CHECK (paid_minor >= 0 AND paid_minor <= amount_minor),
  debt_minor bigint NOT NULL DEFAULT 0 CHECK (debt_minor >= 0),
  state text NOT NULL DEFAULT 'due' CHECK (state IN ('due', 'paid', 'partly-paid', 'nothing-due')),
  transaction_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  UNIQUE (contract_id, period_start),
  CONSTRAINT settlements_period CHECK (period_end > period_start)
);
CREATE INDEX settlements_due ON {{schema}}.settlements (merchant_code, kind, period_start) WHERE state = 'due';
CREATE INDEX settlements_by_agent ON {{schema}}.settlements (agent_id, kind, period_start DESC);
CREATE INDEX settlements_by_payer ON {{schema}}.settlements (payer_id, kind, period_start DESC) WHERE payer_id IS NOT NULL;
-- The carry-over of an agent's previous period is read by the period that follows it.
CREATE INDEX settlements_by_agent_end ON {{schema}}.settlements (agent_id, kind, period_end);

-- What a payer could not pay of a settlement: owed to the payee until paid back, oldest first, before the payer pays
-- anything else.
CREATE TABLE {{schema}}.settlement_debts (
  id bigserial PRIMARY KEY,
  settlement_id bigint NOT NULL UNIQUE REFERENCES {{schema}}.settlements (id),
  merchant_code text NOT NULL,
  currency text NOT NULL,
  payer_id bigint NOT NULL,
  payee_id bigint NOT NULL,
  original_minor bigint NOT NULL CHECK (original_minor > 0),
  outstanding_minor bigint NOT NULL CHECK (outstanding_minor >= 0 AND outstanding_minor <= original_minor),
  -- payments asked of the wallet so far (some may have found nothing to pay with); the next one is keyed by it
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  cleared_at timestamptz
);
CREATE INDEX settlement_debts_outstanding ON {{schema}}.settlement_debts (payer_id, id) WHERE outstanding_minor > 0;
CREATE INDEX settlement_debts_by_payee ON {{schema}}.settlement_debts (payee_id, id);

-- Each repayment of a debt, as paid through the wallet; `seq` is the attempt that paid it.
CREATE TABLE {{schema}}.settlement_debt_repayments (
  debt_id bigint NOT NULL REFERENCES {{schema}}.settlement_debts (id),
  seq integer NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  transaction_id text,
  paid_at timestamptz NOT NULL,
  PRIMARY KEY (debt_id, seq)
);
