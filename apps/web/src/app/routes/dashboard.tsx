/** The dashboard's two doors: the staff's (signed in, any role, with response times) and the public's (DASHBOARD_PUBLIC, without). */
import { DashboardScreen } from '../../features/dashboard/components/dashboard-screen.tsx';
import { StaffLayout } from '../../features/staff/components/staff-layout.tsx';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { NotFound } from '../not-found.tsx';

export default function StaffDashboardRoute() {
  return <StaffLayout role="responder">{() => <DashboardScreen audience="staff" />}</StaffLayout>;
}

export function PublicDashboardRoute() {
  return runtimeConfig().publicDashboard ? <DashboardScreen audience="public" /> : <NotFound />;
}
