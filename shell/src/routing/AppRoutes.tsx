import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import type { HomePageProps, ProductPageProps } from '@shop/contracts/routes';
import { RemoteBoundary } from '../federation/RemoteBoundary.js';
import { $categories } from '../menu/model.js';
import { $settings, $tenant, homeLayoutCameWithPage, settingsRequested } from '../tenant/model.js';
import { canonicalLocation } from './canonical.js';
import { NotFound } from './NotFound.js';
import { ProductGuard } from './ProductGuard.js';
import { SCREENS, resolveLocation, screenProps, type ScreenDef } from './screens.js';

/**
 * The route table as React Router routes. Redirects (SPEC §2) and the move of a category to its canonical address
 * are applied first, replacing the history entry; then
 * each screen mounts its remote page through a RemoteBoundary with the page's props (see screens.ts).
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

function Screen({ screen }: { screen: ScreenDef }) {
  const params = Object.fromEntries(Object.entries(useParams()).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const props = screenProps(screen, params);
  if (screen.name === 'home' || screen.name === 'preview') return <HomeScreen screen={screen} previewName={props.previewName as string | null} />;
  if (screen.guard === 'product') {
    return (
      <ProductGuard>
        {(article) => (
          <RemoteBoundary<ProductPageProps>
            remote={screen.remote}
            module={screen.module}
            props={{ articleName: params.articleName ?? article.slug, article }}
          />
        )}
      </ProductGuard>
    );
  }
  return <RemoteBoundary remote={screen.remote} module={screen.module} props={props} />;
}

/** Home and preview get the banner slots (GET /settings, fetched on the first visit unless the layout came with the page) and the brand. */
function HomeScreen({ screen, previewName }: { screen: ScreenDef; previewName: string | null }) {
  const [settings, tenant, requestSettings] = useUnit([$settings, $tenant, settingsRequested]);
  useEffect(() => {
    if (!homeLayoutCameWithPage) requestSettings();
  }, [requestSettings]);
  return <RemoteBoundary<HomePageProps> remote={screen.remote} module={screen.module} props={{ previewName, settings, tenant }} />;
}
