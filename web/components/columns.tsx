import './columns.css';
import { Box, getSpacing, type MantineSpacing } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

const BREAKPOINTS = ['base', 'xs', 'sm', 'md', 'lg', 'xl'] as const;
type Breakpoint = (typeof BREAKPOINTS)[number];

/**
 * A grid of equal columns whose count follows the width — `cols={{ base: 1, sm: 2, lg: 3 }}`, each
 * width taking the nearest count below it — drawn by CSS alone (columns.css). Mantine's SimpleGrid
 * writes its counts into a `<style>` element in the page's body, which is not valid HTML where the
 * server draws the page (issue 42): the public pages use this one.
 */
export function Columns({
  cols,
  spacing = 'md',
  component = 'div',
  style,
  children,
  ...rest
}: {
  cols: { base: number } & Partial<Record<Breakpoint, number>>;
  /** The gap between rows and columns (a theme spacing or pixels); Mantine's `md` unless given. */
  spacing?: MantineSpacing;
  component?: 'div' | 'ul';
  style?: CSSProperties;
  children: ReactNode;
  role?: string;
  'aria-label'?: string;
}) {
  const vars: Record<string, string> = { '--salas-cols-gap': getSpacing(spacing) ?? '0' };
  let count = cols.base;
  for (const breakpoint of BREAKPOINTS) {
    count = cols[breakpoint] ?? count;
    vars[`--salas-cols-${breakpoint}`] = String(count);
  }
  return (
    <Box component={component} className="salas-columns" style={{ ...vars, ...style }} {...rest}>
      {children}
    </Box>
  );
}
