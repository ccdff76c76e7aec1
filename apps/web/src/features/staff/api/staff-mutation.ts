/** A staff write as a mutation: it refreshes what it changed, and a lost session brings back the way to sign in. */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { afterStaffFailure } from '../../../lib/staff-session.ts';

export function useStaffMutation<In, Out>(mutationFn: (input: In) => Promise<Out>, changes: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onError: (error) => afterStaffFailure(queryClient, error),
    onSettled: () => Promise.all(changes.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
