// Lighthouse (mobile profile: Lighthouse's default Moto G Power emulation with simulated slow-4G throttling) for the
// bench. Debian's chromium is launched through chrome-launcher; each page is measured `runs` times and the median run
// (by performance score, then LCP) is kept, because figures on a busy 2-core machine are noisy.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const round = (value, digits = 0) => (value == null ? null : Math.round(value * 10 ** digits) / 10 ** digits);

function summarise(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const network = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = network.filter((item) => item.resourceType === 'Script');
  return {
    score: lhr.categories.performance.score == null ? null : Math.round(lhr.categories.performance.score * 100),
    lcp_ms: round(audit('largest-contentful-paint')),
    fcp_ms: round(audit('first-contentful-paint')),
    cls: round(audit('cumulative-layout-shift'), 4),
    tbt_ms: round(audit('total-blocking-time')),
    speed_index_ms: round(audit('speed-index')),
    requests: network.length,
    js_requests: scripts.length,
    // transferSize is what went over the wire (brotli/gzip as served), resourceSize the decoded bytes.
    js_transfer_bytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    js_resource_bytes: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
    lcp_element: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    // What the blocking time is made of: the longest main-thread tasks (simulated slow-phone durations) and the script
    // each is attributed to ("Unattributable": parsing, style and layout).
    long_tasks: (lhr.audits['long-tasks']?.details?.items ?? [])
      .slice(0, 5)
      .map((task) => ({ url: task.url?.replace(/^https?:\/\/[^/]+/, '') ?? null, start_ms: round(task.startTime), duration_ms: round(task.duration) })),
    warnings: lhr.runWarnings ?? [],
  };
}

/** Lighthouse runtime errors that mean "the trace of this load was lost", not "the page is broken". */
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'NO_TRACING_STARTED', 'NO_DCL', 'NO_RESOURCE_REQUEST']);
const TRACE_RETRIES = 3;

/**
 * @param {string} baseUrl  e.g. http://127.0.0.1:8091
 * @param {Record<string, string>} pages  label → path
 * @param {{ runs?: number, chromePath?: string, log?: (line: string) => void }} [options]
 */
export async function lighthousePages(baseUrl, pages, { runs = 3, chromePath, log = console.log } = {}) {
  const chrome = await launch({
    chromePath: chromePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  const out = {};
  try {
    for (const [label, path] of Object.entries(pages)) {
      const samples = [];
      let retries = 0;
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(
          baseUrl + path,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
          undefined,
        );
        if (!result?.lhr) throw new Error(`lighthouse gave no result for ${path}`);
        const error = result.lhr.runtimeError;
        // Chromium sometimes loses the trace of a load (NO_NAVSTART, NO_FCP…): that run measured nothing, so it is
        // discarded and run again — a few times at most, then the page's figures are an error, never a guess.
        if (error && retries < TRACE_RETRIES && RETRIED_ERRORS.has(error.code)) {
          retries++;
          log(`[lighthouse] ${label}: ${error.code}, run ${run + 1} again (${retries}/${TRACE_RETRIES})`);
          run--;
          continue;
        }
        if (error) throw new Error(`${path}: ${error.message}`);
        samples.push(summarise(result.lhr));
      }
      const ordered = [...samples].sort((a, b) => (a.score ?? 0) - (b.score ?? 0) || b.lcp_ms - a.lcp_ms);
      const mid = ordered[Math.floor(ordered.length / 2)];
      out[label] = {
        path,
        runs,
        ...mid,
        median: {
          score: median(samples.map((s) => s.score ?? 0)),
          lcp_ms: median(samples.map((s) => s.lcp_ms)),
          cls: median(samples.map((s) => s.cls)),
          tbt_ms: median(samples.map((s) => s.tbt_ms)),
        },
        all_scores: samples.map((s) => s.score),
      };
      log(
        `[lighthouse] ${label.padEnd(9)} score ${out[label].median.score}  LCP ${out[label].median.lcp_ms} ms  CLS ${out[label].median.cls}  TBT ${out[label].median.tbt_ms} ms  (scores ${out[label].all_scores.join('/')})`,
      );
    }
  } finally {
    await chrome.kill();
  }
  return out;
}
