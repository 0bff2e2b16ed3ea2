import { SignedInArea } from '#web/app/layouts/signed-in-area.tsx';
import { ApprovalBanner } from './components/approval-banner.tsx';

/**
 * The partner area: its pages (with the signed-in areas' dialogs), under the banner of a sign-up
 * the operator has not approved yet (docs/decisions/0039).
 */
export function PartnerSignedInArea() {
  return (
    <>
      <ApprovalBanner />
      <SignedInArea />
    </>
  );
}
