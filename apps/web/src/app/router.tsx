import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { MapScreen } from '../features/map/components/map-screen.tsx';
import { Frame } from './frame.tsx';
import { NotFound } from './not-found.tsx';

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

const AddAlertScreen = lazyThemed(() => import('../features/add-alert/components/add-alert-screen.tsx'));
const TestScreen = lazyThemed(() => import('../features/self-check/components/test-screen.tsx'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Frame />}>
        <Route path={paths.map} element={<MapScreen />} />
        <Route path={paths.alert} element={<MapScreen />} />
        <Route path={paths.addAlert} element={<AddAlertScreen />} />
        <Route path={paths.test} element={<TestScreen />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
