export { AgendaPage as PartnerAppointmentsPage } from '#web/features/agenda/pages/agenda-page.tsx';
export { PartnerBankPage } from '#web/features/partner-data/pages/partner-bank-page.tsx';
export { PartnerDataPage } from '#web/features/partner-data/pages/partner-data-page.tsx';
export { PartnerPaymentPage } from '#web/features/partner-data/pages/partner-payment-page.tsx';
export { PartnerProfilePage } from '#web/features/partner-data/pages/partner-profile-page.tsx';
export { ClinicEditorPage as PartnerClinicEditorPage } from '#web/features/supply/pages/clinic-editor-page.tsx';
export { ClinicsPage as PartnerClinicsPage } from '#web/features/supply/pages/clinics-page.tsx';
export { RoomEditorPage as PartnerRoomEditorPage } from '#web/features/supply/pages/room-editor-page.tsx';
export { RoomsPage as PartnerRoomsPage } from '#web/features/supply/pages/rooms-page.tsx';
