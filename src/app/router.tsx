import { createBrowserRouter } from 'react-router';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { RouteGate } from './route-gate.tsx';
import { ROUTES } from './route-meta.ts';

/** One route per row of the spec's table, each behind the guard, inside the shell's layout. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: ROUTES.map((def) => ({
        path: def.path,
        handle: def,
        element: <RouteGate def={def} />,
        errorElement: <RouteError />,
      })),
    },
  ]);
}
