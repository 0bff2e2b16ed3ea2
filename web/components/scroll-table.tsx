import { Group, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import '../app/layouts/shell.css';

/**
 * A table wider than the screen scrolls sideways inside its own box, and says so: a shadow on each
 * side with more columns and, while there are any, "Deslize para ver mais" above it. The box takes
 * the keyboard focus (arrow keys scroll it).
 */
export function ScrollTable({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  /** What the table lists, for screen readers ("Agendamentos"). */
  label: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((m) => (m.left === left && m.right === right ? m : { left, right }));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);
  const scrolls = more.left || more.right;
  return (
    <div>
      {scrolls && (
        <Group gap={6} justify="flex-end" mb={6} c="dark.4" aria-hidden="true">
          <IconArrowsHorizontal size={16} />
          <Text size="xs">Deslize para ver mais</Text>
        </Group>
      )}
      <div className="salas-scroll-table" data-more-left={more.left} data-more-right={more.right}>
        <section
          ref={ref}
          onScroll={measure}
          style={{ overflowX: 'auto', position: 'relative' }}
          aria-label={scrolls ? `${label} (deslize para ver mais colunas)` : label}
          tabIndex={scrolls ? 0 : undefined}
        >
          <div style={{ minWidth }}>{children}</div>
        </section>
      </div>
    </div>
  );
}
