// @duly/shared/router (2.0.0): the React Router names Duly's apps use, and only those.
//
// Shared at runtime instead of the whole react-router(-dom) package (63.6 KB gzipped, of which
// these names need about a quarter): the shell provides this entry as a singleton, so every
// remote renders in the shell's one router context, and webpack drops the rest of the package
// from the build that provides it. Source keeps importing `react-router-dom`: every build sends
// that request here (`routerRequestPlugin`, scripts/webpack/shared-deps.cjs), jest maps it here
// and TypeScript resolves it here (tsconfig `paths`), so a name missing from this list fails the
// typecheck and the tests instead of being `undefined` in the browser. Add a name here (a minor
// of @duly/shared) before an app imports it.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  matchPath,
  matchRoutes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
  type RouteObject,
} from 'react-router';
