import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HelpIcon from '@mui/icons-material/Help';
import { ApiError } from '../../../lib/api-client.ts';
import { useHealth } from '../api/get-health.ts';
import { useGeolocationPermission, useTileServer } from '../hooks/use-environment-checks.ts';
import { t } from '../../../i18n/i18n.ts';

type State = 'ok' | 'bad' | 'unknown';

export function SelfCheck() {
  const queryClient = useQueryClient();
  const health = useHealth();
  const permission = useGeolocationPermission();
  const tiles = useTileServer();

  // A 503 from /health still means the API answered: only its database is down.
  const apiAnswered = health.isSuccess || (health.error instanceof ApiError && health.error.kind === 'http');
  const rows: Array<{ label: string; state: State; value: string; testId: string }> = [
    {
      label: t('selfCheck.api'),
      testId: 'check-api',
      state: health.isPending ? 'unknown' : apiAnswered ? 'ok' : 'bad',
      value: health.isPending ? t('selfCheck.running') : apiAnswered ? t('selfCheck.apiOk') : t('selfCheck.apiDown'),
    },
    {
      label: t('selfCheck.database'),
      testId: 'check-database',
      state: health.isPending ? 'unknown' : health.data?.database.up ? 'ok' : 'bad',
      value: health.isPending ? t('selfCheck.running') : health.data?.database.up ? engineName(health.data.database.engine) : t('selfCheck.databaseDown'),
    },
    {
      label: t('selfCheck.alerts'),
      testId: 'check-alerts',
      state: health.data?.alerts !== undefined ? 'ok' : health.isPending ? 'unknown' : 'bad',
      value: health.data?.alerts !== undefined ? String(health.data.alerts) : health.isPending ? t('selfCheck.running') : '—',
    },
    {
      label: t('selfCheck.geolocation'),
      testId: 'check-geolocation',
      state: permission.data === 'granted' ? 'ok' : permission.data === 'denied' ? 'bad' : 'unknown',
      value: permission.data ? t(`selfCheck.permission.${permission.data}`) : t('selfCheck.running'),
    },
    {
      label: t('selfCheck.tiles'),
      testId: 'check-tiles',
      state: tiles.data === undefined ? 'unknown' : tiles.data ? 'ok' : 'bad',
      value: tiles.data === undefined ? t('selfCheck.running') : tiles.data ? t('selfCheck.tilesOk') : t('selfCheck.tilesDown'),
    },
  ];

  return (
    <Box component="section" aria-labelledby="self-check-title">
      <Typography variant="h6" component="h2" id="self-check-title" gutterBottom>
        {t('selfCheck.checks')}
      </Typography>
      <Box component="dl" sx={{ m: 0, mb: 2 }} aria-live="polite">
        {rows.map((row) => (
          // One column width for every label, so that the icons stand in one column; each icon
          // on the first line of its value, however many lines that takes.
          <Box
            key={row.label}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '9rem minmax(0, 1fr)', sm: '220px minmax(0, 1fr)' },
              columnGap: 1,
              alignItems: 'start',
              py: 0.75,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box component="dt" sx={{ fontWeight: 600 }}>
              {row.label}
            </Box>
            <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'flex-start', gap: 1, lineHeight: '24px' }}>
              <StateIcon state={row.state} />
              <span data-testid={row.testId} data-state={row.state}>
                {row.value}
              </span>
            </Box>
          </Box>
        ))}
      </Box>
      <Button variant="outlined" onClick={() => void queryClient.invalidateQueries()}>
        {t('selfCheck.recheck')}
      </Button>
    </Box>
  );
}

function engineName(engine: string): string {
  return engine === 'postgres' ? t('selfCheck.engine.postgres') : t('selfCheck.engine.pglite');
}

function StateIcon({ state }: { state: State }) {
  const sx = { display: 'block', flex: 'none' };
  if (state === 'ok') return <CheckCircleIcon color="success" sx={sx} aria-hidden />;
  if (state === 'bad') return <ErrorIcon color="error" sx={sx} aria-hidden />;
  return <HelpIcon color="disabled" sx={sx} aria-hidden />;
}
