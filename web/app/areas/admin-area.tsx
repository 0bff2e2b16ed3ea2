export { AdminAppointmentsPage } from '#web/features/admin/pages/appointments-page.tsx';
export { AdminFacilitiesPage } from '#web/features/admin/pages/facilities-page.tsx';
export { AdminPartnersPage } from '#web/features/admin/pages/partners-page.tsx';
export { AdminPlansPage } from '#web/features/admin/pages/plans-page.tsx';
export { AdminRoomsPage } from '#web/features/admin/pages/rooms-page.tsx';
export { AdminSpecialistsPage } from '#web/features/admin/pages/specialists-page.tsx';
export { AdminUserDetailPage } from '#web/features/admin/pages/user-detail-page.tsx';
