/** The test screen (/test): the real popup on a sample alert, and a live self-check. */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Alert } from '@wildalert/shared';
import { unconfirmedSighting } from '@wildalert/shared';
import { AlertPopup } from '../../../components/alert-popup.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { SelfCheck } from './self-check.tsx';
import { t } from '../../../i18n/i18n.ts';

/** Three hours before the page opened, at the default map centre. */
const sampleAlert = (): Alert => {
  const createdAt = new Date(Date.now() - 3 * 3600_000).toISOString();
  return {
    id: '00000000-0000-4000-8000-000000000000',
    latitude: 50.049683,
    longitude: 19.944544,
    animal: 'boar',
    comments: t('selfCheck.sampleComment'),
    createdAt,
    photos: [],
    ...unconfirmedSighting(createdAt),
    // What the add form lets a reporter say, so that the sample shows the sighting's line too.
    howMany: 'two-to-five',
    young: true,
  };
};

export default function TestScreen() {
  useDocumentTitle(t('selfCheck.title'));
  return (
    <Box sx={{ p: 2, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('selfCheck.title')}
      </Typography>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('selfCheck.samplePopup')}
      </Typography>
      {/* Shaped like Leaflet's popup, without a map. */}
      <Paper elevation={3} sx={{ display: 'inline-block', p: 2, borderRadius: 3, mb: 3, maxWidth: '100%' }}>
        <AlertPopup alert={sampleAlert()} />
      </Paper>
      <SelfCheck />
    </Box>
  );
}
