/** Root layout: picks the shell for the current route (desktop, bare or H5). Expanded by the shell work. */
import { Outlet } from 'react-router';

export default function RootLayout() {
  return <Outlet />;
}
