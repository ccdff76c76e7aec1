/** The route layer: which screen each path shows, each behind its own error boundary. */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { Logo } from '../components/logo.tsx';
import { MapScreen } from '../features/map/components/map-screen.tsx';
import { useMapAddress } from '../features/map/hooks/use-map-address.ts';
import { t, withMessages } from '../i18n/i18n.ts';
import { Embedded } from '../lib/embedded.ts';
import { runtimeConfig } from '../lib/runtime-config.ts';
import type { HotspotFilters } from '../lib/map-url.ts';
import type { HotspotsProps } from './routes/hotspots.tsx';
import { Frame } from './frame.tsx';
import { NotFound } from './not-found.tsx';
import { RouteBoundary } from './route-boundary.tsx';

type ScreenModule = { default: ComponentType };

/**
 * A screen loaded on demand, together with MUI's theme, which only such screens use. `preload`
 * starts its load (or joins it); once loaded, React draws it at once: no spinner, and none of
 * the wait React keeps after one (about 300 ms) before it shows what suspended.
 */
function lazyThemed(load: () => Promise<ScreenModule>) {
  let loaded: ScreenModule | undefined;
  let loading: Promise<ScreenModule> | undefined;
  const preload = () =>
    (loading ??= Promise.all([import('./themed.tsx'), load()]).then(
      ([{ Themed }, { default: Screen }]) =>
        (loaded = {
          default: () => (
            <Themed>
              <Screen />
            </Themed>
          ),
        }),
      (error: unknown) => {
        loading = undefined; // Tried again when next shown.
        throw error;
      },
    ));
  // React's lazy reads a thenable that answers at once without suspending.
  const screen = lazy(() => (loaded ? ({ then: (done: (m: ScreenModule) => void) => done(loaded!) } as Promise<ScreenModule>) : preload()));
  return Object.assign(screen, { preload });
}

// Area alerts on the map: a chunk of their own, loaded after the map's first paint. Not loadable
// (the connection lost meanwhile): the map goes on without them, never reloaded for them.
const loadAreaAlerts = withMessages('area-alerts', () => import('./routes/area-alerts.tsx'));
const without = (): { default: ComponentType } => ({ default: () => null });
const AreaAlertsControl = lazy(() => loadAreaAlerts().then((m) => ({ default: m.AreaAlertsControl }), without));
const AreaCircle = lazy(() => loadAreaAlerts().then((m) => ({ default: m.AreaCircle }), without));
// Where and when animals usually show up: its toggle with the map's buttons, loaded likewise.
const loadHotspots = withMessages('hotspots', () => import('./routes/hotspots.tsx'));
const withoutHotspots = (): { default: ComponentType<HotspotsProps> } => ({ default: () => null });
const HotspotsControlPart = lazy(() => loadHotspots().then((m) => ({ default: m.HotspotsControl }), withoutHotspots));
const HotspotsLayerPart = lazy(() => loadHotspots().then((m) => ({ default: m.HotspotsLayer }), withoutHotspots));
/** The hotspot view's state is the map's address (lib/map-url.ts), as the map's other filters. */
function useHotspotsAddress() {
  const { hotspots, filters, change } = useMapAddress();
  return { hotspots, animals: filters.animals, onChange: (next: HotspotFilters | undefined) => change({ hotspots: next }) };
}
// Official notices (issue 33): a chunk of their own with their messages, loaded likewise.
const loadNotices = withMessages('notices', () => import('./routes/notices.tsx'));
const NoticesBanner = lazy(() => loadNotices().then((m) => ({ default: m.NoticesBanner }), without));
const NoticesLayer = lazy(() => loadNotices().then((m) => ({ default: m.NoticesLayer }), without));
const NoticesList = lazy(() => loadNotices().then((m) => ({ default: m.NoticesList }), without));
// "Where is Zakrzówek?" (issue 34): only when the server has a geocoder; a chunk of its own, loaded likewise.
const PlaceSearch = lazy(() => withMessages('places', () => import('./routes/place-search.tsx'))().catch(without));
const HotspotsControl = () => <HotspotsControlPart {...useHotspotsAddress()} />;
const HotspotsLayer = () => <HotspotsLayerPart {...useHotspotsAddress()} />;
const mapScreen = (
  <MapScreen
    controls={
      <>
        <AreaAlertsControl />
        <HotspotsControl />
        {runtimeConfig().placeSearch && <PlaceSearch />}
      </>
    }
    layers={
      <>
        <NoticesLayer />
        <AreaCircle />
        <HotspotsLayer />
      </>
    }
    mapTop={<NoticesBanner />}
    listTop={<NoticesList />}
  />
);

// The read-only map for other sites' frames: outside the app's frame, the map's own screen under
// a bar of its own (lazy, with its messages), which waits for nothing: the map does not wait for it.
const EmbedBar = lazy(withMessages('embed', () => import('./routes/embed.tsx')));

// Where the e-mail alerts' links lead: small pages without MUI, with their own messages.
const loadEmailLinks = withMessages('email', () => import('../features/email-links/components/email-link-screen.tsx'));
const EmailConfirmScreen = lazy(() => loadEmailLinks().then((m) => ({ default: m.ConfirmScreen })));
const EmailUnsubscribeScreen = lazy(() => loadEmailLinks().then((m) => ({ default: m.UnsubscribeScreen })));

const AddAlertScreen = lazyThemed(withMessages('add-alert', () => import('./routes/add-alert.tsx')));
// The device's own reports (issue 34), with the messages of following one (its cards offer it).
const MyReportsScreen = lazyThemed(withMessages('follow', () => import('../features/my-reports/components/my-reports-screen.tsx')));
const TestScreen = lazyThemed(withMessages('self-check', () => import('../features/self-check/components/test-screen.tsx')));
// With the official messages: each alert's verification level says itself as the popup does.
const ModerationScreen = lazyThemed(withMessages('moderation', withMessages('staff', withMessages('official', () => import('./routes/moderation.tsx')))));
// The staff's screens: a few people's, online; each loads with the staff messages.
const staffScreen = (load: () => Promise<ScreenModule>) => lazyThemed(withMessages('staff', load));
const StaffSignInScreen = staffScreen(() => import('../features/staff/components/staff-sign-in-screen.tsx'));
const StaffInviteScreen = staffScreen(() => import('../features/staff/components/staff-invite-screen.tsx'));
const StaffAccountScreen = staffScreen(() => import('../features/staff/components/staff-account-screen.tsx'));
const StaffPeopleScreen = staffScreen(() => import('../features/staff/components/staff-people-screen.tsx'));
const StaffAuditScreen = staffScreen(() => import('../features/staff/components/staff-audit-screen.tsx'));
const StaffInboxScreen = staffScreen(() => import('../features/staff/components/staff-inbox-screen.tsx'));
const StaffOrganisationsScreen = staffScreen(() => import('../features/staff/components/staff-organisations-screen.tsx'));
const StaffNoticesScreen = staffScreen(withMessages('notices', () => import('../features/staff/components/notice-form.tsx')));
const StaffWebhooksScreen = staffScreen(withMessages('webhooks', () => import('../features/staff/components/staff-webhooks-screen.tsx')));
// The dashboard, with its chart library (Observable Plot): loaded only with it, never with the map; with the
// moderation messages, whose verification levels' names it shows.
const dashboardMessages = <T,>(load: () => Promise<T>) => withMessages('dashboard', withMessages('moderation', load));
const StaffDashboardScreen = staffScreen(dashboardMessages(() => import('./routes/dashboard.tsx')));
const PublicDashboardScreen = lazyThemed(dashboardMessages(() => import('./routes/dashboard.tsx').then((m) => ({ default: m.PublicDashboardRoute }))));

/** The embeddable map (/embed): read-only, in another site's frame. */
function EmbedScreen() {
  const { search } = useLocation();
  return (
    <Embedded value>
      <div className="wa-frame">
        {/* Until its chunk is there, the bar as index.html painted it (its logo): nothing jumps. */}
        <Suspense
          fallback={
            <header className="wa-header">
              <span className="wa-logo-link">
                <Logo title={t('app.logoLabel')} />
              </span>
            </header>
          }
        >
          <EmbedBar search={search} />
        </Suspense>
        <main className="wa-main" id="wa-main" tabIndex={-1}>
          <MapScreen />
        </main>
      </div>
    </Embedded>
  );
}

/**
 * `name`: one boundary per screen. The map's two paths share one, so opening an alert from the
 * map does not build the map anew.
 */
function guarded(name: string, screen: ReactNode) {
  return <RouteBoundary key={name}>{screen}</RouteBoundary>;
}

const screensByPath: Record<string, { preload(): Promise<unknown> }> = {
  [paths.addAlert]: AddAlertScreen,
  [paths.test]: TestScreen,
  [paths.myReports]: MyReportsScreen,
  [paths.moderation]: ModerationScreen,
  [paths.staffSignIn]: StaffSignInScreen,
  [paths.staffInvite]: StaffInviteScreen,
  [paths.staffAccount]: StaffAccountScreen,
  [paths.staffPeople]: StaffPeopleScreen,
  [paths.staffAudit]: StaffAuditScreen,
  [paths.staffInbox]: StaffInboxScreen,
  [paths.staffOrganisations]: StaffOrganisationsScreen,
  [paths.staffNotices]: StaffNoticesScreen,
  [paths.staffWebhooks]: StaffWebhooksScreen,
  [paths.staffDashboard]: StaffDashboardScreen,
  [paths.dashboard]: PublicDashboardScreen,
};

/** Starts loading the code of the screen at `pathname` (within the app), if it has its own: resolves when it is there, or could not be had. */
export function preloadScreen(pathname: string): Promise<void> {
  const screen = screensByPath[pathname.replace(/\/$/, '')];
  return screen ? screen.preload().then(() => undefined, () => undefined) : Promise.resolve();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={paths.embed}
        element={guarded('embed', <EmbedScreen />)}
      />
      <Route element={<Frame />}>
        <Route path={paths.map} element={guarded('map', mapScreen)} />
        <Route path={paths.alert} element={guarded('map', mapScreen)} />
        <Route path={paths.addAlert} element={guarded('add-alert', <AddAlertScreen />)} />
        <Route path={paths.test} element={guarded('test', <TestScreen />)} />
        <Route path={paths.myReports} element={guarded('my-reports', <MyReportsScreen />)} />
        <Route path={paths.emailConfirm} element={guarded('email-confirm', <EmailConfirmScreen />)} />
        <Route path={paths.emailUnsubscribe} element={guarded('email-unsubscribe', <EmailUnsubscribeScreen />)} />
        <Route path={paths.moderation} element={guarded('moderation', <ModerationScreen />)} />
        <Route path={paths.staffSignIn} element={guarded('staff-sign-in', <StaffSignInScreen />)} />
        <Route path={paths.staffInvite} element={guarded('staff-invite', <StaffInviteScreen />)} />
        <Route path={paths.staffAccount} element={guarded('staff-account', <StaffAccountScreen />)} />
        <Route path={paths.staffPeople} element={guarded('staff-people', <StaffPeopleScreen />)} />
        <Route path={paths.staffAudit} element={guarded('staff-audit', <StaffAuditScreen />)} />
        <Route path={paths.staffInbox} element={guarded('staff-inbox', <StaffInboxScreen />)} />
        {/* The list and one organisation's form share a boundary: going between them builds nothing anew. */}
        <Route path={paths.staffOrganisations} element={guarded('staff-organisations', <StaffOrganisationsScreen />)} />
        <Route path={paths.staffOrganisation} element={guarded('staff-organisations', <StaffOrganisationsScreen />)} />
        <Route path={paths.staffNotices} element={guarded('staff-notices', <StaffNoticesScreen />)} />
        <Route path={paths.staffWebhooks} element={guarded('staff-webhooks', <StaffWebhooksScreen />)} />
        <Route path={paths.staffDashboard} element={guarded('staff-dashboard', <StaffDashboardScreen />)} />
        <Route path={paths.dashboard} element={guarded('dashboard', <PublicDashboardScreen />)} />
        <Route path="*" element={guarded('not-found', <NotFound />)} />
      </Route>
    </Routes>
  );
}
