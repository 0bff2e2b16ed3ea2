import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_PATHS } from '#common/page-routes';
import { routes } from './router.tsx';

function paths(list: RouteObject[]): string[] {
  return list.flatMap((r) => [...(r.path && r.path !== '*' ? [r.path] : []), ...paths(r.children ?? [])]);
}

describe('the page list the server answers 200 on (common/page-routes.ts)', () => {
  it('is exactly the router’s pages', () => {
    expect([...paths(routes)].sort()).toEqual([...PAGE_PATHS].sort());
  });

  it('matches parameters with dots, ignores a trailing slash and nothing else', () => {
    expect(isPagePath('/two-factors/ana@clinica.com.br')).toBe(true);
    expect(isPagePath('/rooms/')).toBe(true);
    expect(isPagePath('/')).toBe(true);
    expect(isPagePath('/rooms/a/b')).toBe(false);
    expect(isPagePath('/nada')).toBe(false);
    expect(isPagePath('/admin/gestao/planos/x')).toBe(false);
  });
});
