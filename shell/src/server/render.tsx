/**
 * The shell's server renderer (issue 22): the API process calls `renderPage` per HTML request. It resolves the
 * route with the shell's own route table and the page's remote module with what the registry's remotes declare
 * (their startup.json), loads that module from the remote's SERVER build (Module Federation on Node, registered
 * from /remotes.json; both read by remoteRegistry.ts), runs the module's `loader` with the
 * request's in-process API transport, fills the request's Effector scope, and streams the shell's layout with the
 * remote's page in it (React 19 renderToPipeableStream). Everything the browser needs to hydrate the same markup
 * travels once, in the PageData element.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { allSettled, fork, serialize, type Scope } from 'effector';
import { Provider } from 'effector-react';
import { answerKey, setCsrfTokenSource, setServerTransport, type ApiTransport, type FirstViewAnswer } from '@shop/contracts/api';
import { pageDataScript, pageRendered, setServerScope, type PageHead, type PageLoaded, type PageLoader, type RenderedModule, type RenderRequest } from '@shop/contracts/ssr';
import { Layout } from '../App.js';
import { declarationsOf } from '../federation/composition.js';
import { $composition, remotesDeclared } from '../federation/compositionModel.js';
import { loadRemoteModule } from '../federation/loadRemoteModule.js';
import { resolveLocation } from '../routing/screens.js';
import { fetchCategoriesFx } from '../menu/model.js';
import { fetchTenantFx } from '../tenant/model.js';
import { cookieHeaderRead } from '../consent/cookieConsent.js';
import { sessionRead } from '../federation/startupPolicy.js';
import { pieceKey, serverPieceFailed } from '../federation/serverFailures.js';
import { viewportMeasured, widthForUserAgent } from '../layout/viewport.js';
import { declaredRemotes, pageAssets, refreshRemotes, type RemoteAssets } from './remoteRegistry.js';
import { assetLinks, headTags, injectHead } from './head.js';
import { readStylesheets } from './stylesheets.js';
import { LOAD_TIMEOUT_MS } from './loadTimeout.js';

export interface RenderedPage {
  /** 200, or what the page's loader says (a missing product: 404); the API may still say 404/403 itself. */
  status: number;
  /** A redirect of SPEC §2 (the browser would replace the address anyway). */
  redirect?: string;
  /** The whole document: the head at once, the body as React renders it. */
  body: Readable;
}

const requestTransport = new AsyncLocalStorage<ApiTransport>();
setServerTransport(() => requestTransport.getStore());
/** The request's session CSRF token, for the forms the page renders (the cookie notice's POST works before hydration). */
const requestCsrfToken = new AsyncLocalStorage<string>();
setCsrfTokenSource(() => requestCsrfToken.getStore());
/** The request's Effector scope, for the contracts' plain functions that read server-filled state (inlineCategories). */
const requestScope = new AsyncLocalStorage<Scope>();
setServerScope(() => requestScope.getStore());

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${LOAD_TIMEOUT_MS} ms`)), LOAD_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface PageModule {
  default?: unknown;
  loader?: PageLoader;
}

/** Runs the page module's loader; its requests' answers are recorded for the browser's first requests. */
async function loadPage(request: RenderRequest, remote: string, module: string, props: Record<string, unknown>, params: Readonly<Record<string, string>>) {
  const answers: FirstViewAnswer[] = [];
  const recording: ApiTransport = async (call) => {
    const response = await request.transport(call);
    if (response.status >= 200 && response.status < 300) {
      answers.push({ key: answerKey(call.method, call.url, call.params, call.data), status: response.status, data: response.data });
    }
    return response;
  };
  return requestTransport.run(recording, async () => {
    let head: PageHead | null = null;
    let loaded: PageLoaded | null = null;
    let failed = false;
    try {
      const page = await withTimeout(loadRemoteModule<PageModule>(remote, module), `${remote}/${module}`);
      if (typeof page.loader === 'function') {
        const result = await withTimeout(page.loader({ url: new URL(request.url, request.publicOrigin).href, props, params }), `${remote}/${module} loader`);
        head = result.head ?? null;
        if (result.data !== undefined) loaded = { url: request.url, remote, module, data: result.data };
      }
    } catch (error) {
      if (process.env.SHOP_SSR_DEBUG) console.warn(error);
      // The page still renders: its RemoteBoundary shows the fallback (module) or the page loads in the browser.
      failed = true;
      console.warn(`[shell] server render of ${remote}/${module}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { head, loaded, answers, failed };
  });
}

export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const scope = fork();
  // Everything of this request — loaders, the chrome's effects, React's render and the work it resumes — runs in it
  // (and with the request's CSRF token, which the page's forms carry).
  return requestScope.run(scope, () => requestCsrfToken.run(request.csrfToken, () => renderInScope(request, scope)));
}

async function renderInScope(request: RenderRequest, scope: Scope): Promise<RenderedPage> {
  const location = new URL(request.url, 'http://shop.invalid');
  const resolution = resolveLocation({ pathname: location.pathname, search: location.search, hash: '' });
  if (resolution.kind === 'redirect') return { status: 302, redirect: resolution.to, body: emptyBody() };

  await refreshRemotes(request.remotes, request.serverOrigin);
  // This request's composition: the declarations as of now, the same the browser gets in the page data.
  const declared = declaredRemotes(request.remotes);
  await allSettled(remotesDeclared, { scope, params: declared });
  const rendered: RenderedModule[] = [];
  let head: PageHead | null = null;
  let status = 200;
  const chrome = requestTransport.run(request.transport, () =>
    Promise.all([
      allSettled(fetchTenantFx, { scope }),
      allSettled(fetchCategoriesFx, { scope }),
      allSettled(cookieHeaderRead, { scope, params: request.cookie ?? '' }),
      allSettled(sessionRead, { scope, params: { signedIn: request.signedIn } }),
      allSettled(viewportMeasured, { scope, params: widthForUserAgent(request.userAgent ?? '') }),
    ]),
  );
  // A route no remote declares renders its fallback (AppRoutes), status 200 as for a remote whose code is down.
  const declaredPage = resolution.kind === 'screen' ? scope.getState($composition).screens[resolution.screen.name] : undefined;
  if (resolution.kind === 'screen' && declaredPage) {
    const { props, params } = resolution;
    const { remote, module } = declaredPage;
    const page = await loadPage(request, remote, module, props, params);
    head = page.head;
    if (page.head?.status) status = page.head.status;
    if (!page.failed) rendered.push({ remote, module });
    else await allSettled(serverPieceFailed, { scope, params: pieceKey(remote, module) });
    // The page renders from its loader's data, in the browser too (its first render takes it, and skips its fetch):
    // the answers of the requests the loader made would carry the same data a second time, and made the HTML of a
    // listing a round trip longer on a slow phone (ADR 0024). They go into the page only for a loader that returns
    // no data, whose page asks for it again as it renders.
    await allSettled(pageRendered, { scope, params: { answers: page.loaded ? [] : page.answers, loaded: page.loaded, head: page.head } });
  }
  await chrome;

  const assets: RemoteAssets = pageAssets(rendered);
  const values = serialize(scope);
  const [before, afterRoot] = splitTemplate(request.template);
  const shell = shellCss();
  const stylesheets = (await readStylesheets([...shell.files, ...assets.css], { shellDir: shell.dir, shellFiles: shell.files, serverOrigin: request.serverOrigin })).map(
    // A remote's CSS chunk loading (public path: the remote's absolute URL) takes a link as its file only when the
    // href starts with that URL; with `/mf/…` it fetched every remote stylesheet of the page a second time. The
    // shell's public path is `/`: its own stay as they are.
    (sheet) => (shell.files.includes(sheet.href) ? sheet : { ...sheet, href: new URL(sheet.href, request.publicOrigin).href }),
  );
  const headHtml = headTags(head) + assetLinks(stylesheets, assets.js);
  const prefix = injectHead(before, head, headHtml, request.nonce, request.csrfToken);
  // After #root: React's markup is all #root holds (the browser renders from scratch when it is empty). Joined, never
  // put in with String.replace: the page data is text of the shop's data, and `$'` in it was expanded.
  const suffix = `</div>${pageDataScript({ values, remotes: request.remotes, modules: rendered, declarations: declarationsOf(declared) })}${afterRoot}`;

  const body = new PassThrough();
  body.write(prefix);
  const app = (
    <Provider value={scope}>
      <StaticRouter location={request.url}>
        <Layout />
      </StaticRouter>
    </Provider>
  );
  let shellFailed = false;
  const stream = renderToPipeableStream(app, {
    nonce: request.nonce,
    // The body goes out once every boundary is ready, not at the shell, and no boundary is "outlined" for its size
    // (React's default beyond 12,800 bytes): React then writes each boundary's content in place. Otherwise a
    // boundary came as a hidden segment that an inline script moves into place — which never runs before the code
    // does on a slow phone, nor without JavaScript (nor for a crawler that runs none): the page showed the boundary's
    // "Laster …". The head (styles, preloads) is already on its way above; the page's module and loader were awaited
    // before rendering, so what is left to wait for is short.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onAllReady() {
      if (shellFailed) return;
      const react = new PassThrough();
      react.on('data', (chunk) => body.write(chunk));
      react.on('end', () => body.end(suffix));
      stream.pipe(react);
    },
    onShellError(error) {
      shellFailed = true;
      console.error('[shell] server render failed', error);
      body.end(suffix);
    },
    onError(error) {
      // A piece that fails renders its boundary's fallback; the browser retries it.
      console.warn(`[shell] server render: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    },
  });
  return { status, body };
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** The template around #root: up to and including `<div id="root">`, and what follows its `</div>`. */
function splitTemplate(template: string): [string, string] {
  const at = template.indexOf(ROOT_ELEMENT);
  if (at < 0) throw new Error('shell/index.html has no <div id="root"></div>');
  return [`${template.slice(0, at)}<div id="root">`, template.slice(at + ROOT_ELEMENT.length)];
}

function emptyBody(): Readable {
  const body = new PassThrough();
  body.end();
  return body;
}

/**
 * The shell's own stylesheets (chrome, modals, boundary): in the head (written in: stylesheets.ts) so the server's markup is styled
 * before any script runs. Read from the browser build beside this server build (dist/ and dist/server/).
 */
let shellCssFiles: { dir: string; files: string[] } | null = null;
function shellCss(): { dir: string; files: string[] } {
  const dir = path.join(__dirname, '..');
  if (shellCssFiles?.dir !== dir) {
    const files = fs.readdirSync(dir).filter((file) => file.endsWith('.css')).sort().map((file) => `/${file}`);
    shellCssFiles = { dir, files };
  }
  return shellCssFiles;
}
