/**
 * The sheet behind "Powiadamiaj mnie": the area (the visitor's position or the map's centre,
 * a radius of 0.5–10 km drawn on the map, optionally animals, every report or only likely and
 * confirmed ones), and this device's subscription:
 * subscribe, change, pause, delete. Where push cannot work it says why and offers the Atom feed.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import Link from '@mui/material/Link';
import Slider from '@mui/material/Slider';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ANIMALS, PUSH_RADIUS_MAX_KM, PUSH_RADIUS_MIN_KM, type PushSubscriptionInfo } from '@wildalert/shared';
import { ApiError } from '../../../lib/api-client.ts';
import { knownPosition, requestPosition } from '../../../lib/geolocation.ts';
import { mapView } from '../../../lib/map-view.ts';
import {
  deleteSubscription,
  feedUrl,
  pauseSubscription,
  readSubscription,
  saveSubscription,
  type Area,
  refusalMessage,
} from '../api/push-subscriptions.ts';
import { areaDraft } from '../../../lib/area-draft.ts';
import { currentPushSubscription, PermissionError, pushSupport, subscribePush, vapidPublicKey, type PushSupport } from '../../../lib/push-support.ts';
import { animalNameOf, t } from '../../../i18n/i18n.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { EmailAlertsForm } from './email-alerts-form.tsx';

type PointSource = 'position' | 'centre';

const DEFAULT_RADIUS_KM = 1;
const SIDE_PANEL_MIN_WIDTH = 900;
const SIDE_PANEL_WIDTH = 400;
/** The most of a phone's height the sheet takes. */
const SHEET_HEIGHT = 0.55;

function mapCentre() {
  const { latitude, longitude } = mapView.get().view;
  return { latitude, longitude };
}

export function AreaAlertsSheet({ onClose }: { onClose(): void }) {
  // A panel at the side on a wide screen, a sheet from the bottom on a phone: the map keeps a
  // part clear for the area's circle (components/map/area-circle.tsx fits it there).
  const wide = useMediaQuery(`(min-width: ${SIDE_PANEL_MIN_WIDTH}px)`);
  const [support, setSupport] = useState<PushSupport>(pushSupport);
  const [source, setSource] = useState<PointSource>(() => (knownPosition() ? 'position' : 'centre'));
  const [point, setPoint] = useState(() => knownPosition() ?? mapCentre());
  const [radius, setRadius] = useState(DEFAULT_RADIUS_KM);
  const [animals, setAnimals] = useState<string[]>([]);
  const [reports, setReports] = useState<Area['reports']>('every');
  const [browserSub, setBrowserSub] = useState<PushSubscription | null>(null);
  const [saved, setSaved] = useState<PushSubscriptionInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; severity: 'success' | 'error' | 'info' } | null>(null);

  const area: Area = { latitude: point.latitude, longitude: point.longitude, radius, animals: animals.length > 0 ? animals : null, reports };

  // The map draws the area while the sheet is open.
  useEffect(() => {
    areaDraft.set({
      latitude: point.latitude,
      longitude: point.longitude,
      radiusKm: radius,
      covered: wide ? { right: SIDE_PANEL_WIDTH, bottom: 0 } : { right: 0, bottom: Math.round(window.innerHeight * SHEET_HEIGHT) },
    });
  }, [point.latitude, point.longitude, radius, wide]);
  useEffect(() => () => areaDraft.set(null), []);

  // This device's subscription, if it has one: the form starts from it.
  useEffect(() => {
    if (support !== 'ok') return;
    let cancelled = false;
    void (async () => {
      try {
        const sub = await currentPushSubscription();
        if (!sub || cancelled) return;
        const info = await readSubscription(sub);
        if (cancelled) return;
        setBrowserSub(sub);
        if (info) {
          setSaved(info);
          setPoint({ latitude: info.latitude, longitude: info.longitude });
          setSource('centre');
          setRadius(info.radius);
          setAnimals(info.animals ?? []);
          setReports(info.reports);
        }
      } catch {
        // Nothing known: the form starts empty.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [support]);

  const choose = async (next: PointSource | null) => {
    if (!next) return;
    setSource(next);
    if (next === 'centre') return setPoint(mapCentre());
    const position = await requestPosition();
    if (position) setPoint(position);
    else {
      setSource('centre');
      setPoint(mapCentre());
      setMessage({ text: t('areaAlerts.noPosition'), severity: 'info' });
    }
  };

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ text: await action(), severity: 'success' });
    } catch (error) {
      if (error instanceof PermissionError) setSupport(pushSupport());
      const text = error instanceof ApiError ? refusalMessage(error) : error instanceof PermissionError ? '' : t('areaAlerts.failed');
      setMessage(text ? { text, severity: 'error' } : null);
    } finally {
      setBusy(false);
    }
  };

  const subscribe = () =>
    run(async () => {
      const sub = browserSub ?? (await subscribePush(await vapidPublicKey()));
      setBrowserSub(sub);
      const wasSaved = saved !== null;
      setSaved(await saveSubscription(sub, area, saved?.paused ?? false));
      return wasSaved ? t('areaAlerts.saved') : t('areaAlerts.subscribed');
    });
  const togglePause = () =>
    run(async () => {
      if (!browserSub || !saved) return '';
      const info = await pauseSubscription(browserSub, !saved.paused);
      setSaved(info);
      return info.paused ? t('areaAlerts.paused') : t('areaAlerts.resumed');
    });
  const remove = () =>
    run(async () => {
      if (!browserSub) return '';
      await deleteSubscription(browserSub);
      await browserSub.unsubscribe();
      setBrowserSub(null);
      setSaved(null);
      return t('areaAlerts.removed');
    });

  const toggleAnimal = (key: string) =>
    setAnimals((chosen) => (chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key]));
  const failed = message?.severity === 'error';

  return (
    <Drawer
      anchor={wide ? 'right' : 'bottom'}
      open
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': 'wa-area-alerts-title',
          sx: wide
            ? { width: SIDE_PANEL_WIDTH, maxWidth: '100%' }
            : { maxHeight: `${SHEET_HEIGHT * 100}vh`, width: '100%', borderTopLeftRadius: 12, borderTopRightRadius: 12 },
        },
        // The map stays clear to see the circle.
        backdrop: { sx: { backgroundColor: 'transparent' } },
      }}
    >
      <Box sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography id="wa-area-alerts-title" component="h2" variant="h6">
            {t('areaAlerts.title')}
          </Typography>
          <Button onClick={onClose} sx={{ minHeight: 44 }}>
            {t('areaAlerts.close')}
          </Button>
        </Box>
        {support !== 'ok' ? (
          <Alert severity="info">{t(`areaAlerts.unavailable.${support}`)}</Alert>
        ) : (
          <Typography variant="body2">{t('areaAlerts.intro')}</Typography>
        )}

        <Box role="group" aria-labelledby="wa-area-point">
          <Typography id="wa-area-point" variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
            {t('areaAlerts.point')}
          </Typography>
          <ToggleButtonGroup exclusive value={source} onChange={(_, v: PointSource | null) => void choose(v)} size="small" fullWidth>
            <ToggleButton value="position">
              {t('areaAlerts.myPosition')}
            </ToggleButton>
            <ToggleButton value="centre">
              {t('areaAlerts.mapCentre')}
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>

        <Box>
          <Typography id="wa-area-radius" variant="subtitle2" component="p">
            {t('areaAlerts.radius')}: {t('areaAlerts.radiusValue', { km: radius })}
          </Typography>
          <Box sx={{ px: 1.5 }}>
            <Slider
              aria-labelledby="wa-area-radius"
              value={radius}
              min={PUSH_RADIUS_MIN_KM}
              max={PUSH_RADIUS_MAX_KM}
              step={0.5}
              getAriaValueText={(km) => t('areaAlerts.radiusValue', { km })}
              onChange={(_, v) => setRadius(v as number)}
              sx={{ py: 2.5 }}
            />
          </Box>
        </Box>

        <Box role="group" aria-labelledby="wa-area-animals">
          <Typography id="wa-area-animals" variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
            {t('areaAlerts.animals')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            <Chip
              label={t('areaAlerts.allAnimals')}
              clickable
              color={animals.length === 0 ? 'primary' : 'default'}
              aria-pressed={animals.length === 0}
              onClick={() => setAnimals([])}
              sx={{ minHeight: 44, borderRadius: 22 }}
            />
            {ANIMALS.map((a) => (
              <Chip
                key={a.key}
                label={animalNameOf(a.key)}
                clickable
                color={animals.includes(a.key) ? 'primary' : 'default'}
                aria-pressed={animals.includes(a.key)}
                onClick={() => toggleAnimal(a.key)}
                sx={{ minHeight: 44, borderRadius: 22 }}
              />
            ))}
          </Box>
        </Box>

        <Box role="group" aria-labelledby="wa-area-reports" aria-describedby="wa-area-reports-help">
          <Typography id="wa-area-reports" variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
            {t('areaAlerts.reports')}
          </Typography>
          <ToggleButtonGroup exclusive value={reports} onChange={(_, v: Area['reports'] | null) => v && setReports(v)} size="small" fullWidth>
            <ToggleButton value="every">{t('areaAlerts.reportsEvery')}</ToggleButton>
            <ToggleButton value="likely-and-confirmed">{t('areaAlerts.reportsLikely')}</ToggleButton>
          </ToggleButtonGroup>
          <Typography id="wa-area-reports-help" variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
            {t(reports === 'every' ? 'areaAlerts.reportsEveryHelp' : 'areaAlerts.reportsLikelyHelp')}
          </Typography>
        </Box>

        {support === 'ok' && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" disabled={busy} onClick={() => void subscribe()} sx={{ minHeight: 44, flexGrow: 1 }}>
              {busy ? t('areaAlerts.busy') : saved ? t('areaAlerts.save') : t('areaAlerts.subscribe')}
            </Button>
            {saved && (
              <>
                <Button variant="outlined" disabled={busy} onClick={() => void togglePause()} sx={{ minHeight: 44 }}>
                  {saved.paused ? t('areaAlerts.resume') : t('areaAlerts.pause')}
                </Button>
                <Button variant="outlined" color="error" disabled={busy} onClick={() => void remove()} sx={{ minHeight: 44 }}>
                  {t('areaAlerts.remove')}
                </Button>
              </>
            )}
          </Box>
        )}
        <Box role="status" aria-live="polite">
          {message && <Alert severity={message.severity}>{message.text}</Alert>}
        </Box>

        {support === 'ok' && (
          <Box>
            <Typography variant="subtitle2" component="p">
              {t('areaAlerts.onThisDevice')}
            </Typography>
            <Typography variant="body2">
              {saved
                ? t('areaAlerts.summary', {
                    animals: saved.animals ? saved.animals.map(animalNameOf).join(', ') : t('areaAlerts.allAnimals'),
                    km: saved.radius,
                    strict: saved.reports === 'likely-and-confirmed',
                    paused: saved.paused,
                  })
                : t('areaAlerts.none')}
            </Typography>
          </Box>
        )}

        {/* Only where the server has an SMTP relay (SMTP_URL): elsewhere nothing of it shows. */}
        {runtimeConfig().emailAlerts && <EmailAlertsForm area={area} />}

        {(support !== 'ok' || failed) && <Typography variant="body2">{t('areaAlerts.feedInstead')}</Typography>}
        <Link href={feedUrl(area)} type="application/atom+xml" sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}>
          {t('areaAlerts.feed')}
        </Link>
        <Typography variant="caption" color="text.secondary">
          {t('areaAlerts.privacy')}
        </Typography>
      </Box>
    </Drawer>
  );
}
