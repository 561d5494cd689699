/**
 * CPU accounting for the capacity benchmark (Linux only): the CPU time a process, or every process
 * of a command (PostgreSQL's backends, Redis), has used, from `/proc/<pid>/stat`; and a CPU quota
 * on a process through a cgroup (v1 `cpu` controller, else v2), so that an instance of the portal
 * gets a fixed share of a core whatever else the machine runs.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Clock ticks per second of `/proc/<pid>/stat` (USER_HZ: 100 on every Linux build Node supports). */
const TICKS_PER_SECOND = 100;

/** utime + stime of `/proc/<pid>/stat` in seconds; 0 for a process that is gone. */
export function processCpuSeconds(pid: number): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Field 3 (the state) is the first here, so fields 14 (utime) and 15 (stime) are at 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The command name (`comm`) of a process, or undefined when it is gone. */
function commandOf(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used so far by every running process whose command name starts with one of
 * `prefixes` (`postgres` covers the postmaster, its backends and background workers). Processes
 * that end between two readings take their time with them: read around runs of steady load.
 */
export function commandCpuSeconds(prefixes: string[]): number {
  let sum = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = commandOf(Number(entry));
    if (comm && prefixes.some((p) => comm.startsWith(p))) sum += processCpuSeconds(Number(entry));
  }
  return sum;
}

/** A CPU quota held on a process; `release` moves it back out and removes the group. */
export interface CpuQuota {
  /** Cores the process may use (e.g. 0.5: 5 ms of every 10 ms period). */
  cores: number;
  /** How the quota is enforced, for the notes (the cgroup's path). */
  where: string;
  release(): void;
}

/**
 * The quota's period: 10 ms rather than the kernel's default 100 ms, so that an instance that spends
 * its share early in a period (a collection, a batch write) waits at most a few milliseconds for the
 * next, as on a slower core, instead of standing still for most of 100 ms, which would show as a
 * latency tail that no machine with a core per instance has.
 */
const PERIOD_US = 10_000;

/**
 * Limits process `pid` (and every thread it has or starts) to `cores` of CPU time with a cgroup of
 * its own. Throws with the reason when the machine does not let this process make one (no cgroup
 * file system, or not root): the capacity figures then cannot be taken per core.
 */
export function limitCpu(pid: number, cores: number, name: string): CpuQuota {
  const quotaUs = Math.round(cores * PERIOD_US);
  const v1 = '/sys/fs/cgroup/cpu';
  const v2 = '/sys/fs/cgroup';
  if (fs.existsSync(path.join(v1, 'cpu.cfs_quota_us')))
    return group(v1, name, pid, cores, {
      'cpu.cfs_period_us': String(PERIOD_US),
      'cpu.cfs_quota_us': String(quotaUs),
    });
  if (fs.existsSync(path.join(v2, 'cgroup.controllers')))
    return group(v2, name, pid, cores, { 'cpu.max': `${quotaUs} ${PERIOD_US}` });
  throw new Error('no cgroup CPU controller under /sys/fs/cgroup: CPU quotas need Linux cgroups and root');
}

/** A group `name` under `root` with `settings` written, holding `pid`. */
function group(root: string, name: string, pid: number, cores: number, settings: Record<string, string>): CpuQuota {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, value] of Object.entries(settings)) fs.writeFileSync(path.join(dir, file), value);
  // cgroup.procs moves every thread of the process (libuv's pool included) at once.
  fs.writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
  return {
    cores,
    where: dir,
    release: () => {
      try {
        fs.writeFileSync(path.join(root, 'cgroup.procs'), String(pid));
      } catch {
        // The process has ended; the group is empty.
      }
      fs.rmdirSync(dir);
    },
  };
}
