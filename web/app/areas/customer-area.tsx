// Specialist screens.
export { MyAppointmentsPage as CustomerAppointmentsPage } from '#web/features/bookings/pages/my-appointments-page.tsx';
export { RoomsPage as CustomerRoomsPage } from '#web/features/rooms/pages/rooms-page.tsx';
export { SpecialistProfilePage as CustomerProfilePage } from '#web/features/specialist/pages/profile-page.tsx';
