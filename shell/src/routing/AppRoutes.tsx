import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import type { HomePageProps, ProductPageData, ProductPageProps } from '@shop/contracts/routes';
import type { RemoteModuleRef } from '../federation/composition.js';
import { $composition } from '../federation/compositionModel.js';
import { Unavailable } from '../federation/DeclaredPiece.js';
import { RemoteBoundary } from '../federation/RemoteBoundary.js';
import { $categories } from '../menu/model.js';
import { $pageLoaded } from '@shop/contracts/ssr';
import { $settings, $tenant, settingsRequested } from '../tenant/model.js';
import { canonicalLocation } from './canonical.js';
import { NotFound } from './NotFound.js';
import { ProductGuard } from './ProductGuard.js';
import { SCREENS, resolveLocation, screenProps, type ScreenDef } from './screens.js';

/**
 * The route table as React Router routes. Redirects (SPEC §2) and the move of a category to its canonical address
 * are applied first, replacing the history entry; then
 * each screen mounts the page the registry's remotes declare for its route (federation/composition.ts) through a
 * RemoteBoundary with the page's props (see screens.ts); a route none declares shows the remote fallback.
 */
export function AppRoutes() {
  const location = useLocation();
  const categories = useUnit($categories);
  const resolution = resolveLocation(location);
  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace state={location.state} />;
  // A category at another of its names (/tekstil, /klær) moves to its one address (/klaer), as the server's 301 does.
  const canonical = canonicalLocation(resolution, location, categories);
  if (canonical !== null) return <Navigate to={canonical} replace state={location.state} />;
  return (
    <Routes>
      {SCREENS.map((screen) => (
        <Route key={screen.id} path={screen.path} element={<Screen screen={screen} />} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

/**
 * The data the page's loader gave on the server, while the page shown is the one the server rendered: the page's
 * first render (server and hydration) is made of it. Another address, or another page, gets none.
 */
function useLoaderData(page: RemoteModuleRef): unknown {
  const loaded = useUnit($pageLoaded);
  const { pathname, search } = useLocation();
  if (!loaded || loaded.url !== `${pathname}${search}` || loaded.remote !== page.remote || loaded.module !== page.module) return undefined;
  return loaded.data;
}

function Screen({ screen }: { screen: ScreenDef }) {
  const page = useUnit($composition).screens[screen.name];
  return page ? <DeclaredScreen screen={screen} page={page} /> : <Unavailable />;
}

function DeclaredScreen({ screen, page }: { screen: ScreenDef; page: RemoteModuleRef }) {
  const params = Object.fromEntries(Object.entries(useParams()).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const loaderData = useLoaderData(page);
  const props = loaderData === undefined ? screenProps(screen, params) : { ...screenProps(screen, params), loaderData };
  if (screen.name === 'home' || screen.name === 'preview') {
    return <HomeScreen page={page} previewName={props.previewName as string | null} loaderData={loaderData} />;
  }
  if (screen.guard === 'product') {
    const loaded = loaderData as ProductPageData | undefined;
    return (
      <ProductGuard page={page} loaded={loaded?.article}>
        {(article) => (
          <RemoteBoundary<ProductPageProps & { loaderData?: ProductPageData }>
            remote={page.remote}
            module={page.module}
            props={{ articleName: params.articleName ?? article.slug, article, ...(loaded ? { loaderData: loaded } : {}) }}
          />
        )}
      </ProductGuard>
    );
  }
  return <RemoteBoundary remote={page.remote} module={page.module} props={props} />;
}

/** Home and preview get the banner slots (GET /settings, fetched on the first visit unless the layout came with the page) and the brand. */
function HomeScreen({ page, previewName, loaderData }: { page: RemoteModuleRef; previewName: string | null; loaderData: unknown }) {
  const [settings, tenant, requestSettings] = useUnit([$settings, $tenant, settingsRequested]);
  // The server-rendered home page came with its layout; the slots are only its fallback for a missing layout.
  const hasLayout = loaderData !== undefined;
  useEffect(() => {
    if (!hasLayout) requestSettings();
  }, [requestSettings, hasLayout]);
  return (
    <RemoteBoundary<HomePageProps & { loaderData?: unknown }> remote={page.remote} module={page.module} props={{ previewName, settings, tenant, loaderData }} />
  );
}
