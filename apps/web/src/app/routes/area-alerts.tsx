/**
 * Area alerts on the map (features/area-alerts), composed here: the bell, its sheet (with MUI's
 * theme, loaded on the first tap) and the circle the sheet draws. The map loads this after its
 * first paint.
 */
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { AreaAlertsButton } from '../../features/area-alerts/components/area-alerts-button.tsx';
import { withMessages } from '../../i18n/i18n.ts';

// The e-mail form's messages come with the sheet, on the first tap: not with the map's first visit.
const Sheet = lazy(withMessages('email', async () => {
  const [{ Themed }, { AreaAlertsSheet }] = await Promise.all([
    import('../themed.tsx'),
    import('../../features/area-alerts/components/area-alerts-sheet.tsx'),
  ]);
  return {
    default: (props: ComponentProps<typeof AreaAlertsSheet>) => (
      <Themed>
        <AreaAlertsSheet {...props} />
      </Themed>
    ),
  };
}));

export function AreaAlertsControl() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <AreaAlertsButton open={open} onOpen={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          <Sheet onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export { AreaCircle } from '../../features/area-alerts/components/map/area-circle.tsx';
