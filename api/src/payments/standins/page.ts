/** The stand-ins' small checkout page (Norwegian): the lines, the total and a "Betal" button. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const esc = escapeHtml;
const nok = (ore: number) => `${(ore / 100).toLocaleString('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kr`;

export function checkoutPage(options: {
  provider: string;
  orderId: string;
  lines: Array<{ name: string; quantity: number; totalOre: number }>;
  totalOre: number;
  paid: boolean;
  action: string;
}): string {
  const rows = options.lines
    .map((l) => `<tr><td>${esc(l.name)}</td><td>${l.quantity}</td><td style="text-align:right">${nok(l.totalOre)}</td></tr>`)
    .join('');
  const button = options.paid
    ? '<p role="status">Betalingen er gjennomført.</p>'
    : `<form method="post" action="${esc(options.action)}" target="_top"><button type="submit">Betal ${nok(options.totalOre)}</button></form>`;
  return `<!doctype html><html lang="nb"><head><meta charset="utf-8"><title>${esc(options.provider)} – betaling</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem}table{width:100%;border-collapse:collapse}td{padding:.25rem 0}
button{font-size:1.1rem;padding:.6rem 1.4rem;margin-top:1rem}</style></head><body>
<h1>Betal med ${esc(options.provider)}</h1><p>Lokal testtjeneste – ingen ekte betaling. Ordre ${esc(options.orderId)}.</p>
<table><tbody>${rows}</tbody><tfoot><tr><th colspan="2" style="text-align:left">Totalt</th><th style="text-align:right">${nok(options.totalOre)}</th></tr></tfoot></table>
${button}</body></html>`;
}

/**
 * The snippet's iframe points at the pay page by a site-relative path: the stand-ins live on the shop's own server,
 * so the page loads from the shop's origin whatever address the server used to reach its stand-in (127.0.0.1 vs the
 * browser's localhost or public name) — which keeps it inside the CSP's frame-src 'self' and frame-ancestors 'self'.
 */
export const snippet = (provider: string, src: string) =>
  `<div class="stand-in-checkout"><iframe src="${esc(src)}" title="${esc(provider)} betaling" style="width:100%;min-height:360px;border:0"></iframe>` +
  // Like the real snippets, an inline bootstrap script: it runs only when the page's CSP lets it (the nonce).
  `<script>document.currentScript.parentElement.setAttribute('data-booted', '${esc(provider)}')</script></div>`;
