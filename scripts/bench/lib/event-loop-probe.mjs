// Opt-in event-loop probe for a benchmark's server process, loaded with
// `NODE_OPTIONS=--import=<this file>` and switched on by KINETIC_BENCH_EVENT_LOOP=1; the
// production server never loads it.
//
// perf_hooks.monitorEventLoopDelay samples the loop every 10 ms. Its values are the intervals
// between samples, so an idle loop reads 10 ms: `max_block_ms` subtracts that interval, leaving
// the longest stretch in which the loop could not run a timer, i.e. the longest synchronous block.
// - SIGUSR2 writes one JSON line to stdout: {"eventLoop":{"seq":N,"window_max_block_ms":…,
//   "max_block_ms":…,"max_ms":…,"p99_ms":…,"mean_ms":…,"samples":…}}. The histogram figures cover
//   everything since start (or the last SIGUSR1); `window_max_block_ms` only the time since the
//   previous SIGUSR2, for telling which request blocked, and `window_cpu_ms` the CPU time the process
//   used in that window (process.cpuUsage, all threads): unlike a block, it hardly moves with the
//   machine's load.
// - SIGUSR1 resets the histogram (after a warm-up). A reset histogram records nothing until its
//   timer has fired once more, so wait a few intervals before the next measured work.
// The window figure has its own timer rather than histogram resets for that reason, and it also
// counts a block still unrecorded when the signal arrives (time since the last tick).
import fs from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

if (process.env.KINETIC_BENCH_EVENT_LOOP === "1") {
  const RESOLUTION_MS = 10;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let lastTick = performance.now();
  let windowMax = 0;
  setInterval(() => {
    const now = performance.now();
    windowMax = Math.max(windowMax, now - lastTick - RESOLUTION_MS);
    lastTick = now;
  }, RESOLUTION_MS).unref();
  let seq = 0;
  let cpuMark = process.cpuUsage();
  const round = (x) => Math.round(x * 100) / 100;
  const ms = (ns) => round(ns / 1e6);
  process.on("SIGUSR1", () => histogram.reset());
  process.on("SIGUSR2", () => {
    const pending = performance.now() - lastTick - RESOLUTION_MS;
    const cpu = process.cpuUsage(cpuMark);
    cpuMark = process.cpuUsage();
    const line = {
      eventLoop: {
        seq: ++seq,
        window_max_block_ms: round(Math.max(0, windowMax, pending)),
        window_cpu_ms: round((cpu.user + cpu.system) / 1000),
        max_block_ms: round(Math.max(0, ms(histogram.max) - RESOLUTION_MS, pending)),
        max_ms: ms(histogram.max),
        p99_ms: ms(histogram.percentile(99)),
        mean_ms: ms(histogram.mean),
        samples: histogram.count,
      },
    };
    windowMax = 0;
    fs.writeSync(1, `${JSON.stringify(line)}\n`);
  });
}
