// Sequential GETs of one URL, a few ms apart, for a given time; prints the latencies (ms) as JSON. bench-load.mjs runs
// it in a process of its own beside an autocannon load: sampled from the load's own process, the latencies also held
// the time that process's event loop spent parsing the load's answers (8 connections of 32 kB search pages), which is
// the client's delay, not the server's. node:http on one kept-alive socket, not fetch: undici's fetch added ~0.17 ms
// to every sample and its own garbage collections to the tail (p50 0.47 → 0.31 ms, p99 lower in three A/B pairs).
import http from 'node:http';

const [url, durationMs, gapMs] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4] ?? 5)];
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = () =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.on('data', () => {});
        response.on('end', resolve);
      })
      .on('error', reject);
  });

const samples = [];
const until = Date.now() + durationMs;
while (Date.now() < until) {
  const t = performance.now();
  await get();
  samples.push(performance.now() - t);
  await new Promise((r) => setTimeout(r, gapMs));
}
agent.destroy();
process.stdout.write(JSON.stringify(samples));
