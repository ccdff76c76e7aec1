/** Moderation (features/moderation) behind the staff sign-in and navigation (features/staff), composed here. */
import { ModerationScreen } from '../../features/moderation/components/moderation-screen.tsx';
import { StaffLayout } from '../../features/staff/components/staff-layout.tsx';

export default function Moderation() {
  return <StaffLayout role="moderator">{(me) => <ModerationScreen me={me} />}</StaffLayout>;
}
