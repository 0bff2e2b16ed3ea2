import { ComingSoon } from '#web/components/coming-soon.tsx';

// Operator screens; the back-office release replaces these placeholders.
export const AdminSpecialistsPage = () => <ComingSoon title="Especialistas" />;
export const AdminRoomsPage = () => <ComingSoon title="Salas" />;
export const AdminPartnersPage = () => <ComingSoon title="Parceiros" />;
export const AdminAppointmentsPage = () => <ComingSoon title="Agendamentos" />;
export const AdminFacilitiesPage = () => <ComingSoon title="Diferenciais" />;
export const AdminPlansPage = () => <ComingSoon title="Planos" />;
export const AdminDashboardPage = () => <ComingSoon title="Dashboard" />;
