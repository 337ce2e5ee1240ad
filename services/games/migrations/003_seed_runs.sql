-- Which one-time seeds ran, so a seed is not repeated over what an operator changed or removed since.
CREATE TABLE {{schema}}.seed_runs (
  name text PRIMARY KEY,
  ran_at timestamptz NOT NULL DEFAULT now()
);
