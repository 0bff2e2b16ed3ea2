// Specialist screens.
export { BookingPage as CustomerBookingPage } from '#web/features/bookings/pages/booking-page.tsx';
export { MyAppointmentsPage as CustomerAppointmentsPage } from '#web/features/bookings/pages/my-appointments-page.tsx';
export { ReceiptPage as CustomerReceiptPage } from '#web/features/bookings/pages/receipt-page.tsx';
export { RoomsPage as CustomerRoomsPage } from '#web/features/rooms/pages/rooms-page.tsx';
export { SpecialistProfilePage as CustomerProfilePage } from '#web/features/specialist/pages/profile-page.tsx';
