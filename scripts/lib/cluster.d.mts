// Types for the parts of cluster.mjs that TypeScript benches and tests use.

/** A fresh database on the cluster's PostgreSQL, so a run never sees an earlier run's data; `drop` removes it. */
export function createRunDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }>;

/** Starts PostgreSQL, Redis and Kafka (infra/start.sh) and returns their connection settings. */
export function startInfra(): Record<string, string>;
