import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, sectionOf } from './breadcrumb-trail.ts';

describe('breadcrumbTrail (SPEC §2)', () => {
  it('hides the section segments and shows no trail for a single segment', () => {
    expect(breadcrumbTrail('/admin/gestao/especialistas', {})).toEqual([]);
    expect(breadcrumbTrail('/parceiro/gestao/clinicas', {})).toEqual([]);
  });

  it('names a loaded entity by its uuid, capitalises the rest, marks the last active', () => {
    const uuid = '3f1c2b9e-8a47-4d2b-9a51-0c7e5d1f2a33';
    expect(breadcrumbTrail(`/parceiro/gestao/clinicas/${uuid}`, { [uuid]: 'Espaço Vida Plena' })).toEqual([
      { label: 'Clinicas', to: '/parceiro/gestao/clinicas', active: false },
      { label: 'Espaço Vida Plena', to: `/parceiro/gestao/clinicas/${uuid}`, active: true },
    ]);
    expect(breadcrumbTrail('/parceiro/configuracoes/dados-bancarios', {})).toEqual([
      { label: 'Configuracoes', to: '/parceiro/configuracoes', active: false },
      { label: 'Dados bancarios', to: '/parceiro/configuracoes/dados-bancarios', active: true },
    ]);
  });

  it('shows an unknown uuid as raw text', () => {
    const trail = breadcrumbTrail('/admin/gestao/especialistas/abc-123', {});
    expect(trail.map((c) => c.label)).toEqual(['Especialistas', 'Abc 123']);
  });

  it('maps roles to sections, a missing user to admin', () => {
    expect(sectionOf('owner')).toBe('admin');
    expect(sectionOf('admin')).toBe('admin');
    expect(sectionOf('partner')).toBe('parceiro');
    expect(sectionOf('customer')).toBe('especialista');
    expect(sectionOf(null)).toBe('admin');
  });
});
