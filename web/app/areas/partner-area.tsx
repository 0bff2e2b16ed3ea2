import { ComingSoon } from '#web/components/coming-soon.tsx';

// Partner screens; the partner and booking releases replace these placeholders.
export const PartnerProfilePage = () => <ComingSoon title="Perfil" />;
export const PartnerClinicsPage = () => <ComingSoon title="Clínicas" />;
export const PartnerRoomsPage = () => <ComingSoon title="Salas" />;
export const PartnerAppointmentsPage = () => <ComingSoon title="Agendamentos" />;
export const PartnerDataPage = () => <ComingSoon title="Dados do parceiro" />;
export const PartnerBankPage = () => <ComingSoon title="Dados bancários" />;
export const PartnerPaymentPage = () => <ComingSoon title="Dados de pagamento" />;
export const PartnerDashboardPage = () => <ComingSoon title="Dashboard" />;
