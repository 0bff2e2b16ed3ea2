import { ComingSoon } from '#web/components/coming-soon.tsx';

export { MyAppointmentsPage as CustomerAppointmentsPage } from '#web/features/bookings/pages/my-appointments-page.tsx';
export { RoomsPage as CustomerRoomsPage } from '#web/features/rooms/pages/rooms-page.tsx';

// Specialist screens; the booking release replaces these placeholders.
export const CustomerProfilePage = () => <ComingSoon title="Meu perfil" />;
