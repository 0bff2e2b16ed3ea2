import { ComingSoon } from '#web/components/coming-soon.tsx';

export { ClinicEditorPage as PartnerClinicEditorPage } from '#web/features/supply/pages/clinic-editor-page.tsx';
export { ClinicsPage as PartnerClinicsPage } from '#web/features/supply/pages/clinics-page.tsx';
export { RoomEditorPage as PartnerRoomEditorPage } from '#web/features/supply/pages/room-editor-page.tsx';
export { RoomsPage as PartnerRoomsPage } from '#web/features/supply/pages/rooms-page.tsx';

// Partner screens; the partner and booking releases replace these placeholders.
export const PartnerProfilePage = () => <ComingSoon title="Perfil" />;
export const PartnerAppointmentsPage = () => <ComingSoon title="Agendamentos" />;
export const PartnerDataPage = () => <ComingSoon title="Dados do parceiro" />;
export const PartnerBankPage = () => <ComingSoon title="Dados bancários" />;
export const PartnerPaymentPage = () => <ComingSoon title="Dados de pagamento" />;
export const PartnerDashboardPage = () => <ComingSoon title="Dashboard" />;
