import { lazy } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { NotFoundPage } from '#web/components/not-found.tsx';
import { RedirectIfSignedIn, RequireRole, RequireUser } from './layouts/guards.tsx';
import { MainLayout } from './layouts/main-layout.tsx';

// Each area is its own chunk: /rooms does not download the back office.
const customer = () => import('./areas/customer-area.tsx');
const partner = () => import('./areas/partner-area.tsx');
const admin = () => import('./areas/admin-area.tsx');
const dashboards = () => import('./areas/dashboard-area.tsx');
const page = <M,>(load: () => Promise<M>, name: keyof M) =>
  lazy(async () => ({ default: (await load())[name] as React.ComponentType }));

// Account pages and the landing page are their own chunks too.
const ForgotPasswordPage = page(
  () => import('#web/features/auth/pages/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const LinkLoginPage = page(() => import('#web/features/auth/pages/link-login-page.tsx'), 'LinkLoginPage');
const NewAccountPage = page(() => import('#web/features/auth/pages/new-account-page.tsx'), 'NewAccountPage');
const PasswordResetPage = page(
  () => import('#web/features/auth/pages/password-reset-page.tsx'),
  'PasswordResetPage',
);
const SignInPage = page(() => import('#web/features/auth/pages/signin-page.tsx'), 'SignInPage');
const SignUpPage = page(() => import('#web/features/auth/pages/signup-page.tsx'), 'SignUpPage');
const PartnerSignUpPage = page(
  () => import('#web/features/auth/pages/partner-signup-page.tsx'),
  'PartnerSignUpPage',
);
const TwoFactorsPage = page(() => import('#web/features/auth/pages/two-factors-page.tsx'), 'TwoFactorsPage');
const VerificationPage = page(
  () => import('#web/features/auth/pages/verification-page.tsx'),
  'VerificationPage',
);
const HomePage = page(() => import('#web/features/home/pages/home-page.tsx'), 'HomePage');
const TestsPage = page(() => import('#web/features/home/pages/tests-page.tsx'), 'TestsPage');
const PrivacyPage = page(() => import('#web/features/home/pages/privacy-page.tsx'), 'PrivacyPage');
// The two public pages are apart: the list does not carry the room page's calendar and booking.
const RoomsPage = page(() => import('#web/features/rooms/pages/rooms-page.tsx'), 'RoomsPage');
const RoomPage = page(() => import('#web/features/rooms/pages/room-page.tsx'), 'RoomPage');
const CityPage = page(() => import('#web/features/cities/city-page.tsx'), 'CityPage');
const CustomerRoomsPage = page(customer, 'CustomerRoomsPage');
const CustomerProfilePage = page(customer, 'CustomerProfilePage');
const CustomerAppointmentsPage = page(customer, 'CustomerAppointmentsPage');
const CustomerBookingPage = page(customer, 'CustomerBookingPage');
const CustomerReceiptPage = page(customer, 'CustomerReceiptPage');
const PartnerProfilePage = page(partner, 'PartnerProfilePage');
const PartnerClinicsPage = page(partner, 'PartnerClinicsPage');
const PartnerRoomsPage = page(partner, 'PartnerRoomsPage');
const PartnerClinicEditorPage = page(partner, 'PartnerClinicEditorPage');
const PartnerRoomEditorPage = page(partner, 'PartnerRoomEditorPage');
const PartnerAppointmentsPage = page(partner, 'PartnerAppointmentsPage');
const PartnerDataPage = page(partner, 'PartnerDataPage');
const PartnerBankPage = page(partner, 'PartnerBankPage');
const PartnerPaymentPage = page(partner, 'PartnerPaymentPage');
// The partner area's pages, under the banner of a sign-up still in review (decision 0039).
const PartnerSignedInArea = page(partner, 'PartnerSignedInArea');
const PartnerDashboardPage = page(dashboards, 'PartnerDashboardPage');
const AdminSpecialistsPage = page(admin, 'AdminSpecialistsPage');
const AdminRoomsPage = page(admin, 'AdminRoomsPage');
const AdminPartnersPage = page(admin, 'AdminPartnersPage');
const AdminAppointmentsPage = page(admin, 'AdminAppointmentsPage');
const AdminFacilitiesPage = page(admin, 'AdminFacilitiesPage');
const AdminPlansPage = page(admin, 'AdminPlansPage');
const AdminDashboardPage = page(dashboards, 'AdminDashboardPage');
const AdminUserDetailPage = page(admin, 'AdminUserDetailPage');
const AdminAccountPage = page(() => import('#web/features/admin/pages/account-page.tsx'), 'AdminAccountPage');
// The operator's desk (decision 0036): bookings found, read and canceled.
const DeskBookingsPage = page(
  () => import('#web/features/admin/pages/desk-bookings-page.tsx'),
  'DeskBookingsPage',
);
const DeskBookingPage = page(
  () => import('#web/features/admin/pages/desk-booking-page.tsx'),
  'DeskBookingPage',
);
// Statements and payouts (DESIGN §9), one chunk per side.
const PartnerPayoutsPage = page(
  () => import('#web/features/payouts/pages/partner-payouts-page.tsx'),
  'PartnerPayoutsPage',
);
const AdminPayoutsPage = page(
  () => import('#web/features/payouts/pages/admin-payouts-page.tsx'),
  'AdminPayoutsPage',
);

// Reviews (DESIGN §10): the specialist's list and form, the partner's and the desk's pages.
const PendingReviewsPage = page(
  () => import('#web/features/reviews/pages/pending-reviews-page.tsx'),
  'PendingReviewsPage',
);
const ReviewFormPage = page(
  () => import('#web/features/reviews/pages/review-form-page.tsx'),
  'ReviewFormPage',
);
const PartnerReviewsPage = page(
  () => import('#web/features/reviews/pages/partner-reviews-page.tsx'),
  'PartnerReviewsPage',
);
const DeskReviewsPage = page(
  () => import('#web/features/reviews/pages/desk-reviews-page.tsx'),
  'DeskReviewsPage',
);

// Confirmation dialogs of the signed-in areas.
const SignedInArea = page(() => import('./layouts/signed-in-area.tsx'), 'SignedInArea');

const to = (path: string) => <Navigate to={path} replace />;

export const routes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/tests', element: <TestsPage /> },
  {
    element: <RedirectIfSignedIn />,
    children: [
      { path: '/signin', element: <SignInPage /> },
      { path: '/signup', element: <SignUpPage /> },
      { path: '/anuncie', element: <PartnerSignUpPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/password-reset', element: <PasswordResetPage /> },
      { path: '/two-factors/:email', element: <TwoFactorsPage /> },
      { path: '/auth-user-ogin', element: <LinkLoginPage /> },
    ],
  },
  { path: '/verificacao', element: <VerificationPage /> },
  {
    path: '/especialista/new-account',
    element: (
      <RequireUser>
        <NewAccountPage />
      </RequireUser>
    ),
  },
  {
    element: <MainLayout />,
    children: [
      { path: '/rooms', element: <RoomsPage /> },
      { path: '/rooms/:uuid', element: <RoomPage /> },
      { path: '/salas/:cidade', element: <CityPage /> },
      { path: '/privacidade', element: <PrivacyPage /> },
      {
        element: (
          <RequireRole roles={['customer']}>
            <SignedInArea />
          </RequireRole>
        ),
        children: [
          { path: '/especialista', element: to('/especialista/salas') },
          { path: '/especialista/salas', element: <CustomerRoomsPage /> },
          { path: '/especialista/perfil', element: <CustomerProfilePage /> },
          { path: '/especialista/agendamentos', element: <CustomerAppointmentsPage /> },
          { path: '/especialista/agendamentos/:uuid', element: <CustomerBookingPage /> },
          { path: '/especialista/agendamentos/:uuid/recibo', element: <CustomerReceiptPage /> },
          { path: '/especialista/avaliacoes', element: <PendingReviewsPage /> },
          { path: '/especialista/avaliacoes/:booking_uuid', element: <ReviewFormPage /> },
        ],
      },
      {
        element: (
          <RequireRole roles={['partner']}>
            <PartnerSignedInArea />
          </RequireRole>
        ),
        children: [
          { path: '/parceiro', element: to('/parceiro/gestao/agendamentos') },
          { path: '/parceiro/gestao', element: to('/parceiro/gestao/agendamentos') },
          { path: '/parceiro/gestao/perfil', element: <PartnerProfilePage /> },
          { path: '/parceiro/gestao/clinicas', element: <PartnerClinicsPage /> },
          { path: '/parceiro/gestao/salas', element: <PartnerRoomsPage /> },
          { path: '/parceiro/gestao/salas/:uuid', element: <PartnerRoomEditorPage /> },
          { path: '/parceiro/gestao/clinicas/:uuid', element: <PartnerClinicEditorPage /> },
          { path: '/parceiro/gestao/agendamentos', element: <PartnerAppointmentsPage /> },
          { path: '/parceiro/configuracoes', element: to('/parceiro/configuracoes/dados-parceiro') },
          { path: '/parceiro/configuracoes/dados-parceiro', element: <PartnerDataPage /> },
          { path: '/parceiro/configuracoes/dados-bancarios', element: <PartnerBankPage /> },
          { path: '/parceiro/configuracoes/dados-pagamento', element: <PartnerPaymentPage /> },
          { path: '/parceiro/dashboard', element: <PartnerDashboardPage /> },
          { path: '/parceiro/repasses', element: <PartnerPayoutsPage /> },
          { path: '/parceiro/avaliacoes', element: <PartnerReviewsPage /> },
        ],
      },
      {
        element: (
          <RequireRole roles={['owner', 'admin']}>
            <SignedInArea />
          </RequireRole>
        ),
        children: [
          { path: '/admin', element: to('/admin/gestao/especialistas') },
          { path: '/admin/gestao', element: to('/admin/gestao/especialistas') },
          { path: '/admin/gestao/especialistas', element: <AdminSpecialistsPage /> },
          { path: '/admin/gestao/salas', element: <AdminRoomsPage /> },
          { path: '/admin/gestao/parceiros', element: <AdminPartnersPage /> },
          { path: '/admin/gestao/especialistas/:uuid', element: <AdminUserDetailPage /> },
          { path: '/admin/gestao/parceiros/:uuid', element: <AdminUserDetailPage /> },
          { path: '/admin/gestao/agendamentos', element: <AdminAppointmentsPage /> },
          { path: '/admin/gestao/diferenciais', element: <AdminFacilitiesPage /> },
          { path: '/admin/gestao/planos', element: <AdminPlansPage /> },
          { path: '/admin/gestao/reservas', element: <DeskBookingsPage /> },
          { path: '/admin/gestao/reservas/:uuid', element: <DeskBookingPage /> },
          { path: '/admin/gestao/avaliacoes', element: <DeskReviewsPage /> },
          { path: '/admin/dashboard', element: <AdminDashboardPage /> },
          { path: '/admin/repasses', element: <AdminPayoutsPage /> },
          { path: '/admin/conta', element: <AdminAccountPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The route table, rendered by <BrowserRouter> (main.tsx). Pages fetch their own data with
 * TanStack Query, so React Router's data APIs (loaders, actions) and their code are not needed.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
