// The shell's own screens that the server renders with their data (issue 32, the rows in the
// server's HTML): the organisation's dashboard at / and /dashboard, the pages whose first
// requests the shell declares (remotes.json `shell.firstRequests`). Built for Node into
// dist/server/routes.cjs (webpack.config.cjs, scripts/webpack/server-routes.cjs) and rendered
// by api/src/web/server-render.ts inside the chrome's frame, like a remote's `./routes`. The
// app's own route table (App.tsx) stays the browser's: this one only picks the screen.
import { Route, Routes } from 'react-router-dom';
import { DashboardScreen } from '../features/dashboard';

export default function ShellServerRoutes() {
  return (
    <Routes>
      <Route index element={<DashboardScreen />} />
      <Route path="dashboard" element={<DashboardScreen />} />
    </Routes>
  );
}
