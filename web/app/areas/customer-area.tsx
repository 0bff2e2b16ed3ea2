import { ComingSoon } from '#web/components/coming-soon.tsx';

// Specialist screens; the booking release replaces these placeholders.
export const CustomerRoomsPage = () => <ComingSoon title="Salas disponíveis" />;
export const CustomerProfilePage = () => <ComingSoon title="Meu perfil" />;
export const CustomerAppointmentsPage = () => <ComingSoon title="Meus agendamentos" />;
