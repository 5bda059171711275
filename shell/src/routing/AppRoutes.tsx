import { Route, Routes } from 'react-router-dom';
import { RemoteBoundary } from '../federation/RemoteBoundary.js';
import { screenRoutes } from './routes.js';

export function AppRoutes() {
  return (
    <Routes>
      {screenRoutes.map((route) => (
        <Route
          key={route.name}
          path={route.path}
          // Keyed per remote module so a failed page's fallback does not stick to the next page.
          element={<RemoteBoundary key={`${route.remote}/${route.module}`} remote={route.remote} module={route.module} />}
        />
      ))}
    </Routes>
  );
}
