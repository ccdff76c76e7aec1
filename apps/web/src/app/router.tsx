/** The route layer: which screen each path shows, each behind its own error boundary. */
import { lazy, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { MapScreen } from '../features/map/components/map-screen.tsx';
import { withMessages } from '../i18n/i18n.ts';
import { Frame } from './frame.tsx';
import { NotFound } from './not-found.tsx';
import { RouteBoundary } from './route-boundary.tsx';

/** A screen loaded on demand, together with MUI's theme, which only such screens use. */
function lazyThemed(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [{ Themed }, { default: Screen }] = await Promise.all([import('./themed.tsx'), load()]);
    return {
      default: () => (
        <Themed>
          <Screen />
        </Themed>
      ),
    };
  });
}

// Area alerts on the map: a chunk of their own, loaded after the map's first paint. Not loadable
// (the connection lost meanwhile): the map goes on without them, never reloaded for them.
const loadAreaAlerts = withMessages('area-alerts', () => import('./routes/area-alerts.tsx'));
const without = (): { default: ComponentType } => ({ default: () => null });
const AreaAlertsControl = lazy(() => loadAreaAlerts().then((m) => ({ default: m.AreaAlertsControl }), without));
const AreaCircle = lazy(() => loadAreaAlerts().then((m) => ({ default: m.AreaCircle }), without));
const mapScreen = <MapScreen controls={<AreaAlertsControl />} layers={<AreaCircle />} />;

const AddAlertScreen = lazyThemed(withMessages('add-alert', () => import('./routes/add-alert.tsx')));
const TestScreen = lazyThemed(withMessages('self-check', () => import('../features/self-check/components/test-screen.tsx')));
const ModerationScreen = lazyThemed(withMessages('moderation', () => import('../features/moderation/components/moderation-screen.tsx')));

/**
 * `name`: one boundary per screen. The map's two paths share one, so opening an alert from the
 * map does not build the map anew.
 */
function guarded(name: string, screen: ReactNode) {
  return <RouteBoundary key={name}>{screen}</RouteBoundary>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Frame />}>
        <Route path={paths.map} element={guarded('map', mapScreen)} />
        <Route path={paths.alert} element={guarded('map', mapScreen)} />
        <Route path={paths.addAlert} element={guarded('add-alert', <AddAlertScreen />)} />
        <Route path={paths.test} element={guarded('test', <TestScreen />)} />
        <Route path={paths.moderation} element={guarded('moderation', <ModerationScreen />)} />
        <Route path="*" element={guarded('not-found', <NotFound />)} />
      </Route>
    </Routes>
  );
}
