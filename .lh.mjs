const { lighthousePages } = await import('/work/wt-fe3/scripts/lighthouse.mjs');
const base = process.argv[2];
const pages = Object.fromEntries(process.argv.slice(3).map((p) => [p.split('=')[0], p.split('=')[1]]));
const out = await lighthousePages(base, pages, { runs: Number(process.env.RUNS ?? 3) });
for (const [k, v] of Object.entries(out)) console.log(k, v.lcp_ms, v.fcp_ms, v.tbt_ms, v.speed_index_ms, v.requests, v.js_transfer_bytes, v.lcp_element);
