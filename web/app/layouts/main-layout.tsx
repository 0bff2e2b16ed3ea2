import { Container } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Breadcrumb } from '#web/components/breadcrumb.tsx';
import { FloatingButtons } from '#web/components/floating-buttons.tsx';
import { Footer } from '#web/components/footer.tsx';
import { Header } from '#web/components/header.tsx';
import { FullScreenLoading } from '#web/components/loading-overlay.tsx';
import { SectionMenu } from '#web/components/section-menu.tsx';

/** Header, section menu, breadcrumb, page, footer and the floating help (SPEC §2). */
export function MainLayout() {
  return (
    <div className="salas-shell">
      <a href="#conteudo" className="salas-skip-link">
        Pular para o conteúdo
      </a>
      <Header />
      <main id="conteudo" className="salas-main">
        <Container size="xl" py="lg">
          <SectionMenu />
          <Breadcrumb />
          <Suspense fallback={<FullScreenLoading />}>
            <Outlet />
          </Suspense>
        </Container>
      </main>
      <Footer />
      <FloatingButtons />
    </div>
  );
}
