// Sequential GETs of one URL, a few ms apart, for a given time; prints the latencies (ms) as JSON. bench-load.mjs runs
// it in a process of its own beside an autocannon load: sampled from the load's own process, the latencies also held
// the time that process's event loop spent parsing the load's answers (8 connections of 32 kB search pages), which is
// the client's delay, not the server's.
const [url, durationMs, gapMs] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4] ?? 5)];
const samples = [];
const until = Date.now() + durationMs;
while (Date.now() < until) {
  const t = performance.now();
  await (await fetch(url)).arrayBuffer();
  samples.push(performance.now() - t);
  await new Promise((r) => setTimeout(r, gapMs));
}
process.stdout.write(JSON.stringify(samples));
