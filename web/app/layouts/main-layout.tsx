import { Container } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Breadcrumb } from '#web/components/breadcrumb.tsx';
import { FloatingButtons } from '#web/components/floating-buttons.tsx';
import { Footer } from '#web/components/footer.tsx';
import { Header } from '#web/components/header.tsx';
import { FullScreenLoading } from '#web/components/loading-overlay.tsx';
import { SectionMenu } from '#web/components/section-menu.tsx';
import { PageReady } from '#web/lib/page-ready.tsx';
import './shell.css';

/**
 * Header, page, footer and the floating help (SPEC §2), with room kept below the footer on phones
 * so the floating buttons never cover its links. The home page uses it around its own content.
 */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="salas-shell">
      <a href="#conteudo" className="salas-skip-link">
        Pular para o conteúdo
      </a>
      <Header />
      <main id="conteudo" className="salas-main">
        {children}
      </main>
      <Footer />
      {/* Room below the footer for the floating buttons (phones), in the footer's colour. */}
      <div className="salas-floating-room" style={{ background: 'white' }} aria-hidden="true" />
      <FloatingButtons />
    </div>
  );
}

/** The main layout: the shell with the section menu, the breadcrumb and the route's page. */
export function MainLayout() {
  return (
    <PageShell>
      <Container size="xl" py="lg" data-page-boundary="">
        <SectionMenu />
        <Breadcrumb />
        <Suspense fallback={<FullScreenLoading />}>
          <Outlet />
          <PageReady page />
        </Suspense>
      </Container>
    </PageShell>
  );
}
