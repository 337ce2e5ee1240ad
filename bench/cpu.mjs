// Where the CPU of one operation goes, per process. On a shared machine a rate depends on what else runs; the CPU an
// operation costs does not, so this says what the rate would be with the cores to ourselves.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds a process has used (user + system), from /proc; with `reaped`, also its children that have ended. */
export function cpuSeconds(pid, reaped = false) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0)) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every PostgreSQL process (the server forks one backend per connection). */
export function postgresCpuSeconds() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuSeconds(entry, true);
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

/**
 * Starts a meter over the named service processes (`children` from scripts/lib/cluster.mjs startServices), PostgreSQL
 * and this process; calling the result with the number of operations done gives CPU milliseconds per operation.
 */
export function cpuMeter(children, names) {
  const tracked = (children ?? []).filter(({ name }) => names.includes(name));
  const read = () => ({
    ...Object.fromEntries(tracked.map(({ name, child }) => [name, cpuSeconds(child.pid)])),
    postgres: postgresCpuSeconds(),
    bench: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  });
  const before = read();
  return (operations) => {
    const after = read();
    return Object.fromEntries(Object.keys(after).map((name) => [name, Math.round(((after[name] - before[name]) * 1000 * 100) / operations) / 100]));
  };
}
