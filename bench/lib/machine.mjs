// The machine a run happened on, for the head of RESULTS.md: these machines are shared and
// noisy, so every figure is read beside the load average and the hardware it came from.
import fs from "node:fs";
import os from "node:os";

export function describeMachine() {
  const cpus = os.cpus();
  let cgroupCpus = null;
  try {
    // A container may be limited to fewer CPUs than the host shows.
    const [quota, period] = fs.readFileSync("/sys/fs/cgroup/cpu.max", "utf8").trim().split(/\s+/);
    if (quota !== "max") cgroupCpus = Number(quota) / Number(period);
  } catch {
    // no cgroup v2 CPU limit
  }
  return {
    cpu: (cpus[0]?.model ?? "unknown CPU").trim(),
    cores: cpus.length,
    cgroupCpus,
    memoryGiB: os.totalmem() / 2 ** 30,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    load: os.loadavg(),
  };
}

export const loadText = (load = os.loadavg()) => load.map((n) => n.toFixed(2)).join(", ");
