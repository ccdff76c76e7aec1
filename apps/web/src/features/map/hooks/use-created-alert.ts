/** An alert just added (or confirmed) on the add screen, handed over in the router's state: shown once. */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Alert } from '@wildalert/shared';
import { confirmedAlertOf, createdAlertOf } from '../../../lib/navigation-state.ts';

export function useCreatedAlert(): Alert | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [created] = useState(() => createdAlertOf(location.state));
  useEffect(() => {
    if (!created) return;
    // A reload or a return through history does not thank the visitor again.
    void navigate('.', { replace: true, state: null });
    void queryClient.invalidateQueries({ queryKey: ['alerts'] });
  }, [created, navigate, queryClient]);
  return created;
}

/** An alert the add screen confirmed ("still there") instead of adding a new one: its permalink opens, and thanks once. */
export function useConfirmedAlert(): Alert | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const [confirmed] = useState(() => confirmedAlertOf(location.state));
  useEffect(() => {
    // A reload or a return through history does not thank the visitor again.
    if (confirmed) void navigate('.', { replace: true, state: null });
  }, [confirmed, navigate]);
  return confirmed;
}
